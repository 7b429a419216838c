package dev.overture.feature;

import dev.overture.core.Problem;
import java.util.List;
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

  /** Brings an unrequested plugin back to {@code Registered}; refused while it is in use. */
  CompletableFuture<Void> unload(Plugin plugin) {
    return queue.submit("the unloading of plugin " + plugin.id, () -> {
      if (plugin.requests + plugin.dependents > 0) {
        return CompletableFuture.failedFuture(new PluginException(plugin.id, "unload", List.of(Problem.error(
            "Overture/PluginInUse",
            "Plugin " + plugin.id + " is still requested (" + plugin.requests + " requests, " + plugin.dependents
                + " active dependents)"))));
      }
      return transitions.toInactive(plugin).thenComposeAsync(v -> transitions.unloadNow(plugin), queue.serial());
    });
  }

  /** Brings an unrequested plugin back to {@code Installed}. */
  CompletableFuture<Void> unregister(Plugin plugin) {
    return unload(plugin).thenCompose(v -> queue.submit(() -> transitions.unregisterNow(plugin)));
  }

  /** The requests holding {@code plugin} now, not counting its dependents. */
  int count(Plugin plugin) {
    return plugin.requests;
  }
}
