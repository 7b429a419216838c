package dev.overture.sample.game;

import dev.overture.sample.game.ArenaLevel.Cell;
import dev.overture.world.ActorComponent;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The rule of Control: the map's capture points ({@code *}) are taken by standing on or next to
 * them with no enemy there, for {@value #CAPTURE_TURNS} turns; every {@value #SCORE_EVERY} turns
 * each point scores 1 for its owner. Heroes head for the nearest point their team does not own.
 * The points' owners and progress are counters of the game state, so they are saved. Added to the
 * game state by the Control experience; each capture is published to the world's {@link MatchEvents}.
 * Game thread only.
 */
public class ControlPoints extends ActorComponent implements MatchRules {

  static final int CAPTURE_TURNS = 5;
  static final int SCORE_EVERY = 10;

  /** Built by the object factory. */
  public ControlPoints() {}

  /** The owner of point {@code point}: a team index, or -1. */
  public static int owner(ArenaGameState state, int point) {
    return state.counter("control." + point + ".owner") - 1;
  }

  /** The capture progress of point {@code point}, 0 to {@value #CAPTURE_TURNS}. */
  public static int progress(ArenaGameState state, int point) {
    return state.counter("control." + point + ".progress");
  }

  /** The team taking point {@code point} (see {@link #progress}), or -1. */
  public static int capturer(ArenaGameState state, int point) {
    return state.counter("control." + point + ".capturer") - 1;
  }

  @Override
  public void afterTurn(ArenaMatch match) {
    ArenaGameState state = match.state();
    List<Cell> points = match.level().capturePoints();
    for (int point = 0; point < points.size(); point++) {
      int present = -1;
      boolean contested = false;
      for (Hero hero : match.heroes()) {
        if (hero.isAlive() && hero.cell().distance(points.get(point)) <= 1) {
          contested |= present >= 0 && present != hero.team();
          present = hero.team();
        }
      }
      if (contested) {
        continue; // both teams on it: the capture holds where it was
      }
      if (present < 0 || owner(state, point) == present) {
        // Left alone, or guarded by its owner: a capture in progress starts over.
        state.setCounter("control." + point + ".capturer", 0);
        state.setCounter("control." + point + ".progress", 0);
        continue;
      }
      int progress = capturer(state, point) == present ? progress(state, point) + 1 : 1;
      state.setCounter("control." + point + ".capturer", present + 1);
      state.setCounter("control." + point + ".progress", progress);
      if (progress >= CAPTURE_TURNS) {
        int previous = owner(state, point);
        state.setCounter("control." + point + ".owner", present + 1);
        state.setCounter("control." + point + ".progress", 0);
        match.publish(new MatchEvent.Capture(state.turn(), point, points.get(point), match.teamName(present),
            previous < 0 ? Optional.empty() : Optional.of(match.teamName(previous))));
      }
    }
    if (state.turn() % SCORE_EVERY == 0) {
      for (int point = 0; point < points.size(); point++) {
        if (owner(state, point) >= 0) {
          match.addTeamScore(owner(state, point), 1);
        }
      }
    }
  }

  @Override
  public Optional<Cell> objective(ArenaMatch match, Hero hero) {
    List<Cell> points = match.level().capturePoints();
    List<Cell> wanted = new ArrayList<>();
    for (int point = 0; point < points.size(); point++) {
      if (owner(match.state(), point) != hero.team()) {
        wanted.add(points.get(point));
      }
    }
    return match.nearest(hero.cell(), wanted);
  }

  @Override
  public String describe(ArenaMatch match) {
    int points = match.level().capturePoints().size();
    return points == 1
        ? "1 capture point scores 1 every " + SCORE_EVERY + " turns"
        : points + " capture points score 1 each every " + SCORE_EVERY + " turns";
  }
}
