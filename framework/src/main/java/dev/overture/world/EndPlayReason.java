package dev.overture.world;

/** Why an actor or component stops playing. */
public enum EndPlayReason {
  /** The actor was destroyed. */
  DESTROYED,
  /** The component was removed from its actor. */
  REMOVED,
  /** The world was closed. */
  WORLD_CLOSED
}
