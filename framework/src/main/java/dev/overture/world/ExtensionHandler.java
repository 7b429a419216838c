package dev.overture.world;

/**
 * Hears what happens to the actors of one class, through the {@link ComponentManager}: {@link
 * ComponentManager#EXTENSION_ADDED} when the handler starts applying to an actor (for actors
 * already present when it is added, and for each one spawned later), {@link
 * ComponentManager#EXTENSION_REMOVED} when it stops (the actor goes, or the handler is released),
 * {@link ComponentManager#GAME_ACTOR_READY} and any custom event sent to the actor. Called on the
 * game thread; an exception it throws is logged and does not reach the sender.
 */
@FunctionalInterface
public interface ExtensionHandler {

  /** Handles {@code event} for {@code actor}. */
  void handle(Actor actor, String event);
}
