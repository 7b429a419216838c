package dev.overture.sample.game;

import dev.overture.feature.GameFeatureAction;
import dev.overture.feature.OverturePlugin;
import dev.overture.feature.PluginRegistration;
import dev.overture.sample.game.checks.HudParts;
import dev.overture.sample.game.checks.MapRows;
import dev.overture.sample.game.checks.MatchFirst;
import dev.overture.sample.game.checks.OneOfEach;
import dev.overture.sample.game.checks.MatchInPlugin;
import dev.overture.sample.game.checks.MatchSetup;
import dev.overture.sample.game.checks.TeamNames;
import dev.overture.sample.game.hud.CoreWidgets;
import dev.overture.sample.game.hud.HudSlot;
import dev.overture.sample.game.hud.HudWidget;
import dev.overture.validation.ActionValidator;
import dev.overture.validation.AssetValidator;
import dev.overture.validation.ProjectValidator;
import dev.overture.world.Actor;
import dev.overture.world.ActorComponent;

/**
 * The entry point of the ShooterCore feature plugin ({@code assets/plugins/ShooterCore}, whose
 * {@code plugin.json} names this class; the code is on the game's class path): matches, heroes that
 * move, see and tag each other, health, score, the Elimination and Control rules, its HUD, and the
 * game's rules as checks the validator runs (map rows, teams and spawns, HUD widgets and slots).
 *
 * <p>Stateless; Overture builds it and calls {@link #register} when the plugin registers.
 */
public final class ShooterCore implements OverturePlugin {

  /** Built by Overture. */
  public ShooterCore() {}

  @Override
  public void register(PluginRegistration plugin) {
    plugin.kind(Actor.class, "Hero", Hero.class)
        .kind(Actor.class, "ArenaGameState", ArenaGameState.class)
        .kind(ActorComponent.class, "HeroMovement", HeroMovement.class)
        .kind(ActorComponent.class, "ScoreComponent", ScoreComponent.class)
        .kind(ActorComponent.class, "HealthComponent", HealthComponent.class)
        .kind(ActorComponent.class, "BotBrain", BotBrain.class)
        .kind(ActorComponent.class, "LineOfSightWeapon", LineOfSightWeapon.class)
        .kind(ActorComponent.class, "EliminationScoring", EliminationScoring.class)
        .kind(ActorComponent.class, "ControlPoints", ControlPoints.class)
        .kind(GameFeatureAction.class, "ConfigureMatch", ConfigureMatch.class)
        .extension(AssetValidator.class, new MapRows())
        .extension(ProjectValidator.class, new MatchSetup())
        .extension(ProjectValidator.class, new MatchFirst())
        .extension(ProjectValidator.class, new OneOfEach())
        .extension(ActionValidator.class, new HudParts())
        .extension(ActionValidator.class, new MatchInPlugin())
        .extension(ActionValidator.class, new TeamNames());
    CoreWidgets.slots().forEach(slot -> plugin.extension(HudSlot.class, slot));
    CoreWidgets.widgets().forEach(widget -> plugin.extension(HudWidget.class, widget));
  }
}
