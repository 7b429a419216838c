package dev.overture.inspector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.eclipse.jetty.io.AbstractConnection;
import org.eclipse.jetty.io.ByteArrayEndPoint;
import org.junit.jupiter.api.Test;

/**
 * Review: the deadline read System.nanoTime, so its test waited the real 5 s (and more) for slow
 * clients to be dropped. With a fake ticker and a timer the test runs itself, the same rules take
 * no time: a connection that has not sent a whole request head within the deadline of opening, or
 * of its previous head, is closed; one that keeps sending heads is not.
 */
class RequestDeadlineTest {

  private final AtomicLong now = new AtomicLong(1_000);
  private final List<Scheduled> timer = new ArrayList<>();
  private final RequestDeadline deadline =
      new RequestDeadline((task, delay) -> timer.add(new Scheduled(now.get() + delay, task)), now::get, Duration.ofSeconds(5));

  private record Scheduled(long at, Runnable task) {}

  /** Moves time to {@code seconds} after the start, running the checks due by then, in order. */
  private void advanceTo(long seconds) {
    long to = 1_000 + TimeUnit.SECONDS.toNanos(seconds);
    while (true) {
      Scheduled next = timer.stream().filter(s -> s.at() <= to).min((a, b) -> Long.compare(a.at(), b.at())).orElse(null);
      if (next == null) {
        break;
      }
      timer.remove(next);
      now.set(Math.max(now.get(), next.at()));
      next.task().run();
    }
    now.set(to);
  }

  private static AbstractConnection connection(ByteArrayEndPoint endPoint) {
    AbstractConnection connection = new AbstractConnection(endPoint, Runnable::run) {
      @Override
      public void onFillable() {}
    };
    endPoint.setConnection(connection);
    return connection;
  }

  @Test
  void aClientThatSendsNoWholeHead_isClosedAtTheDeadline_notBefore() {
    ByteArrayEndPoint endPoint = new ByteArrayEndPoint();
    deadline.onOpened(connection(endPoint));

    advanceTo(4);
    assertTrue(endPoint.isOpen(), "4 s in");
    advanceTo(5);
    assertFalse(endPoint.isOpen(), "5 s in");
    assertEquals(List.of(), timer, "nothing left to check");
  }

  @Test
  void eachWholeHead_startsTheNextWait() {
    ByteArrayEndPoint endPoint = new ByteArrayEndPoint();
    AbstractConnection connection = connection(endPoint);
    deadline.onOpened(connection);

    advanceTo(3);
    deadline.headArrived(connection);
    advanceTo(7);
    assertTrue(endPoint.isOpen(), "4 s after its head");
    advanceTo(8);
    assertFalse(endPoint.isOpen(), "5 s after its head");
  }

  @Test
  void aClosedConnection_isForgotten() {
    ByteArrayEndPoint endPoint = new ByteArrayEndPoint();
    AbstractConnection connection = connection(endPoint);
    deadline.onOpened(connection);
    deadline.onClosed(connection);

    advanceTo(10);
    assertTrue(endPoint.isOpen(), "not the deadline's to close any more");
  }
}
