package dev.overture.asset;

import dev.overture.core.Ticker;
import dev.overture.internal.Arguments;
import java.io.IOException;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The asset manager: the parts below, put together, and the public API over them.
 *
 * <ul>
 *   <li>{@link ContentIndex}: the content roots and their index, one immutable state replaced
 *       whole on each change;
 *   <li>{@link AssetFiles}: reads and binds the file behind a key ({@link AssetJson} binds);
 *   <li>{@link SlotTable}: the assets in memory, their pins, loads and retention;
 *   <li>{@link DefaultLoadHandle}: one load, a traversal over the slot table;
 *   <li>{@link BundleStates}: the manager's own pins;
 *   <li>{@link AssetWorkers}: the worker executor;
 *   <li>{@link DefaultAssetTools}: the tool view.
 * </ul>
 */
final class DefaultAssetManager implements AssetManager {

  private static final Logger log = LoggerFactory.getLogger(AssetManager.class);

  private final ContentIndex index;
  private final AssetFiles files;
  private final SlotTable slots;
  /** Which references of a bound asset each load follows; its plans of the content's classes go with this manager. */
  private final ReferenceScanner references = new ReferenceScanner();
  private final BundleStates bundleStates;
  private final AssetWorkers workers;
  private final Predicate<Thread> gameThread;
  private final AssetTools tools;
  private final Extensions extensions;
  private final Ticker ticker;
  private final PrimaryAssetId gameData;
  private final PrimaryAssetId defaultPawnData;
  /** Files {@link #getAsset(SoftRef, boolean)} keeps, with the pin that keeps each (Lyra's LoadedAssets). */
  private final Map<SoftRef<?>, Slot> keptFiles = new ConcurrentHashMap<>();
  private final AtomicReference<StartupJobs> initialLoading = new AtomicReference<>();
  private volatile boolean closed;
  /** Lets the one close that closes run, and has the others wait for it. */
  private final dev.overture.internal.CloseOnce closeOnce = new dev.overture.internal.CloseOnce();

  DefaultAssetManager(AssetManager.Builder builder) {
    AssetLimits limits = builder.limits != null ? builder.limits : AssetLimits.defaults();
    this.extensions = new Extensions(builder.code.build(), builder.engineCurrent, builder.engineCompatible);
    AssetExtension.Target initial = extensions.initial();
    AssetJson json = new AssetJson(limits, initial.kinds, initial.assetClasses, initial.versions.build());
    extensions.bindTo(json);
    Ticker ticker = builder.ticker != null ? builder.ticker : Ticker.system();
    this.ticker = ticker;
    this.gameData = builder.gameData;
    this.defaultPawnData = builder.defaultPawnData;
    this.gameThread = builder.gameThread != null ? builder.gameThread : thread -> false;
    this.index = new ContentIndex(new Indexer(builder.rules, json, limits));
    this.files = new AssetFiles(index, json, limits);
    this.workers = new AssetWorkers(builder.workers, builder.workerThreads);
    this.slots =
        new SlotTable(
            builder.retention != null ? builder.retention : RetentionPolicy.none(), ticker, workers.executor(), files::readAndBind);
    this.bundleStates = new BundleStates(this::newHandle);
    this.tools = new DefaultAssetTools(this, index, slots, files, json);
    try {
      for (ContentRoot root : builder.roots.values()) {
        addContentRoot(root);
      }
    } catch (RuntimeException e) {
      close();
      for (ContentRoot root : builder.roots.values()) {
        if (index.root(root.name()) != root) {
          closeQuietly(root);
        }
      }
      throw e;
    }
  }

  // ---------------------------------------------------------------- index

  @Override
  public AssetIndex index() {
    return index.snapshot();
  }

  @Override
  public void addContentRoot(ContentRoot root) {
    java.util.Objects.requireNonNull(root, "root must not be null");
    checkOpen();
    index.add(root);
  }

