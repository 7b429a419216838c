package dev.overture.sample.game;

import dev.overture.object.Property;
import dev.overture.world.ActorComponent;

/**
 * TopDownArena's camera: looks straight down on its {@link Hero}, showing {@code radius} cells
 * around it (a view the sample's ASCII renderer follows for the local player). Client side only.
 * Game thread only.
 */
public class TopDownCamera extends ActorComponent {

  @Property int radius = 5;

  /** Built by the object factory. */
  public TopDownCamera() {}

  /** Cells shown on each side of the hero. */
  public int radius() {
    return radius;
  }
}
