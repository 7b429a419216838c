package dev.overture.asset;

import java.util.concurrent.CompletableFuture;

/**
 * The manager's record of one asset (a {@link PrimaryAssetId} or a {@link SoftRef}): how many pins
 * hold it and its current load. Fields are written only inside {@code ConcurrentHashMap.compute}
 * on the slot's key, which serializes every change; the fields are volatile so that {@code
 * getAsset} and the fast paths of the load tasks can read them without a lock.
 */
final class Slot {

  final Object key;
  volatile int pins;
  volatile CompletableFuture<Loaded> load;
  volatile LoadTask task;

  Slot(Object key) {
    this.key = key;
  }

  /** The loaded value, or {@code null} when not (yet, or successfully) loaded. */
  Object valueOrNull() {
    CompletableFuture<Loaded> current = load;
    if (current == null || !current.isDone() || current.isCompletedExceptionally()) {
      return null;
    }
    return current.getNow(null).value();
  }

  @Override
  public String toString() {
    CompletableFuture<Loaded> current = load;
    String state =
        current == null ? "new" : !current.isDone() ? "loading" : current.isCompletedExceptionally() ? "failed" : "loaded";
    return "Slot[" + key + ", " + state + ", pins=" + pins + "]";
  }
}
