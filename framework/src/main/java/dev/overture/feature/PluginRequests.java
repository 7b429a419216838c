package dev.overture.feature;

import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Counts the requests for each plugin, as Lyra's experience manager counts them across worlds: the
 * first request activates a plugin, the last release deactivates it (unless an active plugin still
 * depends on it), and a plugin in use cannot be unloaded. Each method queues its work on the
 * plugins' serial executor; any thread may call them.
 */
final class PluginRequests {

  private static final Logger log = LoggerFactory.getLogger(PluginRequests.class);

  private final FeatureQueue queue;
  private final PluginTransitions transitions;

  PluginRequests(FeatureQueue queue, PluginTransitions transitions) {
    this.queue = queue;
    this.transitions = transitions;
  }

  /** Counts a request and activates the plugin (the request counts even when that fails). */
  CompletableFuture<Void> request(Plugin plugin) {
    return queue.submit("the request of plugin " + plugin.id, () -> {
      plugin.requests++;
      return transitions.toActive(plugin);
    });
  }

  /** Releases a request; deactivates the plugin when it was the last and nothing depends on it. */
  CompletableFuture<Void> release(Plugin plugin) {
    return queue.submit("the release of plugin " + plugin.id, () -> {
      if (plugin.requests == 0) {
        log.warn("deactivate({}) without a request to release", plugin.id);
        return CompletableFuture.completedFuture(null);
      }
      plugin.requests--;
      return transitions.releaseIfUnused(plugin);
    });
  }

  /** Brings an installed plugin to {@code Registered}, dependencies first, without counting a request. */
  CompletableFuture<Void> register(Plugin plugin) {
    return queue.submit("the registration of plugin " + plugin.id, () -> transitions.register(plugin));
  }

  /**
   * Brings an unrequested plugin back to {@code Registered}; refused while it is in use, and also
   * when a request queued after this one reaches the plugin while it is on its way down (the steps
   * down run on the queue, and a request runs between them): the future then fails with {@code
   * Overture/PluginInUse} rather than completing while the plugin is active again.
   */
  CompletableFuture<Void> unload(Plugin plugin) {
    return queue.submit("the unloading of plugin " + plugin.id, () -> transitions.toRegistered(plugin, "unload"));
  }

  /** Brings an unrequested plugin back to {@code Installed}; refused as {@link #unload} is. */
  CompletableFuture<Void> unregister(Plugin plugin) {
    return queue.submit("the unregistering of plugin " + plugin.id, () -> transitions.toInstalled(plugin));
  }

  /** The requests holding {@code plugin} now, not counting its dependents. */
  int count(Plugin plugin) {
    return plugin.requests;
  }
}
