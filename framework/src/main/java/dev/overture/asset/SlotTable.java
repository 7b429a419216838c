package dev.overture.asset;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Expiry;
import dev.overture.core.Problem;
import dev.overture.core.Ticker;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.BiFunction;

/**
 * The assets in memory: one {@link Slot} per {@link AssetKey}, with its pins and its current
 * load, in one concurrent map that is the only store. Loads pin what they reach; the first pin of
 * an asset starts its read on the workers (single flight: later pins share it), a failed load is
 * replaced by the next pin, and an asset nothing pins any more is dropped at once or, under a
 * {@link RetentionPolicy} that retains, kept and evicted by Caffeine: the map is then the view of a
 * Caffeine cache in which a slot weighs 1 while it is loaded and unpinned and 0 otherwise, and
 * expires only then, so pinned and loading assets are never evicted. Without retention the map is
 * a plain {@link ConcurrentHashMap}: a cache that evicts nothing would only add its own set-up (its
 * classes, its logger) to every start-up and a layer to every pin.
 *
 * <p>Threading: any thread. A slot's pins and load change only inside the map's {@code compute}
 * for its key, which serializes them; futures are completed and tasks submitted only outside those
 * computations, so no callback runs under a map lock. The table also tracks the loads in progress,
 * so that closing it cancels them.
 */
final class SlotTable {

  private static final org.slf4j.Logger log = org.slf4j.LoggerFactory.getLogger(SlotTable.class);

  /** Reads and binds the file of an asset; runs on a worker, or on a thread that helps its own load. */
  interface Reader {
    Loaded read(AssetKey key);
  }

  /**
   * A pin taken on a slot, and the load it joined. Also the computation that takes it, run in the
   * map's {@code compute} for the key (both maps apply it exactly once): one object for a pin,
   * where a capturing lambda, a holder for its outcome and the pin were three.
   */
  static final class Pin implements BiFunction<AssetKey, Slot, Slot> {
    private final SlotTable table;
    private Slot slot;
    private CompletableFuture<Loaded> load;
    /** The load this pin started, to hand to the workers once out of the map's lock; null when it joined one. */
    private LoadTask started;

    private Pin(SlotTable table) {
      this.table = table;
    }

    Slot slot() {
      return slot;
    }

    CompletableFuture<Loaded> load() {
      return load;
    }

    @Override
    public Slot apply(AssetKey key, Slot existing) {
      Slot pinned = existing != null ? existing : new Slot(key);
      pinned.pins++;
      if (pinned.needsLoad()) {
        LoadTask task = new LoadTask(table, pinned);
        pinned.startLoad(task);
        started = task;
        load = task;
      } else {
        load = pinned.load();
      }
      slot = pinned;
      return pinned;
    }
  }

  /** The slots: {@link #retaining}'s view when the policy retains, a plain map otherwise. */
  private final ConcurrentMap<AssetKey, Slot> slots;
  /** The cache that retains and evicts unpinned slots; null when the policy retains nothing. */
  private final Cache<AssetKey, Slot> retaining;
  private final Reader reader;
  private final Executor workers;
  private final Ticker ticker;
  private final Set<DefaultLoadHandle> loading = ConcurrentHashMap.newKeySet();
  private volatile boolean closed;

  SlotTable(RetentionPolicy policy, Ticker ticker, Executor workers, Reader reader) {
    this.retaining = policy.retains() ? retainingCache(policy, ticker) : null;
    this.slots = retaining != null ? retaining.asMap() : new ConcurrentHashMap<>();
    this.ticker = ticker;
    this.workers = workers;
    this.reader = reader;
  }

  private static Cache<AssetKey, Slot> retainingCache(RetentionPolicy policy, Ticker ticker) {
    Caffeine<AssetKey, Slot> bounded =
        Caffeine.newBuilder()
            .executor(Runnable::run)
            .ticker(ticker::read)
            .maximumWeight(policy.maximumSize())
            .weigher((AssetKey key, Slot slot) -> slot.isRetainable() ? 1 : 0);
    if (policy.expiry().isPresent()) {
      bounded = bounded.expireAfter(new IdleExpiry(policy.expiry().get()));
    }
    return bounded.build();
  }

  /** Retained slots expire once idle for the policy's time; others never. */
  private record IdleExpiry(Duration idle) implements Expiry<AssetKey, Slot> {
    @Override
    public long expireAfterCreate(AssetKey key, Slot slot, long now) {
      return slot.isRetainable() ? dev.overture.internal.Durations.nanos(idle) : Long.MAX_VALUE;
    }

    @Override
    public long expireAfterUpdate(AssetKey key, Slot slot, long now, long current) {
      return expireAfterCreate(key, slot, now);
    }

    @Override
    public long expireAfterRead(AssetKey key, Slot slot, long now, long current) {
      return slot.isRetainable() ? dev.overture.internal.Durations.nanos(idle) : current;
    }
  }

