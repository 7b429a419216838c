package dev.overture.sample;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Ctrl+C (or a termination signal) asking {@code play} to stop (with {@code --save}, {@code --inspect},
 * {@code --watch} or {@code --turns-per-second}): the JVM runs shutdown
 * hooks on such a signal, so a hook flags the request, wakes the command's thread and waits (ten
 * seconds at most) while the command ends as it would have: the match stops at the turn it is at,
 * the result (and --save) is written, the inspector, world and runtime close. Without it the JVM
 * would stop mid-turn and leave a --save half done.
 *
 * <p>Made and closed on the command's thread; {@link #requested()} may be read from any.
 */
final class Interruption implements AutoCloseable {

  private static final long GRACE_SECONDS = 10;

  private final Thread command = Thread.currentThread();
  private final CountDownLatch finished = new CountDownLatch(1);
  private final Thread hook;
  private volatile boolean requested;

  private Interruption(boolean watch) {
    hook = watch ? new Thread(this::stopAndWait, "overture-stop") : null;
    if (hook != null) {
      Runtime.getRuntime().addShutdownHook(hook);
    }
  }

  /** Watches for Ctrl+C until closed. */
  static Interruption watch() {
    return new Interruption(true);
  }

  /** Watches for nothing: a run that is not interrupted but by the JVM's default. */
  static Interruption none() {
    return new Interruption(false);
  }

  /** Whether the user asked to stop. */
  boolean requested() {
    return requested;
  }

  /** Rests up to {@code nanos}, waking at once when the user asks to stop. */
  void rest(long nanos) {
    if (!requested && nanos > 0) {
      LockSupport.parkNanos(this, nanos);
    }
  }

  private void stopAndWait() {
    requested = true;
    LockSupport.unpark(command);
    try {
      finished.await(GRACE_SECONDS, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** The command has finished: the hook (if the JVM is stopping) may let it go on; otherwise the hook is removed. */
  @Override
  public void close() {
    finished.countDown();
    if (hook != null && !requested) {
      try {
        Runtime.getRuntime().removeShutdownHook(hook);
      } catch (IllegalStateException e) {
        // The JVM began stopping meanwhile: the hook runs, and finds the command finished.
      }
    }
  }
}
