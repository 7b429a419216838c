package dev.overture.sample.game;

import dev.overture.object.ObjectInitializer;
import dev.overture.world.Pawn;

/**
 * The sample game's player pawn. It creates its movement as a default subobject, so a subclass or
 * an archetype can replace or tune it. Game thread only.
 */
public class Hero extends Pawn {

  /** The name of the movement subobject. */
  public static final String MOVEMENT = "Movement";

  private final HeroMovement movement;

  /** Built by the object factory. */
  public Hero(ObjectInitializer initializer) {
    movement = createDefaultSubobject(MOVEMENT, HeroMovement.class);
  }

  /** How the hero moves. */
  public HeroMovement movement() {
    return movement;
  }
}
