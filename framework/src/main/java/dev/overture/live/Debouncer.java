package dev.overture.live;

import dev.overture.core.Ticker;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Turns a burst of file events into one change: paths gather until none has come for the quiet
 * period (an editor's save is a write, a rename, a touch, all within milliseconds), or until the
 * first has waited the longest delay (a file written continuously still reloads), then go on as
 * one batch. Time comes from the injected ticker and the wait from the injected timer, so tests
 * drive it without sleeping.
 *
 * <p>Thread-safe: events arrive on the watcher's thread (or whoever announces), the timer fires on
 * its own; both take a short lock, and the batch is handed on outside it.
 */
final class Debouncer {

  private final Ticker ticker;
  private final LiveContent.Timer timer;
  private final long quietNanos;
  private final long maxNanos;
  private final Consumer<Batch> flush;
  private final Activity activity;
  private final Object lock = new Object();
  private Set<Path> pending = new LinkedHashSet<>();
  private long firstNanos;
  private long lastNanos;
  private boolean scheduled;
  private boolean closed;

  /**
   * The paths of one change, and when its first event came, on the ticker.
   *
   * @param paths the paths, in the order first seen
   * @param firstNanos the ticker's time of the first event
   */
  record Batch(Set<Path> paths, long firstNanos) {}

  Debouncer(Ticker ticker, LiveContent.Timer timer, Duration quiet, Duration max, Activity activity, Consumer<Batch> flush) {
    this.ticker = ticker;
    this.timer = timer;
    this.quietNanos = dev.overture.internal.Durations.nanos(quiet);
    this.maxNanos = dev.overture.internal.Durations.nanos(max);
    this.activity = activity;
    this.flush = flush;
  }

  /** {@code paths} changed just now. */
  void changed(Collection<Path> paths) {
    if (paths.isEmpty()) {
      return;
    }
    boolean schedule = false;
    synchronized (lock) {
      if (closed) {
        return;
      }
      long now = ticker.read();
      if (pending.isEmpty() && !scheduled) {
        firstNanos = now;
      }
      lastNanos = now;
      pending.addAll(paths);
      if (!scheduled) {
        scheduled = true;
        schedule = true;
      }
    }
    if (schedule) {
      activity.enter();
      timer.schedule(Duration.ofNanos(quietNanos), this::fire);
    }
  }

  private void fire() {
    Batch batch = null;
    long wait = 0;
    synchronized (lock) {
      if (closed) {
        scheduled = false;
      } else {
        long now = ticker.read();
        long quietFor = now - lastNanos;
        long waited = now - firstNanos;
        if (quietFor >= quietNanos || waited >= maxNanos) {
          batch = new Batch(pending, firstNanos);
          pending = new LinkedHashSet<>();
          scheduled = false;
        } else {
          wait = Math.min(quietNanos - quietFor, maxNanos - waited);
        }
      }
    }
    if (batch != null) {
      try {
        flush.accept(batch);
      } finally {
        activity.exit();
      }
    } else if (wait > 0) {
      timer.schedule(Duration.ofNanos(wait), this::fire);
    } else {
      activity.exit(); // closed while waiting
    }
  }

  /** Drops what is waiting; later events are ignored. */
  void close() {
    synchronized (lock) {
      closed = true;
      pending = new LinkedHashSet<>();
    }
  }
}
