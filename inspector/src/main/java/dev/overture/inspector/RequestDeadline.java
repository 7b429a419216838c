package dev.overture.inspector;

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
 * <p>Thread-safe: Jetty calls the listener and the handler on its threads, the checks run on its
 * scheduler.
 */
final class RequestDeadline implements Connection.Listener {

  private final Scheduler scheduler;
  private final long deadlineNanos;
  /** Each watched connection and when its current wait for a request head began (System.nanoTime). */
  private final Map<Connection, Long> waitingSince = new ConcurrentHashMap<>();

  RequestDeadline(Scheduler scheduler, Duration deadline) {
    this.scheduler = scheduler;
    this.deadlineNanos = deadline.toNanos();
  }

  @Override
  public void onOpened(Connection connection) {
    waitingSince.put(connection, System.nanoTime());
    scheduler.schedule(() -> check(connection), deadlineNanos, TimeUnit.NANOSECONDS);
  }

  @Override
  public void onClosed(Connection connection) {
    waitingSince.remove(connection);
  }

  /** A handler before {@code next} that tells the deadline a whole request head arrived. */
  Handler.Wrapper before(Handler next) {
    return new Handler.Wrapper(next) {
      @Override
      public boolean handle(Request request, Response response, Callback callback) throws Exception {
        waitingSince.replace(request.getConnectionMetaData().getConnection(), System.nanoTime());
        return super.handle(request, response, callback);
      }
    };
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
    long left = since + deadlineNanos - System.nanoTime();
    if (left <= 0) {
      waitingSince.remove(connection);
      connection.getEndPoint().close();
    } else {
      scheduler.schedule(() -> check(connection), left, TimeUnit.NANOSECONDS);
    }
  }
}
