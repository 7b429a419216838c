package dev.overture.feature;

import dev.overture.asset.AssetIndexException;
import dev.overture.asset.AssetLoadException;
import dev.overture.asset.AssetManager;
import dev.overture.asset.AssetPath;
import dev.overture.asset.AssetSource;
import dev.overture.asset.BoundFile;
import dev.overture.asset.ContentRoot;
import dev.overture.asset.JsonLocations;
import dev.overture.asset.ScanRule;
import dev.overture.core.Choices;
import dev.overture.core.Problem;
import dev.overture.core.SourceLocation;
import dev.overture.world.ActorComponent;
import dev.overture.world.World;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The feature plugins of a process and their states, like Unreal's {@code UGameFeaturesSubsystem}
 * with Lyra's request counting built in.
 *
 * <p><b>Discovery.</b> Every {@code plugins/<Name>/plugin.json} of the game's content root is a
 * plugin; its folder is its content root. A plugin whose descriptor cannot be read stays in {@link
 * PluginState#ERROR} with the descriptor's problems; the others are unaffected.
 *
 * <p><b>States.</b> {@link #loadAndActivate} drives a plugin through {@code Installed -> Registered
 * -> Loaded -> Active}, its dependencies first (each must be installed and of an accepted version;
 * a cycle is an error naming the chain). Registering checks the kinds the plugin says it contributes
 * and adds its folder to the asset index. A failed transition leaves the plugin in {@code Error} with
 * the cause ({@link #failure}); asking again retries.
 *
 * <p><b>Requests.</b> Each {@link #loadAndActivate} counts a request and each {@link #deactivate}
 * releases one: a plugin two worlds asked for stays active until both have released it. A plugin
 * also stays active while an active plugin depends on it; dependencies deactivate after their
 * dependents, so deactivation runs in reverse order of activation.
 *
 * <p><b>Worlds.</b> A plugin's own actions apply to every {@link #attachWorld attached} world while
 * it is active, including worlds attached later; each world runs them on its game thread.
 *
 * <p><b>Threading.</b> Any thread may call any method. State changes run one at a time on a serial
 * executor over the executor given to the builder (by default one daemon thread this object owns
 * and stops on close), never on a caller's game thread; the returned futures complete there, so
 * game code continues on its own executor ({@code future.thenRunAsync(..., world.executor())}).
 */
public final class GameFeatures implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(GameFeatures.class);

  private final AssetManager assets;
  private final Executor serial;
  private final ExecutorService owned;
  private final Map<String, Plugin> byUrl = new LinkedHashMap<>();
  private final Map<String, Plugin> byName = new LinkedHashMap<>();
  private final List<World> worlds = new ArrayList<>(); // serial only
  private final CompletableFuture<Void> ready;
  private long activations;
  private volatile boolean closed;
  /** Requests accepted and not yet complete; {@link #whenIdle} waits for zero. */
  private final java.util.concurrent.atomic.AtomicInteger inFlight = new java.util.concurrent.atomic.AtomicInteger();
  private final List<CompletableFuture<Void>> idleWaiters = new ArrayList<>(); // guarded by itself

  /** One plugin. Every field but {@link #state} is touched only on the serial executor. */
  private static final class Plugin {
    final String name;
    final String url;
    final String descriptorFile;
    final AssetSource source;
    final PluginDescriptor descriptor;
    final PluginException invalid;
    volatile PluginState state = PluginState.INSTALLED;
    volatile PluginException failure;
    PluginState stable = PluginState.INSTALLED;
    int requests;
    int dependents;
    long activationOrder;
    final List<Plugin> held = new ArrayList<>();
    CompletableFuture<Void> toActive;
    CompletableFuture<Void> toInactive;
    /** Added and removed on the plugins' thread; each application's fields on its world's thread. */
    final Map<World, WorldApplication> inWorlds = new ConcurrentHashMap<>();

    Plugin(String name, String url, String descriptorFile, AssetSource source, PluginDescriptor descriptor, PluginException invalid) {
      this.name = name;
      this.url = url;
      this.descriptorFile = descriptorFile;
      this.source = source;
      this.descriptor = descriptor;
      this.invalid = invalid;
    }

    List<String> actionLabels() {
      List<String> labels = new ArrayList<>();
      for (int i = 0; i < descriptor.actions().size(); i++) {
        labels.add("plugin " + name + " actions[" + i + "] " + descriptor.actions().get(i).getClass().getSimpleName());
      }
      return labels;
    }
  }

  /**
   * A plugin's actions in one world. Created on the plugins' thread before its work is queued on
   * the world's thread, so a deactivation always finds it, and queues its undo behind the apply.
   */
  private static final class WorldApplication {
    volatile boolean cancelled;
    FeatureActivation activation; // world thread only
    final CompletableFuture<Void> applied = new CompletableFuture<>();
  }

  private GameFeatures(Builder builder) {
    this.assets = builder.assets;
    if (builder.executor != null) {
      this.owned = null;
      this.serial = new SerialExecutor(builder.executor);
    } else {
      this.owned =
          Executors.newSingleThreadExecutor(task -> {
            Thread thread = new Thread(task, "overture-features");
            thread.setDaemon(true);
            return thread;
          });
      this.serial = new SerialExecutor(owned);
    }
    discover(builder.rootName, builder.folder);
    List<CompletableFuture<Void>> initial = new ArrayList<>();
    for (Plugin plugin : byUrl.values()) {
      initial.add(onSerial(() -> reachInitialState(plugin)));
    }
    CompletableFuture<Void> all = CompletableFuture.allOf(initial.toArray(CompletableFuture[]::new));
    this.ready = all.handle((ignored, error) -> {
      List<Problem> problems = new ArrayList<>();
      for (Plugin plugin : byUrl.values()) {
        PluginException failure = plugin.failure;
        if (failure != null) {
          problems.addAll(failure.problems());
        }
      }
      if (!problems.isEmpty()) {
        throw new CompletionException(new dev.overture.core.ProblemException("Could not bring up the feature plugins", problems));
      }
      return null;
    });
  }

  /** A builder over {@code assets}, finding plugins in the {@code plugins} folder of the game's root. */
  public static Builder builder(AssetManager assets) {
    return new Builder(assets);
  }

  private void discover(String rootName, AssetPath folder) {
    ContentRoot root =
        assets.contentRoots().stream()
            .filter(r -> r.name().equals(rootName))
            .findFirst()
            .orElseThrow(() -> new IllegalArgumentException("No content root \"" + rootName + "\" to find plugins in"));
    List<String> files;
    try {
      files = root.source().list(folder, true);
    } catch (NoSuchFileException e) {
      return; // no plugins
    } catch (IOException e) {
      throw new java.io.UncheckedIOException("Could not list " + root.source().displayPath(folder), e);
    }
    String prefix = folder.value() + "/";
    files = new ArrayList<>(files);
    Collections.sort(files); // the same order on every file system
    for (String file : files) {
      String relative = file.startsWith(prefix) ? file.substring(prefix.length()) : file;
      String[] parts = relative.split("/");
      if (parts.length != 2 || !parts[1].equals("plugin.json")) {
        continue;
      }
      String folderName = parts[0];
      AssetSource source = AssetSource.within(root.source(), folder.resolve(folderName));
      AssetPath descriptorPath = AssetPath.parse("plugin.json");
      String descriptorFile = source.displayPath(descriptorPath);
      String url = "file:" + descriptorFile;
      PluginDescriptor descriptor = null;
      PluginException invalid = null;
      try {
        BoundFile<PluginDescriptor> bound = assets.tools().bindFile(source, folderName, descriptorPath, PluginDescriptor.class);
        bound.warnings().forEach(warning -> log.warn("{}", warning));
        descriptor = bound.value();
        if (descriptor.name() != null && !descriptor.name().equals(folderName)) {
          invalid = new PluginException(folderName, "install", List.of(
              Problem.error("Overture/PluginNameMismatch",
                      "Plugin \"" + descriptor.name() + "\" lives in folder \"" + folderName + "\"; the names must match")
                  .at(SourceLocation.at(descriptorFile, "/name"))));
          descriptor = null;
        }
      } catch (AssetLoadException e) {
        invalid = new PluginException(folderName, "install", e.problems());
      }
      Plugin plugin = new Plugin(folderName, url, descriptorFile, source, descriptor, invalid);
      if (invalid != null) {
        plugin.state = PluginState.ERROR;
        plugin.failure = invalid;
      }
      byUrl.put(url, plugin);
      byName.put(folderName, plugin);
    }
  }

  private CompletableFuture<Void> reachInitialState(Plugin plugin) {
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

  /**
   * Completes when every plugin has reached its initial state; fails with a {@code ProblemException}
   * listing the problems of the plugins that could not.
   */
  public CompletableFuture<Void> ready() {
    return ready;
  }

  /** The URL of the plugin called {@code name}, as Lyra resolves experience plugin names. */
  public Optional<String> pluginUrlByName(String name) {
    Plugin plugin = byName.get(name);
    return plugin == null ? Optional.empty() : Optional.of(plugin.url);
  }

  /** The names of the installed plugins, in discovery order. */
  public List<String> pluginNames() {
    return List.copyOf(byName.keySet());
  }

  /**
   * {@code pointer} in the plugin's descriptor file ({@code plugin.json}), with its line and column
   * when found: for problems about the descriptor.
   */
  public SourceLocation locateInDescriptor(String url, String pointer) {
    Plugin plugin = byUrl.get(url);
    if (plugin == null) {
      throw new IllegalArgumentException("No plugin " + url);
    }
    try {
      byte[] bytes = plugin.source.read(AssetPath.parse("plugin.json"), Integer.MAX_VALUE);
      return JsonLocations.locate(bytes, plugin.descriptorFile, pointer);
    } catch (java.io.IOException | RuntimeException e) {
      return SourceLocation.at(plugin.descriptorFile, pointer);
    }
  }

  /**
   * The plugin that says it contributes {@code kind} (an action kind or a component class name, as
   * content names it), if one does: content may use it only where that plugin is enabled. Any
   * thread.
   */
  public Optional<String> contributorOf(String kind) {
    for (Plugin plugin : byName.values()) {
      PluginDescriptor descriptor = plugin.descriptor;
      if (descriptor != null
          && (descriptor.contributes().actions().contains(kind) || descriptor.contributes().components().contains(kind))) {
        return Optional.of(plugin.name);
      }
    }
    return Optional.empty();
  }

  /** The plugin's descriptor, if it could be read. */
  public Optional<PluginDescriptor> descriptor(String url) {
    return Optional.ofNullable(plugin(url).descriptor);
  }

  /** The plugin's state now. */
  public PluginState state(String url) {
    return plugin(url).state;
  }

  /** Why the plugin is in {@link PluginState#ERROR}, if it is. */
  public Optional<PluginException> failure(String url) {
    Plugin plugin = plugin(url);
    return plugin.state == PluginState.ERROR ? Optional.ofNullable(plugin.failure) : Optional.empty();
  }

  /** How many requests hold the plugin (not counting dependents). Diagnostics; may be stale. */
  public int requestCount(String url) {
    return plugin(url).requests;
  }

  private Plugin plugin(String url) {
    Plugin plugin = byUrl.get(Objects.requireNonNull(url, "url"));
    if (plugin == null) {
      throw new IllegalArgumentException(
          "No plugin at \"" + url + "\" (plugins: " + Choices.quoted(Choices.closest(url, byUrl.keySet())) + ")");
    }
    return plugin;
  }

  /**
   * Counts a request for the plugin and brings it to {@link PluginState#ACTIVE}, dependencies
   * first. The future fails with {@link PluginException} if it cannot; the request still counts,
   * so release it with {@link #deactivate}.
   */
  public CompletableFuture<Void> loadAndActivate(String url) {
    Plugin plugin = plugin(url);
    return onSerial(() -> {
      plugin.requests++;
      return toActive(plugin, List.of());
    });
  }

  /**
   * Releases a request; when none is left and no active plugin depends on it, the plugin
   * deactivates (its actions' pauses awaited), then so do the dependencies it held.
   */
  public CompletableFuture<Void> deactivate(String url) {
    Plugin plugin = plugin(url);
    return onSerial(() -> {
      if (plugin.requests == 0) {
        log.warn("deactivate({}) without a request to release", plugin.name);
        return CompletableFuture.completedFuture(null);
      }
      plugin.requests--;
      return releaseIfUnused(plugin);
    });
  }

  /** Brings an unrequested plugin back to {@link PluginState#REGISTERED}. */
  public CompletableFuture<Void> unload(String url) {
    Plugin plugin = plugin(url);
    return onSerial(() -> {
      if (plugin.requests + plugin.dependents > 0) {
        return CompletableFuture.failedFuture(new PluginException(plugin.name, "unload", List.of(Problem.error(
            "Overture/PluginInUse",
            "Plugin " + plugin.name + " is still requested (" + plugin.requests + " requests, " + plugin.dependents
                + " active dependents)"))));
      }
      return toInactive(plugin).thenComposeAsync(v -> unloadNow(plugin), serial);
    });
  }

  /** Brings an unrequested plugin back to {@link PluginState#INSTALLED}: its content leaves the index. */
  public CompletableFuture<Void> unregister(String url) {
    Plugin plugin = plugin(url);
    return unload(url).thenCompose(v -> onSerial(() -> unregisterNow(plugin)));
  }

  // ---------------------------------------------------------------- transitions (serial only)

  private CompletableFuture<Void> toActive(Plugin plugin, List<String> chain) {
    if (plugin.invalid != null) {
      return CompletableFuture.failedFuture(plugin.invalid);
    }
    if (chain.contains(plugin.name)) {
      List<String> cycle = new ArrayList<>(chain.subList(chain.indexOf(plugin.name), chain.size()));
      cycle.add(plugin.name);
      return CompletableFuture.failedFuture(new PluginException(plugin.name, "activate", List.of(
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
    List<String> path = new ArrayList<>(chain);
    path.add(plugin.name);
    List<CompletableFuture<Void>> dependencies = new ArrayList<>();
    List<PluginDescriptor.Dependency> declared = plugin.descriptor.dependencies();
    for (int i = 0; i < declared.size(); i++) {
      PluginDescriptor.Dependency dependency = declared.get(i);
      Plugin other = byName.get(dependency.name());
      String pointer = "/dependencies/" + i;
      if (other == null) {
        return fail(plugin, "activate", Problem.error(
                "Overture/MissingDependency",
                "Plugin " + plugin.name + " depends on \"" + dependency.name() + "\", which is not installed")
            .withChoices("installed", Choices.closest(dependency.name(), byName.keySet()))
            .at(SourceLocation.at(plugin.descriptorFile, pointer + "/name")));
      }
      if (other.descriptor != null && !dependency.versions().accepts(other.descriptor.version())) {
        return fail(plugin, "activate", Problem.error(
                "Overture/DependencyVersion",
                "Plugin " + plugin.name + " needs " + other.name + " " + dependency.versions() + ", but "
                    + other.name + " is " + other.descriptor.version())
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
            throw new CompletionException(recordFailure(plugin, "activate", unwrap(error)));
          }
          return null;
        }, serial);
    return plugin.toActive;
  }

  private CompletableFuture<Void> register(Plugin plugin) {
    if (plugin.stable != PluginState.INSTALLED) {
      return CompletableFuture.completedFuture(null);
    }
    plugin.state = PluginState.REGISTERING;
    List<Problem> problems = new ArrayList<>();
    PluginDescriptor.Contributions contributes = plugin.descriptor.contributes();
    for (int i = 0; i < contributes.components().size(); i++) {
      String component = contributes.components().get(i);
      if (assets.tools().kind(ActorComponent.class, component).isEmpty()) {
        problems.add(Problem.error(
                "Overture/UnregisteredContribution",
                "Plugin " + plugin.name + " contributes the component \"" + component + "\", which no code registered")
            .withChoices("registered components", Choices.closest(component, assets.tools().kinds(ActorComponent.class)))
            .at(SourceLocation.at(plugin.descriptorFile, "/contributes/components/" + i)));
      }
    }
    for (int i = 0; i < contributes.actions().size(); i++) {
      String action = contributes.actions().get(i);
      if (assets.tools().kind(GameFeatureAction.class, action).isEmpty()) {
        problems.add(Problem.error(
                "Overture/UnregisteredContribution",
                "Plugin " + plugin.name + " contributes the action \"" + action + "\", which no code registered")
            .withChoices("registered actions", Choices.closest(action, assets.tools().kinds(GameFeatureAction.class)))
            .at(SourceLocation.at(plugin.descriptorFile, "/contributes/actions/" + i)));
      }
    }
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
      return CompletableFuture.failedFuture(new PluginException(plugin.name, "register", problems));
    }
    try {
      assets.addContentRoot(new ContentRoot(plugin.name, plugin.source, rules));
    } catch (AssetIndexException e) {
      return CompletableFuture.failedFuture(new PluginException(plugin.name, "register", e.problems()));
    }
    try {
      plugin.descriptor.actions().forEach(GameFeatureAction::onRegistering);
    } catch (RuntimeException e) {
      assets.removeContentRoot(plugin.name);
      return CompletableFuture.failedFuture(actionFailure(plugin, "register", e));
    }
    settle(plugin, PluginState.REGISTERED);
    return CompletableFuture.completedFuture(null);
  }

  private CompletableFuture<Void> load(Plugin plugin) {
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
    for (World world : worlds) {
      applyToWorld(plugin, world);
    }
    settle(plugin, PluginState.ACTIVE);
    log.debug("Plugin {} is active (activation {})", plugin.name, activations);
    return CompletableFuture.completedFuture(null);
  }

  private CompletableFuture<Void> releaseIfUnused(Plugin plugin) {
    if (plugin.requests + plugin.dependents > 0) {
      return CompletableFuture.completedFuture(null);
    }
    return toInactive(plugin);
  }

  private CompletableFuture<Void> toInactive(Plugin plugin) {
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
    List<CompletableFuture<Void>> pauses = new ArrayList<>();
    for (Map.Entry<World, WorldApplication> entry : plugin.inWorlds.entrySet()) {
      pauses.add(deactivateInWorld(entry.getKey(), entry.getValue()));
    }
    plugin.toInactive =
        CompletableFuture.allOf(pauses.toArray(CompletableFuture[]::new))
            .handleAsync((v, e) -> {
              plugin.inWorlds.clear();
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

  private CompletableFuture<Void> unloadNow(Plugin plugin) {
    if (plugin.stable != PluginState.LOADED) {
      return CompletableFuture.completedFuture(null);
    }
    plugin.state = PluginState.UNLOADING;
    runQuietly(plugin, GameFeatureAction::onUnloading);
    settle(plugin, PluginState.REGISTERED);
    return CompletableFuture.completedFuture(null);
  }

  private CompletableFuture<Void> unregisterNow(Plugin plugin) {
    if (plugin.stable != PluginState.REGISTERED) {
      return CompletableFuture.completedFuture(null);
    }
    plugin.state = PluginState.UNREGISTERING;
    runQuietly(plugin, GameFeatureAction::onUnregistering);
    assets.removeContentRoot(plugin.name);
    settle(plugin, PluginState.INSTALLED);
    return CompletableFuture.completedFuture(null);
  }

  private void runQuietly(Plugin plugin, java.util.function.Consumer<GameFeatureAction> step) {
    for (GameFeatureAction action : plugin.descriptor.actions()) {
      try {
        step.accept(action);
      } catch (RuntimeException e) {
        log.error("An action of plugin {} failed", plugin.name, e);
      }
    }
  }

  private static void settle(Plugin plugin, PluginState state) {
    plugin.stable = state;
    plugin.state = state;
    plugin.failure = null;
  }

  private CompletableFuture<Void> fail(Plugin plugin, String what, Problem problem) {
    return CompletableFuture.failedFuture(recordFailure(plugin, what, new PluginException(plugin.name, what, List.of(problem))));
  }

  private PluginException recordFailure(Plugin plugin, String what, Throwable error) {
    PluginException failure =
        error instanceof PluginException known
            ? known
            : new PluginException(plugin.name, what, List.of(Problem.error("Overture/PluginFailed", String.valueOf(error))));
    plugin.state = PluginState.ERROR;
    plugin.failure = failure;
    releaseHeld(plugin);
    log.debug("{}", failure.getMessage());
    return failure;
  }

  private static PluginException actionFailure(Plugin plugin, String what, RuntimeException e) {
    return new PluginException(plugin.name, what, List.of(
        Problem.error("Overture/ActionFailed", "An action of plugin " + plugin.name + " threw: " + e)
            .at(SourceLocation.at(plugin.descriptorFile, "/actions"))));
  }

  private static PluginException worldFailure(Plugin plugin, World world, FeatureActivationException e) {
    List<String> labels = plugin.actionLabels();
    int index = labels.indexOf(e.action());
    return new PluginException(plugin.name, "apply in world " + world.name() + " the actions of", List.of(
        Problem.error("Overture/ActionFailed", e.getMessage())
            .at(SourceLocation.at(plugin.descriptorFile, index < 0 ? "/actions" : "/actions/" + index))));
  }

  private static Throwable unwrap(Throwable error) {
    return error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
  }

  private <T> CompletableFuture<T> onSerial(Supplier<CompletableFuture<T>> step) {
    CompletableFuture<T> result = new CompletableFuture<>();
    if (closed) {
      result.completeExceptionally(new IllegalStateException("GameFeatures is closed"));
      return result;
    }
    synchronized (idleWaiters) {
      inFlight.incrementAndGet();
    }
    result.whenComplete((value, error) -> {
      List<CompletableFuture<Void>> idle;
      synchronized (idleWaiters) {
        if (inFlight.decrementAndGet() != 0) {
          return;
        }
        idle = List.copyOf(idleWaiters);
        idleWaiters.clear();
      }
      idle.forEach(waiter -> waiter.complete(null));
    });
    try {
      serial.execute(() -> {
        CompletableFuture<T> inner;
        try {
          inner = step.get();
        } catch (RuntimeException e) {
          result.completeExceptionally(e);
          return;
        }
        inner.whenComplete((value, error) -> {
          if (error != null) {
            result.completeExceptionally(unwrap(error));
          } else {
            result.complete(value);
          }
        });
      });
    } catch (RejectedExecutionException e) {
      result.completeExceptionally(new IllegalStateException("GameFeatures is closed", e));
    }
    return result;
  }

  /**
   * Completes once no request is in flight: every activation, deactivation and world change asked
   * for so far (a closed world's releases included) has finished. A host waits for it before it
   * reports plugin states or shuts down. Completes on the thread that finishes the last request (or
   * at once when idle); fails when this object is closed first. Any thread.
   */
  public CompletableFuture<Void> whenIdle() {
    synchronized (idleWaiters) {
      if (inFlight.get() == 0) {
        return CompletableFuture.completedFuture(null);
      }
      if (closed) {
        return CompletableFuture.failedFuture(new IllegalStateException("GameFeatures is closed"));
      }
      CompletableFuture<Void> idle = new CompletableFuture<>();
      idleWaiters.add(idle);
      return idle;
    }
  }

  private void completeIdleWaiters(Throwable failure) {
    List<CompletableFuture<Void>> waiting;
    synchronized (idleWaiters) {
      waiting = List.copyOf(idleWaiters);
      idleWaiters.clear();
    }
    for (CompletableFuture<Void> idle : waiting) {
      if (failure == null) {
        idle.complete(null);
      } else {
        idle.completeExceptionally(failure);
      }
    }
  }

  // ---------------------------------------------------------------- worlds

  /**
   * Applies the actions of every active plugin to {@code world} (and of plugins activated later),
   * until the world closes or is detached. Any thread.
   */
  public CompletableFuture<Void> attachWorld(World world) {
    Objects.requireNonNull(world, "world");
    return onSerial(() -> {
      if (!worlds.contains(world)) {
        worlds.add(world);
        runOnWorld(world, () -> world.onClose(() -> closeWorld(world)));
        List<Plugin> active = new ArrayList<>();
        for (Plugin plugin : byUrl.values()) {
          if (plugin.stable == PluginState.ACTIVE) {
            active.add(plugin);
          }
        }
        active.sort((a, b) -> Long.compare(a.activationOrder, b.activationOrder));
        for (Plugin plugin : active) {
          applyToWorld(plugin, world);
        }
      }
      return CompletableFuture.completedFuture(null);
    });
  }

  /** Stops applying plugin actions to {@code world}, undoing them without waiting for pauses. */
  public CompletableFuture<Void> detachWorld(World world) {
    return onSerial(() -> {
      worlds.remove(world);
      for (Plugin plugin : byUrl.values()) {
        WorldApplication application = plugin.inWorlds.remove(world);
        if (application != null) {
          application.cancelled = true;
          runOnWorld(world, () -> {
            if (application.activation != null) {
              application.activation.deactivateNow();
            }
          });
        }
      }
      return CompletableFuture.completedFuture(null);
    });
  }

  /**
   * Completes once the actions of the plugin at {@code url} apply in {@code world} (at once if it
   * has none, or is not active there); fails with {@link PluginException} if they threw there. The
   * experience manager waits for this in its world before running the experience's actions.
   */
  public CompletableFuture<Void> appliedIn(String url, World world) {
    Plugin plugin = plugin(url);
    return onSerial(() -> {
      WorldApplication application = plugin.inWorlds.get(world);
      return application == null ? CompletableFuture.completedFuture(null) : application.applied.copy();
    });
  }

  private void applyToWorld(Plugin plugin, World world) {
    if (plugin.descriptor.actions().isEmpty()) {
      return;
    }
    WorldApplication application = new WorldApplication();
    plugin.inWorlds.put(world, application);
    boolean queued = runOnWorld(world, () -> {
      if (application.cancelled || world.isClosed()) {
        application.applied.complete(null);
        return;
      }
      try {
        application.activation =
            FeatureActivation.activateInWorld(plugin.descriptor.actions(), plugin.actionLabels(), world, assets);
        application.applied.complete(null);
      } catch (FeatureActivationException e) {
        PluginException failure = worldFailure(plugin, world, e);
        log.error("{}", failure.getMessage());
        application.applied.completeExceptionally(failure);
      }
    });
    if (!queued) {
      application.applied.complete(null);
    }
  }

  /** A world is closing (its game thread): undo the plugins' actions there, newest first. */
  private void closeWorld(World world) {
    List<Plugin> applied = new ArrayList<>();
    for (Plugin plugin : byUrl.values()) {
      if (plugin.inWorlds.containsKey(world)) {
        applied.add(plugin);
      }
    }
    applied.sort((a, b) -> Long.compare(b.activationOrder, a.activationOrder));
    for (Plugin plugin : applied) {
      WorldApplication application = plugin.inWorlds.get(world);
      if (application != null) {
        application.cancelled = true;
        if (application.activation != null) {
          application.activation.deactivateNow();
          application.activation = null;
        }
      }
    }
    detachWorld(world);
  }

  private CompletableFuture<Void> deactivateInWorld(World world, WorldApplication application) {
    CompletableFuture<Void> done = new CompletableFuture<>();
    boolean queued = runOnWorld(world, () -> {
      application.cancelled = true;
      FeatureActivation activation = application.activation;
      application.activation = null;
      if (activation == null) {
        done.complete(null);
      } else {
        activation.deactivate().whenComplete((v, e) -> done.complete(null));
      }
    });
    if (!queued) {
      done.complete(null);
    }
    return done;
  }

  private static boolean runOnWorld(World world, Runnable task) {
    try {
      world.executor().execute(task);
      return true;
    } catch (RejectedExecutionException e) {
      return false; // the world is closed: nothing of it is left to undo
    }
  }

  /**
   * Refuses further requests (their futures fail at once), fails the {@link #whenIdle} futures and
   * stops the executor this object started, if any. Plugins are left as they are.
   */
  @Override
  public void close() {
    closed = true;
    completeIdleWaiters(new IllegalStateException("GameFeatures is closed"));
    if (owned != null) {
      owned.shutdownNow();
      try {
        owned.awaitTermination(5, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  @Override
  public String toString() {
    StringBuilder out = new StringBuilder("GameFeatures[");
    byName.values().forEach(p -> out.append(p.name).append('=').append(p.state).append(' '));
    return out.toString().trim() + "]";
  }

  /** Configures {@link GameFeatures}. Not thread-safe. */
  public static final class Builder {
    private final AssetManager assets;
    private String rootName = ContentRoot.GAME;
    private AssetPath folder = AssetPath.parse("plugins");
    private Executor executor;

    private Builder(AssetManager assets) {
      this.assets = Objects.requireNonNull(assets, "assets");
    }

    /** Where plugins live: the folder {@code folder} of content root {@code root} ({@code Game}, {@code plugins}). */
    public Builder pluginsFolder(String root, String pluginFolder) {
      this.rootName = Objects.requireNonNull(root, "root");
      this.folder = AssetPath.parse(pluginFolder);
      return this;
    }

    /** The executor state changes run on (one at a time); by default a daemon thread owned by the result. */
    public Builder executor(Executor newExecutor) {
      if (executor != null) {
        throw new IllegalStateException("the executor was already set");
      }
      executor = Objects.requireNonNull(newExecutor, "executor");
      return this;
    }

    /** Discovers the plugins and starts bringing each to its initial state ({@link GameFeatures#ready()}). */
    public GameFeatures build() {
      return new GameFeatures(this);
    }
  }
}
