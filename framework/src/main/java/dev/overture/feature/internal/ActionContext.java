package dev.overture.feature.internal;

import dev.overture.asset.AssetManager;
import dev.overture.feature.FeatureContext;
import dev.overture.feature.GameFeatureAction;
import dev.overture.world.Handle;
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
 * The framework's side of a {@link FeatureContext}: besides what the action sees, the steps that
 * end it ({@link #releaseKept}, the deactivation window in which {@link GameFeatureAction#onDeactivating}
 * may pause, giving up on pauses when the world closes). Created and driven by {@link
 * FeatureActivation}. Confined to the world's game thread.
 */
final class ActionContext implements FeatureContext {

  private static final Logger log = LoggerFactory.getLogger(ActionContext.class);

  private final World world;
  private final AssetManager assets;
  private final Extensions extensions;
  private final String owner;
  private final List<Runnable> kept = new ArrayList<>();
  private final Set<String> pausers = new LinkedHashSet<>();
  private CompletableFuture<Void> paused;
  private boolean deactivating;

  ActionContext(World world, AssetManager assets, Extensions extensions, String owner) {
    this.world = Objects.requireNonNull(world, "world");
    this.assets = Objects.requireNonNull(assets, "assets");
    this.extensions = Objects.requireNonNull(extensions, "extensions");
    this.owner = owner;
  }

  @Override
  public <T> List<T> extensions(Class<T> point) {
    return extensions.of(Objects.requireNonNull(point, "point"));
  }

  @Override
  public World world() {
    return world;
  }

  @Override
  public AssetManager assets() {
    return assets;
  }

  @Override
  public <H extends Handle> H keep(H handle) {
    Objects.requireNonNull(handle, "handle");
    kept.add(handle::release);
    return handle;
  }

  @Override
  public void keepUndo(Runnable undo) {
    kept.add(Objects.requireNonNull(undo, "undo"));
  }

  @Override
  public int keptCount() {
    return kept.size();
  }

  @Override
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
    Runnable resume = () -> {
      if (!done[0]) {
        done[0] = true;
        resume(pauser);
      }
    };
    // A world that closes with the resume still queued resumes all the same: what waits for the
    // pause (a deactivation) must not wait for a world that is gone. One resumed after the world
    // closed finds nothing waiting (a closing world deactivates without waiting for pauses), and
    // the work that resumes it, on whatever thread, is not failed for being late.
    return () -> {
      try {
        world.executor().execute(World.droppable(resume, resume));
      } catch (java.util.concurrent.RejectedExecutionException closed) {
        // closing or closed: nothing is left to resume
      }
    };
  }

  private void resume(String pauser) {
    pausers.remove(pauser);
    if (pausers.isEmpty() && paused != null) {
      paused.complete(null);
    }
  }

  @Override
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
      } catch (Throwable e) {
        // A plugin's undo with a bug (any Error of its own, a checked exception thrown sneakily): said
        // in a line, the trace at debug, and the rest still released; the virtual machine's own
        // trouble goes on.
        dev.overture.internal.Failures.rethrowIfFatal(e);
        dev.overture.internal.Failures.logInALine(log, e, "Releasing what {} kept in world {} failed", owner, world.name());
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
    return "ActionContext[" + owner + " in " + world.name() + ", " + kept.size() + " kept]";
  }
}