  @Override
  public boolean removeContentRoot(String name) {
    java.util.Objects.requireNonNull(name, "name must not be null");
    ContentIndex.Removed removed = index.remove(name);
    if (removed == null) {
      return false;
    }
    // Pinned copies too: what a handle holds stays its own, but the manager never serves a copy
    // of a root that is gone, and a root added again under the name reads its files afresh.
    for (AssetEntry entry : removed.entries()) {
      slots.detach(entry.id());
    }
    slots.detachFiles(name);
    // Its files kept by getAsset(ref, true): their slots are out of the table, and an entry left
    // here would hold the old copy (and the plugin's classes) and keep a root added again under
    // the name from keeping its own.
    synchronized (keptFiles) {
      keptFiles.keySet().removeIf(ref -> ref.root().equals(name));
    }
    closeQuietly(removed.root());
    return true;
  }

  @Override
  public List<ContentRoot> contentRoots() {
    return index.contentRoots();
  }

  @Override
  public java.util.Optional<ContentRoot> contentRoot(String name) {
    return java.util.Optional.ofNullable(index.root(java.util.Objects.requireNonNull(name, "name must not be null")));
  }

  /** Roots the index has copied, over its changes so far: what a test of many plugins bounds. */
  long rootsCopied() {
    return index.state().roots().copied();
  }

  /** How many changes of the registrations replayed them all so far: what a test of many plugins bounds. */
  long extensionReplays() {
    return extensions.replays();
  }

  @Override
  public void addExtension(String owner, AssetExtension extension) {
    checkOpen();
    extensions.add(java.util.Objects.requireNonNull(owner, "owner"), java.util.Objects.requireNonNull(extension, "extension"));
  }

  @Override
  public boolean removeExtension(String owner) {
    java.util.Objects.requireNonNull(owner, "owner must not be null");
    boolean removed = extensions.remove(owner);
    if (removed) {
      // Unpinned assets bound with the owner's classes would keep them (and their loader) alive.
      slots.dropUnpinnedAll();
    }
    return removed;
  }

  // ---------------------------------------------------------------- loading

  @Override
  public LoadHandle loadPrimaryAssets(Collection<PrimaryAssetId> ids, Collection<String> bundles) {
    DefaultLoadHandle handle = newHandle(ids, bundles);
    handle.start();
    return handle;
  }

  /**
   * {@link AssetTools#readAhead}: a quiet load, started; on a host's executor, a load of nothing
   * (its queue may be bounded, and a read it refused would fail the loads that join it).
   */
  LoadHandle readAhead(Collection<PrimaryAssetId> ids, Collection<String> bundles) {
    DefaultLoadHandle handle = newHandle(workers.ownsPool() ? ids : List.of(), bundles, null, true);
    handle.start();
    return handle;
  }

  /** A load of {@code ids} with {@code bundles}, not started yet. */
  private DefaultLoadHandle newHandle(Collection<PrimaryAssetId> ids, Collection<String> bundles) {
    return newHandle(ids, bundles, null, false);
  }

  /**
   * A load of {@code ids} with {@code bundles} that reads the changed files of {@code staging}
   * afresh (null: none), not started yet; {@code quiet}, it logs nothing of what it meets.
   */
  DefaultLoadHandle newHandle(Collection<PrimaryAssetId> ids, Collection<String> bundles, Staging staging, boolean quiet) {
    checkOpen();
    List<PrimaryAssetId> requested = List.copyOf(new LinkedHashSet<>(Arguments.noNulls(ids, "ids")));
    Set<String> bundleSet = Set.copyOf(Arguments.noNulls(bundles, "bundles"));
    for (String bundle : bundleSet) {
      if (bundle.isBlank()) {
        throw new IllegalArgumentException("bundle names must not be blank: " + bundles);
      }
    }
    return new DefaultLoadHandle(slots, staging, new LoadProblems(files), references, requested, bundleSet, quiet);
  }

