package dev.overture.feature;

import dev.overture.asset.AssetManager;
import dev.overture.world.Handle;
import dev.overture.world.NetMode;
import dev.overture.world.World;
import java.util.List;
import java.util.Set;

/**
 * One action's activation in one world, as the action sees it: the world, the asset manager, and
 * what the action keeps there (handles and undo steps, released in reverse order when the action
 * deactivates). During {@link GameFeatureAction#onDeactivating} an action may pause deactivation
 * until asynchronous work completes.
 *
 * <p>The framework creates one for each action it activates and ends it after the action's {@code
 * onDeactivating}. Confined to the world's game thread.
 */
public interface FeatureContext {

  /** The world the action applies to. */
  World world();

  /** The world's net mode. */
  default NetMode netMode() {
    return world().netMode();
  }

  /** The asset manager, for the soft references the action's bundles loaded. */
  AssetManager assets();

  /**
   * The extensions the registered plugins' code added for {@code point} ({@link
   * GameFeatures#extensions}): how an action finds what other plugins contribute to it (the HUD
   * widgets a match shows, say) without naming them. A snapshot, taken when asked.
   */
  <T> List<T> extensions(Class<T> point);

  /** Keeps {@code handle} until the action deactivates; returns it. */
  <H extends Handle> H keep(H handle);

  /** Runs {@code undo} when the action deactivates (with the handles, newest first). */
  void keepUndo(Runnable undo);

  /** How many handles and undo steps are kept. */
  int keptCount();

  /**
   * Pauses deactivation until the returned runnable is run (on any thread; it hands itself to the
   * game thread). Only while the action is deactivating. Run after the world closed (whose close
   * deactivates without waiting for pauses), it does nothing.
   *
   * @param tag names the pause in logs and diagnostics
   * @throws IllegalStateException outside {@link GameFeatureAction#onDeactivating}
   */
  Runnable pauseDeactivationUntilComplete(String tag);

  /** The pauses still pending, by tag. */
  Set<String> pendingPausers();
}
