package dev.overture.feature;

import dev.overture.asset.AssetManager;
import dev.overture.world.Handle;
import dev.overture.world.NetMode;
import dev.overture.world.World;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One action's activation in one world: the world, the asset manager, and what the action keeps
 * there (handles and undo steps, released in reverse order when the action deactivates). During
 * {@link GameFeatureAction#onDeactivating} an action may pause deactivation until asynchronous
 * work completes. Confined to the world's game thread.
 */
public final class FeatureContext {

  private static final Logger log = LoggerFactory.getLogger(FeatureContext.class);

  private final World world;
  private final AssetManager assets;
  private final String owner;
  private final List<Runnable> kept = new ArrayList<>();
  private final Set<String> pausers = new LinkedHashSet<>();
  private CompletableFuture<Void> paused;
  private boolean deactivating;

  FeatureContext(World world, AssetManager assets, String owner) {
    this.world = Objects.requireNonNull(world, "world");
    this.assets = Objects.requireNonNull(assets, "assets");
    this.owner = owner;
  }

  /** The world the action applies to. */
  public World world() {
    return world;
  }

  /** The world's net mode. */
  public NetMode netMode() {
    return world.netMode();
  }

  /** The asset manager, for the soft references the action's bundles loaded. */
  public AssetManager assets() {
    return assets;
  }

  /** Keeps {@code handle} until the action deactivates; returns it. */
  public <H extends Handle> H keep(H handle) {
    Objects.requireNonNull(handle, "handle");
    kept.add(handle::release);
    return handle;
  }

  /** Runs {@code undo} when the action deactivates (with the handles, newest first). */
  public void keepUndo(Runnable undo) {
    kept.add(Objects.requireNonNull(undo, "undo"));
  }

  /** How many handles and undo steps are kept. */
  public int keptCount() {
    return kept.size();
  }

  /**
   * Pauses deactivation until the returned runnable is run (on any thread; it hands itself to the
   * game thread). Only while the action is deactivating.
   *
   * @param tag names the pause in logs and diagnostics
   */
  public Runnable pauseDeactivationUntilComplete(String tag) {
    Objects.requireNonNull(tag, "tag");
    if (!deactivating) {
      throw new IllegalStateException("pauseDeactivationUntilComplete(\"" + tag + "\") outside onDeactivating");
    }
    String unique = tag;
    for (int i = 2; pausers.contains(unique); i++) {
      unique = tag + "#" + i;
    }
    String pauser = unique;
    pausers.add(pauser);
    if (paused == null) {
      paused = new CompletableFuture<>();
    }
    boolean[] done = new boolean[1];
    return () -> world.executor().execute(() -> {
      if (!done[0]) {
        done[0] = true;
        resume(pauser);
      }
    });
  }

  private void resume(String pauser) {
    pausers.remove(pauser);
    if (pausers.isEmpty() && paused != null) {
      paused.complete(null);
    }
  }

  /** The pauses still pending, by tag. */
  public Set<String> pendingPausers() {
    return Set.copyOf(pausers);
  }

  void beginDeactivation() {
    deactivating = true;
  }

  void endDeactivation() {
    deactivating = false;
  }

  /** Completes when every pause has ended; at once when there is none. */
  CompletableFuture<Void> pauses() {
    return pausers.isEmpty() ? CompletableFuture.completedFuture(null) : paused;
  }

  /** Releases what was kept, newest first; a failing undo is logged and the rest still run. */
  void releaseKept() {
    for (int i = kept.size() - 1; i >= 0; i--) {
      try {
        kept.get(i).run();
      } catch (RuntimeException e) {
        log.error("Releasing what {} kept in world {} failed", owner, world.name(), e);
      }
    }
    kept.clear();
  }

  /** Gives up on pending pauses (the world is closing). */
  void abandonPauses() {
    if (!pausers.isEmpty()) {
      log.warn("World {} closed while {} still paused deactivation ({}); not waiting", world.name(), owner, pausers);
      pausers.clear();
      if (paused != null) {
        paused.complete(null);
      }
    }
  }

  @Override
  public String toString() {
    return "FeatureContext[" + owner + " in " + world.name() + ", " + kept.size() + " kept]";
  }
}
