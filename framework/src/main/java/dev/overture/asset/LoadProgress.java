package dev.overture.asset;

import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import java.util.function.DoubleConsumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The progress of one load and its update callbacks. The total grows as references are found, so
 * loaded/total can dip; the progress reported is the highest value seen, held below 1.0 until the
 * load has finished, then 1.0 once. Total and loaded are packed in one {@code long}, so a reading
 * is consistent. Thread-safe: lock-free counters, callbacks coalesced and run on their executors.
 */
final class LoadProgress {

  private static final Logger log = LoggerFactory.getLogger(LoadHandle.class);
  private static final double BELOW_ONE = Math.nextDown(1.0);

  private final String what;
  private final BooleanSupplier loading;
  private final AtomicLong counts = new AtomicLong();
  private final AtomicLong reported = new AtomicLong(Double.doubleToRawLongBits(0.0));
  private final List<UpdateListener> listeners = new CopyOnWriteArrayList<>();
  /** Set by {@link #finished} before it tells the listeners, so one added at the same time is not missed. */
  private volatile boolean finished;

  /**
   * @param what the load, for logs
   * @param loading whether the load is still loading (updates are sent only then)
   */
  LoadProgress(String what, BooleanSupplier loading) {
    this.what = what;
    this.loading = loading;
  }

  /** One more asset to load. */
  void reached() {
    counts.addAndGet(1L << 32);
  }

  /** One more asset processed; tells the update callbacks. */
  void processed() {
    counts.incrementAndGet();
    for (UpdateListener listener : listeners) {
      listener.schedule();
    }
  }

  int loaded() {
    return (int) (counts.get() & 0xffffffffL);
  }

  int total() {
    return (int) (counts.get() >>> 32);
  }

  /** The progress of an unfinished load: the highest seen, first raised to the current fraction while loading. */
  double current() {
    double current = Double.longBitsToDouble(reported.get());
    if (!loading.getAsBoolean()) {
      return current;
    }
    long packed = counts.get();
    long total = packed >>> 32;
    long loaded = packed & 0xffffffffL;
    double fraction = total == 0 ? 0.0 : Math.min(BELOW_ONE, (double) loaded / total);
    while (fraction > current) {
      long seenBits = Double.doubleToRawLongBits(current);
      if (reported.compareAndSet(seenBits, Double.doubleToRawLongBits(fraction))) {
        return fraction;
      }
      current = Double.longBitsToDouble(reported.get());
    }
    return current;
  }

  /** Adds an update callback; when the load has already finished, it gets 1.0 at once. */
  void onUpdate(Executor executor, DoubleConsumer callback) {
    UpdateListener listener =
        new UpdateListener(Objects.requireNonNull(executor, "executor"), Objects.requireNonNull(callback, "callback"));
    listeners.add(listener);
    // Read after adding: a load finishing meanwhile either sees this listener or is seen here (the
    // listener takes 1.0 once either way).
    if (finished) {
      listener.sendFinal();
    } else if (loading.getAsBoolean()) {
      listener.schedule();
    }
  }

  /** Sends 1.0 to every callback: the load has finished. */
  void finished() {
    finished = true;
    for (UpdateListener listener : listeners) {
      listener.sendFinal();
    }
  }

  /** One update callback: coalesced, strictly increasing, 1.0 exactly once. */
  private final class UpdateListener {
    private final Executor executor;
    private final DoubleConsumer callback;
    private final AtomicBoolean scheduled = new AtomicBoolean();
    private final AtomicLong delivered = new AtomicLong(Double.doubleToRawLongBits(-1.0));

    UpdateListener(Executor executor, DoubleConsumer callback) {
      this.executor = executor;
      this.callback = callback;
    }

    void schedule() {
      if (scheduled.compareAndSet(false, true)) {
        execute(
            () -> {
              scheduled.set(false);
              if (loading.getAsBoolean()) {
                send(current());
              }
            });
      }
    }

    void sendFinal() {
      execute(() -> send(1.0));
    }

    private void send(double value) {
      while (true) {
        long previous = delivered.get();
        if (value <= Double.longBitsToDouble(previous)) {
          return;
        }
        if (delivered.compareAndSet(previous, Double.doubleToRawLongBits(value))) {
          try {
            callback.accept(value);
          } catch (Throwable e) { // an assertion's Error too: logged, and later updates still go out
            log.error("A {} callback of the load of {} threw", "update", what, e);
          }
          return;
        }
      }
    }

    private void execute(Runnable task) {
      try {
        executor.execute(task);
      } catch (RejectedExecutionException e) {
        log.warn("The executor of an update callback of the load of {} rejected it", what);
      } catch (Throwable e) {
        log.error("The executor of an update callback of the load of {} failed to take it", what, e);
      }
    }
  }
}
