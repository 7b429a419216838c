package dev.overture.feature;

import dev.overture.asset.AssetManager;
import dev.overture.asset.AssetPath;
import dev.overture.asset.ContentRoot;
import dev.overture.core.Problem;
import dev.overture.core.ProblemException;
import dev.overture.core.SourceLocation;
import dev.overture.world.World;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;

/**
 * The feature plugins of a process and their states, like Unreal's {@code UGameFeaturesSubsystem}
 * with Lyra's request counting built in. Plugins are named by {@link PluginId}.
 *
 * <p><b>Discovery.</b> Every {@code plugins/<Name>/plugin.json} of the game's content root is a
 * plugin, its folder its content root and its code (if it has any) on the host's class path; so is
 * every jar of the {@linkplain Builder#pluginJars plugins folder} with a {@code plugin.json} at its
 * top, its code loaded by a class loader of its own (see docs/plugins.md for the rules). A plugin
 * whose descriptor cannot be read, or whose dependencies cannot be met (missing, of a version the
 * range refuses, in a cycle), stays in {@link PluginState#ERROR} with located problems from the
 * start; the others are unaffected.
 *
 * <p><b>States.</b> {@link #loadAndActivate} drives a plugin through {@code Installed -> Registered
 * -> Loaded -> Active}, its dependencies first. Registering runs the plugin's {@link OverturePlugin
 * entry point} (its kinds, versions and {@linkplain #extensions extensions} join the runtime),
 * checks the kinds the plugin says it contributes and adds its content to the asset index;
 * unregistering removes all of it and releases a jar plugin's class loader. A failed transition
 * leaves the plugin in {@code Error} with the cause ({@link #failure}) and nothing of the attempt
 * behind; {@link #ready()} and every later request for the plugin fail with its problems (asking
 * again retries the transition, which fails the same way until the cause is fixed).
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
 * What discovery found (the plugins, their descriptors, {@link #resolve}) never changes and is read
 * without waiting.
 *
 * <p>Inside, the parts are: the catalog of discovered plugins, the state transitions, the request
 * counts, the per-world application of plugin actions, and the serial queue they all run on.
 */
public final class GameFeatures implements AutoCloseable {

  private final PluginCatalog catalog;
  private final FeatureQueue queue;
  private final WorldApplications worlds;
  private final PluginTransitions transitions;
  private final PluginRequests requests;
  private final CompletableFuture<Void> ready;
  /** Each plugin's way to its initial state, in discovery order: {@link #notReady} reads it. */
  private final java.util.Map<PluginId, CompletableFuture<Void>> initialStates;
  private volatile java.util.Set<PluginId> installedAtStart = java.util.Set.of();

  private GameFeatures(Builder builder) {
    // Discovery first: if it throws, no thread has been started yet.
    catalog = PluginCatalog.discover(builder.assets, builder.rootName, builder.folder, builder.jars,
        builder.maxJarBytes >= 0 ? builder.maxJarBytes : Builder.DEFAULT_MAX_PLUGIN_JAR_BYTES);
    queue = new FeatureQueue(builder.executor);
    worlds = new WorldApplications(builder.assets, queue, catalog::extensions, catalog::locateInDescriptor);
    ClassLoader host = builder.classLoader != null ? builder.classLoader : GameFeatures.class.getClassLoader();
    transitions = new PluginTransitions(builder.assets, catalog, worlds, queue.serial(), host, builder.rootName,
        builder.strayThreadGrace);
    requests = new PluginRequests(queue, transitions);
    java.util.Map<PluginId, CompletableFuture<Void>> initial = new java.util.LinkedHashMap<>();
    for (Plugin plugin : catalog.all()) {
      initial.put(plugin.id, queue.submit("bringing plugin " + plugin.id + " to its initial state",
          () -> transitions.reachInitialState(plugin)));
    }
    initialStates = java.util.Collections.unmodifiableMap(initial);
    ready = CompletableFuture.allOf(initial.values().toArray(CompletableFuture[]::new)).handle((ignored, error) -> {
      java.util.Set<PluginId> installed = new java.util.LinkedHashSet<>();
      for (Plugin plugin : catalog.all()) {
        if (plugin.state == PluginState.INSTALLED) {
          installed.add(plugin.id);
        }
      }
      installedAtStart = java.util.Collections.unmodifiableSet(installed);
      // A fault shared by several plugins (a dependency cycle) is one problem, listed once.
      java.util.Set<Problem> problems = new java.util.LinkedHashSet<>(catalog.unusable());
      for (Plugin plugin : catalog.all()) {
        PluginException failure = plugin.failure;
        if (failure != null) {
          problems.addAll(failure.problems());
        }
      }
      if (!problems.isEmpty()) {
        throw new CompletionException(new ProblemException("Could not bring up the feature plugins", List.copyOf(problems)));
      }
      return null;
    });
  }

