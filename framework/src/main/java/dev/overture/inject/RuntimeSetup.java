package dev.overture.inject;

import dev.overture.asset.AssetManager;
import dev.overture.asset.ContentSetup;
import dev.overture.feature.GameFeatureAction;
import dev.overture.validation.ActionValidator;
import dev.overture.validation.AssetValidator;
import dev.overture.validation.ProjectValidator;
import dev.overture.world.Actor;
import dev.overture.world.ActorComponent;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * The {@link ContentSetup content vocabulary} plus what a whole runtime adds: named actions,
 * components and actors, and the validator's checks. {@link Overture.Builder} (for a host without
 * Guice) and {@link OvertureModule.Extensions} (for a Guice module's contribution) both speak it,
 * so what a game or a plugin contributes is written once and works with either:
 *
 * <pre>{@code
 * static <S extends RuntimeSetup<S>> S combat(S setup) {
 *   return setup.component("Score", ScoreComponent.class).action("AddScore", AddScore.class).validator(new ScoreCheck());
 * }
 *
 * combat(Overture.builder().contentRoot(AssetSource.directory(Path.of("content")))).build();
 * combat(OvertureModule.extend(binder()));
 * }</pre>
 *
 * <p>Each setter is written once, here, and hands its setting to the one {@link Overture.Builder}
 * that builds the runtime through {@link #overture}, the only method a builder implements: at once
 * for {@link Overture.Builder}, when the runtime is built for {@link OvertureModule.Extensions}.
 * Not thread-safe: a builder is configured on one thread.
 *
 * @param <S> the builder, which every setter returns for chaining
 */
public interface RuntimeSetup<S extends RuntimeSetup<S>> extends ContentSetup<S> {

  /**
   * Applies {@code step} to the {@link Overture.Builder} that builds the runtime and returns this
   * builder: at once for {@link Overture.Builder}, when the runtime is built for {@link
   * OvertureModule.Extensions} (after the host's own configuration).
   */
  S overture(Consumer<Overture.Builder> step);

  /** Applies {@code step} to the asset manager builder of the runtime. */
  @Override
  default S assets(Consumer<AssetManager.Builder> step) {
    Objects.requireNonNull(step, "step");
    return overture(builder -> builder.applyToAssets(step));
  }

  /** Adds an action kind: {@code "action": name} in experiences, action sets and plugins. */
  default S action(String name, Class<? extends GameFeatureAction> type) {
    return kind(GameFeatureAction.class, name, type);
  }

  /** Adds a component class that content names {@code name} (AddComponents, archetypes). */
  default S component(String name, Class<? extends ActorComponent> type) {
    return kind(ActorComponent.class, name, type);
  }

  /** Adds an actor class that content names {@code name} (pawn data, archetypes). */
  default S actor(String name, Class<? extends Actor> type) {
    return kind(Actor.class, name, type);
  }

  /** Adds a check of one asset class to the validator. */
  default S validator(AssetValidator<?> check) {
    Objects.requireNonNull(check, "check");
    return overture(builder -> builder.addValidator(check));
  }

  /** Adds a check of one action kind to the validator. */
  default S validator(ActionValidator<?> check) {
    Objects.requireNonNull(check, "check");
    return overture(builder -> builder.addValidator(check));
  }

  /** Adds a project-wide check to the validator. */
  default S validator(ProjectValidator check) {
    Objects.requireNonNull(check, "check");
    return overture(builder -> builder.addValidator(check));
  }
}
