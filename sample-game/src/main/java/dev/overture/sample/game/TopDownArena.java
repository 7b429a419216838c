package dev.overture.sample.game;

import dev.overture.asset.AssetManager;
import dev.overture.feature.GameFeatureAction;
import dev.overture.world.ActorComponent;

/**
 * The code of the TopDownArena feature plugin ({@code assets/plugins/TopDownArena}), which depends
 * on ShooterCore: a top-down camera and health pickups.
 *
 * <p>Stateless; call it while configuring a builder.
 */
public final class TopDownArena {

  private TopDownArena() {}

  /** Registers TopDownArena's classes and actions on {@code builder}; returns it. */
  public static AssetManager.Builder register(AssetManager.Builder builder) {
    return builder
        .kind(ActorComponent.class, "TopDownCamera", TopDownCamera.class)
        .kind(ActorComponent.class, "HealthPickups", HealthPickups.class)
        .kind(GameFeatureAction.class, "SpawnPickups", SpawnPickups.class);
  }
}
