package dev.overture.testing;

import dev.overture.live.LiveContent;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * A {@link LiveContent.Timer} on a {@link FakeTicker}: a task scheduled after a delay runs when the
 * test has advanced the ticker that far and {@linkplain #runDue() runs what is due}, on the test's
 * thread. So a test drives live content's quiet period without sleeping.
 *
 * <p>Thread-safe: tasks may be scheduled from any thread; they run on the thread that runs them.
 */
public final class ManualTimer implements LiveContent.Timer {

  private record Scheduled(long dueNanos, long order, Runnable task) {}

  private final FakeTicker ticker;
  private final List<Scheduled> scheduled = new ArrayList<>();
  private long added;

  /** A timer on {@code ticker}'s time. */
  public ManualTimer(FakeTicker ticker) {
    this.ticker = Objects.requireNonNull(ticker, "ticker");
  }

  @Override
  public synchronized void schedule(Duration delay, Runnable task) {
    Objects.requireNonNull(task, "task");
    scheduled.add(new Scheduled(ticker.read() + delay.toNanos(), added++, task));
  }

  /** Runs the tasks due by the ticker's time now, earliest first (and those they schedule, if due); returns how many ran. */
  public int runDue() {
    int ran = 0;
    while (true) {
      Scheduled next;
      synchronized (this) {
        next = scheduled.stream().filter(task -> task.dueNanos() <= ticker.read())
            .min(Comparator.comparingLong(Scheduled::dueNanos).thenComparingLong(Scheduled::order)).orElse(null);
        if (next == null) {
          return ran;
        }
        scheduled.remove(next);
      }
      next.task().run();
      ran++;
    }
  }

  /** How many tasks wait, due or not. */
  public synchronized int pending() {
    return scheduled.size();
  }
}
