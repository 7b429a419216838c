package dev.overture.feature;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The threads that still hold a jar plugin when it unregisters, named in a warning each: such a
 * thread keeps the plugin's class loader, its classes and everything they refer to in memory until
 * it ends, so the plugin is not released (what Tomcat says of a web application's threads when it
 * is undeployed).
 *
 * <p>A thread holds the plugin when it is of one of the plugin's classes, when its context class
 * loader is the plugin's, or when a frame of its stack is of one of the plugin's classes. A frame
 * gives only its class loader's name ({@code plugin <name>}), so the last is asked only while no
 * other open loader has that name: while another runtime of the JVM has the plugin registered, a
 * frame cannot tell whose code it is, and threads are not named by their code. A thread still in
 * the code of a copy of the plugin that unregistered before (this runtime's earlier copy, or
 * another runtime's) counts: it is code of that plugin, kept running.
 * The stacks are looked at, not watched: a thread that runs the plugin's code only now and then
 * may be missed, and one the plugin started that runs none of its code at that moment (an idle
 * pool worker, waiting in the JDK's code) cannot be told from the host's. A thread found is given
 * a grace to end or let go (the plugin may have just stopped it, or a game thread may be leaving
 * its code), looked at again every 10 ms; the wait ends as soon as none holds the plugin. Called
 * on the plugins' executor when a plugin unregisters, which the wait holds up; stateless.
 */
final class PluginThreads {

  private static final Logger log = LoggerFactory.getLogger(PluginThreads.class);

  /** How long the threads found are given to end or let go of an unregistered plugin before they are named. */
  static final Duration GRACE = Duration.ofSeconds(1);

  private static final long POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(10);

  private PluginThreads() {}

  /**
   * A thread that holds a plugin, and how, as the warning says it: in its code (at the innermost
   * frame there), else by its class or its context class loader.
   */
  record Stray(Thread thread, String how) {}

  private static final String UNTIL_IT_ENDS = ": its classes stay in memory until that thread ends; stop the thread when the plugin"
      + " unregisters (in an action's onUnregistering)";

  /** The live threads but the caller's that hold {@code loader}'s plugin ({@code byName}: frames asked too), by thread name. */
  private static List<Stray> holding(PluginClassLoader loader, boolean byName) {
    List<Stray> found = new ArrayList<>();
    Thread self = Thread.currentThread();
    for (Map.Entry<Thread, StackTraceElement[]> entry : Thread.getAllStackTraces().entrySet()) {
      if (entry.getKey() != self) {
        Stray stray = strayOf(entry.getKey(), entry.getValue(), loader, byName);
        if (stray != null) {
          found.add(stray);
        }
      }
    }
    found.sort(Comparator.comparing(stray -> stray.thread().getName()));
    return found;
  }

  private static Stray strayOf(Thread thread, StackTraceElement[] stack, PluginClassLoader loader, boolean byName) {
    if (!thread.isAlive()) {
      return null;
    }
    if (byName) {
      for (StackTraceElement frame : stack) {
        if (loader.getName().equals(frame.getClassLoaderName())) {
          return new Stray(thread, "its code still runs on thread \"" + thread.getName() + "\" (at " + describe(frame) + ")"
              + UNTIL_IT_ENDS);
        }
      }
    }
    if (thread.getClass().getClassLoader() == loader) {
      return new Stray(thread, "thread \"" + thread.getName() + "\", of its class " + thread.getClass().getName()
          + ", still runs" + UNTIL_IT_ENDS);
    }
    if (thread.getContextClassLoader() == loader) {
      return new Stray(thread, "thread \"" + thread.getName() + "\" still has its class loader as context class loader: its"
          + " classes stay in memory until that thread ends or its context class loader is set back; set it back where the plugin"
          + " set it");
    }
    return null;
  }

  /**
   * Names, in a warning each, the threads that hold {@code loader}'s plugin {@code plugin} and do
   * not end or let go of it within {@code grace}; returns them. {@code event} says what happened to
   * the plugin ("was unregistered", or "failed to register" for a registration undone).
   */
  static List<Stray> warnOfStrays(PluginId plugin, String event, PluginClassLoader loader, Duration grace) {
    boolean byName = PluginClassLoader.isOnlyOpenNamed(loader);
    List<Stray> left = holding(loader, byName);
    long deadline = System.nanoTime() + grace.toNanos();
    while (!left.isEmpty() && deadline - System.nanoTime() > 0 && !Thread.currentThread().isInterrupted()) {
      LockSupport.parkNanos(Math.min(POLL_NANOS, deadline - System.nanoTime()));
      List<Stray> still = new ArrayList<>();
      for (Stray stray : left) {
        Stray now = strayOf(stray.thread(), stray.thread().getStackTrace(), loader, byName);
        if (now != null) {
          still.add(now);
        }
      }
      left = still;
    }
    for (Stray stray : left) {
      log.warn("Plugin {} {}, but {}", plugin, event, stray.how());
    }
    return left;
  }

  /**
   * A frame as a stack trace shows it, without the loader's name: {@code
   * relics.Ticker.run(Ticker.java:12)}; a lambda's generated class (a method reference's, whose
   * target is the JDK's) as {@code a lambda of relics.Ticker}.
   */
  private static String describe(StackTraceElement frame) {
    int lambda = frame.getClassName().indexOf("$$Lambda$");
    if (lambda > 0) {
      return "a lambda of " + frame.getClassName().substring(0, lambda);
    }
    String file = frame.getFileName();
    String where = file == null ? "Unknown Source" : frame.getLineNumber() >= 0 ? file + ":" + frame.getLineNumber() : file;
    return frame.getClassName() + "." + frame.getMethodName() + "(" + where + ")";
  }
}
