package dev.overture.sample.game;

import dev.overture.asset.ValueRange;
import dev.overture.object.Property;
import dev.overture.world.ActorComponent;

/**
 * How the hero moves: a default subobject of {@link Hero}, tuned per archetype in content
 * ({@code archetypes/StandardHero.json}), which the ranges bound (an archetype's {@code "maxSpeed": -3}
 * is refused where it is written, and its schema says so). Game thread only.
 */
public class HeroMovement extends ActorComponent {

  @Property @ValueRange(min = 0) double maxSpeed = 6.0;
  @Property @ValueRange(min = 0) double jumpHeight = 1.2;
  @Property @ValueRange(min = 0, max = 3600) double turnRate = 180;

  /** Top speed, metres per second. */
  public double maxSpeed() {
    return maxSpeed;
  }

  /** How fast the hero turns, degrees per second. */
  public double turnRate() {
    return turnRate;
  }

  /** Jump height, metres. */
  public double jumpHeight() {
    return jumpHeight;
  }
}
