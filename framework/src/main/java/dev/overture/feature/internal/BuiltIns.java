package dev.overture.feature.internal;

import dev.overture.asset.AssetManager;
import dev.overture.feature.AddAbilities;
import dev.overture.feature.AddComponents;
import dev.overture.feature.AddInputBinding;
import dev.overture.feature.AddInputMapping;
import dev.overture.feature.AddWidgets;
import dev.overture.feature.GameFeatureAction;
import dev.overture.world.AbilitySystemComponent;
import dev.overture.world.Actor;
import dev.overture.world.ActorComponent;
import dev.overture.world.GameState;
import dev.overture.world.InputComponent;
import dev.overture.world.Pawn;

/**
 * Registers what content may name out of the box: the built-in actions ({@code AddComponents},
 * {@code AddInputMapping}, {@code AddInputBinding}, {@code AddAbilities}, {@code AddWidgets}), the
 * world's actor classes ({@code Actor}, {@code Pawn}, {@code GameState}) and built-in components
 * ({@code InputComponent}, {@code AbilitySystemComponent}). Games add their own with {@link
 * AssetManager.Builder#kind}. Not API: hosts get them with {@code Experiences.register}.
 *
 * <p>Stateless; call it while configuring a builder, on that builder's thread.
 */
public final class BuiltIns {

  private BuiltIns() {}

  /** Registers the built-ins on {@code builder}; returns it. */
  public static AssetManager.Builder register(AssetManager.Builder builder) {
    return builder
        .kind(GameFeatureAction.class, "AddComponents", AddComponents.class)
        .kind(GameFeatureAction.class, "AddInputMapping", AddInputMapping.class)
        .kind(GameFeatureAction.class, "AddInputBinding", AddInputBinding.class)
        .kind(GameFeatureAction.class, "AddAbilities", AddAbilities.class)
        .kind(GameFeatureAction.class, "AddWidgets", AddWidgets.class)
        .kind(Actor.class, "Actor", Actor.class)
        .kind(Actor.class, "Pawn", Pawn.class)
        .kind(Actor.class, "GameState", GameState.class)
        .kind(ActorComponent.class, "InputComponent", InputComponent.class)
        .kind(ActorComponent.class, "AbilitySystemComponent", AbilitySystemComponent.class);
  }
}
