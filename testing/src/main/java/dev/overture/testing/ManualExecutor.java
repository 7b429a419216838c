package dev.overture.testing;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.Executor;

/**
 * An executor that runs nothing until a test says so: tasks queue up and run on the thread that
 * calls {@link #runNext()} or {@link #runAll()}, in order. Any thread may queue.
 */
public final class ManualExecutor implements Executor {

  private final Deque<Runnable> queue = new ArrayDeque<>();

  /** An executor with nothing queued. */
  public ManualExecutor() {}

  @Override
  public synchronized void execute(Runnable task) {
    queue.addLast(task);
  }

  /** Runs the oldest queued task; false when there is none. */
  public boolean runNext() {
    Runnable task;
    synchronized (this) {
      task = queue.pollFirst();
    }
    if (task == null) {
      return false;
    }
    task.run();
    return true;
  }

  /** Runs tasks, including those they queue, until none is left; returns how many ran. */
  public int runAll() {
    int ran = 0;
    while (runNext()) {
      ran++;
    }
    return ran;
  }

  /**
   * Runs the tasks queued now, oldest first, but not those they queue (they wait for the next
   * call); returns how many ran. A loop of such calls can tell a task that queues itself forever
   * from work that ends.
   */
  public int runQueued() {
    int queuedNow;
    synchronized (this) {
      queuedNow = queue.size();
    }
    int ran = 0;
    while (ran < queuedNow && runNext()) {
      ran++;
    }
    return ran;
  }

  /** How many tasks wait. */
  public synchronized int queued() {
    return queue.size();
  }
}
