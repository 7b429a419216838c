package dev.overture.feature;

import dev.overture.asset.AssetIndexException;
import dev.overture.asset.AssetManager;
import dev.overture.asset.ContentRoot;
import dev.overture.asset.ScanRule;
import dev.overture.core.Problem;
import dev.overture.core.SourceLocation;
import dev.overture.internal.Choices;
import dev.overture.world.ActorComponent;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The plugin state machine: {@code Installed -> Registered -> Loaded -> Active} and back, with the
 * dependencies a plugin holds while active (counted in their {@code dependents}) and lets go of,
 * newest first, when it deactivates. A failed transition leaves the plugin in {@code Error} with
 * the cause and releases what it held. Every method runs on the serial executor, and so does every
 * continuation it schedules.
 */
final class PluginTransitions {

  private static final Logger log = LoggerFactory.getLogger(PluginTransitions.class);

  private final AssetManager assets;
  private final PluginCatalog catalog;
  private final WorldApplications worlds;
  private final Executor serial;
  private long activations;

  PluginTransitions(AssetManager assets, PluginCatalog catalog, WorldApplications worlds, Executor serial) {
    this.assets = assets;
    this.catalog = catalog;
    this.worlds = worlds;
    this.serial = serial;
  }

  /** Brings a plugin to the initial state its descriptor names ({@code Active} counts a request). */
  CompletableFuture<Void> reachInitialState(Plugin plugin) {
    if (plugin.invalid != null) {
      return CompletableFuture.completedFuture(null);
    }
    return switch (plugin.descriptor.initialState()) {
      case REGISTERED -> register(plugin);
      case LOADED -> register(plugin).thenComposeAsync(v -> load(plugin), serial);
      case ACTIVE -> {
        plugin.requests++;
        yield toActive(plugin, List.of());
      }
      default -> CompletableFuture.completedFuture(null);
    };
  }

  /** Activates {@code plugin}, its dependencies first; {@code chain} is the path that led here. */
  CompletableFuture<Void> toActive(Plugin plugin, List<PluginId> chain) {
    if (plugin.invalid != null) {
      return CompletableFuture.failedFuture(plugin.invalid);
    }
    if (chain.contains(plugin.id)) {
      List<String> cycle = new ArrayList<>();
      chain.subList(chain.indexOf(plugin.id), chain.size()).forEach(id -> cycle.add(id.name()));
      cycle.add(plugin.id.name());
      return CompletableFuture.failedFuture(new PluginException(plugin.id, "activate", List.of(
          Problem.error("Overture/DependencyCycle", "Plugin dependencies form a cycle: " + String.join(" -> ", cycle))
              .at(SourceLocation.at(plugin.descriptorFile, "/dependencies")))));
    }
    if (plugin.toInactive != null) {
      return plugin.toInactive.thenComposeAsync(v -> toActive(plugin, chain), serial);
    }
    if (plugin.stable == PluginState.ACTIVE && plugin.state == PluginState.ACTIVE) {
      return CompletableFuture.completedFuture(null);
    }
    if (plugin.toActive != null) {
      return plugin.toActive;
    }
    List<PluginId> path = new ArrayList<>(chain);
    path.add(plugin.id);
    List<CompletableFuture<Void>> dependencies = new ArrayList<>();
    List<PluginDescriptor.Dependency> declared = plugin.descriptor.dependencies();
    for (int i = 0; i < declared.size(); i++) {
      PluginDescriptor.Dependency dependency = declared.get(i);
      Plugin other = catalog.find(dependency.name()).orElse(null);
      String pointer = "/dependencies/" + i;
      if (other == null) {
        return fail(plugin, "activate", Problem.error(
                "Overture/MissingDependency",
                "Plugin " + plugin.id + " depends on \"" + dependency.name() + "\", which is not installed")
            .withChoices("installed", Choices.closest(dependency.name().name(), catalog.ids().stream().map(PluginId::name).toList()))
            .at(SourceLocation.at(plugin.descriptorFile, pointer + "/name")));
      }
      if (other.descriptor != null && !dependency.versions().accepts(other.descriptor.version())) {
        return fail(plugin, "activate", Problem.error(
                "Overture/DependencyVersion",
                "Plugin " + plugin.id + " needs " + other.id + " " + dependency.versions() + ", but "
                    + other.id + " is " + other.descriptor.version())
            .at(SourceLocation.at(plugin.descriptorFile, pointer + "/versions")));
      }
      if (!plugin.held.contains(other)) {
        plugin.held.add(other);
        other.dependents++;
      }
      dependencies.add(toActive(other, path));
    }
    if (plugin.state == PluginState.ERROR) {
      plugin.state = plugin.stable; // a new attempt
      plugin.failure = null;
    }
    CompletableFuture<Void> transition =
        CompletableFuture.allOf(dependencies.toArray(CompletableFuture[]::new))
            .thenComposeAsync(v -> register(plugin), serial)
            .thenComposeAsync(v -> load(plugin), serial)
            .thenComposeAsync(v -> activate(plugin), serial);
    plugin.toActive =
        transition.handleAsync((v, error) -> {
          plugin.toActive = null;
          if (error != null) {
            throw new CompletionException(recordFailure(plugin, "activate", FeatureQueue.unwrap(error)));
          }
          return null;
        }, serial);
    return plugin.toActive;
  }