  /** A builder over {@code assets}, finding plugins in the {@code plugins} folder of the game's root. */
  public static Builder builder(AssetManager assets) {
    return new Builder(assets);
  }

  /**
   * Completes when every plugin has reached its initial state; fails with a {@code ProblemException}
   * listing the problems of the plugins that could not.
   */
  public CompletableFuture<Void> ready() {
    return ready;
  }

  /**
   * The plugins that have not reached their initial state yet, in discovery order; empty once
   * {@link #ready()} has completed. State changes run one at a time, so while {@code ready()} waits
   * the plugin among them in a transition ({@link #state}: {@code Registering} means its entry
   * point's {@code register} has not returned) is the one whose code runs, and the others wait
   * behind it. An entry point that never returns keeps {@code ready()} from ever completing:
   * Overture sets no deadline on plugin code, so a host waits with its own ({@code
   * ready().get(timeout, unit)}), names the plugins from here, and then may {@link
   * #abandonRunningChange} before it closes. Any thread; a snapshot.
   */
  public List<PluginId> notReady() {
    List<PluginId> waiting = new ArrayList<>();
    initialStates.forEach((id, reached) -> {
      if (!reached.isDone()) {
        waiting.add(id);
      }
    });
    return List.copyOf(waiting);
  }

  /**
   * Says that the host gave up waiting for the state change running now, whose plugin code does
   * not return (an entry point's {@code register} waiting for what never comes; see {@link
   * #notReady}): {@link #close()} then neither waits for it nor for the changes queued behind it
   * (which could only run after it), nor does {@code Overture}'s close wait for plugin releases,
   * and none of those waits is logged at warn: the host has said why. The change itself is not
   * stopped (Java cannot stop a thread): on Overture's own executor it keeps its daemon thread,
   * which does not keep the process alive; on a host's executor, it keeps that thread. Harmless
   * when nothing runs. Any thread.
   */
  public void abandonRunningChange() {
    queue.abandonRunning();
  }

  /** Whether {@link #abandonRunningChange} was called: closing then waits for no plugin code. */
  public boolean runningChangeAbandoned() {
    return queue.runningAbandoned();
  }

  /** The installed plugins, in discovery order: plugin folders by name, then jars by file name. */
  public List<PluginId> plugins() {
    return catalog.ids();
  }

  /**
   * Problems of discovery that belong to no plugin: errors for a folder whose name is no plugin
   * name and a second plugin of a name already taken, which {@link #ready()} fails with too; then
   * {@code Overture/NotAPlugin} warnings for what looks like a plugin but is none by the rules, so
   * is not loaded (a folder without {@code plugin.json} at its top, a {@code .JAR}, a {@code .zip} or
   * an unpacked plugin in the plugins folder of jars), each naming it and what a plugin needs.
   */
  public List<Problem> discoveryProblems() {
    List<Problem> problems = new ArrayList<>(catalog.unusable());
    problems.addAll(catalog.nearMisses());
    return List.copyOf(problems);
  }

