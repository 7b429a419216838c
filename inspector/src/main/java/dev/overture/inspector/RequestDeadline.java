package dev.overture.inspector;

import dev.overture.core.Ticker;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.io.Connection;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.thread.Scheduler;

/**
 * A total deadline for a request's head: a connection that has not sent a whole request head
 * within {@code deadline} of opening, or of its previous request, is closed. The idle timeout alone
 * does not do it, since a client that sends a header line every few seconds is never idle, and
 * enough of those hold the connection limit (and, without a limit, the process's file descriptors).
 * A connection that became the live feed's WebSocket is no longer watched: the feed has its own
 * timeout.
 *
 * <p>Time is the {@link Ticker}'s and the checks are handed to a {@link Timer}, both injected, so a
 * test drives the deadline with a fake ticker and a timer it runs itself, without waiting.
 *
 * <p>Thread-safe: Jetty calls the listener and the handler on its threads, the checks run on the
 * timer's (Jetty's scheduler in the inspector).
 */
final class RequestDeadline implements Connection.Listener {

  /** Runs a task once, after a delay. */
  @FunctionalInterface
  interface Timer {
    void schedule(Runnable task, long delayNanos);

    /** Jetty's {@code scheduler}. */
    static Timer of(Scheduler scheduler) {
      return (task, delayNanos) -> scheduler.schedule(task, delayNanos, TimeUnit.NANOSECONDS);
    }
  }

  private final Timer timer;
  private final Ticker ticker;
  private final long deadlineNanos;
  /** Each watched connection and when its current wait for a request head began (the ticker's nanoseconds). */
  private final Map<Connection, Long> waitingSince = new ConcurrentHashMap<>();

  RequestDeadline(Timer timer, Ticker ticker, Duration deadline) {
    this.timer = timer;
    this.ticker = ticker;
    this.deadlineNanos = deadline.toNanos();
  }

  @Override
  public void onOpened(Connection connection) {
    waitingSince.put(connection, ticker.read());
    timer.schedule(() -> check(connection), deadlineNanos);
  }

  @Override
  public void onClosed(Connection connection) {
    waitingSince.remove(connection);
  }

  /** How many connections it watches now (tests). */
  int watched() {
    return waitingSince.size();
  }

  /** A handler before {@code next} that tells the deadline a whole request head arrived. */
  Handler.Wrapper before(Handler next) {
    return new Handler.Wrapper(next) {
      @Override
      public boolean handle(Request request, Response response, Callback callback) throws Exception {
        headArrived(request.getConnectionMetaData().getConnection());
        return super.handle(request, response, callback);
      }
    };
  }

  /** A whole request head arrived on {@code connection}: its next wait begins now. */
  void headArrived(Connection connection) {
    waitingSince.replace(connection, ticker.read());
  }

  private void check(Connection connection) {
    Long since = waitingSince.get(connection);
    if (since == null) {
      return; // closed
    }
    if (connection.getEndPoint().getConnection() != connection) {
      waitingSince.remove(connection); // upgraded to the live feed
      return;
    }
    long left = since + deadlineNanos - ticker.read();
    if (left <= 0) {
      waitingSince.remove(connection);
      connection.getEndPoint().close();
    } else {
      timer.schedule(() -> check(connection), left);
    }
  }
}
