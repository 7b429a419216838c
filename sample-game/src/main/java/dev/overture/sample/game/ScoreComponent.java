package dev.overture.sample.game;

import dev.overture.world.ActorComponent;

/** A pawn's score, added by the ShooterCore plugin's components action set. Game thread only. */
public class ScoreComponent extends ActorComponent {

  private int score;

  /** The score. */
  public int score() {
    return score;
  }

  /** Adds {@code points}. */
  public void add(int points) {
    score += points;
  }
}
