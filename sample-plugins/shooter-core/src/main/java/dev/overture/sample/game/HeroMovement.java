package dev.overture.sample.game;

import dev.overture.object.Property;
import dev.overture.world.ActorComponent;

/**
 * How the hero moves: a default subobject of {@link Hero}, tuned per archetype in content
 * ({@code archetypes/StandardHero.json}). Game thread only.
 */
public class HeroMovement extends ActorComponent {

  @Property double maxSpeed = 6.0;
  @Property double jumpHeight = 1.2;
  @Property double turnRate = 180;

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
