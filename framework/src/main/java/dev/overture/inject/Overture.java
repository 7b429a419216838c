package dev.overture.inject;

import dev.overture.asset.AssetManager;
import dev.overture.asset.AssetSource;
import dev.overture.asset.ContentRoot;
import dev.overture.asset.ScanRule;
import dev.overture.core.ProblemException;
import dev.overture.core.Reports;
import dev.overture.core.MissingDependencyException;
import dev.overture.core.Ticker;
import dev.overture.experience.ExperienceSettings;
import dev.overture.experience.Experiences;
import dev.overture.feature.GameFeatures;
import dev.overture.internal.OptionalDependency;
import dev.overture.live.LiveContent;
import dev.overture.object.Dependencies;
import dev.overture.object.ObjectFactory;
import dev.overture.persistence.ClassNames;
import dev.overture.persistence.WorldStore;
import dev.overture.settings.LocalSettings;
import dev.overture.settings.Settings;
import dev.overture.settings.SettingsFolder;
import dev.overture.settings.SettingsKind;
import dev.overture.settings.SharedSettings;
import dev.overture.validation.ActionValidator;
import dev.overture.validation.AssetValidator;
import dev.overture.validation.ProjectValidator;
import dev.overture.validation.Validator;
import dev.overture.version.AssetVersions;
import dev.overture.version.BuildVersion;
import dev.overture.version.CustomVersion;
import dev.overture.version.UpgradeStep;
import dev.overture.world.World;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One Overture runtime, assembled without Guice: the asset manager, the feature plugins, the object
 * factory, the world factory, the custom versions, the validator and, when asked for, the settings
 * and the world store. {@link OvertureModule} assembles the same parts for Guice hosts.
 *
 * <pre>{@code
 * try (Overture overture = Overture.builder()
 *     .contentRoot(AssetSource.directory(Path.of("content")))
 *     .kind(ActorComponent.class, "Score", ScoreComponent.class)
 *     .build()) {
 *   overture.ready().join();
 *   World world = overture.worlds().create("Match");
 *   ...
 * }
 * }</pre>
 *
 * <p><b>Threads.</b> Overture starts no thread the host did not allow. Files are read and bound on
 * the {@linkplain Builder#workers worker executor} and plugin state changes run on the {@linkplain
 * Builder#pluginExecutor plugin executor}; either may be the host's own (then Overture never shuts
 * it down). Without them Overture starts a pool of daemon threads named {@code overture-assets-*}
 * (one per core, at least two) and one named {@code overture-features}, and stops both on {@link
 * #close()}. A {@linkplain Builder#worldStore world store} does its database work on one daemon thread
 * named {@code overture-store}, also stopped on close. Worlds run on their game thread, which is the host's: it calls {@link World#tick}, or a
 * {@link dev.overture.world.FixedStepLoop} does on the host's thread.
 *
 * <p><b>Closing.</b> {@link #close()} closes the worlds still open whose game thread is the caller
 * (experiences deactivate, plugin actions are undone), waits (5 seconds at most, {@link
 * Builder#closeTimeout}) for their plugin releases to run on the plugin executor, refuses new worlds and plugin requests,
 * cancels loads in flight and releases every handle and pin, stops the pools it started, closes
 * the world store and the content roots. Close worlds owned by other threads on those threads
 * first. Settings are not saved on close; call {@link Settings#save()} when the player changes
 * them.
 *
 * <p>The accessors may be called from any thread; the parts say what each of them allows.
 */
public final class Overture implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(Overture.class);

  private final AssetManager assets;
  private final GameFeatures features;
  private final ObjectFactory objects;
  private final WorldStore store;
  private final Settings<LocalSettings> localSettings;
  private final SettingsFolder settingsFolder;
  private final Validator validator;
  private final WorldFactory worlds;
  private final ExperienceSettings experienceSettings;
  private final Reports reports;
  private final LiveContent live;
  private volatile boolean closed;
  private final dev.overture.internal.CloseOnce closeOnce = new dev.overture.internal.CloseOnce();
  private final java.time.Duration closeWait;

  private Overture(Builder builder) {
    closeWait = builder.closeWait;
    builder.checkShipping();
    reports = builder.reports != null ? builder.reports : Reports.create();
    // What is opened is closed again, newest first, if a later step fails.
    Deque<AutoCloseable> opened = new ArrayDeque<>();
    try {
      assets = builder.assets.build();
      opened.push(assets);
      // The game data starts loading in the background, as the plugins do; ready() waits for both.
      assets.startInitialLoading();
      features = RuntimeAssembly.features(builder, assets, reports);
      opened.push(features);
      objects = builder.objects.build();
      settingsFolder = builder.settingsFolder;
      localSettings = settingsFolder == null ? null : localSettings(settingsFolder);
      WorldStore.Builder storeBuilder = builder.storeFile != null ? WorldStore.builder(builder.storeFile)
          : builder.storeDataSource != null ? WorldStore.builder(builder.storeDataSource) : null;
      store = storeBuilder == null ? null : storeBuilder.name(builder.storeName).open(ClassNames.from(assets));
      if (store != null) {
        opened.push(store);
      }
      experienceSettings = RuntimeAssembly.experienceSettings(builder, localSettings);
      validator = RuntimeAssembly.validator(builder, assets, features, objects);
      live = builder.liveContent == null ? null : RuntimeAssembly.live(builder, assets, features, validator, reports);
      if (live != null) {
        opened.push(live);
      }
      worlds = new WorldFactory(new Experiences(assets, features, experienceSettings), objects, store, reports, live);
    } catch (RuntimeException | Error e) {
      while (!opened.isEmpty()) {
        try {
          opened.pop().close();
        } catch (Exception | Error suppressed) {
          e.addSuppressed(suppressed);
        }
      }
      throw e;
    }
  }

  private static Settings<LocalSettings> localSettings(SettingsFolder folder) {
    try {
      return Settings.loadOrCreate(folder.localFile(SettingsKind.LOCAL), SettingsKind.LOCAL);
    } catch (IOException e) {
      throw new UncheckedIOException("Could not read the settings in " + folder, e);
    }
  }

  /** A builder with the experience asset types, the built-in actions and no content root yet. */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * Completes once every feature plugin has reached its initial state and the asset manager's
   * start-up jobs are done (the game data is loaded, when one is configured: {@link
   * AssetManager#startInitialLoading}); fails with the problems of the plugins that could not, or
   * of the game data. Worlds may be created before.
   */
  public CompletableFuture<Void> ready() {
    CompletableFuture<Void> startup = assets.startInitialLoading().done().exceptionallyCompose(error -> {
      Throwable cause = error instanceof java.util.concurrent.CompletionException && error.getCause() != null ? error.getCause() : error;
      // A job that failed to load its asset says why in the load's own problems.
      return CompletableFuture.failedFuture(
          cause instanceof dev.overture.asset.StartupJobException job && job.getCause() instanceof ProblemException problems
              ? problems : cause);
    });
    return CompletableFuture.allOf(features.ready(), startup);
  }

  /** The asset manager. */
  public AssetManager assets() {
    return assets;
  }

  /** The feature plugins. */
  public GameFeatures features() {
    return features;
  }

  /** The object factory every world of this runtime builds its actors and components with. */
  public ObjectFactory objects() {
    return objects;
  }

  /** Creates this runtime's worlds. */
  public WorldFactory worlds() {
    return worlds;
  }

  /** The engine version and the custom versions the content is read and resaved with. */
  public AssetVersions versions() {
    return assets.tools().versions();
  }

  /** The validator of this runtime's content, with the host's and plugins' checks. */
  public Validator validator() {
    return validator;
  }

  /** How experiences load in this runtime's worlds (chaos delay, ticker, local settings). */
  public ExperienceSettings experienceSettings() {
    return experienceSettings;
  }

  /**
   * What went wrong while the game runs, for tools to show (the inspector does): the experience
   * loads of this runtime's worlds that failed, the plugins that could not start, and whatever
   * other systems publish. Any thread.
   */
  public Reports reports() {
    return reports;
  }

  /**
   * Live content, when the builder turned it on ({@link Builder#liveContent()}): edits of the
   * content folders reach the running worlds.
   */
  public Optional<LiveContent> liveContent() {
    return Optional.ofNullable(live);
  }

  /** The world store, when the builder named one. */
  public Optional<WorldStore> worldStore() {
    return Optional.ofNullable(store);
  }

  /** The device's settings, loaded (or created) from the settings folder, when the builder named one. */
  public Optional<Settings<LocalSettings>> localSettings() {
    return Optional.ofNullable(localSettings);
  }

  /**
   * The settings of {@code player}, loaded (or created) from the settings folder. Each call reads
   * the file again: keep the result while the player plays.
   *
   * @throws IllegalStateException when the builder named no settings folder
   * @throws UncheckedIOException when the defaults cannot be written
   */
  public Settings<SharedSettings> sharedSettings(String player) {
    if (settingsFolder == null) {
      throw new IllegalStateException("Overture was built without a settings folder (Overture.builder().settings(...))");
    }
    Path file = settingsFolder.playerFile(player, SettingsKind.SHARED);
    try {
      return Settings.loadOrCreate(file, SettingsKind.SHARED);
    } catch (IOException e) {
      throw new UncheckedIOException("Could not create the settings file " + file, e);
    }
  }

  /** Whether {@link #close()} was called. */
  public boolean isClosed() {
    return closed;
  }

  /**
   * See the class comment. Idempotent: the first caller closes; a call from another thread while it
   * does returns once that close is done (a shutdown hook must not let the process end under the
   * main thread's close), and one from the closing thread itself (a close listener) at once.
   */
  @Override
  public void close() {
    closeOnce.close(() -> {
      closed = true;
      RuntimeShutdown.close(live, worlds, features, store, assets, closeWait);
    }, thread -> false);
  }

  @Override
  public String toString() {
    return "Overture[" + assets + ", " + features + ", " + worlds.open().size() + " worlds" + (closed ? ", closed" : "") + "]";
  }

  /**
   * Configures an {@link Overture} runtime: the vocabulary every Overture builder shares ({@link
   * RuntimeSetup}: content roots, scan rules, kinds, versions, upgrade steps, validators) and the
   * settings of the runtime itself (executors, ticker, settings folder, world store, experience
   * settings). Everything but the content root is optional. Not thread-safe.
   */
  public static final class Builder implements RuntimeSetup<Builder> {
    final AssetManager.Builder assets = Experiences.register(AssetManager.builder());
    final ObjectFactory.Builder objects = ObjectFactory.builder();
    final List<AssetValidator<?>> assetValidators = new ArrayList<>();
    final List<ActionValidator<?>> actionValidators = new ArrayList<>();
    final List<ProjectValidator> projectValidators = new ArrayList<>();
    ExperienceSettings experienceSettings = ExperienceSettings.defaults();
    Executor pluginExecutor;
    Path pluginJars;
    ClassLoader pluginClassLoader;
    long maxPluginJarBytes = -1;
    Ticker ticker;
    SettingsFolder settingsFolder;
    private Path storeFile;
    private javax.sql.DataSource storeDataSource;
    private String storeName;
    private java.time.Duration closeWait = java.time.Duration.ofSeconds(5);
    private boolean closeWaitSet;
    private boolean experienceSettingsSet;
    private Reports reports;
    /** The host's settings of live content, in order; null while it is off. */
    List<Consumer<LiveContent.Builder>> liveContent;
    private boolean shipping;
    private boolean editorOnlySubobjects;

    private Builder() {}

    /** Applies {@code step} to this builder. */
    @Override
    public Builder overture(Consumer<Overture.Builder> step) {
      step.accept(this);
      return this;
    }

    void applyToAssets(Consumer<AssetManager.Builder> step) {
      step.accept(assets);
    }

    void addValidator(AssetValidator<?> check) {
      assetValidators.add(check);
    }

    void addValidator(ActionValidator<?> check) {
      actionValidators.add(check);
    }

    void addValidator(ProjectValidator check) {
      projectValidators.add(check);
    }

    /**
     * The feed this runtime publishes its reports into ({@link Overture#reports()}): the host's own,
     * to share one feed between systems or to time reports by its clock. By default a feed of its
     * own on the system clock.
     */
    public Builder reports(Reports feed) {
      if (reports != null) {
        throw new IllegalStateException("the reports feed was already set");
      }
      reports = Objects.requireNonNull(feed, "feed");
      return this;
    }

    /**
     * How long {@link Overture#close()} waits for the plugin releases of the worlds it closes (5
     * seconds by default). A host whose plugin executor only runs when the host runs it (a test's
     * manual executor) runs it itself before closing, or sets zero.
     */
    public Builder closeTimeout(java.time.Duration timeout) {
      Objects.requireNonNull(timeout, "timeout");
      if (timeout.isNegative()) {
        throw new IllegalArgumentException("the close timeout must not be negative: " + timeout);
      }
      if (closeWaitSet) {
        throw new IllegalStateException("the close timeout was already set to " + closeWait);
      }
      closeWait = timeout;
      closeWaitSet = true;
      return this;
    }

    /**
     * The plugins folder: each {@code *.jar} in it with a {@code plugin.json} at its top is a
     * feature plugin, its content and code together, its code loaded by a class loader of its own
     * (see docs/plugins.md). A folder that does not exist holds no plugins. Plugin folders in the
     * game's content ({@code plugins/<Name>/}) are found as well.
     */
    public Builder plugins(Path folder) {
      if (pluginJars != null) {
        throw new IllegalStateException("the plugins folder was already set to " + pluginJars);
      }
      pluginJars = Objects.requireNonNull(folder, "folder");
      return this;
    }

    /**
     * The largest plugin jar accepted, in bytes ({@link GameFeatures.Builder#maxPluginJarBytes}; 256
     * MiB by default): each jar is copied when the runtime starts, and a larger one is refused first.
     */
    public Builder maxPluginJarBytes(long bytes) {
      if (bytes < 0) {
        throw new IllegalArgumentException("maxPluginJarBytes < 0: " + bytes);
      }
      if (maxPluginJarBytes >= 0) {
        throw new IllegalStateException("the largest plugin jar was already set to " + maxPluginJarBytes + " bytes");
      }
      maxPluginJarBytes = bytes;
      return this;
    }

    /**
     * The class loader that finds the entry points of plugin folders (code on the host's class path)
     * and is the parent of jar plugins' loaders; by default the one that loaded Overture.
     */
    public Builder pluginClassLoader(ClassLoader loader) {
      if (pluginClassLoader != null) {
        throw new IllegalStateException("the plugin class loader was already set");
      }
      pluginClassLoader = Objects.requireNonNull(loader, "loader");
      return this;
    }

    /**
     * The executor that reads and binds files: the host's (Overture never shuts it down). By
     * default Overture starts a pool of daemon threads and stops it on close.
     */
    public Builder workers(Executor executor) {
      assets.executor(executor);
      return this;
    }

    /** The size of the worker pool Overture starts when no {@link #workers} executor is given. */
    public Builder workerThreads(int threads) {
      assets.workerThreads(threads);
      return this;
    }

    /**
     * The executor plugin state changes run on, one at a time: the host's (never shut down). By
     * default Overture starts one daemon thread and stops it on close.
     */
    public Builder pluginExecutor(Executor executor) {
      if (pluginExecutor != null) {
        throw new IllegalStateException("the plugin executor was already set");
      }
      pluginExecutor = Objects.requireNonNull(executor, "executor");
      return this;
    }

    /** The time source of loading (progress, retention, the experience timeline); tests pass a fake. */
    public Builder ticker(Ticker newTicker) {
      ticker = Objects.requireNonNull(newTicker, "ticker");
      assets.ticker(newTicker);
      return this;
    }

    /** Where actors' and components' constructor parameters come from (the Guice module sets it). */
    public Builder dependencies(Dependencies dependencies) {
      objects.dependencies(dependencies);
      return this;
    }

    /** Whether editor-only default subobjects are created (tools); off by default. */
    public Builder developmentMode(boolean on) {
      objects.developmentMode(on);
      editorOnlySubobjects = on;
      return this;
    }

    /**
     * Turns live content on, a development mode ({@link LiveContent}): the content roots that are
     * folders are watched, and edits reach the running worlds. Off by default; refused in a {@link
     * #shipping()} configuration. Needs io.methvin:directory-watcher on the class path.
     */
    public Builder liveContent() {
      return liveContent(live -> {});
    }

    /**
     * Turns live content on, configured by {@code settings} (quiet period, threads, whether it
     * watches or the host announces changes); repeatable, applied in order. See {@link #liveContent()}.
     */
    public Builder liveContent(Consumer<LiveContent.Builder> settings) {
      Objects.requireNonNull(settings, "settings");
      if (liveContent == null) {
        liveContent = new ArrayList<>();
      }
      liveContent.add(settings);
      return this;
    }

    /**
     * Marks this a shipping configuration, which the game ships to players: development modes
     * ({@link #liveContent()}, {@link #developmentMode(boolean) editor-only subobjects}) are refused
     * when the runtime is built, whatever else turned them on.
     */
    public Builder shipping() {
      shipping = true;
      return this;
    }

    /** Refuses the development modes of a shipping configuration, naming each. */
    void checkShipping() {
      if (shipping) {
        ShippingConfiguration.refuse(liveContent != null, editorOnlySubobjects);
      }
    }

    /** How experiences load (chaos delay, seed); the {@link #ticker} and local settings are added. */
    public Builder experienceSettings(ExperienceSettings settings) {
      Objects.requireNonNull(settings, "settings");
      if (experienceSettingsSet) {
        throw new IllegalStateException("the experience settings were already set");
      }
      experienceSettings = settings;
      experienceSettingsSet = true;
      return this;
    }

    /**
     * The folder of the player's settings: the device's {@link LocalSettings} are loaded (or
     * created) when the runtime is built and told when experiences load; {@link
     * Overture#sharedSettings} reads a player's; the validator checks the files there.
     */
    public Builder settings(SettingsFolder folder) {
      Objects.requireNonNull(folder, "folder");
      if (settingsFolder != null) {
        throw new IllegalStateException("the settings folder was already set to " + settingsFolder.path());
      }
      settingsFolder = folder;
      return this;
    }

    /**
     * Opens (creating when missing) the world store {@code file}; its ids go to every world. Its
     * database work runs on a thread of its own, {@code overture-store}, stopped on close.
     *
     * @throws MissingDependencyException when sqlite-jdbc, which the store's files need, is not on
     *     the class path
     */
    public Builder worldStore(Path file) {
      return worldStore(file, file.toString());
    }

    /**
     * Opens the world store {@code file}, which messages call {@code name}: the file the user knows
     * when {@code file} is a working copy of it.
     *
     * @throws MissingDependencyException when sqlite-jdbc, which the store's files need, is not on
     *     the class path
     */
    public Builder worldStore(Path file, String name) {
      Objects.requireNonNull(file, "file");
      Objects.requireNonNull(name, "name");
      refuseSecondStore();
      OptionalDependency driver = OptionalDependency.SQLITE_JDBC;
      if (!driver.isPresent()) {
        throw new MissingDependencyException("Overture.Builder.worldStore(Path)", driver.artifactId(), driver.coordinates(),
            "open the store over a DataSource of your own (worldStore(dataSource, name))");
      }
      storeFile = file;
      storeName = name;
      return this;
    }

    /**
     * Opens the world store of the host's {@code dataSource} (SQLite, or PostgreSQL shared by a
     * fleet of servers: pool it), which messages call {@code name} (its URL, without credentials).
     * The data source stays the host's: closing the runtime does not close it.
     */
    public Builder worldStore(javax.sql.DataSource dataSource, String name) {
      Objects.requireNonNull(dataSource, "dataSource");
      Objects.requireNonNull(name, "name");
      refuseSecondStore();
      storeDataSource = dataSource;
      storeName = name;
      return this;
    }

    private void refuseSecondStore() {
      if (storeName != null) {
        throw new IllegalStateException("the world store was already set to " + storeName);
      }
    }

    /**
     * Builds the runtime: indexes the content, discovers the plugins (they reach their initial state
     * in the background, see {@link Overture#ready()}), loads the local settings and opens the store.
     * When a step fails, everything opened so far is closed again, newest first (the pools Overture
     * started stop, the content roots close); the host's own executors are left running.
     *
     * @throws dev.overture.asset.AssetIndexException when the content cannot be indexed
     */
    public Overture build() {
      return new Overture(this);
    }
  }
}
