package dev.overture.experience;

import dev.overture.asset.PrimaryAssetId;
import dev.overture.core.Problem;
import dev.overture.feature.GameFeatures;
import dev.overture.feature.PluginId;
import dev.overture.world.World;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The feature plugins of one {@link ExperienceLoad}: requesting them and waiting until their own
 * actions apply in the world, the ones requested and activated so far, swapping them for a
 * reload's, and releasing them in reverse order of activation.
 *
 * <p><b>Threading.</b> Confined to the world's game thread, like the load that owns it; plugin
 * completions come back through the world's executor, each run through the load's step (which
 * drops it once the load is discarded).
 */
final class ExperiencePlugins {

  /** Logs as the ExperienceLoad it was split from, so hosts' log settings still apply. */
  private static final Logger log = LoggerFactory.getLogger(ExperienceLoad.class);

  private final Experiences services;
  private final World world;
  private final PrimaryAssetId id;
  private final List<PluginId> requested = new ArrayList<>();
  private final List<PluginId> activated = new ArrayList<>();

  ExperiencePlugins(Experiences services, World world, PrimaryAssetId id) {
    this.services = services;
    this.world = world;
    this.id = id;
  }

  List<PluginId> activated() {
    return List.copyOf(activated);
  }

  /** The share of the requested plugins activated so far; 1 when none was requested. */
  double activatedShare() {
    return requested.isEmpty() ? 1 : (double) activated.size() / requested.size();
  }

  /**
   * Requests {@code plugins}, each completion run through {@code step}; once all are active and
   * their own actions apply in the world, {@code onApplied}; else {@code onFailed} with the problems.
   */
  void request(List<PluginId> plugins, Consumer<Runnable> step, Runnable onApplied, Consumer<List<Problem>> onFailed) {
    GameFeatures features = services.features();
    if (features.isClosed()) {
      // One problem naming them all, rather than one anonymous failure per plugin; nothing requested, nothing to release.
      onFailed.accept(List.of(Problem.error("Overture/PluginsClosed", "Experience " + id + " needs plugin(s) "
          + String.join(", ", plugins.stream().map(PluginId::name).toList()) + ", but the plugins were closed"
          + " (GameFeatures.close): close the runtime's worlds before its plugins").withAsset(id.toString())));
      return;
    }
    int[] remaining = {plugins.size()};
    List<Problem> problems = new ArrayList<>();
    for (PluginId plugin : plugins) {
      requested.add(plugin);
      features.loadAndActivate(plugin).whenCompleteAsync((ignored, failed) -> step.accept(() -> {
        if (failed != null) {
          problems.addAll(LoadChecks.problemsOf(failed));
        } else {
          activated.add(plugin);
        }
        if (--remaining[0] == 0) {
          if (problems.isEmpty()) {
            // Completions arrive in any order; report them dependencies first, then as named.
            activated.clear();
            activated.addAll(plugins);
            waitForPluginActions(plugins, step, onApplied, onFailed);
          } else {
            onFailed.accept(problems);
          }
        }
      }), world.executor());
    }
  }

  /** The plugins are active: wait until their own actions apply in this world too. */
  private void waitForPluginActions(List<PluginId> plugins, Consumer<Runnable> step, Runnable onApplied,
      Consumer<List<Problem>> onFailed) {
    List<CompletableFuture<Void>> applied = new ArrayList<>();
    for (PluginId plugin : plugins) {
      applied.add(services.features().appliedIn(plugin, world));
    }
    CompletableFuture.allOf(applied.toArray(CompletableFuture[]::new)).whenCompleteAsync((ignored, error) -> step.accept(() -> {
      if (error != null) {
        onFailed.accept(LoadChecks.problemsOf(error));
      } else {
        onApplied.run();
      }
    }), world.executor());
  }

  /** A reload put {@code next}'s content in force: its plugins replace these, the ones it dropped are released. */
  void replaceWith(ExperienceReload next) {
    List<PluginId> dropped = new ArrayList<>(activated);
    dropped.removeAll(next.plugins());
    List<PluginId> kept = new ArrayList<>(activated);
    kept.retainAll(next.plugins());
    List<PluginId> added = next.takeRequested();
    activated.clear();
    activated.addAll(next.plugins());
    requested.clear();
    requested.addAll(kept);
    requested.addAll(added);
    Collections.reverse(dropped);
    GameFeatures features = services.features();
    for (PluginId plugin : dropped) {
      features.deactivate(plugin).exceptionally(error -> {
        logReleaseFailed(plugin, " after a reload", error);
        return null;
      });
    }
  }

  /**
   * A release that never reached the plugins (the host's plugin executor refused it) leaves the
   * request counted and the plugin active: said so, loudly, rather than as a bare failure.
   */
  private void logReleaseFailed(PluginId plugin, String when, Throwable error) {
    if (services.features().isClosed()) {
      // No release can run once the plugins are closed (closing left them as they are): not this load's fault.
      log.debug("Plugin {} for {} in world {}{} was not released: the plugins are closed", plugin, id, world.name(), when);
      return;
    }
    Throwable cause = error instanceof java.util.concurrent.CompletionException && error.getCause() != null ? error.getCause() : error;
    String why = LoadChecks.problemsOf(cause).stream().map(dev.overture.core.Problem::message)
        .collect(java.util.stream.Collectors.joining("; "));
    log.error("Releasing plugin {} for {} in world {}{} failed, so it stays active, still requested ({} request(s) held):"
        + " {}", plugin, id, world.name(), when, services.features().requestCount(plugin), why, cause);
  }

  /** Releases every plugin requested, in reverse order of activation; completes when all are released. */
  CompletableFuture<Void> release() {
    List<PluginId> order = new ArrayList<>(activated);
    Collections.reverse(order);
    for (PluginId plugin : requested) {
      if (!order.contains(plugin)) {
        order.add(plugin);
      }
    }
    requested.clear();
    activated.clear();
    CompletableFuture<Void> chain = CompletableFuture.completedFuture(null);
    GameFeatures features = services.features();
    for (PluginId plugin : order) {
      chain = chain.thenCompose(ignored -> features.deactivate(plugin).exceptionally(error -> {
        logReleaseFailed(plugin, "", error);
        return null;
      }));
    }
    return chain;
  }
}
