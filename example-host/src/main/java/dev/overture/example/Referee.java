package dev.overture.example;

import dev.overture.world.ActorComponent;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Watches a race from the game state: it starts when the first runner is on the track and ends
 * when one reaches the goal. Added by the Racing plugin. Game thread only.
 */
public class Referee extends ActorComponent {

  private double started = -1;
  private double finishedAfter = -1;
  private Runner winner;

  @Override
  protected boolean wantsTick() {
    return true;
  }

  @Override
  protected void tick(double deltaSeconds) {
    if (winner != null) {
      return;
    }
    List<Runner> runners = world().actors(Runner.class);
    if (runners.isEmpty()) {
      return;
    }
    if (started < 0) {
      started = world().timeSeconds();
      return;
    }
    for (Runner runner : runners) {
      if (runner.distance() >= runner.goal()) {
        winner = runner;
        finishedAfter = world().timeSeconds() - started;
        return;
      }
    }
  }

  /** The winner, once there is one. */
  public Optional<Runner> winner() {
    return Optional.ofNullable(winner);
  }

  /** The winner's time in seconds, once there is a winner. */
  public double winningTime() {
    return finishedAfter;
  }

  /** The runners, the furthest first. */
  public List<Runner> standings() {
    return world().actors(Runner.class).stream().sorted(Comparator.comparingDouble(Runner::distance).reversed()).toList();
  }
}
