package dev.overture.asset;

import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * Lets the thread that waits for a load run that load's reads itself, as {@link
 * AssetManager#loadSynchronously} does, instead of idling while the reads wait in the worker queue.
 * The load offers each read it starts that no worker has claimed yet; whoever claims a {@link
 * LoadTask} first runs it. Thread-safe; one thread waits.
 */
final class HelpingWait {

  private final ConcurrentLinkedQueue<LoadTask> tasks = new ConcurrentLinkedQueue<>();
  private final Object signal = new Object();
  private volatile boolean enabled;

  /** From now on, reads are offered to the waiting thread. */
  void enable() {
    enabled = true;
  }

  boolean isEnabled() {
    return enabled;
  }

  /** Offers a read to the waiting thread. */
  void offer(LoadTask task) {
    tasks.add(task);
    wake();
  }

  /** Wakes the waiting thread (a read was offered, or the load ended). */
  void wake() {
    if (enabled) {
      synchronized (signal) {
        signal.notifyAll();
      }
    }
  }

  /**
   * Runs the offered reads on the calling thread until {@code done} completes, then returns its
   * value. When interrupted, before, while waiting or while running a read (which an interrupt
   * makes fail: the file's channel closes), runs {@code onInterrupt} (which cancels the load) and
   * throws {@link CancellationException}, the thread's interrupt flag kept: an interrupt is never
   * reported as a problem of the file being read.
   */
  <T> T helpUntilDone(CompletableFuture<T> done, Runnable onInterrupt, String what) {
    while (!done.isDone()) {
      if (Thread.currentThread().isInterrupted()) {
        throw interrupted(onInterrupt, what);
      }
      LoadTask task = tasks.poll();
      if (task != null) {
        task.run();
        continue;
      }
      synchronized (signal) {
        if (tasks.isEmpty() && !done.isDone()) {
          try {
            signal.wait();
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw interrupted(onInterrupt, what);
          }
        }
      }
    }
    if (Thread.currentThread().isInterrupted() && done.isCompletedExceptionally()) {
      // A read this thread ran failed as the interrupt closed its file: the interrupt is the cause.
      throw interrupted(onInterrupt, what);
    }
    return done.join();
  }

  private static CancellationException interrupted(Runnable onInterrupt, String what) {
    onInterrupt.run();
    return new CancellationException("interrupted while waiting for " + what);
  }
}
