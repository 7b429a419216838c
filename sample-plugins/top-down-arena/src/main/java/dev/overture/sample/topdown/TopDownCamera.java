package dev.overture.sample.topdown;

import dev.overture.object.Property;
import dev.overture.sample.game.ArenaCamera;

/**
 * TopDownArena's camera: looks straight down on its hero, showing {@code radius} cells around it
 * (a view the sample's ASCII renderer follows for the local player). Client side only. Game thread
 * only.
 */
public class TopDownCamera extends ArenaCamera {

  @Property int radius = 5;

  /** Built by the object factory. */
  public TopDownCamera() {}

  @Override
  public int radius() {
    return radius;
  }

  @Override
  public String describe() {
    return "top-down camera";
  }
}
