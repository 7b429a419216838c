package dev.overture.asset;

import java.util.concurrent.CompletableFuture;

/**
 * The record of one asset in the {@link SlotTable}: how many pins hold it and its current load.
 * Fields are written only inside the table's {@code compute} on the slot's key, which serializes
 * every change, except that a load task, once a thread has started it, clears {@code task} with a
 * compare-and-set (so a newer load's task is never cleared); they are volatile so that {@code
 * getAsset}, the retention policy's weigher and the fast paths of the load tasks can read them
 * without a lock.
 */
final class Slot {

  final AssetKey key;
  volatile int pins;
  volatile CompletableFuture<Loaded> load;
  volatile LoadTask task;

  private static final java.util.concurrent.atomic.AtomicReferenceFieldUpdater<Slot, LoadTask> TASK =
      java.util.concurrent.atomic.AtomicReferenceFieldUpdater.newUpdater(Slot.class, LoadTask.class, "task");

  Slot(AssetKey key) {
    this.key = key;
  }

  /** Drops {@code claimed}, a task a thread has started, unless a newer load has replaced it. */
  void forgetTask(LoadTask claimed) {
    TASK.compareAndSet(this, claimed, null);
  }

  /** The loaded value, or {@code null} when not (yet, or successfully) loaded. */
  Object valueOrNull() {
    CompletableFuture<Loaded> current = load;
    if (current == null || !current.isDone() || current.isCompletedExceptionally()) {
      return null;
    }
    return current.getNow(null).value();
  }

  /** Whether nothing pins it and its value is loaded: what the retention policy may keep or evict. */
  boolean isRetainable() {
    return pins == 0 && valueOrNull() != null;
  }

  @Override
  public String toString() {
    CompletableFuture<Loaded> current = load;
    String state =
        current == null ? "new" : !current.isDone() ? "loading" : current.isCompletedExceptionally() ? "failed" : "loaded";
    return "Slot[" + key + ", " + state + ", pins=" + pins + "]";
  }
}
