package dev.overture.asset;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;

/**
 * One read and bind of an asset, and the future of its outcome: the same object, queued on the
 * worker executor and held by the slot as its current load, so a queued read costs one object (it
 * was a task, its future, a flag and the slot's second reference to it). It may also be run by a
 * thread that would otherwise wait for it ({@code loadSynchronously}); whoever claims it first
 * runs it. If nothing pins its slot when it starts, it is abandoned without reading (cancelled).
 *
 * <p>Only the task completes itself, or the {@link SlotTable} when the executor refuses it; holders
 * of the load only join it or add callbacks. Thread-safe.
 */
final class LoadTask extends CompletableFuture<Loaded> implements Runnable {

  private static final AtomicIntegerFieldUpdater<LoadTask> CLAIMED =
      AtomicIntegerFieldUpdater.newUpdater(LoadTask.class, "claimed");

  /**
   * How many load tasks this thread is inside (a task's completion may run another): a counter
   * made once per thread and kept, where setting and removing a thread-local for each task added
   * and dropped an entry of the thread's map each time.
   */
  private static final ThreadLocal<int[]> RUNNING = ThreadLocal.withInitial(() -> new int[1]);

  private final SlotTable table;
  private final Slot slot;
  private volatile int claimed;

  LoadTask(SlotTable table, Slot slot) {
    this.table = table;
    this.slot = slot;
  }

  Slot slot() {
    return slot;
  }

  /** Whether the calling thread is inside a load task (or code its completion runs). */
  static boolean isRunningOnThisThread() {
    return RUNNING.get()[0] > 0;
  }

  /**
   * The refusal of {@code call}, a wait for loading to end made inside a load task or code its
   * completion runs (or on a worker of the manager's pool): the reads it would wait for may be
   * queued behind this very thread (with one worker, they are), so it could wait for itself.
   */
  static IllegalStateException waitOnWorker(String call) {
    return new IllegalStateException(
        call + " was called on an asset worker thread, where it could wait for itself; chain on the handle's future instead");
  }

  /**
   * Runs {@code code}, a task of the workers' that is no read (locating a failed load's problems,
   * which then completes the load; a staged read; locating a place), as code inside a load: a wait
   * for loading that it, or a completion it runs, makes on the worker is refused as in a read.
   */
  static void runInsideLoad(Runnable code) {
    int[] depth = RUNNING.get();
    depth[0]++;
    try {
      code.run();
    } finally {
      depth[0]--;
    }
  }

  /** Refuses a handle's {@code waitUntilComplete} for {@code waited}, not done yet, inside a load task or code its completion runs. */
  static void refuseWaitInLoad(java.util.concurrent.Future<?> waited) {
    if (!waited.isDone() && isRunningOnThisThread()) {
      throw waitOnWorker("waitUntilComplete");
    }
  }

  @Override
  public void run() {
    if (!claim()) {
      return;
    }
    runInsideLoad(this::runClaimed);
  }

  /** Whether a thread has started it, or it was refused. */
  boolean isClaimed() {
    return claimed != 0;
  }

  /** Takes the right to run it; false when a thread has it already, or it was refused. */
  private boolean claim() {
    return CLAIMED.compareAndSet(this, 0, 1);
  }

  /**
   * Fails the load without reading, because the executor would not take it: claimed first, so that
   * no waiting thread runs the read afterwards only to have its result dropped.
   */
  void refuse(Throwable why) {
    claim();
    completeExceptionally(why);
  }

  private void runClaimed() {
    if (table.abandonIfUnwanted(slot, this)) {
      cancel(false);
      return;
    }
    Loaded loaded;
    try {
      loaded = table.read(slot.key);
    } catch (Throwable e) {
      completeExceptionally(e);
      table.settle(slot, this);
      if (dev.overture.internal.Failures.isFatal(e)) {
        throw (VirtualMachineError) e;
      }
      return;
    }
    complete(loaded);
    table.settle(slot, this);
  }

  @Override
  public String toString() {
    return "LoadTask[" + AssetKey.label(slot.key) + "]";
  }
}
