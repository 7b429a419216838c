package dev.overture.asset;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Reads and binds one asset, once: queued on the worker executor, it may also be run by a thread
 * that would otherwise wait for it ({@code loadSynchronously}). Whoever claims it first runs it.
 * If nothing pins its slot when it starts, it is abandoned without reading.
 */
final class LoadTask implements Runnable {

  private final SlotTable table;
  private final Slot slot;
  final CompletableFuture<Loaded> future;
  private final AtomicBoolean claimed = new AtomicBoolean();

  /** Set while this thread runs a load task, and whatever completing its future runs with it. */
  private static final ThreadLocal<Boolean> RUNNING = new ThreadLocal<>();

  LoadTask(SlotTable table, Slot slot, CompletableFuture<Loaded> future) {
    this.table = table;
    this.slot = slot;
    this.future = future;
  }

  Slot slot() {
    return slot;
  }

  /** Whether the calling thread is inside a load task (or code its completion runs). */
  static boolean isRunningOnThisThread() {
    return RUNNING.get() != null;
  }

  @Override
  public void run() {
    if (!claimed.compareAndSet(false, true)) {
      return;
    }
    // Nobody can run it any more: the slot stops holding it (48 bytes a loaded asset otherwise keeps).
    slot.forgetTask(this);
    Boolean outer = RUNNING.get();
    RUNNING.set(Boolean.TRUE);
    try {
      runClaimed();
    } finally {
      if (outer == null) {
        RUNNING.remove();
      }
    }
  }

  /** Whether a thread has started it. */
  boolean isClaimed() {
    return claimed.get();
  }

  private void runClaimed() {
    if (table.abandonIfUnwanted(slot, future)) {
      future.cancel(false);
      return;
    }
    Loaded loaded;
    try {
      loaded = table.read(slot.key);
    } catch (Throwable e) {
      future.completeExceptionally(e);
      table.settle(slot, future);
      if (dev.overture.internal.Failures.isFatal(e)) {
        throw (VirtualMachineError) e;
      }
      return;
    }
    future.complete(loaded);
    table.settle(slot, future);
  }

  @Override
  public String toString() {
    return "LoadTask[" + AssetKey.label(slot.key) + "]";
  }
}