  /** Where the plugin is, as messages show it: its folder or its jar. */
  public String location(PluginId id) {
    return catalog.get(id).origin.location();
  }

  /** Whether the plugin is a jar of the plugins folder, with a class loader of its own. */
  public boolean isJar(PluginId id) {
    return catalog.get(id).origin.isolated();
  }

  /**
   * The plugins {@code id} depends on, directly or through others: the plugins whose content its
   * own content may name (see docs/plugins.md, "Naming content of other plugins").
   */
  public java.util.Set<PluginId> dependenciesOf(PluginId id) {
    catalog.get(id);
    return java.util.Collections.unmodifiableSet(catalog.dependenciesOf(id));
  }

  /**
   * The extensions registered for {@code point} by the code of every plugin registered now (in
   * discovery order, each plugin's in the order it registered them): the validator's checks, a
   * game's own extension points. A snapshot; call again after plugins change. Any thread.
   */
  public <T> List<T> extensions(Class<T> point) {
    return catalog.extensions(Objects.requireNonNull(point, "point"));
  }

  /**
   * The plugin whose code registered {@code extension} (the very instance) and is registered now,
   * if any: so that what fails in an extension can name its plugin. Any thread.
   */
  public Optional<PluginId> ownerOf(Object extension) {
    return catalog.ownerOf(Objects.requireNonNull(extension, "extension"));
  }

  /**
   * The plugin whose code {@code type} is, if any: a class of a jar plugin's own jar, or a kind a
   * registered plugin's code registered (a plugin folder's code is on the host's class path). So
   * that what fails in a class content names (an action, a component) can name its plugin. Any
   * thread.
   */
  public Optional<PluginId> ownerOfCode(Class<?> type) {
    if (Objects.requireNonNull(type, "type").getClassLoader() instanceof PluginClassLoader loader
        && catalog.find(loader.plugin()).isPresent()) {
      return Optional.of(loader.plugin());
    }
    for (Plugin plugin : catalog.all()) {
      if (plugin.registered.classes().contains(type)) {
        return Optional.of(plugin.id);
      }
    }
    return Optional.empty();
  }

  /** Whether a plugin called {@code id} is installed. */
  public boolean isInstalled(PluginId id) {
    return catalog.find(Objects.requireNonNull(id, "id")).isPresent();
  }

  /**
   * Resolves the plugins {@code names} ask for (an experience's and its action sets' {@code
   * gameFeaturesToEnable}, in order): which are installed, in dependency order; what they enable;
   * which names are unknown; and the check of content against them ({@link PluginSet#misuses}).
   * Nothing is requested.
   */
  public PluginSet resolve(Collection<PluginId> names) {
    return catalog.resolve(List.copyOf(names));
  }

  /**
   * {@code pointer} in the plugin's descriptor file ({@code plugin.json}), with its line and column
   * when found: for problems about the descriptor.
   */
  public SourceLocation locateInDescriptor(PluginId id, String pointer) {
    return catalog.locateInDescriptor(catalog.get(id), pointer);
  }

  /**
   * The plugin {@code kind} belongs to (a name content gives a class: an action kind, a component
   * or actor class, an asset class), if one: the plugin whose code registered it, or for a plugin
   * not registered, whose {@code contributes} lists it. Content may use it only where that plugin
   * is enabled.
   */
  public Optional<PluginId> contributorOf(String kind) {
    return catalog.contributorOf(kind);
  }

  /**
   * The plugin's descriptor, if it could be read; its {@code actions} are bound (and listed) only
   * while the plugin is registered, since they may use kinds its code registers.
   */
  public Optional<PluginDescriptor> descriptor(PluginId id) {
    return Optional.ofNullable(catalog.get(id).descriptor);
  }

