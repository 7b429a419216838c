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
 * <p>The process then ends with the signal's code (130 for Ctrl+C, 143 for SIGTERM) only when the
 * request stopped work in progress ({@link #cutShort()}: a match at its turn). When it only ended a
 * wait after the run had ended on its own (a finished match or a failed load kept on show by
 * {@code --inspect} or {@code --watch} until Ctrl+C), the process ends with the command's own code,
 * {@linkplain #handOver handed over}: 0 for a match played, 1 for a content error.
 *
 * <p>Made and closed on the command's thread; {@link #requested()} may be read from any.
 */
final class Interruption implements AutoCloseable {

  private static final long GRACE_SECONDS = 10;

  /** The interruption watching now, if any: what {@link #exiting} tells. */
  private static volatile Interruption current;

  private final Thread command = Thread.currentThread();
  private final CountDownLatch finished = new CountDownLatch(1);
  private final Thread hook;
  private volatile boolean requested;
  private volatile boolean cutShort;
  /** The command's exit code once handed over, else -1. */
  private volatile int outcome = -1;
  /** Counted down by {@link #exiting}: the command line's own last word (its output checked) is in. */
  private final CountDownLatch exited = new CountDownLatch(1);
  /** The process's exit code as the command line ends it (an output it could not write makes it 1), else -1. */
  private volatile int finalCode = -1;

  private Interruption(boolean watch, java.util.function.Consumer<Thread> register) {
    Thread stop = watch ? new Thread(this::stopAndWait, "overture-stop") : null;
    if (stop != null) {
      try {
        register.accept(stop);
        current = this;
      } catch (IllegalStateException stopping) {
        // Ctrl+C (or a signal) came before the watch began: the JVM is already stopping, and takes
        // no more hooks. The command is asked to stop at once, as the hook would have asked it.
        stop = null;
        requested = true;
      }
    }
    hook = stop;
  }

  /**
   * The command line is about to exit with {@code code}, everything printed and checked: a hook that
   * waits to end the process with the command's own code ends it with this one (which says so when
   * the output could not be written). Called by {@link Main} once the command has returned.
   */
  static void exiting(int code) {
    Interruption watching = current;
    if (watching != null) {
      watching.finalCode = code;
      watching.exited.countDown();
    }
  }

  /** Watches for Ctrl+C until closed. */
  static Interruption watch() {
    return watch(Runtime.getRuntime()::addShutdownHook);
  }

  /** Watches for Ctrl+C with {@code register} adding the JVM's shutdown hook, for tests. */
  static Interruption watch(java.util.function.Consumer<Thread> register) {
    return new Interruption(true, register);
  }

  /** Watches for nothing: a run that is not interrupted but by the JVM's default. */
  static Interruption none() {
    return new Interruption(false, hook -> {});
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

  /** Says that the request stopped work in progress (a match at its turn): the process ends with the signal's code. */
  void cutShort() {
    cutShort = true;
  }

  /**
   * Hands over the command's exit code, once everything it prints is flushed and everything it
   * wrote is in place: if the request came after the run had ended on its own, the process ends
   * with {@code exit} rather than the signal's code.
   */
  void handOver(int exit) {
    outcome = exit;
  }

  private void stopAndWait() {
    requested = true;
    LockSupport.unpark(command);
    boolean ended;
    try {
      ended = finished.await(GRACE_SECONDS, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return;
    }
    if (ended && !cutShort && outcome >= 0) {
      // Wait for the command line's last word: its output is checked after the command returns, and
      // an output it could not write turns the exit code into 1.
      try {
        exited.await(GRACE_SECONDS, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      int exit = finalCode >= 0 ? finalCode : outcome;
      // The JVM is already stopping with the signal's code, and System.exit would wait for this hook
      // forever: halting is the one way to end with the command's. It skips nothing the run needs:
      // the command has closed what it opened (runtime, plugins' jar copies, working copy) and
      // flushed and checked its output.
      Runtime.getRuntime().halt(exit);
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
