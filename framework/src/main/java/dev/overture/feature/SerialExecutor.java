package dev.overture.feature;

import java.util.ArrayDeque;
import java.util.Queue;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Runs tasks one at a time, in order, on another executor. Thread-safe. */
final class SerialExecutor implements Executor {

  private static final Logger log = LoggerFactory.getLogger(SerialExecutor.class);

  private final Executor delegate;
  private final Queue<Runnable> tasks = new ArrayDeque<>();
  private boolean running;

  SerialExecutor(Executor delegate) {
    this.delegate = delegate;
  }

  @Override
  public void execute(Runnable task) {
    synchronized (tasks) {
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
        next = tasks.poll();
        if (next == null) {
          running = false;
          return;
        }
      }
      try {
        next.run();
      } catch (RuntimeException | Error e) {
        // Keep draining: an Error escaping here would leave this executor marked running forever.
        log.error("A feature plugin task failed", e);
      }
    }
  }
}
