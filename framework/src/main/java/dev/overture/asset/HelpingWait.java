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
   * value. When interrupted, runs {@code onInterrupt} (which cancels the load) and throws.
   */
  <T> T helpUntilDone(CompletableFuture<T> done, Runnable onInterrupt, String what) {
    while (!done.isDone()) {
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
            onInterrupt.run();
            throw new CancellationException("interrupted while waiting for " + what);
          }
        }
      }
    }
    return done.join();
  }
}
