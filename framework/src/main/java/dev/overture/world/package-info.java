/**
 * The headless world the experiences act on: {@link dev.overture.world.World} with its game-thread
 * executor, ticks and timers; {@link dev.overture.world.Actor}s, {@link dev.overture.world.Pawn}s,
 * the {@link dev.overture.world.GameState} and their {@link dev.overture.world.ActorComponent}s; the
 * {@link dev.overture.world.ComponentManager} that adds components on request and tells extension
 * handlers about actors; and small models (input, abilities, HUD) that built-in actions fill.
 */
package dev.overture.world;
