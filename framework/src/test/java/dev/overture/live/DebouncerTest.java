package dev.overture.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.testing.FakeTicker;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * How a burst of file events becomes changes, as a developer saving in an editor sees it: the
 * writes, renames and touches of one save are one reload, taken once the files have been quiet for
 * the quiet period; a file written without pause still reloads once the first event has waited the
 * longest delay; and live content counts the waiting change as work in hand until it is handed on.
 */
class DebouncerTest {

  private static final Duration QUIET = Duration.ofMillis(100);
  private static final Duration MAX = Duration.ofMillis(1000);

  private final FakeTicker ticker = new FakeTicker();
  /** The timer's waits, by hand: each is run when the test says its delay has passed. */
  private final Deque<Scheduled> timer = new ArrayDeque<>();
  private final Activity activity = new Activity();
  private final List<Debouncer.Batch> batches = new ArrayList<>();
  private final Debouncer debouncer = new Debouncer(ticker, (delay, task) -> timer.add(new Scheduled(ticker.read() + delay.toNanos(), delay, task)), QUIET, MAX,
      activity, batches::add);

  private record Scheduled(long dueNanos, Duration delay, Runnable task) {}

  /** Moves time on to when the timer's next wait ends and runs its task, as the timer would. */
  private void fireNext() {
    Scheduled next = timer.remove();
    ticker.advanceNanos(Math.max(0, next.dueNanos() - ticker.read()));
    next.task().run();
  }

  private static Path path(String name) {
    return Path.of("assets", name);
  }

  @Test
  void oneSave_isOneBatch_ofEveryPathInTheOrderFirstSeen_takenWhenTheQuietPeriodHasPassed() {
    long first = ticker.read();
    debouncer.changed(List.of(path("Duel.json.tmp")));
    ticker.advance(Duration.ofMillis(5));
    debouncer.changed(List.of(path("Duel.json"), path("Duel.json.tmp")));

    assertEquals(1, timer.size(), "one wait for the whole burst");
    assertEquals(QUIET, timer.peek().delay());
    assertFalse(activity.whenIdle().isDone(), "the waiting change is work in hand");

    // The first wait ends 95 ms after the last event: the files have not been quiet long enough.
    fireNext();
    assertEquals(List.of(), batches);
    assertEquals(Duration.ofMillis(5), timer.peek().delay(), "it waits out the rest of the quiet period, no more");

    fireNext();
    assertEquals(1, batches.size());
    assertEquals(List.of(path("Duel.json.tmp"), path("Duel.json")), List.copyOf(batches.get(0).paths()));
    assertEquals(first, batches.get(0).firstNanos(), "the batch is timed from its first event");
    assertTrue(timer.isEmpty());
    assertTrue(activity.whenIdle().isDone(), "handed on, the change is no longer live content's to wait for");
  }

  @Test
  void aFileWrittenWithoutPause_stillReloads_exactlyWhenItsFirstEventHasWaitedTheLongestDelay() {
    long first = ticker.read();
    long handedAt = writeEvery(Duration.ofMillis(70), Duration.ofSeconds(5));

    assertEquals(MAX.toNanos(), handedAt - first, "handed on at the longest delay, to the tick");
    assertEquals(Set.of(path("Log.json")), batches.get(0).paths());
    assertEquals(first, batches.get(0).firstNanos());
  }

  @Test
  void writesFurtherApartThanTheQuietPeriod_areAChangeEach() {
    long first = ticker.read();
    long handedAt = writeEvery(Duration.ofMillis(150), Duration.ofSeconds(5));

    assertEquals(QUIET.toNanos(), handedAt - first, "the first write is handed on once quiet, not held for the longest delay");
  }

  /**
   * Writes {@code Log.json} every {@code interval}, running the timer's waits as they fall due
   * between the writes, until a batch is handed on (or {@code limit} passes); returns the ticker's
   * time of the hand-over.
   */
  private long writeEvery(Duration interval, Duration limit) {
    List<long[]> dueTimes = new ArrayList<>(); // [due nanos, index into tasks]
    List<Runnable> tasks = new ArrayList<>();
    Debouncer timed = new Debouncer(ticker, (delay, task) -> {
      dueTimes.add(new long[] {ticker.read() + delay.toNanos(), tasks.size()});
      tasks.add(task);
    }, QUIET, MAX, activity, batches::add);
    long end = ticker.read() + limit.toNanos();
    long nextWrite = ticker.read();
    while (batches.isEmpty() && ticker.read() < end) {
      long[] due = dueTimes.stream().min((a, b) -> Long.compare(a[0], b[0])).orElse(null);
      if (due != null && due[0] <= nextWrite) {
        dueTimes.remove(due);
        ticker.advanceNanos(due[0] - ticker.read());
        tasks.get((int) due[1]).run();
      } else {
        ticker.advanceNanos(nextWrite - ticker.read());
        timed.changed(List.of(path("Log.json")));
        nextWrite += interval.toNanos();
      }
    }
    assertEquals(1, batches.size(), "a change was handed on within " + limit);
    return ticker.read();
  }

  @Test
  void eventsAfterABatchWasTaken_startTheNextChange_timedFromTheirOwnFirstEvent() {
    debouncer.changed(List.of(path("A.json")));
    fireNext();
    ticker.advance(Duration.ofSeconds(3));
    long second = ticker.read();
    debouncer.changed(List.of(path("B.json")));
    fireNext();

    assertEquals(2, batches.size());
    assertEquals(Set.of(path("A.json")), batches.get(0).paths());
    assertEquals(Set.of(path("B.json")), batches.get(1).paths(), "the first batch's paths are not handed on again");
    assertEquals(second, batches.get(1).firstNanos());
  }

  @Test
  void nothingChanged_isNoChange() {
    debouncer.changed(List.of());
    assertTrue(timer.isEmpty());
    assertTrue(activity.whenIdle().isDone());
  }

  @Test
  void closed_whileAChangeWaits_dropsIt_leavesNoWorkInHand_andIgnoresLaterEvents() {
    debouncer.changed(List.of(path("A.json")));
    var idle = activity.whenIdle();
    debouncer.close();
    fireNext();

    assertEquals(List.of(), batches);
    assertTrue(idle.isDone(), "the dropped change is no work in hand");
    assertTrue(timer.isEmpty(), "and no wait is asked for again");

    debouncer.changed(List.of(path("B.json")));
    assertTrue(timer.isEmpty());
    assertEquals(List.of(), batches);
  }

  @Test
  void aBatchTheHandlerFailsOn_isStillNoLongerWorkInHand() {
    Activity own = new Activity();
    Debouncer failing = new Debouncer(ticker, (delay, task) -> timer.add(new Scheduled(ticker.read() + delay.toNanos(), delay, task)), QUIET, MAX, own, batch -> {
      throw new IllegalStateException("the pipeline broke");
    });
    failing.changed(List.of(path("A.json")));
    try {
      fireNext();
    } catch (IllegalStateException expected) {
      // the timer's thread sees it; live content must not stay busy for ever
    }
    assertTrue(own.whenIdle().isDone());
  }
}
