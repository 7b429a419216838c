package dev.overture.world;

/**
 * Something registered that stays until released: a component request, an extension handler, a
 * granted ability, a HUD widget. Releasing twice does nothing. Release on the world's game thread:
 * the world's own handles refuse another thread, naming both threads, and release nothing.
 */
public interface Handle extends AutoCloseable {

  /** A handle whose first release runs {@code undo}; later releases do nothing. */
  static Handle of(Runnable undo) {
    return new SimpleHandle(undo);
  }

  /**
   * A handle whose first release runs {@code undo}, on {@code world}'s game thread only: {@link
   * #release()} and {@link #isReleased()} from another thread are refused as {@link
   * World#checkGameThread()} refuses them, and release nothing.
   */
  static Handle of(World world, Runnable undo) {
    return new SimpleHandle(java.util.Objects.requireNonNull(world, "world"), undo);
  }

  /** Undoes the registration; idempotent. */
  void release();

  /** Whether {@link #release()} was called. */
  boolean isReleased();

  /** Same as {@link #release()}. */
  @Override
  default void close() {
    release();
  }
}
