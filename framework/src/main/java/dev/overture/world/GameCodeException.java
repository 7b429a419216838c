package dev.overture.world;

/**
 * Game code (an actor's or a component's {@code tick}) threw on the world's game thread. The message
 * names what failed, its actor and its jar plugin ("Component Hot of actor GameState (plugin
 * Hostile) failed in tick: boom"); the cause is what it threw, for the stack trace. Thrown by
 * {@link World#tick} on the game thread; immutable once thrown, like any exception.
 */
public final class GameCodeException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  GameCodeException(String message, Throwable cause) {
    super(message, cause);
  }
}
