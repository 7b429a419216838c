package dev.overture.sample;

import dev.overture.internal.Failures;
import java.io.PrintStream;

/**
 * What the command line says when a thread it did not start fails: one started by a plugin (a
 * worker it runs, a shutdown hook it added) or by the game's code. The JVM printed the whole stack
 * trace, framed as "Exception in thread ...", in the middle of a command's output; now one line in
 * words, naming the plugin whose code threw when a plugin's class is on the trace, and the stack
 * trace only with {@code --debug}, as for the commands' own errors.
 */
final class StrayThreads implements Thread.UncaughtExceptionHandler {

  private final PrintStream err;
  private final boolean debug;

  StrayThreads(PrintStream err, boolean debug) {
    this.err = err;
    this.debug = debug;
  }

  /** Handles every thread's uncaught failure from now on. */
  static void install(PrintStream err, String[] args) {
    Thread.setDefaultUncaughtExceptionHandler(new StrayThreads(err, java.util.Arrays.asList(args).contains("--debug")));
  }

  @Override
  public void uncaughtException(Thread thread, Throwable failure) {
    String owner = owner(failure);
    err.println("overture: thread \"" + thread.getName() + "\"" + (owner == null ? "" : " of " + owner) + " failed: "
        + Failures.describe(failure) + (debug ? "" : " (run with --debug for the stack trace)"));
    if (debug) {
      failure.printStackTrace(err);
    }
  }

  /** The plugin whose class threw, as its loader is named ("plugin UThrow"), or null when no plugin's class is on the trace. */
  private static String owner(Throwable failure) {
    for (Throwable at = failure; at != null; at = at.getCause() == at ? null : at.getCause()) {
      for (StackTraceElement frame : at.getStackTrace()) {
        String loader = frame.getClassLoaderName();
        if (loader != null && loader.startsWith("plugin ")) {
          return loader;
        }
      }
    }
    return null;
  }
}
