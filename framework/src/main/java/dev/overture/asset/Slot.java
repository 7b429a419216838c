package dev.overture.asset;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReferenceFieldUpdater;

/**
 * The record of one asset in the {@link SlotTable}: how many pins hold it and its current load.
 * The load is kept as compactly as its stage allows: nothing before the first pin, the future of
 * the read while it runs (and once it failed, until the next pin replaces it), and the {@link
 * Loaded} itself once the read has succeeded and settled, without the completed future around it
 * (24 bytes a loaded asset would otherwise keep).
 *
 * <p>Fields are written only inside the table's {@code compute} on the slot's key, which
 * serializes every change, with one exception made by compare-and-set so that a newer load is
 * never touched: once a load has completed with a value, it is replaced by the value ({@link
 * #settle}). They are volatile so that {@code getAsset}, the retention policy's weigher and the
 * fast paths of the load tasks can read them without a lock.
 */
final class Slot {

  private static final AtomicReferenceFieldUpdater<Slot, Object> STATE =
      AtomicReferenceFieldUpdater.newUpdater(Slot.class, Object.class, "state");

  final AssetKey key;
  volatile int pins;
  /** Null, a {@link LoadTask} (reading, or failed), or a settled {@link Loaded}. */
  private volatile Object state;

  Slot(AssetKey key) {
    this.key = key;
  }

  /** Whether a pin must start a new load: there was none, or the last one failed or was abandoned. */
  boolean needsLoad() {
    return state == null || isFailed();
  }

  /** Makes {@code load}, just created, the current load. In the table's compute. */
  void startLoad(LoadTask load) {
    state = load;
  }

  /** The current load's task, if no thread has started it yet; null otherwise. */
  LoadTask pendingTask() {
    return state instanceof LoadTask task && !task.isClaimed() ? task : null;
  }

  /** Makes {@code loaded} the value, replacing whatever load there was. In the table's compute. */
  void replace(Loaded loaded) {
    state = loaded;
  }

  /**
   * Keeps the value of {@code load}, which has completed, in place of the future, unless a newer
   * load has replaced it or it failed (a failed future stays, for the next pin to replace).
   */
  void settle(CompletableFuture<Loaded> load) {
    if (load.isDone() && !load.isCompletedExceptionally()) {
      STATE.compareAndSet(this, load, load.join());
    }
  }

  /** Whether {@code load} is the current load, still as a future (in flight, failed, or not yet settled). */
  boolean isCurrent(CompletableFuture<Loaded> load) {
    return state == load;
  }

  /** Whether {@code load} is the current load, as its future or, once settled, as its value. */
  boolean holds(CompletableFuture<Loaded> load) {
    Object current = state;
    return current == load || current instanceof Loaded && load.isDone() && !load.isCompletedExceptionally() && current == load.join();
  }

  /** Whether the current load failed (or was abandoned), and no pin has replaced it yet. */
  boolean isFailed() {
    return state instanceof CompletableFuture<?> future && future.isCompletedExceptionally();
  }

  /** Whether a read is in flight. */
  boolean isLoading() {
    return state instanceof CompletableFuture<?> future && !future.isDone();
  }

  /**
   * The current load as a future, for a pin to join: a settled value is wrapped in a completed one,
   * made for the caller and not kept; null when there is none.
   */
  @SuppressWarnings("unchecked")
  CompletableFuture<Loaded> load() {
    Object current = state;
    if (current instanceof Loaded loaded) {
      return CompletableFuture.completedFuture(loaded);
    }
    return (CompletableFuture<Loaded>) current;
  }

  /** The loaded file, or {@code null} when not (yet, or successfully) loaded. */
  Loaded loadedOrNull() {
    Object current = state;
    if (current instanceof Loaded loaded) {
      return loaded;
    }
    if (current instanceof CompletableFuture<?> future && future.isDone() && !future.isCompletedExceptionally()) {
      return (Loaded) future.join();
    }
    return null;
  }

  /** The loaded value, or {@code null} when not (yet, or successfully) loaded. */
  Object valueOrNull() {
    Loaded loaded = loadedOrNull();
    return loaded == null ? null : loaded.value();
  }

  /** Whether nothing pins it and its value is loaded: what the retention policy may keep or evict. */
  boolean isRetainable() {
    return pins == 0 && valueOrNull() != null;
  }

  /** "new", "loading", "failed" or "loaded". */
  String stateName() {
    Object current = state;
    if (current == null) {
      return "new";
    }
    return isLoading() ? "loading" : isFailed() ? "failed" : "loaded";
  }

  @Override
  public String toString() {
    return "Slot[" + key + ", " + stateName() + ", pins=" + pins + "]";
  }
}