  Executor workers() {
    return workers;
  }

  Ticker ticker() {
    return ticker;
  }

  /** The loaded value of {@code key}, without IO; null when it is not loaded. Counts as a use. */
  Object loadedValue(AssetKey key) {
    Slot slot = retaining != null ? retaining.getIfPresent(key) : slots.get(key);
    return slot == null ? null : slot.valueOrNull();
  }

  /** Pins {@code key} and returns its slot and load, starting a load when there is none or the last failed. */
  Pin pin(AssetKey key) {
    Pin pin = new Pin(this);
    slots.compute(key, pin);
    if (pin.started != null) {
      submit(pin.started);
    }
    return pin;
  }

  /**
   * Hands {@code task} to the workers. An executor that refuses it, or fails while taking it (any
   * exception, or an error such as a thread it could not start), fails this load of the asset at
   * once, so no pin waits on a read that will never run; the next pin tries again.
   */
  private void submit(LoadTask task) {
    String why;
    try {
      workers.execute(task);
      return;
    } catch (RejectedExecutionException e) {
      why = closed
          ? "The asset manager is closed"
          : "The worker executor rejected the read of " + AssetKey.label(task.slot().key)
              + " (it is shut down or its queue is full)";
    } catch (Throwable e) {
      log.error("The worker executor failed to take the read of {}", AssetKey.label(task.slot().key), e);
      why = "The worker executor failed to take the read of " + AssetKey.label(task.slot().key) + ": "
          + dev.overture.internal.Failures.describe(e);
    }
    String label = AssetKey.label(task.slot().key);
    task.refuse(new AssetLoadException(label, List.of(Problem.error("Overture/Rejected", why).withAsset(label))));
    settle(task.slot(), task);
  }

  /** The load task of {@code key}'s current load, if no thread has started it. */
  LoadTask pendingTask(AssetKey key) {
    Slot slot = retaining != null ? retaining.policy().getIfPresentQuietly(key) : slots.get(key);
    return slot == null ? null : slot.pendingTask();
  }

  /**
   * Removes one pin of {@code slot}, which {@link #pin} returned; an asset nothing pins is retained
   * or dropped. The slot's key is the very instance the map holds, so the map finds it by identity
   * without comparing paths: releasing a load of 1,000 items, long after their references were
   * bound, spent most of its time on cache misses reading their text.
   */
  void unpin(Slot slot) {
    slots.computeIfPresent(
        slot.key,
        (k, s) -> {
          if (s != slot) {
            return s; // dropped with every other slot when the table closed
          }
          if (s.pins <= 0) {
            throw new IllegalStateException("unpinned more often than pinned: " + s);
          }
          if (--s.pins > 0) {
            return s;
          }
          if (s.isLoading()) {
            return s; // its task abandons it or settles it
          }
          return keepsUnpinned(s) ? s : null;
        });
  }

