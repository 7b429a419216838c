package dev.overture.sample.game;

import dev.overture.asset.AssetManager;
import dev.overture.feature.GameFeatureAction;
import dev.overture.world.Actor;
import dev.overture.world.ActorComponent;

/**
 * The code of the ShooterCore feature plugin ({@code assets/plugins/ShooterCore}): the names its
 * {@code plugin.json} says it contributes. Matches, heroes that move, see and tag each other,
 * health, score, and the Elimination and Control rules.
 *
 * <p>Stateless; call it while configuring a builder.
 */
public final class ShooterCore {

  private ShooterCore() {}

  /** Registers ShooterCore's classes and actions on {@code builder}; returns it. */
  public static AssetManager.Builder register(AssetManager.Builder builder) {
    return builder
        .kind(Actor.class, "Hero", Hero.class)
        .kind(Actor.class, "ArenaGameState", ArenaGameState.class)
        .kind(ActorComponent.class, "HeroMovement", HeroMovement.class)
        .kind(ActorComponent.class, "ScoreComponent", ScoreComponent.class)
        .kind(ActorComponent.class, "HealthComponent", HealthComponent.class)
        .kind(ActorComponent.class, "BotBrain", BotBrain.class)
        .kind(ActorComponent.class, "LineOfSightWeapon", LineOfSightWeapon.class)
        .kind(ActorComponent.class, "EliminationScoring", EliminationScoring.class)
        .kind(ActorComponent.class, "ControlPoints", ControlPoints.class)
        .kind(GameFeatureAction.class, "ConfigureMatch", ConfigureMatch.class);
  }
}
