package dev.overture.world;

/**
 * The actor that holds the state of the game in a world, spawned with the world and ended first
 * when the world closes, so that what it owns (the experience manager) can still reach the other
 * actors while it shuts down. Confined to the game thread.
 */
public class GameState extends Actor {

  protected GameState() {}
}