  /** Whether the retention policy keeps {@code slot} now that nothing pins it (it then weighs 1). */
  private boolean keepsUnpinned(Slot slot) {
    return retaining != null && slot.valueOrNull() != null;
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
          if (s == slot && s.isCurrent(load) && s.pins == 0) {
            abandon[0] = true;
            return null;
          }
          return s;
        });
    return abandon[0];
  }

  /** Reads and binds the file of {@code key}, for its load task. */
  Loaded read(AssetKey key) {
    return reader.read(key);
  }

  /**
   * Called by a task after completing its load: the slot keeps the value in place of the future,
   * and a slot nothing pins is retained or dropped.
   */
  void settle(Slot slot, CompletableFuture<Loaded> load) {
    slot.settle(load);
    if (slot.pins > 0) {
      return; // the last unpin, which sees the load done, retains or drops it
    }
    slots.computeIfPresent(
        slot.key,
        (k, s) -> s != slot || !s.holds(load) || s.pins > 0 || keepsUnpinned(s) ? s : null);
  }

  /**
   * Puts {@code loaded}, a new version of {@code key} read by a {@link Staging}, in force: the slot
   * of {@code key}, if there is one, takes it as its value (a read in flight for the old file is
   * left to settle its own future, which its waiters hold). Nothing is created for a key nobody
   * holds: its next load reads the file anyway.
   */
  void replaceValue(AssetKey key, Loaded loaded) {
    slots.computeIfPresent(key, (k, s) -> {
      s.replace(loaded);
      return s;
    });
  }

  /**
   * Pins the slot of {@code key} for a load of a {@link Staging} that read {@code loaded} itself,
   * creating it with that value when there is none (or its last load failed); returns the slot.
   */
  Slot pinCommitted(AssetKey key, Loaded loaded) {
    return slots.compute(key, (k, existing) -> {
      Slot slot = existing != null ? existing : new Slot(k);
      if (slot.needsLoad()) {
        slot.replace(loaded);
      }
      slot.pins++;
      return slot;
    });
  }

  /** Drops the copy of {@code key} if nothing pins it and it is not loading, so the next load reads it again. */
  void dropUnpinned(AssetKey key) {
    slots.computeIfPresent(
        key, (k, s) -> s.pins == 0 && !s.isLoading() ? null : s);
  }

  /**
   * Takes the slot of {@code key} out of the table whether or not something pins it: its root is
   * gone, so its copy must never be served again (a plugin's assets are bound by its class loader,
   * which a plugin registered again replaces). Holders keep the values they have; their unpins, and
   * a read in flight settling, find another slot or none and leave it alone (they compare slots by
   * identity), and the next pin reads the file afresh.
   */
  void detach(AssetKey key) {
    slots.remove(key);
  }

  /** Whether {@code slot} is still {@code key}'s in the table (no removal of its root took it out). */
  boolean holds(AssetKey key, Slot slot) {
    return slots.get(key) == slot;
  }

  /** Takes every slot of a file of content root {@code root} out of the table, pinned or not (see {@link #detach}). */
  void detachFiles(String root) {
    for (AssetKey key : slots.keySet()) {
      if (key instanceof SoftRef<?> ref && ref.root().equals(root)) {
        detach(key);
      }
    }
  }

  /** Drops the unpinned copies of files of content root {@code root} ({@code path} only, unless null). */
  void dropUnpinnedFiles(String root, AssetPath path) {
    for (AssetKey key : slots.keySet()) {
      if (key instanceof SoftRef<?> ref && ref.root().equals(root) && (path == null || ref.path().equals(path))) {
        dropUnpinned(key);
      }
    }
  }

  /** Drops every unpinned copy (retained ones included): registrations changed, so they may be stale. */
  void dropUnpinnedAll() {
    for (AssetKey key : slots.keySet()) {
      dropUnpinned(key);
    }
  }

  /** Registers a load in progress, so that {@link #close()} cancels it; cancels it at once when closed. */
  void loadingStarted(DefaultLoadHandle handle) {
    loading.add(handle);
    if (closed) {
      handle.cancel();
    }
  }

  void loadingEnded(DefaultLoadHandle handle) {
    loading.remove(handle);
  }

  /** What is in memory now; {@code kept} is the bundle states' count, which the table does not know. */
  AssetManager.Stats stats(int kept) {
    if (retaining != null) {
      retaining.cleanUp(); // evictions due by now
    }
    int loaded = 0;
    int pinned = 0;
    int inFlight = 0;
    int retained = 0;
    for (Slot slot : slots.values()) {
      if (slot.pins > 0) {
        pinned++;
      }
      if (slot.isLoading()) {
        inFlight++;
      } else if (slot.valueOrNull() != null) {
        loaded++;
        if (retaining != null && slot.pins == 0) {
          retained++;
        }
      }
    }
    return new AssetManager.Stats(loaded, pinned, inFlight, retained, kept);
  }

  /** Every slot and load in progress now, each read once without a lock; {@code kept} are the bundle states. */
  AssetSnapshot snapshot(Map<PrimaryAssetId, Set<String>> kept) {
    if (retaining != null) {
      retaining.cleanUp(); // evictions due by now
    }
    List<AssetSnapshot.Asset> assets = new ArrayList<>();
    for (Slot slot : slots.values()) {
      Loaded loaded = slot.loadedOrNull();
      AssetSnapshot.State state =
          loaded != null ? AssetSnapshot.State.LOADED
              : slot.isFailed() ? AssetSnapshot.State.FAILED : AssetSnapshot.State.LOADING;
      AssetKey key = slot.key;
      String type = key instanceof PrimaryAssetId id ? id.type().name() : ((SoftRef<?>) key).type().getSimpleName();
      Set<String> bundles = key instanceof PrimaryAssetId id ? kept.getOrDefault(id, Set.of()) : Set.of();
      assets.add(new AssetSnapshot.Asset(AssetKey.label(key), type, state, Math.max(0, slot.pins), bundles,
          loaded == null ? "" : loaded.file(), loaded == null ? 0 : loaded.bytes()));
    }
    List<AssetSnapshot.Load> loads = new ArrayList<>();
    for (DefaultLoadHandle handle : loading) {
      if (handle.status() == LoadHandle.Status.LOADING) {
        loads.add(new AssetSnapshot.Load(handle.requested(), handle.bundles(), handle.loadedCount(), handle.totalCount(),
            handle.progress(), handle.elapsed()));
      }
    }
    return new AssetSnapshot(assets, loads);
  }

  /** Cancels the loads in progress and drops every slot; later tasks abandon themselves. */
  void close() {
    closed = true;
    for (DefaultLoadHandle handle : List.copyOf(loading)) {
      handle.cancel();
    }
    slots.clear();
  }
}
