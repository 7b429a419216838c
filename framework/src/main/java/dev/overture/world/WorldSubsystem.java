package dev.overture.world;

/**
 * A per-world service created on first use ({@link World#subsystem}) and shut down when the world
 * closes, such as the HUD model. Implementations need a constructor without arguments. Confined to
 * the world's game thread.
 */
public interface WorldSubsystem {

  /** Called once, right after creation. */
  default void initialize(World world) {}

  /** Called once, when the world closes. */
  default void deinitialize() {}
}
