package dev.overture.feature;

import java.util.ArrayDeque;
import java.util.Queue;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs tasks one at a time, in order, on another executor, until {@linkplain #close closed}: then
 * it takes no more, drops those not yet started, and lets the closer wait for the one running.
 * Thread-safe.
 */
final class SerialExecutor implements Executor {

  private static final Logger log = LoggerFactory.getLogger(SerialExecutor.class);

  private final Executor delegate;
  private final Queue<Runnable> tasks = new ArrayDeque<>();
  private boolean running;
  /** The thread running a task now, or null. Guarded by {@code tasks}. */
  private Thread current;
  /** Guarded by {@code tasks}. */
  private boolean closed;

  SerialExecutor(Executor delegate) {
    this.delegate = delegate;
  }

  @Override
  public void execute(Runnable task) {
    synchronized (tasks) {
      if (closed) {
        throw new RejectedExecutionException("closed");
      }
      tasks.add(task);
      if (running) {
        return;
      }
      running = true;
    }
    try {
      delegate.execute(this::drain);
    } catch (RejectedExecutionException e) {
      synchronized (tasks) {
        tasks.clear();
        running = false;
      }
      throw e;
    }
  }

  private void drain() {
    while (true) {
      Runnable next;
      synchronized (tasks) {
        next = closed ? null : tasks.poll();
        if (next == null) {
          running = false;
          return;
        }
        current = Thread.currentThread();
      }
      try {
        next.run();
      } catch (Exception | Error e) {
        // Keep draining: an Error escaping here would leave this executor marked running forever. The
        // task may have run a plugin's code: said in a line, the trace at debug.
        dev.overture.internal.Failures.logInALine(log, e, "A feature plugin task failed");
      } finally {
        synchronized (tasks) {
          current = null;
          tasks.notifyAll();
        }
      }
    }
  }

  /**
   * Takes no more tasks (they are refused), drops those not started, and waits up to {@code
   * nanos} for the task running on another thread, if any, to end: plugin code may be running on
   * the host's executor, and what the caller does next (closing the plugins' class loaders) must
   * not happen under it. Returns at once when the caller is the thread running it.
   *
   * @return whether no task runs now (on another thread)
   */
  boolean close(long nanos) {
    long deadline = System.nanoTime() + nanos;
    synchronized (tasks) {
      closed = true;
      tasks.clear();
      while (current != null && current != Thread.currentThread()) {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          return false;
        }
        try {
          java.util.concurrent.TimeUnit.NANOSECONDS.timedWait(tasks, left);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return false;
        }
      }
      return true;
    }
  }
}
