package dev.overture.feature;

import dev.overture.asset.AssetExtension;
import dev.overture.asset.AssetIndexException;
import dev.overture.asset.AssetLoadException;
import dev.overture.asset.AssetManager;
import dev.overture.asset.AssetSource;
import dev.overture.asset.ContentRoot;
import dev.overture.asset.ScanRule;
import dev.overture.core.Problem;
import dev.overture.internal.Failures;
import dev.overture.core.SourceLocation;
import dev.overture.internal.Choices;
import dev.overture.world.ActorComponent;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
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
  private final PluginEntryPoints entryPoints;
  /** The game's content root, which every plugin's content may name. */
  private final String gameRoot;
  /** How long the threads found holding an unregistered plugin are given to end or let go before they are named ({@link PluginThreads}). */
  private final java.time.Duration strayThreadGrace;
  private long activations;

  PluginTransitions(AssetManager assets, PluginCatalog catalog, WorldApplications worlds, Executor serial, ClassLoader host,
      String gameRoot, java.time.Duration strayThreadGrace) {
    this.gameRoot = gameRoot;
    this.strayThreadGrace = strayThreadGrace;
    this.assets = assets;
    this.catalog = catalog;
    this.worlds = worlds;
    this.serial = serial;
    this.entryPoints = new PluginEntryPoints(host);
  }

  /** Brings a plugin to the initial state its descriptor names ({@code Active} counts a request). */
  CompletableFuture<Void> reachInitialState(Plugin plugin) {
    if (plugin.invalid != null) {
      return CompletableFuture.completedFuture(null);
    }
    return switch (plugin.descriptor.initialState()) {
      case REGISTERED -> register(plugin);
      // A load that fails leaves the plugin in Error with the action's failure, as loading on the way to Active does
      // (toActive); a failed register has recorded its own.
      case LOADED -> register(plugin).thenComposeAsync(v -> load(plugin), serial).handleAsync((v, error) -> {
        if (error == null) {
          return null;
        }
        Throwable cause = FeatureQueue.unwrap(error);
        throw new CompletionException(plugin.state == PluginState.ERROR ? cause : recordFailure(plugin, "load", cause));
      }, serial);
      case ACTIVE -> {
        plugin.requests++;
        yield toActive(plugin);
      }
      default -> CompletableFuture.completedFuture(null);
    };
  }

  /**
   * Activates {@code plugin}, its dependencies first. Discovery refused every plugin whose
   * dependencies cannot be met (missing, wrong version, a cycle), so this recursion ends.
   */
  CompletableFuture<Void> toActive(Plugin plugin) {
    if (plugin.invalid != null) {
      return CompletableFuture.failedFuture(plugin.invalid);
    }
    if (plugin.toInactive != null) {
      return plugin.toInactive.thenComposeAsync(v -> toActive(plugin), serial);
    }
    if (plugin.stable == PluginState.ACTIVE && plugin.state == PluginState.ACTIVE) {
      return CompletableFuture.completedFuture(null);
    }
    if (plugin.toActive != null) {
      return plugin.toActive;
    }
    List<CompletableFuture<Void>> dependencies = new ArrayList<>();
    for (PluginDescriptor.Dependency dependency : plugin.manifest.dependencies()) {
      Plugin other = catalog.get(dependency.name());
      if (!plugin.held.contains(other)) {
        plugin.held.add(other);
        other.dependents++;
      }
      dependencies.add(toActive(other));
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

  /**
   * Registers {@code plugin}, its dependencies first: its code (a class loader of its own for a jar,
   * its entry point run, what that registered added), then its content (its folder or jar joins the
   * index, its actions are bound). Whatever fails leaves nothing behind and the plugin in {@code
   * Error} with located problems.
   */
  CompletableFuture<Void> register(Plugin plugin) {
    if (plugin.invalid != null) {
      return CompletableFuture.failedFuture(plugin.invalid);
    }
    if (plugin.stable != PluginState.INSTALLED) {
      return CompletableFuture.completedFuture(null);
    }
    List<PluginClassLoader> loaders = new ArrayList<>();
    List<PluginDescriptor.Dependency> dependencies = plugin.manifest.dependencies();
    for (int i = 0; i < dependencies.size(); i++) {
      Plugin other = catalog.get(dependencies.get(i).name());
      CompletableFuture<Void> registered = register(other);
      if (registered.isCompletedExceptionally()) {
        return fail(plugin, "register", Problem.error("Overture/PluginDependencyFailed",
                "Plugin " + plugin.id + " depends on " + other.id + ", which could not register (see the problems of "
                    + other.id + ")")
            .at(catalog.locateInDescriptor(plugin, "/dependencies/" + i + "/name")));
      }
      if (other.loader instanceof PluginClassLoader own) {
        loaders.add(own);
      }
    }
    if (plugin.state == PluginState.ERROR) {
      plugin.failure = null; // a new attempt
    }
    plugin.state = PluginState.REGISTERING;
    Registering attempt = new Registering(plugin);
    try {
      List<Problem> problems = attempt.run(loaders);
      if (!problems.isEmpty()) {
        attempt.undo();
        return CompletableFuture.failedFuture(
            recordFailure(plugin, "register", new PluginException(plugin.id, "register", problems, attempt.cause)));
      }
    } catch (Exception | Error e) {
      attempt.undo();
      return CompletableFuture.failedFuture(recordFailure(plugin, "register", new PluginException(plugin.id, "register", List.of(
          Problem.error("Overture/PluginFailed", "Plugin " + plugin.id + " failed while registering: " + Failures.describeWhere(e))
              .at(SourceLocation.ofFile(plugin.descriptorFile()))), e)));
    }
    settle(plugin, PluginState.REGISTERED);
    return CompletableFuture.completedFuture(null);
  }

  /**
   * One attempt to register a plugin, and what it has done so far, so that a failure at any step
   * undoes exactly that, newest first. Serial executor only.
   */
  private final class Registering {
    private final Plugin plugin;
    private ClassLoader loader;
    private AssetSource source;
    private boolean extensionAdded;
    private boolean rootAdded;
    /** What the entry point failed with, if it did. */
    private Throwable cause;

    Registering(Plugin plugin) {
      this.plugin = plugin;
    }

    List<Problem> run(List<PluginClassLoader> dependencyLoaders) {
      try {
        loader = plugin.origin instanceof PluginOrigin.Jar jar
            ? jar.classLoader(plugin.id, entryPoints.host(), dependencyLoaders, () -> otherJars(plugin))
            : entryPoints.host();
        source = plugin.origin.open();
      } catch (IOException e) {
        return List.of(PluginCatalog.unreadable(plugin.origin, e));
      }
      PluginCode code = new PluginCode(plugin.id);
      List<Problem> problems = entryPoints.run(plugin, loader, code, pointer -> catalog.locateInDescriptor(plugin, pointer));
      cause = code.failure();
      if (!problems.isEmpty()) {
        return problems;
      }
      try {
        assets.addExtension(plugin.id.name(), code.assetExtension());
        extensionAdded = true;
      } catch (IllegalArgumentException | IllegalStateException e) {
        return List.of(Problem.error("Overture/RegistrationConflict",
                "Plugin " + plugin.id + " cannot register its code: " + PluginCatalog.message(e))
            .at(catalog.locateInDescriptor(plugin, "/entryPoint")));
      }
      problems.addAll(contributionProblems(plugin));
      List<ScanRule> rules = new ArrayList<>();
      for (int i = 0; i < plugin.manifest.primaryAssetTypesToScan().size(); i++) {
        try {
          rules.add(plugin.manifest.primaryAssetTypesToScan().get(i).toScanRule(assets.tools().assetClasses()));
        } catch (IllegalArgumentException e) {
          problems.add(Problem.error("Overture/InvalidScanRule", e.getMessage())
              .at(catalog.locateInDescriptor(plugin, "/primaryAssetTypesToScan/" + i)));
        }
      }
      if (!problems.isEmpty()) {
        return problems;
      }
      // The plugin's name names its content root, which the descriptor is bound in: checked first.
      ContentRoot root;
      try {
        // A plugin's content names the game's, its own and its dependencies' (docs/plugins.md).
        java.util.Set<String> visible = new java.util.TreeSet<>(List.of(gameRoot));
        catalog.dependenciesOf(plugin.id).forEach(dependency -> visible.add(dependency.name()));
        root = new ContentRoot(plugin.id.name(), source, rules).withReferences(visible);
      } catch (IllegalArgumentException e) {
        return List.of(Problem.error("Overture/InvalidPluginName", "Plugin \"" + plugin.id + "\" cannot name a content root:"
                + " use letters, digits and '_', starting with a letter")
            .at(catalog.locateInDescriptor(plugin, "/name")));
      }
      // Everything but the actions came from discovery's reading (the manifest): a plugin.json
      // without actions is not read again, and its Jackson reader is not built again for the
      // registrations this plugin's code has just changed.
      PluginDescriptor full = plugin.manifest;
      if (plugin.manifestHasActions) {
        try {
          full = assets.tools().bindFile(source, plugin.id.name(), PluginOrigin.DESCRIPTOR, PluginDescriptor.class).value();
        } catch (AssetLoadException e) {
          return new PluginActionKinds(assets, catalog, plugin, code.assetExtension(), source).unknownKinds(e.problems());
        }
        List<Problem> undeclared = new PluginActionKinds(assets, catalog, plugin, code.assetExtension(), source).undeclared(full.actions());
        if (!undeclared.isEmpty()) {
          return undeclared;
        }
      }
      if (assets.contentRoot(root.name()).isPresent()) {
        // Its name names its content root: one the game (or the host) already has cannot be taken.
        return List.of(Problem.error("Overture/InvalidPluginName", "Plugin " + plugin.id + " cannot be called \"" + plugin.id
                + "\": a content root of that name is already there (" + (root.name().equals(gameRoot) ? "the game's own content"
                : "added by the host") + "); choose another name")
            .at(catalog.locateInDescriptor(plugin, "/name")));
      }
      try {
        assets.addContentRoot(root);
        rootAdded = true;
      } catch (AssetIndexException e) {
        return e.problems();
      }
      plugin.descriptor = full;
      try {
        full.actions().forEach(GameFeatureAction::onRegistering);
      } catch (Exception | Error e) {
        return actionFailure(plugin, "register", e).problems();
      }
      plugin.loader = loader;
      plugin.extensionAdded = extensionAdded;
      plugin.extensions = code.extensions();
      plugin.registered = code.assetExtension();
      return List.of();
    }

    /** Undoes what {@link #run} did, newest first. */
    void undo() {
      plugin.descriptor = plugin.manifest;
      plugin.extensions = List.of();
      plugin.registered = AssetExtension.empty();
      plugin.loader = null;
      plugin.extensionAdded = false;
      if (rootAdded) {
        assets.removeContentRoot(plugin.id.name()); // closes the source
      } else if (source != null && plugin.origin.isolated()) {
        PluginCatalog.closeQuietly(source);
      }
      if (extensionAdded) {
        assets.removeExtension(plugin.id.name());
      }
      closeLoader(plugin, loader);
      // A thread its code started before it failed keeps its classes as one left at unregister does.
      if (loader instanceof PluginClassLoader own) {
        PluginThreads.warnOfStrays(plugin.id, "failed to register", own, strayThreadGrace);
      }
    }
  }

  private static void closeLoader(Plugin plugin, ClassLoader loader) {
    if (loader instanceof PluginClassLoader own) {
      try {
        own.close();
      } catch (IOException e) {
        log.warn("Could not close the class loader of plugin {}: {}", plugin.id, PluginCatalog.message(e));
      }
    }
  }

  /** The kinds the descriptor says the plugin contributes and no code registered. */
  private List<Problem> contributionProblems(Plugin plugin) {
    List<Problem> problems = new ArrayList<>();
    PluginDescriptor.Contributions contributes = plugin.manifest.contributes();
    for (int i = 0; i < contributes.components().size(); i++) {
      String component = contributes.components().get(i);
      if (assets.tools().kind(ActorComponent.class, component).isEmpty()) {
        problems.add(Problem.error(
                "Overture/UnregisteredContribution",
                "Plugin " + plugin.id + " contributes the component \"" + component + "\", which no code registered")
            .withChoices("registered components", Choices.closest(component, assets.tools().kinds(ActorComponent.class)))
            .at(catalog.locateInDescriptor(plugin, "/contributes/components/" + i)));
      }
    }
    for (int i = 0; i < contributes.actions().size(); i++) {
      String action = contributes.actions().get(i);
      if (assets.tools().kind(GameFeatureAction.class, action).isEmpty()) {
        problems.add(Problem.error(
                "Overture/UnregisteredContribution",
                "Plugin " + plugin.id + " contributes the action \"" + action + "\", which no code registered")
            .withChoices("registered actions", Choices.closest(action, assets.tools().kinds(GameFeatureAction.class)))
            .at(catalog.locateInDescriptor(plugin, "/contributes/actions/" + i)));
      }
    }
    return problems;
  }

  CompletableFuture<Void> load(Plugin plugin) {
    if (plugin.stable == PluginState.LOADED || plugin.stable == PluginState.ACTIVE) {
      return CompletableFuture.completedFuture(null);
    }
    if (plugin.stable == PluginState.INSTALLED) {
      // Unregistered since the step before registered it: a plugin is never loaded without its code and content.
      return register(plugin).thenComposeAsync(v -> load(plugin), serial);
    }
    plugin.state = PluginState.LOADING;
    try {
      plugin.descriptor.actions().forEach(GameFeatureAction::onLoading);
    } catch (Exception | Error e) {
      return CompletableFuture.failedFuture(actionFailure(plugin, "load", e));
    }
    settle(plugin, PluginState.LOADED);
    return CompletableFuture.completedFuture(null);
  }

  private CompletableFuture<Void> activate(Plugin plugin) {
    if (plugin.stable == PluginState.ACTIVE) {
      return CompletableFuture.completedFuture(null);
    }
    if (plugin.stable != PluginState.LOADED) {
      // Unloaded since the step before loaded it: loaded (and registered) again first.
      return load(plugin).thenComposeAsync(v -> activate(plugin), serial);
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

  /**
   * The failure of {@code doing} ("unload", "unregister") {@code plugin} while a request or an active
   * dependent holds it, if one does. Asked when the step down starts and again at each later step:
   * a request queued meanwhile runs between them.
   */
  private Optional<PluginException> inUse(Plugin plugin, String doing) {
    if (plugin.requests + plugin.dependents == 0) {
      return Optional.empty();
    }
    return Optional.of(new PluginException(plugin.id, doing, List.of(Problem.error("Overture/PluginInUse",
        "Plugin " + plugin.id + " is still requested (" + plugin.requests + " requests, " + plugin.dependents
            + " active dependents)"))));
  }

  /**
   * Down to {@code Registered}, for a host's unload: deactivated first (waiting for its actions'
   * pauses), then unloaded. Fails with {@code Overture/PluginInUse} while it is in use, checked at
   * each step.
   */
  CompletableFuture<Void> toRegistered(Plugin plugin, String doing) {
    Optional<PluginException> inUse = inUse(plugin, doing);
    if (inUse.isPresent()) {
      return CompletableFuture.failedFuture(inUse.get());
    }
    if (plugin.stable == PluginState.ACTIVE || plugin.toActive != null || plugin.toInactive != null || !plugin.held.isEmpty()) {
      // Deactivating runs over several steps, between which a request may come: ask again after.
      return toInactive(plugin).thenComposeAsync(v -> toRegistered(plugin, doing), serial);
    }
    if (plugin.stable == PluginState.LOADED) {
      plugin.state = PluginState.UNLOADING;
      runQuietly(plugin, "unloading", GameFeatureAction::onUnloading);
      settle(plugin, PluginState.REGISTERED);
    }
    return CompletableFuture.completedFuture(null);
  }

  /**
   * Down to {@code Installed}, for a host's unregister: its content leaves the index, what its code
   * registered is removed and its class loader closed, so that nothing keeps its classes. Refused
   * while it is in use (checked at each step, as {@link #toRegistered} does) and while a registered
   * plugin depends on it (its classes may link to this one's).
   */
  CompletableFuture<Void> toInstalled(Plugin plugin) {
    return toRegistered(plugin, "unregister").thenComposeAsync(v -> {
      if (plugin.stable != PluginState.REGISTERED) {
        // Brought up and down again since (a request and its release): down again, checked again.
        return plugin.stable == PluginState.INSTALLED ? CompletableFuture.<Void>completedFuture(null) : toInstalled(plugin);
      }
      return unregisterNow(plugin);
    }, serial);
  }

  private CompletableFuture<Void> unregisterNow(Plugin plugin) {
    Optional<PluginException> inUse = inUse(plugin, "unregister");
    if (inUse.isPresent()) {
      return CompletableFuture.failedFuture(inUse.get());
    }
    for (Plugin other : catalog.dependentsOf(plugin.id)) {
      if (other.stable != PluginState.INSTALLED) {
        return CompletableFuture.failedFuture(new PluginException(plugin.id, "unregister", List.of(Problem.error(
            "Overture/PluginInUse",
            "Plugin " + plugin.id + " is needed by plugin " + other.id + ", which is " + other.stable.lowerName()
                + "; unregister " + other.id + " first"))));
      }
    }
    plugin.state = PluginState.UNREGISTERING;
    runQuietly(plugin, "unregistering", GameFeatureAction::onUnregistering);
    assets.removeContentRoot(plugin.id.name());
    if (plugin.extensionAdded) {
      assets.removeExtension(plugin.id.name());
      plugin.extensionAdded = false;
    }
    plugin.extensions = List.of();
    plugin.registered = AssetExtension.empty();
    plugin.descriptor = plugin.manifest;
    ClassLoader loader = plugin.loader;
    plugin.loader = null;
    closeLoader(plugin, loader);
    if (loader instanceof PluginClassLoader own) {
      PluginThreads.warnOfStrays(plugin.id, "was unregistered", own, strayThreadGrace);
    }
    settle(plugin, PluginState.INSTALLED);
    return CompletableFuture.completedFuture(null);
  }

  /** The installed jar plugins other than {@code plugin}: where a class its code needs but cannot see may be. */
  private List<PluginClassLoader.Elsewhere> otherJars(Plugin plugin) {
    List<PluginClassLoader.Elsewhere> others = new ArrayList<>();
    for (Plugin other : catalog.all()) {
      if (other != plugin && other.origin instanceof PluginOrigin.Jar jar) {
        others.add(new PluginClassLoader.Elsewhere(other.id, jar.read(), jar.location(),
            catalog.dependenciesOf(other.id).contains(plugin.id)));
      }
    }
    return others;
  }

  /** Runs {@code step} ({@code "unloading"}: its name in the log) on each of the plugin's actions; what one throws is logged. */
  private void runQuietly(Plugin plugin, String name, Consumer<GameFeatureAction> step) {
    Thread thread = Thread.currentThread();
    ClassLoader context = thread.getContextClassLoader();
    for (GameFeatureAction action : plugin.descriptor.actions()) {
      try {
        step.accept(action);
      } catch (Exception | Error e) {
        // Said in a line; the stack trace only at debug, as the command line prints one only with --debug.
        Failures.logInALine(log, e, "An action of plugin {} failed while {}", plugin.id, name);
      } finally {
        thread.setContextClassLoader(context); // as after an entry point (PluginEntryPoints)
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
            : new PluginException(plugin.id, what, List.of(Problem.error("Overture/PluginFailed",
                "Plugin " + plugin.id + " failed: " + Failures.describeWhere(error))), error);
    plugin.state = PluginState.ERROR;
    plugin.failure = failure;
    releaseHeld(plugin);
    log.debug("{}", failure.getMessage());
    return failure;
  }

  private PluginException actionFailure(Plugin plugin, String what, Throwable e) {
    return new PluginException(plugin.id, what, List.of(
        Problem.error("Overture/ActionFailed", "An action of plugin " + plugin.id + " failed to " + what + ": " + Failures.describeWhere(e))
            .at(catalog.locateInDescriptor(plugin, "/actions"))), e);
  }
}