  /** Warnings of reading the plugin's descriptor (unknown properties), located: the validator reports them. */
  public List<Problem> descriptorWarnings(PluginId id) {
    return catalog.get(id).warnings;
  }

  /**
   * The plugins still {@link PluginState#INSTALLED} once every plugin had reached its initial
   * state (their descriptors' {@code initialState}, or no dependent registered them): their content
   * is not indexed until something registers them, so a game cannot select an experience in one.
   * Empty until {@link #ready()} completes; what a tool (the validator) registers later does not
   * change it.
   */
  public java.util.Set<PluginId> installedAtStart() {
    return installedAtStart;
  }

  /**
   * The plugin not registered now (installed, or in {@code Error}) whose content holds a file its
   * scan rules would index as {@code id}: where an id that "is not indexed" would come from once the
   * plugin registers. Reads the plugin's folder listing (a jar's entries); for messages about an id
   * that was not found, not for every lookup.
   */
  public Optional<PluginId> unregisteredHolderOf(dev.overture.asset.PrimaryAssetId id) {
    Objects.requireNonNull(id, "id");
    return catalog.unregisteredHolderOf(id);
  }

  /**
   * How the words an unknown kind that may follow from plugins in {@code Error} gets after its own
   * start ({@link #asConsequence}): the kinds their code would register are unknown while they
   * cannot register. A report lists such problems after the others.
   */
  public static final String MAY_FOLLOW = "; this may follow from plugin";

  /**
   * {@code problem}, when it is an unknown kind or class ({@code Overture/UnknownClass}, {@code
   * Overture/UnknownKind}) and plugins are in {@code Error}, saying that it may follow from them,
   * with the id of each one's first problem: the kinds their code registers are unknown while they
   * cannot register, so such a problem is a consequence rather than a cause (a duplicate asset in
   * ShooterCore showed only as "Unknown class "Hero"" errors). Otherwise {@code problem}.
   */
  public Problem asConsequence(Problem problem) {
    if (!unknownKind(problem) || problem.message().contains(MAY_FOLLOW)) {
      return problem;
    }
    List<String> inError = new ArrayList<>();
    for (Plugin plugin : catalog.all()) {
      if (plugin.state == PluginState.ERROR && plugin.failure != null) {
        List<Problem> own = plugin.failure.problems();
        inError.add(plugin.id.name() + (own.isEmpty() ? "" : " (" + own.get(0).id() + ")"));
      }
    }
    if (inError.isEmpty()) {
      return problem;
    }
    boolean one = inError.size() == 1;
    return new Problem(problem.severity(), problem.id(), problem.message() + MAY_FOLLOW + (one ? " " : "s ")
        + (one ? inError.get(0) : String.join(", ", inError.subList(0, inError.size() - 1)) + " and " + inError.get(inError.size() - 1))
        + ", in Error: the kinds " + (one ? "its code registers are unknown until it is" : "their code registers are unknown until they are")
        + " fixed", problem.asset(), problem.location(), problem.choices());
  }

  private static boolean unknownKind(Problem problem) {
    return problem.id().equals("Overture/UnknownClass") || problem.id().equals("Overture/UnknownKind");
  }

  /** The plugin's state now. */
  public PluginState state(PluginId id) {
    return catalog.get(id).state;
  }

  /** Why the plugin is in {@link PluginState#ERROR}, if it is. */
  public Optional<PluginException> failure(PluginId id) {
    Plugin plugin = catalog.get(id);
    return plugin.state == PluginState.ERROR ? Optional.ofNullable(plugin.failure) : Optional.empty();
  }

  /** How many requests hold the plugin (not counting dependents). Diagnostics; may be stale. */
  public int requestCount(PluginId id) {
    return requests.count(catalog.get(id));
  }

  /**
   * Counts a request for the plugin and brings it to {@link PluginState#ACTIVE}, dependencies
   * first. The future fails with {@link PluginException} if it cannot; the request still counts,
   * so release it with {@link #deactivate}.
   *
   * @throws IllegalArgumentException when no such plugin is installed
   */
  public CompletableFuture<Void> loadAndActivate(PluginId id) {
    return requests.request(catalog.get(id));
  }

