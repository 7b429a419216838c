package dev.overture.asset;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The executor that reads and binds files: the host's (handed plain tasks, never a load's future),
 * or a fixed pool of daemon threads the manager starts (one per core, at least two) and stops on
 * close. Knows its own threads, so that a blocking call made on one of them (which could wait for
 * itself) is refused. Thread-safe.
 */
final class AssetWorkers {

  private static final Logger log = LoggerFactory.getLogger(AssetManager.class);
  private static final AtomicInteger POOLS = new AtomicInteger();

  private final Executor executor;
  private final ExecutorService owned;
  private final Set<Thread> threads = ConcurrentHashMap.newKeySet();

  /** The host's {@code executor}, or (when null) a pool of {@code threads} threads, or one per core when 0. */
  AssetWorkers(Executor executor, int threads) {
    if (executor != null) {
      // A queued read is also its load's future (LoadTask): a host's executor gets a plain task
      // instead, so that its hooks (an afterExecute that reads each Future, as ThreadPoolExecutor's
      // documentation suggests) do not take a broken file for a crashed task, and a cancel of what
      // it queued cannot cancel a load that others wait for. The pool started here needs no wrapper.
      this.executor = task -> executor.execute(task instanceof java.util.concurrent.Future<?> ? (Runnable) task::run : insideLoad(task));
      this.owned = null;
    } else {
      int size = threads != 0 ? threads : Math.max(2, Runtime.getRuntime().availableProcessors());
      ExecutorService pool = Executors.newFixedThreadPool(size, threadFactory());
      this.owned = pool;
      this.executor = task -> pool.execute(task instanceof LoadTask ? task : insideLoad(task));
    }
  }

  /**
   * {@code task}, a task of the manager's that is no read, run as code inside a load: the task that
   * locates a failed load's problems completes the load, so the load's callbacks run in it, and a
   * wait for another load made there could wait for itself as in a read (a hostile review: with one
   * worker, such a wait timed out after blocking every load).
   */
  private static Runnable insideLoad(Runnable task) {
    return () -> LoadTask.runInsideLoad(task);
  }

  private java.util.concurrent.ThreadFactory threadFactory() {
    int pool = POOLS.incrementAndGet();
    AtomicInteger count = new AtomicInteger();
    return task -> {
      Thread thread =
          new Thread(
              () -> {
                threads.add(Thread.currentThread());
                task.run();
              },
              "overture-assets-" + pool + "-" + count.incrementAndGet());
      thread.setDaemon(true);
      return thread;
    };
  }

  Executor executor() {
    return executor;
  }

  /** Whether the reads go to the pool this manager started (its queue has no bound), not a host's executor. */
  boolean ownsPool() {
    return owned != null;
  }

  /** Whether {@code thread} is one of the pool this manager started. */
  boolean isOwnThread(Thread thread) {
    return threads.contains(thread);
  }

  /** Stops the pool the manager started, waiting a little for reads in progress; a host's executor is left alone. */
  void shutdown() {
    if (owned == null) {
      return;
    }
    owned.shutdownNow();
    try {
      if (!owned.awaitTermination(5, TimeUnit.SECONDS)) {
        log.warn("Asset workers did not stop within 5 seconds");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
