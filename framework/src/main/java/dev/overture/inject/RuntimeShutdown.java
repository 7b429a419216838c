package dev.overture.inject;

import dev.overture.asset.AssetManager;
import dev.overture.feature.GameFeatures;
import dev.overture.live.LiveContent;
import dev.overture.persistence.WorldStore;
import dev.overture.world.World;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Shuts an {@link Overture} runtime down, in the order its class comment gives: live content
 * first, then the worlds whose game thread is the caller, a bounded wait for their plugin releases,
 * then the plugins, the world store and the asset manager (each closed even when the one before
 * failed).
 *
 * <p><b>Threading.</b> Stateless; runs on the thread that calls {@link Overture#close()}, once
 * (the runtime lets only its first caller in).
 */
final class RuntimeShutdown {

  /** Logs as the runtime it was split from, so hosts' log settings still apply. */
  private static final Logger log = LoggerFactory.getLogger(Overture.class);

  private RuntimeShutdown() {}

  /** Closes the parts of a runtime; {@code live} and {@code store} may be null. */
  static void close(LiveContent live, WorldFactory worlds, GameFeatures features, WorldStore store, AssetManager assets,
      Duration closeWait) {
    if (live != null) {
      live.close(); // no change may reach a world while they close
    }
    List<String> leftOpen = new ArrayList<>();
    for (World world : worlds.closeFactory()) {
      if (world.isInGameThread()) {
        world.close();
      } else {
        leftOpen.add(world.name());
      }
    }
    if (!leftOpen.isEmpty()) {
      log.warn("Overture closed while worlds {} were still open on other threads; their experiences can no longer load", leftOpen);
    }
    try {
      awaitPluginReleases(features, closeWait);
    } finally {
      try {
        features.close();
      } finally {
        try {
          if (store != null) {
            store.close();
          }
        } finally {
          assets.close();
        }
      }
    }
  }

  /**
   * Lets the closed worlds' plugin releases run (they undo plugin-level actions) before the plugin
   * executor stops. With the host's executor nobody may be running it: wait a bounded time.
   */
  private static void awaitPluginReleases(GameFeatures features, Duration closeWait) {
    if (features.runningChangeAbandoned()) {
      // The releases would queue behind plugin code the host gave up on: they cannot run.
      log.debug("Not waiting for plugin releases: the host abandoned the plugin state change that runs");
      return;
    }
    try {
      features.whenIdle().get(dev.overture.internal.Durations.millis(closeWait), TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      log.warn("Plugin releases did not finish within {} ms of close; plugins are left as they are", dev.overture.internal.Durations.millis(closeWait));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (ExecutionException e) {
      log.warn("A plugin release failed while closing", e.getCause());
    }
  }
}
