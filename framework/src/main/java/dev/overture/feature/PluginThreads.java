package dev.overture.feature;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The threads still running a jar plugin's code when it unregisters, named in a warning each: such
 * a thread keeps the plugin's class loader, its classes and everything they refer to in memory
 * until it ends, so the plugin is not released (what Tomcat says of a web application's threads
 * when it is undeployed).
 *
 * <p>A thread counts when a frame of its stack is of a class the plugin's loader defined (a
 * frame's class loader name, which a plugin loader's is: {@code plugin <name>}). A thread the
 * plugin started that runs none of its code at that moment (an idle pool worker, parked in the
 * JDK) cannot be told from the host's, and is not named. A thread the plugin was stopping is given
 * a grace to end, or to leave the plugin's code (a game thread that was in it), before it is named.
 * Called on the plugins' executor when a plugin unregisters; stateless.
 */
final class PluginThreads {

  private static final Logger log = LoggerFactory.getLogger(PluginThreads.class);

  /** How long a thread found in a plugin's code is given to end, or to leave it, before the warning. */
  static final Duration GRACE = Duration.ofSeconds(1);

  private PluginThreads() {}

  /** A thread in a plugin's code, and its innermost frame there. */
  record Stray(Thread thread, StackTraceElement at) {}

  /** The live threads, but the caller's, with a frame of the classes of the loader named {@code loaderName}; by thread name. */
  static List<Stray> running(String loaderName) {
    List<Stray> found = new ArrayList<>();
    Thread self = Thread.currentThread();
    for (Map.Entry<Thread, StackTraceElement[]> entry : Thread.getAllStackTraces().entrySet()) {
      if (entry.getKey() != self) {
        StackTraceElement at = innermostOf(entry.getValue(), loaderName);
        if (at != null) {
          found.add(new Stray(entry.getKey(), at));
        }
      }
    }
    found.sort(Comparator.comparing(stray -> stray.thread().getName()));
    return found;
  }

  private static StackTraceElement innermostOf(StackTraceElement[] stack, String loaderName) {
    for (StackTraceElement frame : stack) {
      if (loaderName.equals(frame.getClassLoaderName())) {
        return frame;
      }
    }
    return null;
  }

  /**
   * Warns of each thread in the code of {@code plugin} (its loader named {@code loaderName}) that
   * neither ends nor leaves that code within {@code grace}, and returns them.
   */
  static List<Stray> warnOfStrays(PluginId plugin, String loaderName, Duration grace) {
    List<Stray> found = running(loaderName);
    if (found.isEmpty()) {
      return found;
    }
    long deadline = System.nanoTime() + grace.toNanos();
    List<Stray> left = new ArrayList<>();
    for (Stray stray : found) {
      long remaining = deadline - System.nanoTime();
      try {
        if (remaining > 0) {
          stray.thread().join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(remaining)));
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      StackTraceElement at = stray.thread().isAlive() ? innermostOf(stray.thread().getStackTrace(), loaderName) : null;
      if (at != null) {
        left.add(new Stray(stray.thread(), at));
      }
    }
    for (Stray stray : left) {
      log.warn("Plugin {} was unregistered, but its code still runs on thread \"{}\" (at {}): its classes stay in memory until"
          + " that thread ends; stop the thread when the plugin unregisters (in an action's onUnregistering)",
          plugin, stray.thread().getName(), describe(stray.at()));
    }
    return left;
  }

  /** A frame as a stack trace shows it, without the loader's name: {@code relics.Ticker.run(Ticker.java:12)}. */
  private static String describe(StackTraceElement frame) {
    String file = frame.getFileName();
    String where = file == null ? "Unknown Source" : frame.getLineNumber() >= 0 ? file + ":" + frame.getLineNumber() : file;
    return frame.getClassName() + "." + frame.getMethodName() + "(" + where + ")";
  }
}
