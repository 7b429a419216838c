package dev.overture.sample.game;

import dev.overture.world.ActorComponent;

/** A pawn's health on the server, added by the ShooterCore plugin. Game thread only. */
public class HealthComponent extends ActorComponent {

  private double health = 100;

  /** The health left. */
  public double health() {
    return health;
  }

  /** Takes {@code damage}; health does not go below zero. */
  public void damage(double damage) {
    health = Math.max(0, health - damage);
  }
}
