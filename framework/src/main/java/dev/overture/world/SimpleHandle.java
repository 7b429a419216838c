package dev.overture.world;

import java.util.Objects;

/**
 * A handle that runs an undo action once. Game thread only, like everything it undoes: with a
 * world, a release (or a look at it) from another thread is refused, naming both threads, and
 * releases nothing.
 */
final class SimpleHandle implements Handle {

  /** Whose game thread it is released on; null for a handle of something not in a world. */
  private final World world;
  private Runnable undo;

  SimpleHandle(Runnable undo) {
    this(null, undo);
  }

  SimpleHandle(World world, Runnable undo) {
    this.world = world;
    this.undo = Objects.requireNonNull(undo, "undo");
  }

  @Override
  public void release() {
    confined();
    Runnable pending = undo;
    if (pending != null) {
      undo = null;
      pending.run();
    }
  }

  @Override
  public boolean isReleased() {
    confined();
    return undo == null;
  }

  private void confined() {
    if (world != null) {
      world.checkGameThread();
    }
  }
}
