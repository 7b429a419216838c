package dev.overture.sample.game;

import dev.overture.world.ActorComponent;

/**
 * A pawn's personal score, added by the ShooterCore plugin's components action set; it keeps the
 * points on its {@link Hero} (whose properties a world store saves). Game thread only.
 */
public class ScoreComponent extends ActorComponent {

  /** Built by the object factory. */
  public ScoreComponent() {}

  /** The score. */
  public int score() {
    return owner() instanceof Hero hero ? hero.score() : 0;
  }

  /** Adds {@code points}. */
  public void add(int points) {
    if (owner() instanceof Hero hero) {
      hero.addScore(points);
    }
  }
}
