package dev.overture.core;

import java.time.Clock;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A runtime's feed of {@link Report}s: what went wrong (and what else other systems want shown)
 * while the game runs, for tools such as the inspector to show as it happens. Any system publishes
 * into it; readers either ask for what came {@linkplain #since since} the last report they saw, or
 * {@linkplain #subscribe subscribe}.
 *
 * <pre>{@code
 * Reports reports = overture.reports();
 * reports.publish(ReportKind.of("Reloaded"), "Reloaded assets/maps/Arena.json", List.of());
 * for (Report report : reports.since(lastSeen)) { ... }
 * }</pre>
 *
 * <p>It keeps only the newest reports (200 by default), so a server that runs for weeks keeps no
 * history: a reader that falls behind misses the oldest, and {@link Report#sequence()} tells it
 * how many.
 *
 * <p><b>Threading.</b> Any thread may call any method. Publishing holds a short lock to number and
 * keep the report; subscribers are then called on the publishing thread, outside the lock, so they
 * must be quick and thread-safe (hand the report to your own thread). One that throws is logged and
 * the others are still called.
 */
public final class Reports {

  private static final Logger log = LoggerFactory.getLogger(Reports.class);

  /** How many reports a feed keeps unless told otherwise. */
  public static final int DEFAULT_CAPACITY = 200;

  /** A subscription; closing it stops the calls. */
  public interface Subscription extends AutoCloseable {
    @Override
    void close();
  }

  private final Clock clock;
  private final int capacity;
  private final Object lock = new Object();
  private final ArrayDeque<Report> kept = new ArrayDeque<>();
  private final List<Consumer<? super Report>> subscribers = new CopyOnWriteArrayList<>();
  private long published;

  private Reports(Clock clock, int capacity) {
    this.clock = Objects.requireNonNull(clock, "clock");
    if (capacity < 1) {
      throw new IllegalArgumentException("capacity < 1: " + capacity);
    }
    this.capacity = capacity;
  }

  /** A feed on the system clock keeping {@value #DEFAULT_CAPACITY} reports. */
  public static Reports create() {
    return new Reports(Clock.systemUTC(), DEFAULT_CAPACITY);
  }

  /** A feed whose reports are timed by {@code clock}, keeping the newest {@code capacity}. */
  public static Reports create(Clock clock, int capacity) {
    return new Reports(clock, capacity);
  }

  /**
   * Numbers, times and keeps a report, then tells the subscribers.
   *
   * @return the report as kept
   */
  public Report publish(ReportKind kind, String summary, List<Problem> problems) {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(summary, "summary");
    Objects.requireNonNull(problems, "problems");
    Report report;
    synchronized (lock) {
      report = new Report(published + 1, clock.instant(), kind, summary, problems);
      published++;
      kept.addLast(report);
      if (kept.size() > capacity) {
        kept.removeFirst();
      }
    }
    for (Consumer<? super Report> subscriber : subscribers) {
      try {
        subscriber.accept(report);
      } catch (RuntimeException e) {
        log.warn("A report subscriber failed on {}", report, e);
      }
    }
    return report;
  }

  /** The reports kept, oldest first. */
  public List<Report> recent() {
    synchronized (lock) {
      return List.copyOf(kept);
    }
  }

  /** The reports kept whose {@link Report#sequence()} is greater than {@code sequence}, oldest first. */
  public List<Report> since(long sequence) {
    synchronized (lock) {
      List<Report> newer = new ArrayList<>();
      for (Report report : kept) {
        if (report.sequence() > sequence) {
          newer.add(report);
        }
      }
      return newer;
    }
  }

  /** How many reports were published so far (the sequence of the newest, 0 before the first). */
  public long published() {
    synchronized (lock) {
      return published;
    }
  }

  /** Calls {@code subscriber} with every report published from now until the subscription is closed. */
  public Subscription subscribe(Consumer<? super Report> subscriber) {
    Objects.requireNonNull(subscriber, "subscriber");
    // A wrapper of our own, so that one consumer subscribed twice is removed once per close.
    Consumer<Report> entry = subscriber::accept;
    subscribers.add(entry);
    return () -> subscribers.remove(entry);
  }

  @Override
  public String toString() {
    synchronized (lock) {
      return "Reports[" + published + " published, " + kept.size() + " kept]";
    }
  }
}
