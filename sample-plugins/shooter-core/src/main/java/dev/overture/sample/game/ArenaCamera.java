package dev.overture.sample.game;

import dev.overture.world.ActorComponent;

/**
 * A camera on a {@link Hero} that shows only the cells around it: a renderer crops the arena to
 * {@link #radius()} cells on each side of the hero that has one. Plugins provide cameras (the
 * TopDownArena plugin's top-down camera); the renderer knows only this class. Game thread only.
 */
public abstract class ArenaCamera extends ActorComponent {

  /** Cells shown on each side of the hero. */
  public abstract int radius();

  /** How the camera is described above the arena, for example {@code top-down camera}. */
  public abstract String describe();
}