  CompletableFuture<Void> register(Plugin plugin) {
    if (plugin.stable != PluginState.INSTALLED) {
      return CompletableFuture.completedFuture(null);
    }
    plugin.state = PluginState.REGISTERING;
    List<Problem> problems = contributionProblems(plugin);
    List<ScanRule> rules = new ArrayList<>();
    for (int i = 0; i < plugin.descriptor.primaryAssetTypesToScan().size(); i++) {
      try {
        rules.add(plugin.descriptor.primaryAssetTypesToScan().get(i).toScanRule(assets.tools().assetClasses()));
      } catch (IllegalArgumentException e) {
        problems.add(Problem.error("Overture/InvalidScanRule", e.getMessage())
            .at(SourceLocation.at(plugin.descriptorFile, "/primaryAssetTypesToScan/" + i)));
      }
    }
    if (!problems.isEmpty()) {
      return CompletableFuture.failedFuture(new PluginException(plugin.id, "register", problems));
    }
    try {
      assets.addContentRoot(new ContentRoot(plugin.id.name(), plugin.source, rules));
    } catch (AssetIndexException e) {
      return CompletableFuture.failedFuture(new PluginException(plugin.id, "register", e.problems()));
    }
    try {
      plugin.descriptor.actions().forEach(GameFeatureAction::onRegistering);
    } catch (RuntimeException e) {
      assets.removeContentRoot(plugin.id.name());
      return CompletableFuture.failedFuture(actionFailure(plugin, "register", e));
    }
    settle(plugin, PluginState.REGISTERED);
    return CompletableFuture.completedFuture(null);
  }

  /** The kinds the descriptor says the plugin contributes and no code registered. */
  private List<Problem> contributionProblems(Plugin plugin) {
    List<Problem> problems = new ArrayList<>();
    PluginDescriptor.Contributions contributes = plugin.descriptor.contributes();
    for (int i = 0; i < contributes.components().size(); i++) {
      String component = contributes.components().get(i);
      if (assets.tools().kind(ActorComponent.class, component).isEmpty()) {
        problems.add(Problem.error(
                "Overture/UnregisteredContribution",
                "Plugin " + plugin.id + " contributes the component \"" + component + "\", which no code registered")
            .withChoices("registered components", Choices.closest(component, assets.tools().kinds(ActorComponent.class)))
            .at(SourceLocation.at(plugin.descriptorFile, "/contributes/components/" + i)));
      }
    }
    for (int i = 0; i < contributes.actions().size(); i++) {
      String action = contributes.actions().get(i);
      if (assets.tools().kind(GameFeatureAction.class, action).isEmpty()) {
        problems.add(Problem.error(
                "Overture/UnregisteredContribution",
                "Plugin " + plugin.id + " contributes the action \"" + action + "\", which no code registered")
            .withChoices("registered actions", Choices.closest(action, assets.tools().kinds(GameFeatureAction.class)))
            .at(SourceLocation.at(plugin.descriptorFile, "/contributes/actions/" + i)));
      }
    }
    return problems;
  }

  CompletableFuture<Void> load(Plugin plugin) {
    if (plugin.stable == PluginState.LOADED || plugin.stable == PluginState.ACTIVE) {
      return CompletableFuture.completedFuture(null);
    }
    plugin.state = PluginState.LOADING;
    try {
      plugin.descriptor.actions().forEach(GameFeatureAction::onLoading);
    } catch (RuntimeException e) {
      return CompletableFuture.failedFuture(actionFailure(plugin, "load", e));
    }
    settle(plugin, PluginState.LOADED);
    return CompletableFuture.completedFuture(null);
  }