  @Override
  public Optional<Object> getAsset(PrimaryAssetId id) {
    java.util.Objects.requireNonNull(id, "id must not be null");
    return Optional.ofNullable(slots.loadedValue(id));
  }

  @Override
  public <T> Optional<T> getAsset(PrimaryAssetId id, Class<T> type) {
    java.util.Objects.requireNonNull(id, "id must not be null");
    java.util.Objects.requireNonNull(type, "type must not be null");
    Object value = slots.loadedValue(id);
    return value == null ? Optional.empty() : Optional.of(AssetTypes.cast(id, value, type));
  }

  @Override
  public <T> Optional<T> getAsset(SoftRef<T> ref) {
    java.util.Objects.requireNonNull(ref, "ref must not be null");
    Object value = slots.loadedValue(ref);
    return value == null ? Optional.empty() : Optional.of(ref.type().cast(value));
  }

  @Override
  public <T> T loadSynchronously(PrimaryAssetId id, Class<T> type) {
    java.util.Objects.requireNonNull(id, "id must not be null");
    java.util.Objects.requireNonNull(type, "type must not be null");
    checkBlockingAllowed("loadSynchronously(" + id + ")");
    DefaultLoadHandle handle = newHandle(List.of(id), List.of());
    handle.enableHelping();
    handle.start();
    try {
      LoadResult result = handle.helpUntilDone();
      T value = result.get(id, type); // the wrong type is refused before the manager keeps anything
      if (bundleState(id).isEmpty()) {
        changeBundleState(List.of(id), List.of(), List.of());
      }
      return value;
    } catch (CompletionException e) {
      if (e.getCause() instanceof AssetLoadException failure) {
        throw failure;
      }
      throw e;
    } finally {
      handle.release();
    }
  }

  @Override
  public <T> T getAsset(SoftRef<T> ref, boolean keepInMemory) {
    java.util.Objects.requireNonNull(ref, "ref must not be null");
    checkOpen();
    Object loaded = slots.loadedValue(ref);
    if (loaded != null && (!keepInMemory || keptFiles.containsKey(ref))) {
      return ref.type().cast(loaded);
    }
    checkBlockingAllowed("getAsset(" + AssetKey.label(ref) + ", " + keepInMemory + ")");
    SlotTable.Pin pin = slots.pin(ref);
    boolean kept = false;
    try {
      LoadTask task = slots.pendingTask(ref);
      if (task != null) {
        task.run(); // no worker has started it: read it here rather than wait in the queue
      }
      Loaded value;
      try {
        value = pin.load().join();
      } catch (CompletionException e) {
        if (e.getCause() instanceof AssetLoadException failure) {
          throw failure;
        }
        throw e;
      }
      if (keepInMemory) {
        synchronized (keptFiles) {
          // Its root removed while it loaded took its slot out of the table (and dropped what was
          // kept of the root before): keeping it now would hold the gone root's copy for good.
          kept = slots.holds(ref, pin.slot()) && keptFiles.putIfAbsent(ref, pin.slot()) == null;
        }
      }
      return ref.type().cast(value.value());
    } finally {
      if (!kept) {
        slots.unpin(pin.slot());
      }
    }
  }

  /** Refuses a blocking load on a worker of this manager (it could wait for itself) and warns on a game thread. */
  private void checkBlockingAllowed(String call) {
    Thread current = Thread.currentThread();
    if (workers.isOwnThread(current) || LoadTask.isRunningOnThisThread()) {
      throw LoadTask.waitOnWorker(call);
    }
    if (gameThread.test(current)) {
      log.warn("{} was called on the game thread: it blocks the frame while the file is read; use loadPrimaryAssets"
          + " with a completion callback", call);
    }
  }

  @Override
  public Optional<PrimaryAssetId> gameDataId() {
    return Optional.ofNullable(gameData != null ? gameData : index.gameSettings().gameData());
  }

