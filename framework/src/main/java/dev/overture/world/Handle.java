package dev.overture.world;

/**
 * Something registered that stays until released: a component request, an extension handler, a
 * granted ability, a HUD widget. Releasing twice does nothing. Release on the world's game thread.
 */
public interface Handle extends AutoCloseable {

  /** A handle whose first release runs {@code undo}; later releases do nothing. */
  static Handle of(Runnable undo) {
    return new SimpleHandle(undo);
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