  /**
   * Releases a request; when none is left and no active plugin depends on it, the plugin
   * deactivates (its actions' pauses awaited), then so do the dependencies it held.
   */
  public CompletableFuture<Void> deactivate(PluginId id) {
    return requests.release(catalog.get(id));
  }

  /**
   * Brings an installed plugin to {@link PluginState#REGISTERED}, its dependencies first: its code
   * registers and its content joins the index, without counting a request (tools, the validator).
   * Fails with {@link PluginException} when it cannot; at once when it already is registered.
   */
  public CompletableFuture<Void> register(PluginId id) {
    return requests.register(catalog.get(id));
  }

  /**
   * Brings an unrequested plugin back to {@link PluginState#REGISTERED}, deactivating it first.
   * Fails with {@link PluginException} ({@code Overture/PluginInUse}) while a request or an active
   * dependent holds it, also one that comes while it is on its way down: it never completes with the
   * plugin active again.
   */
  public CompletableFuture<Void> unload(PluginId id) {
    return requests.unload(catalog.get(id));
  }

  /**
   * Brings an unrequested plugin back to {@link PluginState#INSTALLED}: its content leaves the index
   * and its code is released. Fails as {@link #unload} does while it is in use, and while a plugin
   * registered now depends on it.
   */
  public CompletableFuture<Void> unregister(PluginId id) {
    return requests.unregister(catalog.get(id));
  }

  /**
   * Completes once no request is in flight: every activation, deactivation and world change asked
   * for so far (a closed world's releases included) has finished. A host waits for it before it
   * reports plugin states or shuts down. Completes on the thread that finishes the last request (or
   * at once when idle); fails when this object is closed first.
   */
  public CompletableFuture<Void> whenIdle() {
    return queue.whenIdle();
  }

  /**
   * Applies the actions of every active plugin to {@code world} (and of plugins activated later),
   * until the world closes or is detached.
   */
  public CompletableFuture<Void> attachWorld(World world) {
    Objects.requireNonNull(world, "world");
    return queue.submit(() -> {
      List<Plugin> active = new ArrayList<>();
      for (Plugin plugin : catalog.all()) {
        if (plugin.stable == PluginState.ACTIVE) {
          active.add(plugin);
        }
      }
      active.sort(Comparator.comparingLong(plugin -> plugin.activationOrder));
      worlds.attach(world, active);
      return CompletableFuture.completedFuture(null);
    });
  }

  /** Stops applying plugin actions to {@code world}, undoing them without waiting for pauses. */
  public CompletableFuture<Void> detachWorld(World world) {
    Objects.requireNonNull(world, "world");
    return queue.submit(() -> {
      worlds.detach(world);
      return CompletableFuture.completedFuture(null);
    });
  }

  /**
   * Completes once the actions of plugin {@code id} apply in {@code world} (at once if it has none,
   * or is not active there); fails with {@link PluginException} if they threw there. The experience
   * manager waits for this in its world before running the experience's actions.
   */
  public CompletableFuture<Void> appliedIn(PluginId id, World world) {
    Objects.requireNonNull(world, "world");
    Plugin plugin = catalog.get(Objects.requireNonNull(id, "id"));
    return queue.submit("applying plugin " + id + " in world " + world.name(), () -> worlds.appliedIn(plugin, world));
  }

  /** Whether {@link #close} was called: requests fail at once from then on. */
  public boolean isClosed() {
    return queue.isClosed();
  }