  @Override
  public <T> T gameData(Class<T> type) {
    PrimaryAssetId id = gameDataId().orElseThrow(() -> new IllegalStateException(
        "No game data is configured: name it as \"gameData\" in the game's overture.json, or with AssetManager.Builder.gameData"));
    if (bundleState(id).isPresent()) {
      Optional<T> kept = getAsset(id, type);
      if (kept.isPresent()) {
        return kept.get();
      }
    }
    log.debug("Loading the game data {} now: start-up has not loaded it yet", id);
    return loadSynchronously(id, type);
  }

  @Override
  public Optional<PrimaryAssetId> defaultPawnData() {
    return Optional.ofNullable(defaultPawnData != null ? defaultPawnData : index.gameSettings().defaultPawnData());
  }

  @Override
  public StartupJobs startInitialLoading() {
    StartupJobs started = initialLoading.get();
    if (started != null) {
      return started;
    }
    checkOpen();
    int indexed = index.snapshot().size();
    StartupJobs.Builder jobs = StartupJobs.builder().ticker(ticker)
        // Indexing happened when the manager was built; the job keeps Lyra's order of start-up.
        .add("Index content", 1, context -> CompletableFuture.completedFuture(indexed));
    gameDataId().ifPresent(id -> jobs.add("Load game data", 25,
        context -> context.track(changeBundleState(List.of(id), List.of(), List.of()))));
    StartupJobs built = jobs.build();
    if (initialLoading.compareAndSet(null, built)) {
      built.start(slots.workers());
      return built;
    }
    return initialLoading.get();
  }

  // ---------------------------------------------------------------- bundle state

  @Override
  public LoadHandle changeBundleState(
      Collection<PrimaryAssetId> ids, Collection<String> addBundles, Collection<String> removeBundles) {
    checkOpen();
    return bundleStates.change(Arguments.noNulls(ids, "ids"), Set.copyOf(Arguments.noNulls(addBundles, "addBundles")),
        Set.copyOf(Arguments.noNulls(removeBundles, "removeBundles")));
  }

  @Override
  public Optional<Set<String>> bundleState(PrimaryAssetId id) {
    java.util.Objects.requireNonNull(id, "id must not be null");
    return bundleStates.of(id);
  }

  @Override
  public int unload(Collection<PrimaryAssetId> ids) {
    return bundleStates.unload(Arguments.noNulls(ids, "ids"));
  }

  // ---------------------------------------------------------------- the rest

  @Override
  public AssetTools tools() {
    return tools;
  }

  @Override
  public Stats stats() {
    return slots.stats(bundleStates.size());
  }

  @Override
  public AssetSnapshot snapshot() {
    return slots.snapshot(bundleStates.all());
  }

  void checkOpen() {
    if (closed) {
      throw new IllegalStateException("the asset manager is closed");
    }
  }

  /**
   * Of two threads closing at once one closes, and the other returns once everything is closed, not
   * at once while the sources are still open (nor closing them twice). A worker of this manager
   * closing it (a callback run on the worker), or the closing thread itself, returns at once: the
   * first close waits for the workers ({@link dev.overture.internal.CloseOnce}).
   */
  @Override
  public void close() {
    closeOnce.close(this::closeNow, workers::isOwnThread);
  }

  private void closeNow() {
    closed = true;
    List<ContentRoot> roots = index.close();
    slots.close();
    keptFiles.clear();
    bundleStates.releaseAll();
    workers.shutdown();
    for (ContentRoot root : roots) {
      closeQuietly(root);
    }
  }

  private static void closeQuietly(ContentRoot root) {
    try {
      root.source().close();
    } catch (IOException e) {
      log.warn("Could not close content root {} ({}): {}", root.name(), root.source().name(), e.toString());
    }
  }

  @Override
  public String toString() {
    return "AssetManager[" + index.snapshot().size() + " assets in " + index.rootNames() + ", " + stats() + "]";
  }
}
