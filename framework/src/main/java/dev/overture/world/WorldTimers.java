package dev.overture.world;

import dev.overture.internal.Failures;
import java.util.PriorityQueue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A world's timers ({@link World#schedule}): each runs once at the first tick at or after its due
 * time, those due together in the order they were scheduled. A timer that throws is logged and the
 * rest run. Confined to the world's game thread (the world checks the thread before calling).
 */
final class WorldTimers {

  private static final Logger log = LoggerFactory.getLogger(World.class);

  private final PriorityQueue<Timer> timers = new PriorityQueue<>();
  private long nextSequence;

  private record Timer(double due, long sequence, Runnable task) implements Comparable<Timer> {
    @Override
    public int compareTo(Timer other) {
      int byTime = Double.compare(due, other.due);
      return byTime != 0 ? byTime : Long.compare(sequence, other.sequence);
    }
  }

  /** Schedules {@code task} at world time {@code due}; releasing the handle (on {@code world}'s game thread) cancels it. */
  Handle schedule(World world, double due, Runnable task) {
    Timer timer = new Timer(due, nextSequence++, task);
    timers.add(timer);
    return new SimpleHandle(world, () -> timers.remove(timer));
  }

  /** Runs the timers due at {@code now}, in order; {@code world} names the world in the log. */
  void fireDue(double now, String world) {
    while (!timers.isEmpty() && timers.peek().due() <= now) {
      Timer timer = timers.poll();
      try {
        timer.task().run();
      } catch (Exception e) { // a checked exception too, thrown sneakily
        Failures.logInALine(log, e, "A timer of world {} failed", world);
      }
    }
  }

  int size() {
    return timers.size();
  }

  void clear() {
    timers.clear();
  }
}
