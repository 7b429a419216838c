package dev.overture.world;

import java.util.Objects;

/** A handle that runs an undo action once. Game thread only, like everything it undoes. */
final class SimpleHandle implements Handle {

  private Runnable undo;

  SimpleHandle(Runnable undo) {
    this.undo = Objects.requireNonNull(undo, "undo");
  }

  @Override
  public void release() {
    Runnable pending = undo;
    if (pending != null) {
      undo = null;
      pending.run();
    }
  }

  @Override
  public boolean isReleased() {
    return undo == null;
  }
}