  private CompletableFuture<Void> activate(Plugin plugin) {
    if (plugin.stable == PluginState.ACTIVE) {
      return CompletableFuture.completedFuture(null);
    }
    plugin.state = PluginState.ACTIVATING;
    plugin.activationOrder = ++activations;
    worlds.applyEverywhere(plugin);
    settle(plugin, PluginState.ACTIVE);
    log.debug("Plugin {} is active (activation {})", plugin.id, activations);
    return CompletableFuture.completedFuture(null);
  }

  /** Deactivates {@code plugin} once nothing requests it and no active plugin depends on it. */
  CompletableFuture<Void> releaseIfUnused(Plugin plugin) {
    if (plugin.requests + plugin.dependents > 0) {
      return CompletableFuture.completedFuture(null);
    }
    return toInactive(plugin);
  }

  /** Deactivates {@code plugin} (waiting for its actions' pauses in every world), then what it held. */
  CompletableFuture<Void> toInactive(Plugin plugin) {
    if (plugin.toInactive != null) {
      return plugin.toInactive;
    }
    if (plugin.toActive != null) {
      return plugin.toActive.handleAsync((v, e) -> null, serial).thenComposeAsync(v -> releaseIfUnused(plugin), serial);
    }
    if (plugin.stable != PluginState.ACTIVE) {
      return releaseHeld(plugin);
    }
    plugin.state = PluginState.DEACTIVATING;
    plugin.toInactive =
        worlds.undoEverywhere(plugin)
            .handleAsync((v, e) -> {
              settle(plugin, PluginState.LOADED);
              return null;
            }, serial)
            .thenComposeAsync(v -> releaseHeld(plugin), serial)
            .whenCompleteAsync((v, e) -> plugin.toInactive = null, serial);
    return plugin.toInactive;
  }

  /** Lets go of the dependencies {@code plugin} held, newest first, each deactivating when unused. */
  private CompletableFuture<Void> releaseHeld(Plugin plugin) {
    CompletableFuture<Void> chain = CompletableFuture.completedFuture(null);
    List<Plugin> held = new ArrayList<>(plugin.held);
    plugin.held.clear();
    Collections.reverse(held);
    for (Plugin dependency : held) {
      dependency.dependents--;
      chain = chain.thenComposeAsync(v -> releaseIfUnused(dependency), serial);
    }
    return chain;
  }

  /** Back from {@code Loaded} to {@code Registered}. */
  CompletableFuture<Void> unloadNow(Plugin plugin) {
    if (plugin.stable != PluginState.LOADED) {
      return CompletableFuture.completedFuture(null);
    }
    plugin.state = PluginState.UNLOADING;
    runQuietly(plugin, GameFeatureAction::onUnloading);
    settle(plugin, PluginState.REGISTERED);
    return CompletableFuture.completedFuture(null);
  }

  /** Back from {@code Registered} to {@code Installed}: its content leaves the index. */
  CompletableFuture<Void> unregisterNow(Plugin plugin) {
    if (plugin.stable != PluginState.REGISTERED) {
      return CompletableFuture.completedFuture(null);
    }
    plugin.state = PluginState.UNREGISTERING;
    runQuietly(plugin, GameFeatureAction::onUnregistering);
    assets.removeContentRoot(plugin.id.name());
    settle(plugin, PluginState.INSTALLED);
    return CompletableFuture.completedFuture(null);
  }

  private void runQuietly(Plugin plugin, Consumer<GameFeatureAction> step) {
    for (GameFeatureAction action : plugin.descriptor.actions()) {
      try {
        step.accept(action);
      } catch (RuntimeException e) {
        log.error("An action of plugin {} failed", plugin.id, e);
      }
    }
  }

  private static void settle(Plugin plugin, PluginState state) {
    plugin.stable = state;
    plugin.state = state;
    plugin.failure = null;
  }

  private CompletableFuture<Void> fail(Plugin plugin, String what, Problem problem) {
    return CompletableFuture.failedFuture(recordFailure(plugin, what, new PluginException(plugin.id, what, List.of(problem))));
  }

  private PluginException recordFailure(Plugin plugin, String what, Throwable error) {
    PluginException failure =
        error instanceof PluginException known
            ? known
            : new PluginException(plugin.id, what, List.of(Problem.error("Overture/PluginFailed", String.valueOf(error))));
    plugin.state = PluginState.ERROR;
    plugin.failure = failure;
    releaseHeld(plugin);
    log.debug("{}", failure.getMessage());
    return failure;
  }

  private static PluginException actionFailure(Plugin plugin, String what, RuntimeException e) {
    return new PluginException(plugin.id, what, List.of(
        Problem.error("Overture/ActionFailed", "An action of plugin " + plugin.id + " threw: " + e)
            .at(SourceLocation.at(plugin.descriptorFile, "/actions"))));
  }
}