  /**
   * Refuses further requests (their futures fail at once), fails the {@link #whenIdle} futures, drops
   * the state changes not started and waits for the one running, if any (5 s at most, so that no
   * class loader closes under a plugin's running code, on the host's executor too), stops the
   * executor this object started, if any, and removes the runtime's copies of the plugin
   * jars, and closes the class loaders of jar plugins, so that no file of those copies stays open
   * (classes already loaded still work; a class not yet loaded can no longer be). Plugins are
   * otherwise left as they are.
   */
  @Override
  public void close() {
    queue.close();
    catalog.closeLoaders();
    catalog.close();
  }

  @Override
  public String toString() {
    StringBuilder out = new StringBuilder("GameFeatures[");
    catalog.all().forEach(plugin -> out.append(plugin).append(' '));
    return out.toString().trim() + "]";
  }

  /** Configures {@link GameFeatures}. Not thread-safe. */
  public static final class Builder {
    /** The largest plugin jar accepted unless {@link #maxPluginJarBytes} says otherwise: 256 MiB. */
    public static final long DEFAULT_MAX_PLUGIN_JAR_BYTES = 268_435_456L;

    private final AssetManager assets;
    private String rootName = ContentRoot.GAME;
    private AssetPath folder = AssetPath.parse("plugins");
    private java.nio.file.Path jars;
    private long maxJarBytes = -1;
    private ClassLoader classLoader;
    private Executor executor;
    private java.time.Duration strayThreadGrace = PluginThreads.GRACE;

    private Builder(AssetManager assets) {
      this.assets = Objects.requireNonNull(assets, "assets");
    }

    /** Where plugins live: the folder {@code folder} of content root {@code root} ({@code Game}, {@code plugins}). */
    public Builder pluginsFolder(String root, String pluginFolder) {
      this.rootName = Objects.requireNonNull(root, "root");
      this.folder = AssetPath.parse(pluginFolder);
      return this;
    }

    /**
     * The plugins folder: each {@code *.jar} in it with a {@code plugin.json} at its top is a
     * plugin, loaded by a class loader of its own. A folder that does not exist holds no plugins.
     */
    public Builder pluginJars(java.nio.file.Path folder) {
      if (jars != null) {
        throw new IllegalStateException("the plugins folder was already set to " + jars);
      }
      jars = Objects.requireNonNull(folder, "folder");
      return this;
    }

    /**
     * The largest plugin jar accepted, in bytes: 256 MiB ({@value #DEFAULT_MAX_PLUGIN_JAR_BYTES}) by
     * default. The runtime copies each jar when it starts (see docs/plugins.md), so a larger one is
     * refused from its attributes, before a byte is copied: the plugin is in {@code Error} with
     * {@code Overture/LimitExceeded} at the jar.
     */
    public Builder maxPluginJarBytes(long bytes) {
      if (bytes < 0) {
        throw new IllegalArgumentException("maxPluginJarBytes < 0: " + bytes);
      }
      if (maxJarBytes >= 0) {
        throw new IllegalStateException("the largest plugin jar was already set to " + maxJarBytes + " bytes");
      }
      maxJarBytes = bytes;
      return this;
    }

    /**
     * The class loader of plugins on the class path (their entry points) and the parent of jar
     * plugins' loaders: by default the one that loaded Overture.
     */
    public Builder classLoader(ClassLoader loader) {
      if (classLoader != null) {
        throw new IllegalStateException("the class loader was already set");
      }
      classLoader = Objects.requireNonNull(loader, "loader");
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

    /** How long the threads found holding an unregistered plugin are given to end or let go before they are named; for tests. */
    Builder strayThreadGrace(java.time.Duration grace) {
      strayThreadGrace = Objects.requireNonNull(grace, "grace");
      return this;
    }

    /**
     * Discovers the plugins and starts bringing each to its initial state ({@link
     * GameFeatures#ready()}). When discovery fails, nothing is left running.
     *
     * @throws IllegalArgumentException when the plugins' content root is not added
     * @throws java.io.UncheckedIOException when a plugins folder exists but cannot be listed
     */
    public GameFeatures build() {
      return new GameFeatures(this);
    }
  }
}
