package dev.overture.asset;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.RemovalCause;
import dev.overture.core.Choices;
import dev.overture.core.Problem;
import dev.overture.core.SourceLocation;
import dev.overture.core.Ticker;
import dev.overture.version.AssetVersions;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The asset manager. Loaded assets live in slots keyed by id or soft reference; a slot's pin count
 * and load are changed only inside {@code slots.compute} for its key, and futures are completed
 * only outside those computations, so that callbacks never run under a map lock. Index changes are
 * serialized by {@link #indexLock} and published as whole snapshots.
 */
final class DefaultAssetManager implements AssetManager {

  private static final Logger log = LoggerFactory.getLogger(AssetManager.class);
  private static final AtomicInteger POOLS = new AtomicInteger();

  private final AssetJson json;
  private final AssetVersions versions;
  private final Indexer indexer;
  private final Map<String, Class<?>> assetClasses;
  private final AssetLimits limits;
  private final Executor workers;
  private final ExecutorService ownedWorkers;
  private final Set<Thread> ownedThreads = ConcurrentHashMap.newKeySet();
  private final Ticker ticker;
  private final Predicate<Thread> gameThread;
  private final Cache<Object, Slot> retained;

  private final Object indexLock = new Object();
  private volatile IndexSnapshot index = IndexSnapshot.EMPTY;
  private final Map<String, ContentRoot> roots = new ConcurrentHashMap<>();
  private final Map<String, List<ScanRule>> rootRules = new ConcurrentHashMap<>();
  private final List<String> rootOrder = new java.util.concurrent.CopyOnWriteArrayList<>();

  private final ConcurrentHashMap<Object, Slot> slots = new ConcurrentHashMap<>();
  private final Set<DefaultLoadHandle> loading = ConcurrentHashMap.newKeySet();
  private final Object holdsLock = new Object();
  private final Map<PrimaryAssetId, Hold> holds = new HashMap<>();
  private volatile boolean closed;

  /** The manager's own pin on an asset: its bundle state and the handle that loaded it. */
  private record Hold(Set<String> bundles, DefaultLoadHandle handle) {}

  DefaultAssetManager(AssetManager.Builder builder) {
    this.limits = builder.limits != null ? builder.limits : AssetLimits.defaults();
    this.versions = builder.versions.build();
    this.json = new AssetJson(limits, builder.kinds, versions);
    this.assetClasses = Map.copyOf(builder.assetClasses);
    this.indexer = new Indexer(builder.rules, assetClasses, json, limits);
    this.ticker = builder.ticker != null ? builder.ticker : Ticker.system();
    this.gameThread = builder.gameThread != null ? builder.gameThread : thread -> false;
    if (builder.workers != null) {
      this.workers = builder.workers;
      this.ownedWorkers = null;
    } else {
      int threads =
          builder.workerThreads != 0 ? builder.workerThreads : Math.max(2, Runtime.getRuntime().availableProcessors());
      this.ownedWorkers = Executors.newFixedThreadPool(threads, workerThreadFactory());
      this.workers = ownedWorkers;
    }
    RetentionPolicy policy = builder.retention != null ? builder.retention : RetentionPolicy.none();
    this.retained = policy.retains() ? retentionCache(policy) : null;
    try {
      for (ContentRoot root : builder.roots.values()) {
        addContentRoot(root);
      }
    } catch (RuntimeException e) {
      close();
      for (ContentRoot root : builder.roots.values()) {
        if (!roots.containsKey(root.name())) {
          closeQuietly(root);
        }
      }
      throw e;
    }
  }

  private ThreadFactory workerThreadFactory() {
    int pool = POOLS.incrementAndGet();
    AtomicInteger count = new AtomicInteger();
    return task -> {
      Thread thread =
          new Thread(
              () -> {
                ownedThreads.add(Thread.currentThread());
                task.run();
              },
              "overture-assets-" + pool + "-" + count.incrementAndGet());
      thread.setDaemon(true);
      return thread;
    };
  }

  private Cache<Object, Slot> retentionCache(RetentionPolicy policy) {
    Caffeine<Object, Object> caffeine =
        Caffeine.newBuilder()
            .maximumSize(policy.maximumSize())
            .ticker(ticker::read)
            .executor(Runnable::run);
    policy.expiry().ifPresent(caffeine::expireAfterAccess);
    return caffeine
        .<Object, Slot>evictionListener(
            (key, slot, cause) -> {
              if (cause != RemovalCause.EXPLICIT && cause != RemovalCause.REPLACED && key != null) {
                slots.computeIfPresent(key, (k, s) -> s == slot && s.pins == 0 ? null : s);
              }
            })
        .build();
  }

  // ---------------------------------------------------------------- index

  @Override
  public AssetIndex index() {
    return index;
  }

  IndexSnapshot snapshot() {
    return index;
  }

  @Override
  public void addContentRoot(ContentRoot root) {
    checkOpen();
    synchronized (indexLock) {
      if (roots.containsKey(root.name())) {
        throw new IllegalArgumentException("content root " + root.name() + " is already added");
      }
      IndexSnapshot current = index;
      Indexer.Scan scan = indexer.scan(root);
      List<Problem> problems = new ArrayList<>(scan.problems());
      Map<PrimaryAssetType, Class<?>> typeClasses = new HashMap<>(current.typeClasses());
      for (ScanRule rule : scan.rules()) {
        Class<?> previous = typeClasses.putIfAbsent(rule.type(), rule.assetClass());
        if (previous != null && previous != rule.assetClass()) {
          problems.add(
              Problem.error(
                      "Overture/ConflictingScanRule",
                      "Type " + rule.type() + " binds to " + previous.getName() + " elsewhere, but a scan rule of "
                          + root.name() + " binds it to " + rule.assetClass().getName())
                  .at(SourceLocation.ofFile(root.source().name())));
        }
      }
      List<AssetEntry> added = scan.entries(); // sorted by id
      for (AssetEntry entry : added) {
        AssetEntry clash = current.get(entry.id());
        if (clash != null) {
          problems.add(Indexer.duplicate(clash, entry));
        }
      }
      List<Problem> errors = problems.stream().filter(Problem::isError).toList();
      if (!errors.isEmpty()) {
        throw new AssetIndexException("content root " + root.name() + " (" + root.source().name() + ")", sorted(errors));
      }
      List<Problem> warnings = new ArrayList<>(current.warnings());
      warnings.addAll(problems);
      index = current.change(List.of(), added, typeClasses, warnings);
      roots.put(root.name(), root);
      rootRules.put(root.name(), scan.rules());
      rootOrder.add(root.name());
      for (Problem warning : problems) {
        log.warn("{}", warning);
      }
      log.debug("Indexed {} assets in content root {} ({})", added.size(), root.name(), root.source().name());
    }
  }

  @Override
  public boolean removeContentRoot(String name) {
    ContentRoot root;
    synchronized (indexLock) {
      root = roots.remove(name);
      if (root == null) {
        return false;
      }
      IndexSnapshot current = index;
      List<AssetEntry> removed = current.entriesOf(name);
      index = current.change(removed, List.of(), current.typeClasses(), current.warnings());
      rootRules.remove(name);
      rootOrder.remove(name);
      for (AssetEntry entry : removed) {
        dropUnpinned(entry.id());
      }
    }
    for (Object key : slots.keySet()) {
      if (key instanceof SoftRef<?> ref && ref.root().equals(name)) {
        dropUnpinned(key);
      }
    }
    closeQuietly(root);
    return true;
  }

  @Override
  public List<ContentRoot> contentRoots() {
    List<ContentRoot> ordered = new ArrayList<>();
    for (String name : rootOrder) {
      ContentRoot root = roots.get(name);
      if (root != null) {
        ordered.add(root);
      }
    }
    return List.copyOf(ordered);
  }

  @Override
  public IndexChange reindex(String rootName, AssetPath path) {
    checkOpen();
    IndexChange change;
    synchronized (indexLock) {
      ContentRoot root = roots.get(rootName);
      if (root == null) {
        throw new IllegalArgumentException(
            "No content root \"" + rootName + "\" (content roots: " + Choices.quoted(rootOrder) + ")");
      }
      IndexSnapshot current = index;
      PrimaryAssetId existingId = current.idAt(rootName, path);
      AssetEntry existing = existingId == null ? null : current.get(existingId);
      ScanRule rule = null;
      for (ScanRule candidate : rootRules.get(rootName)) {
        if (candidate.covers(path)) {
          rule = candidate;
          break;
        }
      }
      if (rule == null || !root.source().exists(path)) {
        if (existing == null) {
          return IndexChange.UNCHANGED;
        }
        index = current.change(List.of(existing), List.of(), current.typeClasses(), current.warnings());
        change = IndexChange.REMOVED;
      } else {
        List<Problem> problems = new ArrayList<>();
        AssetEntry entry = indexer.entryFor(root, path, rule, problems);
        if (entry != null) {
          AssetEntry clash = current.get(entry.id());
          if (clash != null && !(clash.root().equals(rootName) && clash.path().equals(path))) {
            problems.add(Indexer.duplicate(clash, entry));
          }
        }
        if (!problems.isEmpty()) {
          throw new AssetIndexException(root.source().displayPath(path), problems);
        }
        if (existing != null && existing.equals(entry)) {
          change = IndexChange.UPDATED;
        } else {
          index =
              current.change(
                  existing == null ? List.of() : List.of(existing), List.of(entry), current.typeClasses(), current.warnings());
          change = existing == null ? IndexChange.ADDED : IndexChange.UPDATED;
        }
      }
      if (existing != null) {
        dropUnpinned(existing.id());
      }
    }
    for (Object key : slots.keySet()) {
      if (key instanceof SoftRef<?> ref && ref.root().equals(rootName) && ref.path().equals(path)) {
        dropUnpinned(key);
      }
    }
    return change;
  }

  private void dropUnpinned(Object key) {
    Slot[] dropped = new Slot[1];
    slots.computeIfPresent(
        key,
        (k, s) -> {
          if (s.pins == 0 && (s.load == null || s.load.isDone())) {
            dropped[0] = s;
            return null;
          }
          return s;
        });
    if (retained != null && dropped[0] != null) {
      // Only the dropped slot: a newer slot for the same key may already be retained.
      retained.asMap().remove(key, dropped[0]);
    }
  }

  /** Keeps {@code slot} in the retention cache, unless it was pinned again meanwhile. */
  private void retain(Object key, Slot slot) {
    retained.put(key, slot);
    if (slot.pins > 0) {
      retained.asMap().remove(key, slot);
    }
  }

  // ---------------------------------------------------------------- loading

  @Override
  public LoadHandle loadPrimaryAssets(Collection<PrimaryAssetId> ids, Collection<String> bundles) {
    DefaultLoadHandle handle = newHandle(ids, bundles);
    handle.start();
    return handle;
  }

  DefaultLoadHandle newHandle(Collection<PrimaryAssetId> ids, Collection<String> bundles) {
    checkOpen();
    List<PrimaryAssetId> requested = List.copyOf(new LinkedHashSet<>(ids));
    Set<String> bundleSet = Set.copyOf(bundles);
    for (String bundle : bundleSet) {
      if (bundle.isBlank()) {
        throw new IllegalArgumentException("bundle names must not be blank: " + bundles);
      }
    }
    return new DefaultLoadHandle(this, requested, bundleSet);
  }

  @Override
  public Optional<Object> getAsset(PrimaryAssetId id) {
    return Optional.ofNullable(loadedValue(id));
  }

  @Override
  public <T> Optional<T> getAsset(PrimaryAssetId id, Class<T> type) {
    Object value = loadedValue(id);
    return value == null ? Optional.empty() : Optional.of(AssetTypes.cast(id, value, type));
  }

  @Override
  public <T> Optional<T> getAsset(SoftRef<T> ref) {
    Object value = loadedValue(ref);
    return value == null ? Optional.empty() : Optional.of(ref.type().cast(value));
  }

  Object loadedValue(Object key) {
    Slot slot = slots.get(key);
    if (slot == null) {
      return null;
    }
    Object value = slot.valueOrNull();
    if (value != null && retained != null && slot.pins == 0) {
      retained.getIfPresent(key);
    }
    return value;
  }

  @Override
  public <T> T loadSynchronously(PrimaryAssetId id, Class<T> type) {
    Thread current = Thread.currentThread();
    if (ownedThreads.contains(current) || LoadTask.isRunningOnThisThread()) {
      throw new IllegalStateException(
          "loadSynchronously(" + id + ") was called on an asset worker thread, where it could wait for itself;"
              + " chain on the handle's future instead");
    }
    if (gameThread.test(current)) {
      log.warn(
          "loadSynchronously({}) was called on the game thread: it blocks the frame while the file is read;"
              + " use loadPrimaryAssets with a completion callback",
          id);
    }
    DefaultLoadHandle handle = newHandle(List.of(id), List.of());
    handle.enableHelping();
    handle.start();
    try {
      LoadResult result = handle.helpUntilDone();
      if (bundleState(id).isEmpty()) {
        changeBundleState(List.of(id), List.of(), List.of());
      }
      return result.get(id, type);
    } catch (java.util.concurrent.CompletionException e) {
      if (e.getCause() instanceof AssetLoadException failure) {
        throw failure;
      }
      throw e;
    } finally {
      handle.release();
    }
  }

  @Override
  public LoadHandle changeBundleState(
      Collection<PrimaryAssetId> ids, Collection<String> addBundles, Collection<String> removeBundles) {
    checkOpen();
    Set<String> add = Set.copyOf(addBundles);
    Set<String> remove = Set.copyOf(removeBundles);
    List<LoadHandle> observers = new ArrayList<>();
    List<Runnable> afterStart = new ArrayList<>();
    synchronized (holdsLock) {
      for (PrimaryAssetId id : new LinkedHashSet<>(ids)) {
        Hold old = holds.get(id);
        Set<String> next = new HashSet<>(old == null ? Set.of() : old.bundles());
        next.addAll(add);
        next.removeAll(remove);
        Set<String> bundles = Set.copyOf(next);
        if (old != null && bundles.equals(old.bundles())) {
          observers.add(new ObserverHandle(old.handle()));
          continue;
        }
        DefaultLoadHandle holder = newHandle(List.of(id), bundles);
        Hold hold = new Hold(bundles, holder);
        holds.put(id, hold);
        observers.add(new ObserverHandle(holder));
        afterStart.add(
            () -> {
              holder.start();
              holder.future().whenComplete((result, error) -> settleHold(id, old, hold, error == null));
            });
      }
    }
    afterStart.forEach(Runnable::run);
    return observers.size() == 1 ? observers.get(0) : LoadHandle.combine(observers);
  }

  /**
   * Once a bundle state change has loaded or failed: on success the previous state's pins go; on
   * failure the previous state comes back, unless a later change has replaced this one meanwhile
   * (then that change covers the previous state, which is released).
   */
  private void settleHold(PrimaryAssetId id, Hold old, Hold hold, boolean loaded) {
    if (loaded) {
      if (old != null) {
        old.handle().release();
      }
      return;
    }
    boolean restored;
    synchronized (holdsLock) {
      restored = old != null ? holds.replace(id, hold, old) : holds.remove(id, hold);
    }
    hold.handle().release();
    if (!restored && old != null) {
      old.handle().release();
    }
  }

  @Override
  public Optional<Set<String>> bundleState(PrimaryAssetId id) {
    synchronized (holdsLock) {
      Hold hold = holds.get(id);
      return hold == null ? Optional.empty() : Optional.of(hold.bundles());
    }
  }

  @Override
  public int unload(Collection<PrimaryAssetId> ids) {
    List<Hold> released = new ArrayList<>();
    synchronized (holdsLock) {
      for (PrimaryAssetId id : ids) {
        Hold hold = holds.remove(id);
        if (hold != null) {
          released.add(hold);
        }
      }
    }
    released.forEach(hold -> hold.handle().release());
    return released.size();
  }

  @Override
  public List<String> kinds(Class<?> base) {
    return json.kinds().namesAssignableTo(base);
  }

  @Override
  @SuppressWarnings("unchecked")
  public <B> Optional<Class<? extends B>> kind(Class<B> base, String name) {
    return Optional.ofNullable((Class<? extends B>) json.kinds().find(base, name));
  }

  @Override
  public Optional<String> kindName(Class<?> type) {
    return Optional.ofNullable(json.kinds().nameOf(type));
  }

  @Override
  public Map<String, Class<?>> assetClasses() {
    return assetClasses;
  }

  @Override
  public <T> BoundFile<T> bindFile(AssetSource source, String rootName, AssetPath path, Class<T> type) {
    String file = source.displayPath(path);
    ContentRoot root = new ContentRoot(rootName, source, List.of());
    byte[] bytes = read(root, path, file);
    BindContext context = new BindContext(rootName, file, file);
    T value = json.bind(bytes, type, context);
    return new BoundFile<>(value, context.warnings);
  }

  // ---------------------------------------------------------------- slots (called by handles and tasks)

  /** A pin taken on a slot, and the load it joined. */
  record Pin(Slot slot, CompletableFuture<Loaded> load) {}

  /** Pins {@code key} and returns its slot and load, starting a load when there is none or the last failed. */
  Pin pin(Object key) {
    Object[] outcome = new Object[3]; // [0] the load, [1] a task to start, [2] the slot
    boolean[] firstPin = new boolean[1];
    slots.compute(
        key,
        (k, slot) -> {
          Slot s = slot != null ? slot : new Slot(k);
          firstPin[0] = s.pins++ == 0;
          CompletableFuture<Loaded> current = s.load;
          if (current == null || current.isCompletedExceptionally()) {
            CompletableFuture<Loaded> fresh = new CompletableFuture<>();
            LoadTask task = new LoadTask(this, s, fresh);
            s.load = fresh;
            s.task = task;
            outcome[1] = task;
            current = fresh;
          }
          outcome[0] = current;
          outcome[2] = s;
          return s;
        });
    if (firstPin[0] && retained != null) {
      retained.asMap().remove(key, slots.get(key));
    }
    if (outcome[1] != null) {
      LoadTask task = (LoadTask) outcome[1];
      try {
        workers.execute(task);
      } catch (RejectedExecutionException e) {
        String why =
            closed
                ? "The asset manager is closed"
                : "The worker executor rejected the read of " + label(key) + " (it is shut down or its queue is full)";
        task.future.completeExceptionally(
            new AssetLoadException(
                label(key), List.of(Problem.error("Overture/Rejected", why).withAsset(label(key)))));
        settle(task.slot(), task.future);
      }
    }
    @SuppressWarnings("unchecked")
    CompletableFuture<Loaded> load = (CompletableFuture<Loaded>) outcome[0];
    return new Pin((Slot) outcome[2], load);
  }

  /** The load task of {@code key}'s current load, if it has not finished. */
  LoadTask pendingTask(Object key) {
    Slot slot = slots.get(key);
    LoadTask task = slot == null ? null : slot.task;
    return task == null || task.isClaimed() ? null : task;
  }

  /**
   * Removes one pin of {@code slot}, which {@link #pin} returned; an asset nothing pins is retained
   * or dropped. The slot's key is the very instance the map holds, so the map finds it by identity
   * without comparing paths: releasing a load of 1,000 items, long after their references were
   * bound, spent most of its time on cache misses reading their text.
   */
  void unpin(Slot slot) {
    Object key = slot.key;
    Slot[] retain = new Slot[1];
    slots.computeIfPresent(
        key,
        (k, s) -> {
          if (s != slot) {
            return s; // dropped with every other slot when the manager closed
          }
          if (s.pins <= 0) {
            throw new IllegalStateException("unpinned more often than pinned: " + s);
          }
          if (--s.pins > 0) {
            return s;
          }
          CompletableFuture<Loaded> load = s.load;
          if (load != null && !load.isDone()) {
            return s; // its task abandons it or settles it
          }
          if (load != null && !load.isCompletedExceptionally() && retained != null) {
            retain[0] = s;
            return s;
          }
          return null;
        });
    if (retain[0] != null) {
      retain(key, retain[0]);
    }
  }

  /** Called by a task before reading: true when nothing pins its slot any more (it is removed). */
  boolean abandonIfUnwanted(Slot slot, CompletableFuture<Loaded> load) {
    if (closed) {
      return true;
    }
    if (slot.pins > 0) {
      return false; // wanted now; if it is released meanwhile, settle() drops it after the read
    }
    boolean[] abandon = new boolean[1];
    slots.computeIfPresent(
        slot.key,
        (k, s) -> {
          if (s == slot && s.load == load && s.pins == 0) {
            abandon[0] = true;
            return null;
          }
          return s;
        });
    return abandon[0];
  }

  /** Called by a task after completing its load: a slot nothing pins is retained or dropped. */
  void settle(Slot slot, CompletableFuture<Loaded> load) {
    if (slot.pins > 0) {
      return; // the last unpin, which sees the load done, retains or drops it
    }
    Slot[] retain = new Slot[1];
    slots.computeIfPresent(
        slot.key,
        (k, s) -> {
          if (s != slot || s.load != load || s.pins > 0) {
            return s;
          }
          if (!load.isCompletedExceptionally() && retained != null) {
            retain[0] = s;
            return s;
          }
          return null;
        });
    if (retain[0] != null) {
      retain(slot.key, retain[0]);
    }
  }

  /** Reads and binds the file of {@code key}. Runs on a worker. */
  Loaded readAndBind(Object key) {
    if (key instanceof PrimaryAssetId id) {
      AssetEntry entry = index.get(id);
      if (entry == null) {
        throw new AssetLoadException(id.toString(), List.of(unknownAsset(id)));
      }
      ContentRoot root = rootOf(entry.root(), id.toString());
      byte[] bytes = read(root, entry.path(), id.toString());
      BindContext context = new BindContext(root.name(), entry.file(), id.toString());
      Object value = json.bind(bytes, entry.assetClass(), context);
      return new Loaded(value, List.copyOf(context.warnings), entry.file());
    }
    SoftRef<?> ref = (SoftRef<?>) key;
    String label = label(ref);
    ContentRoot root = rootOf(ref.root(), label);
    byte[] bytes = read(root, ref.path(), label);
    String file = root.source().displayPath(ref.path());
    if (ref.type() == RawAsset.class) {
      return new Loaded(new RawAsset(ref.path(), bytes), List.of(), file);
    }
    BindContext context = new BindContext(root.name(), file, label);
    Object value = json.bind(bytes, ref.type(), context);
    return new Loaded(value, List.copyOf(context.warnings), file);
  }

  /** The bytes of {@code key}'s file, or {@code null}; for locating problems after the fact. */
  byte[] bytesOrNull(Object key) {
    try {
      if (key instanceof PrimaryAssetId id) {
        AssetEntry entry = index.get(id);
        ContentRoot root = entry == null ? null : roots.get(entry.root());
        return root == null ? null : root.source().read(entry.path(), limits.maxDocumentBytes());
      }
      SoftRef<?> ref = (SoftRef<?>) key;
      ContentRoot root = roots.get(ref.root());
      return root == null ? null : root.source().read(ref.path(), limits.maxDocumentBytes());
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  /** The file of {@code key} as shown to users. */
  String fileOf(Object key) {
    if (key instanceof PrimaryAssetId id) {
      AssetEntry entry = index.get(id);
      return entry == null ? id.toString() : entry.file();
    }
    SoftRef<?> ref = (SoftRef<?>) key;
    ContentRoot root = roots.get(ref.root());
    return root == null ? ref.root() + "/" + ref.path() : root.source().displayPath(ref.path());
  }

  static String label(Object key) {
    return key instanceof SoftRef<?> ref ? ref.root() + ":/" + ref.path() : String.valueOf(key);
  }

  private ContentRoot rootOf(String name, String asset) {
    ContentRoot root = roots.get(name);
    if (root == null) {
      throw new AssetLoadException(
          asset,
          List.of(
              Problem.error("Overture/UnknownContentRoot", "Content root \"" + name + "\" is not added")
                  .withChoices("content roots", List.copyOf(rootOrder))
                  .withAsset(asset)));
    }
    return root;
  }

  private byte[] read(ContentRoot root, AssetPath path, String asset) {
    try {
      return root.source().read(path, limits.maxDocumentBytes());
    } catch (IOException | InvalidAssetPathException e) {
      // The file as shown to users is built only for a problem, not for every read.
      throw readFailure(root, path, asset, e);
    }
  }

  private AssetLoadException readFailure(ContentRoot root, AssetPath path, String asset, Exception failure) {
    String file = root.source().displayPath(path);
    Problem problem;
    if (failure instanceof NoSuchFileException) {
      // The files that are there are kept apart from the message: the handle completes the
      // message (naming the reference) before listing them.
      problem =
          new Problem(
              dev.overture.core.Severity.ERROR,
              "Overture/MissingFile",
              "File " + file + " does not exist",
              Optional.of(asset),
              Optional.of(SourceLocation.ofFile(file)),
              siblings(root, path));
    } else if (failure instanceof AssetTooLargeException) {
      problem = Problem.error("Overture/LimitExceeded", failure.getMessage()).withAsset(asset).at(SourceLocation.ofFile(file));
    } else if (failure instanceof InvalidAssetPathException) {
      problem = Problem.error("Overture/PathEscapesRoot", failure.getMessage()).withAsset(asset).at(SourceLocation.ofFile(file));
    } else {
      problem =
          Problem.error("Overture/ReadFailed", "Could not read " + file + ": " + failure)
              .withAsset(asset)
              .at(SourceLocation.ofFile(file));
    }
    return new AssetLoadException(asset, List.of(problem));
  }

  private static List<String> siblings(ContentRoot root, AssetPath path) {
    try {
      List<String> names = new ArrayList<>();
      for (String file : root.source().list(path.parent(), false)) {
        names.add(file.substring(file.lastIndexOf('/') + 1));
      }
      return Choices.closest(path.fileName(), names);
    } catch (IOException | RuntimeException e) {
      return List.of();
    }
  }

  /** The problem for a reference to, or a request of, an id that is not indexed. */
  Problem unknownAsset(PrimaryAssetId id) {
    IndexSnapshot current = index;
    List<String> sameType = current.ids(id.type()).stream().map(PrimaryAssetId::toString).toList();
    if (sameType.isEmpty() && !current.typeClasses().containsKey(id.type())) {
      List<String> types = current.types().stream().map(PrimaryAssetType::name).toList();
      return Problem.error("Overture/UnknownAssetType", "No scan rule declares the type " + id.type() + " of " + id)
          .withChoices("known types", types)
          .withAsset(id.toString());
    }
    return Problem.error("Overture/UnknownAsset", "No asset " + id + " is indexed")
        .withChoices(sameType.size() > Choices.MAX_LISTED ? "closest" : "indexed", Choices.closest(id.toString(), sameType))
        .withAsset(id.toString());
  }

  Executor workers() {
    return workers;
  }

  Ticker ticker() {
    return ticker;
  }

  JsonLocator locator() {
    return new JsonLocator(json.mapper());
  }

  void loadingStarted(DefaultLoadHandle handle) {
    loading.add(handle);
    if (closed) {
      handle.cancel();
    }
  }

  void loadingEnded(DefaultLoadHandle handle) {
    loading.remove(handle);
  }

  @Override
  public CompletableFuture<SourceLocation> locate(PrimaryAssetId id, String pointer) {
    SourceLocation unlocated = SourceLocation.at(fileOf(id), pointer);
    CompletableFuture<SourceLocation> located = new CompletableFuture<>();
    try {
      workers.execute(() -> {
        byte[] bytes = bytesOrNull(id);
        located.complete(bytes == null ? unlocated : locator().locate(bytes, unlocated));
      });
    } catch (RejectedExecutionException e) {
      located.complete(unlocated);
    }
    return located;
  }

  @Override
  public List<ScanRule> scanRules() {
    java.util.LinkedHashSet<ScanRule> rules = new java.util.LinkedHashSet<>();
    for (String root : rootOrder) {
      rules.addAll(rootRules.getOrDefault(root, List.of()));
    }
    return List.copyOf(rules);
  }

  @Override
  public AssetVersions versions() {
    return versions;
  }

  @Override
  public ResaveReport resave(boolean dryRun) {
    checkOpen();
    return new Resaver(json, versions, index, Map.copyOf(roots), this::read).run(dryRun);
  }

  @Override
  public Stats stats() {
    int loaded = 0;
    int pinned = 0;
    int inFlight = 0;
    for (Slot slot : slots.values()) {
      CompletableFuture<Loaded> load = slot.load;
      if (slot.pins > 0) {
        pinned++;
      }
      if (load != null && !load.isDone()) {
        inFlight++;
      } else if (slot.valueOrNull() != null) {
        loaded++;
      }
    }
    int kept;
    synchronized (holdsLock) {
      kept = holds.size();
    }
    int retainedCount = 0;
    if (retained != null) {
      retained.cleanUp();
      for (Slot slot : retained.asMap().values()) {
        if (slot.pins == 0) {
          retainedCount++;
        }
      }
    }
    return new Stats(loaded, pinned, inFlight, retainedCount, kept);
  }

  private void checkOpen() {
    if (closed) {
      throw new IllegalStateException("the asset manager is closed");
    }
  }

  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    for (DefaultLoadHandle handle : List.copyOf(loading)) {
      handle.cancel();
    }
    List<Hold> released;
    synchronized (holdsLock) {
      released = new ArrayList<>(holds.values());
      holds.clear();
    }
    released.forEach(hold -> hold.handle().release());
    slots.clear();
    if (retained != null) {
      retained.invalidateAll();
    }
    if (ownedWorkers != null) {
      ownedWorkers.shutdownNow();
      try {
        if (!ownedWorkers.awaitTermination(5, TimeUnit.SECONDS)) {
          log.warn("Asset workers did not stop within 5 seconds");
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    for (ContentRoot root : roots.values()) {
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

  static List<Problem> sorted(List<Problem> problems) {
    List<Problem> copy = new ArrayList<>(problems);
    copy.sort(PROBLEM_ORDER);
    return copy;
  }

  static final java.util.Comparator<Problem> PROBLEM_ORDER =
      java.util.Comparator.<Problem, String>comparing(p -> p.location().map(SourceLocation::file).orElse(p.asset().orElse("")))
          .thenComparingInt(p -> p.location().map(SourceLocation::line).orElse(0))
          .thenComparingInt(p -> p.location().map(SourceLocation::column).orElse(0))
          .thenComparing(p -> p.location().map(SourceLocation::pointer).orElse(""))
          .thenComparing(Problem::id)
          .thenComparing(Problem::message);

  static Duration nanos(long nanos) {
    return Duration.ofNanos(Math.max(0, nanos));
  }

  @Override
  public String toString() {
    return "AssetManager[" + index.size() + " assets in " + rootOrder + ", " + stats() + "]";
  }
}
