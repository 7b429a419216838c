package dev.overture.feature;

import com.fasterxml.jackson.annotation.JsonTypeInfo;
import dev.overture.core.ProblemReporter;
import java.util.List;

/**
 * Something an experience or a feature plugin does to a world when it becomes active, like Unreal's
 * {@code UGameFeatureAction}: add components, input, abilities, HUD widgets. Actions are immutable
 * records bound from JSON ({@code "action": "AddComponents"}, a name registered in code); whatever
 * an action creates in a world it hands to its {@link FeatureContext} to keep, and the framework
 * releases it when the action deactivates, in reverse order.
 *
 * <p>Lifecycle. An experience's action, for its world: {@link #onRegistering}, {@link #onLoading},
 * {@link #onActivating}; later {@link #onDeactivating} (which may pause deactivation until
 * asynchronous work completes), {@link #onUnloading}, {@link #onUnregistering}, all on the world's
 * game thread. A feature plugin's own action: {@link #onRegistering} and {@link #onLoading} once,
 * when the plugin registers and loads, on the plugins' thread; {@link #onActivating} and {@link
 * #onDeactivating} for each world, on that world's game thread; {@link #onUnloading} and {@link
 * #onUnregistering} once, on the plugins' thread. An exception thrown while activating fails the
 * experience and rolls back what was activated; an action that fails is still unloaded and
 * unregistered as far as it was loaded and registered.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "action")
public interface GameFeatureAction {

  /** The feature the action belongs to is registering. */
  default void onRegistering() {}

  /** The feature is unregistering. */
  default void onUnregistering() {}

  /** The feature is loading. */
  default void onLoading() {}

  /** The feature is unloading. */
  default void onUnloading() {}

  /** The action starts applying to the context's world. */
  default void onActivating(FeatureContext context) {}

  /**
   * The action stops applying to the context's world. What the context keeps is released right
   * after this returns; asynchronous work pauses deactivation with {@link
   * FeatureContext#pauseDeactivationUntilComplete}.
   */
  default void onDeactivating(FeatureContext context) {}

  /**
   * The kinds the action puts into a world besides its own (the components it adds, for example),
   * each with the place in the action that names it. A kind a plugin contributes may be used only
   * where that plugin is enabled: an experience checks these, and the action's own kind, when it
   * loads ({@code Overture/PluginNotEnabled}). None by default. Any thread.
   */
  default List<Contribution> contributions() {
    return List.of();
  }

  /**
   * Reports problems of the action's own data (null entries, entries that can never apply), with
   * pointers relative to the action. For the validator; nothing is reported by default.
   */
  default void validate(ProblemReporter problems) {}
}
