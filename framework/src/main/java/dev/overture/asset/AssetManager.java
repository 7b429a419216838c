package dev.overture.asset;

import dev.overture.core.Ticker;
import dev.overture.version.AssetVersions;
import dev.overture.version.CustomVersion;
import dev.overture.version.EngineVersion;
import dev.overture.version.UpgradeStep;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * Indexes JSON primary assets in content roots and loads them asynchronously, with the bundles of
 * soft references they hold, like Unreal's {@code UAssetManager}.
 *
 * <pre>{@code
 * try (AssetManager assets = AssetManager.builder()
 *     .contentRoot(AssetSource.directory(Path.of("assets")))
 *     .scanRule(ScanRule.of("PawnData", PawnData.class, "pawns"))
 *     .build()) {
 *   LoadHandle handle = assets.loadPrimaryAsset(PrimaryAssetId.parse("PawnData:Hero"), "client");
 *   handle.onComplete(gameThread, result -> spawn(result.get(heroId, PawnData.class)));
 * }
 * }</pre>
 *
 * <p><b>Index.</b> Scan rules map files to ids without reading them ({@code Type:FileName}); two
 * files with one id, invalid names and paths outside a root are refused with {@link
 * AssetIndexException}. Feature plugins add content roots as they register.
 *
 * <p><b>Loading.</b> {@link #loadPrimaryAssets} returns a {@link LoadHandle} at once; workers read
 * and bind each file, follow the references tagged with the requested {@link AssetBundles bundles}
 * (transitively, through other primary assets too), and complete the handle. An asset wanted by
 * many loads at once is read once; a failed read is never cached. A load with several bad assets
 * reports all of them, and the good ones stay usable.
 *
 * <p><b>Memory.</b> A loaded asset stays while something pins it: a handle that reached it, or the
 * manager's own bundle state for it ({@link #changeBundleState}, {@link #loadSynchronously}), which
 * {@link #unload} clears. Unpinned assets are kept or dropped by the {@link RetentionPolicy}.
 *
 * <p><b>Tools.</b> This interface holds what a running game calls. Operations for editors and
 * tools (resave, reindexing a changed file, binding a file that is not an asset, locating a value
 * in a file, the registered names) are on the {@link AssetTools} view, {@link #tools()}.
 *
 * <p><b>Threading.</b> Every method may be called from any thread and none blocks on IO except
 * {@link #loadSynchronously} and the content root methods. Adding a root scans its folders on the
 * calling thread without holding up readers or other changes: the index is replaced whole once
 * the scan is merged. Files are read and bound on the worker executor; handle callbacks run on the
 * executor each caller passes with them. {@link #close()} cancels what is loading, drops every
 * asset, stops the workers it started and closes the sources.
 */
public interface AssetManager extends AutoCloseable {

  /** A builder with no content root yet, no rules and the default settings. */
  static Builder builder() {
    return new Builder();
  }

  /**
   * The primary assets known now, by id and type: an immutable snapshot, consistent in itself.
   * Index changes publish a new snapshot; call again to see them.
   */
  AssetIndex index();

  /**
   * Starts loading {@code ids} and the references their {@code bundles} hold.
   *
   * @param ids the primary assets; an id that is not indexed becomes a problem of the load
   * @param bundles the bundles to follow, for example {@code client}; may be empty
   */
  LoadHandle loadPrimaryAssets(Collection<PrimaryAssetId> ids, Collection<String> bundles);

  /** Starts loading one primary asset and the references its {@code bundles} hold. */
  default LoadHandle loadPrimaryAsset(PrimaryAssetId id, String... bundles) {
    Objects.requireNonNull(id, "id must not be null");
    Objects.requireNonNull(bundles, "bundles must not be null");
    return loadPrimaryAssets(List.of(id), Arrays.asList(bundles));
  }

  /** The loaded asset {@code id}, without IO; empty when it is not loaded. */
  Optional<Object> getAsset(PrimaryAssetId id);

  /**
   * The loaded asset {@code id} as a {@code type}, without IO; empty when it is not loaded.
   *
   * @throws IllegalArgumentException when it is loaded but is not a {@code type}
   */
  <T> Optional<T> getAsset(PrimaryAssetId id, Class<T> type);

  /** The loaded secondary asset {@code ref}, without IO; empty when it is not loaded. */
  <T> Optional<T> getAsset(SoftRef<T> ref);

  /**
   * Loads {@code id} (and its {@link AssetBundles#ALWAYS} references) and waits for it, keeping it
   * in memory until {@link #unload}. For tools: on the game thread it logs a warning, since it
   * blocks the frame on IO. It must not be called from a worker of this asset manager.
   *
   * @throws AssetLoadException when it cannot be loaded
   * @throws java.util.concurrent.CancellationException when the calling thread is interrupted
   *     (before or while it waits or reads); its interrupt flag stays set, and no content problem
   *     is reported for a file that was fine
   */
  <T> T loadSynchronously(PrimaryAssetId id, Class<T> type);

  /**
   * The secondary asset {@code ref}, loading it on the calling thread when it is not loaded, like
   * Lyra's {@code ULyraAssetManager::GetAsset(AssetPointer, bKeepInMemory)}: with {@code
   * keepInMemory} the manager keeps it until it closes (Lyra's {@code LoadedAssets}); without, it
   * stays only while something else pins it. Only the file itself is read, not what it refers to.
   * For tools and start-up code: the asynchronous path ({@link #loadPrimaryAssets} and {@link
   * #getAsset(SoftRef)}) stays the one for games, and on a game thread this logs a warning, as it
   * blocks the frame on IO. It must not be called from a worker of this asset manager.
   *
   * @throws AssetLoadException when it cannot be loaded
   * @throws java.util.concurrent.CancellationException when the calling thread is interrupted
   *     (before or while it waits or reads); its interrupt flag stays set, and no content problem
   *     is reported for a file that was fine
   */
  <T> T getAsset(SoftRef<T> ref, boolean keepInMemory);

  /**
   * The game data asset named in configuration, like Lyra's {@code LyraGameDataPath}: {@link
   * Builder#gameData}, else {@code "gameData"} in the game's own content root's {@code
   * overture.json}.
   */
  Optional<PrimaryAssetId> gameDataId();

  /**
   * The game data, like Lyra's {@code GetGameData()}: kept in memory by {@link
   * #startInitialLoading}, or loaded now on the calling thread (and kept) when start-up has not
   * loaded it yet, with the cautions of {@link #loadSynchronously}.
   *
   * @throws IllegalStateException when no game data is configured
   * @throws IllegalArgumentException when it is not a {@code type}
   * @throws AssetLoadException when it cannot be loaded
   * @throws java.util.concurrent.CancellationException when the calling thread is interrupted
   *     (before or while it waits or reads); its interrupt flag stays set, and no content problem
   *     is reported for a file that was fine
   */
  <T> T gameData(Class<T> type);

  /**
   * The pawn data an experience that names none uses, like Lyra's {@code DefaultPawnData}: {@link
   * Builder#defaultPawnData}, else {@code "defaultPawnData"} in the game's own content root's {@code
   * overture.json}.
   */
  Optional<PrimaryAssetId> defaultPawnData();

  /**
   * Starts the manager's start-up jobs on its workers, like Lyra's {@code StartInitialLoading}: the
   * content is already indexed ({@code Index content}), then the game data is loaded and kept
   * ({@code Load game data}, weight 25 as in Lyra, when one is configured). The first call starts
   * them; every call returns the same jobs, for their progress and {@link StartupJobs#done()}.
   */
  StartupJobs startInitialLoading();

  /**
   * Changes the bundles the manager itself keeps loaded for {@code ids}, like Unreal's {@code
   * ChangeBundleStateForPrimaryAssets}: each id's bundle state becomes its current one plus {@code
   * addBundles} minus {@code removeBundles}, and the asset stays loaded with those bundles until
   * {@link #unload}. Bundles already loaded are not loaded again; references only in removed
   * bundles are unpinned once the new state has loaded.
   *
   * <p>When the new state cannot be loaded, the previous one stays.
   *
   * @return a view of the manager's own loads: it completes when the new states are loaded and
   *     pins nothing itself, so it needs no release; cancelling or releasing it does nothing (undo
   *     the change with {@link #unload} or another change)
   */
  LoadHandle changeBundleState(
      Collection<PrimaryAssetId> ids, Collection<String> addBundles, Collection<String> removeBundles);

  /** The bundles the manager keeps loaded for {@code id}, if it keeps it at all. */
  Optional<Set<String>> bundleState(PrimaryAssetId id);

  /**
   * Stops keeping {@code ids} (their bundle state is cleared), like Unreal's {@code
   * UnloadPrimaryAssets}. They leave memory once no handle pins them either.
   *
   * @return how many of them were kept
   */
  int unload(Collection<PrimaryAssetId> ids);

  /**
   * Indexes and adds a content root (a feature plugin's), with its rules and {@code
   * overture.json}. The manager closes its source when it is removed or the manager closes.
   *
   * @throws AssetIndexException when the root cannot be indexed, or clashes with the index; the
   *     index is unchanged
   */
  void addContentRoot(ContentRoot root);

  /**
   * Removes the content root {@code name} and its assets from the index and closes its source.
   * Assets from it that handles hold stay usable through those handles until released, but the
   * manager keeps no copy of them, pinned or not: {@code getAsset} finds none, and a root added
   * again under the name (a plugin registered again, with a new class loader) is read afresh.
   *
   * @return whether there was such a root
   */
  boolean removeContentRoot(String name);

  /** The content roots, in the order added. */
  List<ContentRoot> contentRoots();

  /**
   * The content root {@code name}, if there is one: a look-up that costs the same however many
   * roots there are (a plugin's, among thousands).
   */
  java.util.Optional<ContentRoot> contentRoot(String name);

  /**
   * Adds the kinds, asset classes, custom versions and upgrade steps of {@code extension} (a
   * feature plugin's code) under the name {@code owner}: files bound from now on see them. All or
   * nothing: when one contradicts what is registered (a kind name taken by another class, an
   * upgrade step of an unknown custom version), nothing is added.
   *
   * @throws IllegalArgumentException saying what contradicts what, when it cannot be added
   * @throws IllegalStateException when {@code owner} already has an extension, or a name it gives
   *     is taken
   */
  void addExtension(String owner, AssetExtension extension);

  /**
   * Removes the extension of {@code owner}: its names and versions are no longer known, and nothing
   * the manager keeps refers to its classes any more (assets bound with them stay usable until
   * released).
   *
   * @return whether {@code owner} had one
   */
  boolean removeExtension(String owner);

  /** Counts of what is in memory now, for diagnostics and leak checks. */
  Stats stats();

  /**
   * Every asset in memory with its pins, kept bundles and estimated memory, and the loads in
   * flight with their progress: for diagnostics such as the inspector. It costs a pass over the
   * assets in memory, so a game loop asks {@link #stats()} instead.
   */
  AssetSnapshot snapshot();

  /**
   * The tool side of this manager: resave, reindex, binding files that are not assets, locating
   * values in files, registered names. What a running game calls is here; what editors and
   * tools call is there.
   */
  AssetTools tools();

  /**
   * Cancels loads, drops every asset, stops workers the manager started, closes sources. Closing
   * again does nothing; a call made while another thread closes returns once that close is done.
   */
  @Override
  void close();

  /**
   * What an asset manager holds at one moment.
   *
   * @param loaded assets loaded and usable
   * @param pinned assets something pins (loaded or not yet)
   * @param loading assets being read or waiting for a worker
   * @param retained loaded assets nothing pins, kept by the retention policy
   * @param kept primary assets the manager keeps through its bundle state
   */
  record Stats(int loaded, int pinned, int loading, int retained, int kept) {}

  /**
   * Configures an {@link AssetManager}: the content vocabulary every Overture builder shares
   * ({@link ContentSetup}: roots, rules, kinds, versions) and the settings only an asset manager
   * has (workers, retention, limits, ticker, game threads). Each setting may be given once; {@link
   * #build()} checks that the combination works and indexes every content root. Not thread-safe;
   * use it from one thread.
   */
  final class Builder implements ContentSetup<Builder> {
    final Map<String, ContentRoot> roots = new LinkedHashMap<>();
    final List<ScanRule> rules = new ArrayList<>();
    /**
     * The game's own registrations, replayed with every plugin's whenever those change (see {@link
     * AssetExtension}). Kinds, asset classes and custom versions are checked as they are given;
     * upgrade steps and unversioned reads when the manager is built, after every custom version.
     */
    final AssetExtension.Builder code = new AssetExtension.Builder(true);
    EngineVersion engineCurrent;
    EngineVersion engineCompatible;
    Executor workers;
    RetentionPolicy retention;
    AssetLimits limits;
    Ticker ticker;
    Predicate<Thread> gameThread;
    int workerThreads;
    PrimaryAssetId gameData;
    PrimaryAssetId defaultPawnData;

    Builder() {}

    /** Applies {@code step} to this builder. */
    @Override
    public Builder assets(Consumer<AssetManager.Builder> step) {
      step.accept(this);
      return this;
    }

    void addContentRoot(ContentRoot root) {
      if (roots.putIfAbsent(root.name(), root) != null) {
        throw new IllegalStateException("content root " + root.name() + " was already added");
      }
    }

    void addScanRule(ScanRule rule) {
      rules.add(rule);
    }

    void addAssetClass(String name, Class<?> type) {
      code.assetClass(name, type);
    }

    <B> void addKind(Class<B> base, String name, Class<? extends B> type) {
      code.kind(base, name, type);
    }

    void setEngineVersion(EngineVersion current, EngineVersion compatible) {
      if (engineCurrent != null) {
        throw new IllegalStateException("the engine version was already set to " + engineCurrent);
      }
      engineCurrent = current;
      engineCompatible = compatible;
    }

    void addCustomVersion(CustomVersion version, Class<?>[] classes) {
      code.customVersion(version, classes);
    }

    void addUpgrade(UpgradeStep step) {
      code.upgrade(step);
    }

    void addUnversionedRead(CustomVersion customVersion, int version) {
      code.readUnversionedAs(customVersion, version);
    }

    /**
     * The executor that reads and binds files. By default the manager starts a fixed pool with
     * one daemon thread per core (at least two), and stops it on close; an executor given here is
     * the host's to stop. Close the manager first: reads it queued and the executor then drops
     * ({@code shutdownNow}) leave their loads waiting until the manager closes, which cancels
     * them. On a host's executor, whose queue may be bounded, nothing is read ahead ({@link
     * AssetTools#readAhead}): validation then loads one asset at a time, without the workers
     * reading the next ones meanwhile.
     */
    public Builder executor(Executor executor) {
      if (workers != null || workerThreads != 0) {
        throw new IllegalStateException("the worker executor was already set");
      }
      workers = Objects.requireNonNull(executor, "executor");
      return this;
    }

    /** The size of the pool the manager starts when no executor is given. */
    public Builder workerThreads(int threads) {
      if (threads < 1) {
        throw new IllegalArgumentException("worker threads < 1: " + threads);
      }
      if (workers != null || workerThreads != 0) {
        throw new IllegalStateException("the worker executor was already set");
      }
      workerThreads = threads;
      return this;
    }

    /** What happens to loaded assets nothing pins; {@link RetentionPolicy#none()} by default. */
    public Builder retention(RetentionPolicy policy) {
      if (retention != null) {
        throw new IllegalStateException("the retention policy was already set");
      }
      retention = Objects.requireNonNull(policy, "policy");
      return this;
    }

    /** Limits on JSON files; {@link AssetLimits#defaults()} by default. */
    public Builder limits(AssetLimits newLimits) {
      if (limits != null) {
        throw new IllegalStateException("the limits were already set");
      }
      limits = Objects.requireNonNull(newLimits, "limits");
      return this;
    }

    /** The time source for durations and retention expiry; the system ticker by default. */
    public Builder ticker(Ticker newTicker) {
      if (ticker != null) {
        throw new IllegalStateException("the ticker was already set");
      }
      ticker = Objects.requireNonNull(newTicker, "ticker");
      return this;
    }

    /** Tells which threads are game threads, so that blocking calls on them are logged. */
    public Builder gameThread(Predicate<Thread> isGameThread) {
      if (gameThread != null) {
        throw new IllegalStateException("the game thread test was already set");
      }
      gameThread = Objects.requireNonNull(isGameThread, "isGameThread");
      return this;
    }

    /**
     * The game data asset (Lyra's {@code LyraGameDataPath}), instead of the one the game's {@code
     * overture.json} names: one primary asset, of a type a scan rule declares, loaded and kept by
     * {@link AssetManager#startInitialLoading} and returned by {@link AssetManager#gameData}.
     */
    public Builder gameData(PrimaryAssetId id) {
      if (gameData != null) {
        throw new IllegalStateException("the game data was already set: " + gameData);
      }
      gameData = Objects.requireNonNull(id, "id");
      return this;
    }

    /**
     * The pawn data experiences that name none use (Lyra's {@code DefaultPawnData}), instead of the
     * one the game's {@code overture.json} names.
     */
    public Builder defaultPawnData(PrimaryAssetId id) {
      if (defaultPawnData != null) {
        throw new IllegalStateException("the default pawn data was already set: " + defaultPawnData);
      }
      defaultPawnData = Objects.requireNonNull(id, "id");
      return this;
    }

    /**
     * Builds the manager and indexes every content root.
     *
     * @throws AssetIndexException listing every problem, when the content cannot be indexed
     * @throws IllegalStateException when no content root was added
     * @throws IllegalArgumentException when an upgrade step or unversioned read does not fit the
     *     registered custom versions
     */
    public AssetManager build() {
      if (roots.isEmpty()) {
        throw new IllegalStateException("an asset manager needs at least one content root");
      }
      return new DefaultAssetManager(this);
    }
  }
}
