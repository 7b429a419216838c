package dev.overture.sample.topdown;

import dev.overture.feature.GameFeatureAction;
import dev.overture.feature.OverturePlugin;
import dev.overture.feature.PluginRegistration;
import dev.overture.sample.game.hud.HudSlot;
import dev.overture.sample.game.hud.HudWidget;
import dev.overture.world.ActorComponent;

/**
 * The entry point of the TopDownArena feature plugin, a plugin jar that depends on ShooterCore: a
 * top-down camera, health pickups, a leaderboard on the HUD, and its content (the TopDownArena
 * experience on the Pit). The game knows none of it: it finds the jar in its plugins folder, and
 * this class through the jar's {@code plugin.json}.
 *
 * <p>Stateless; Overture builds it and calls {@link #register} when the plugin registers.
 */
public final class TopDownArena implements OverturePlugin {

  /** Built by Overture. */
  public TopDownArena() {}

  @Override
  public void register(PluginRegistration plugin) {
    plugin.kind(ActorComponent.class, "TopDownCamera", TopDownCamera.class)
        .kind(ActorComponent.class, "HealthPickups", HealthPickups.class)
        .kind(GameFeatureAction.class, "SpawnPickups", SpawnPickups.class)
        .extension(HudSlot.class, new HudSlot("HUD.Slot.Leaderboard", "Leaderboard"))
        .extension(HudWidget.class, new Leaderboard());
  }
}
