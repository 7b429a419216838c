package dev.overture.example;

import dev.overture.world.ActorComponent;
import java.util.SplittableRandom;

/**
 * Moves its runner every tick until the referee has a winner, each stride a little longer or
 * shorter than the average. Added to runners by the Racing plugin; without it nobody moves. Seeded by world and runner name, so a race
 * is the same every time. Game thread only.
 */
public class Stride extends ActorComponent {

  private SplittableRandom random;

  @Override
  protected void beginPlay() {
    random = new SplittableRandom((world().name() + "/" + owner().name()).hashCode());
  }

  @Override
  protected boolean wantsTick() {
    return true;
  }

  @Override
  protected void tick(double deltaSeconds) {
    boolean raceOver = world().gameState().findComponent(Referee.class).flatMap(Referee::winner).isPresent();
    if (!raceOver && owner() instanceof Runner runner) {
      runner.run(runner.speed() * deltaSeconds * (0.8 + 0.4 * random.nextDouble()));
    }
  }
}
