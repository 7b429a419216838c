package dev.overture.live;

import dev.overture.asset.PrimaryAssetId;
import dev.overture.world.World;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * A world's dependence on an asset beyond its experience ({@link LiveContent#track}), and the value
 * of it the world runs as far as live content knows: the manager's when tracking began (when it held
 * one), then each value the world took. Kept to give it back when the world refuses another part of
 * a change, and to tell a save that brings it back from one that changes it.
 *
 * <p>The value is set on the world's game thread and read on live content's executor.
 */
final class Tracked {

  private final World world;
  private final PrimaryAssetId id;
  private final Consumer<Object> apply;
  private volatile Object inForce;
  private volatile boolean released;

  Tracked(World world, PrimaryAssetId id, Consumer<Object> apply, Object inForce) {
    this.world = Objects.requireNonNull(world, "world");
    this.id = Objects.requireNonNull(id, "id");
    this.apply = Objects.requireNonNull(apply, "apply");
    this.inForce = inForce;
  }

  World world() {
    return world;
  }

  PrimaryAssetId id() {
    return id;
  }

  /** Hands {@code value} to the world (game thread); throws when the world refuses it, which then keeps what it had. */
  void handOver(Object value) {
    apply.accept(value);
    inForce = value;
  }

  /** The host let go of the tracking: a change being applied no longer hands it anything. Any thread. */
  void release() {
    released = true;
  }

  boolean isReleased() {
    return released;
  }

  /** The value the world runs, or null when live content never knew it. */
  Object inForce() {
    return inForce;
  }

  @Override
  public String toString() {
    return id + " in world " + world.name();
  }
}
