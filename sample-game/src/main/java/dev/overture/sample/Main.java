package dev.overture.sample;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.nio.charset.Charset;

/** Entry point of {@code overture.jar}: runs the command line and exits with its code. */
public final class Main {

  private Main() {}

  public static void main(String[] args) {
    // Before any logger exists: the library's log lines quote content too, and reach the terminal
    // through System.err, past the commands' own writers (VisibleControls).
    System.setErr(visibleErrors(System.err));
    StrayThreads.install(System.err, args);
    boolean validate = isValidate(args);
    if (validate && System.getProperty(LOG_LEVEL) == null) {
      // validate's report holds every problem the load met, warnings included; the library's log
      // would print each warning again (once per load that met it) before the report. Before any
      // logger exists, so the logging binding reads it.
      System.setProperty(LOG_LEVEL, "error");
    }
    if (java.util.Arrays.asList(args).contains("--debug") && System.getProperty(LIBRARY_LOG_LEVEL) == null) {
      // --debug promises the stack trace of an error: the library logs that of a failure it goes on
      // from (a plugin's endPlay, an undo, a deactivation) at debug, under its line at error.
      System.setProperty(LIBRARY_LOG_LEVEL, "debug");
    }
    // After the log level is set: the preload creates the first loggers.
    Preload.start();
    if (System.getProperty(CONVERTER_EXCLUDES) == null) {
      // picocli registers converters for java.time's and java.sql's types by reflection, which loads
      // and initializes java.time's formatters on every start; no option of ours has such a type
      // (StartupCommandLineTest checks), and nothing else of a command's run initializes them.
      System.setProperty(CONVERTER_EXCLUDES, UNUSED_CONVERTERS);
    }
    int code = OvertureCommand.execute(args, new FileOutputStream(FileDescriptor.out), System.err);
    Interruption.exiting(code); // a Ctrl+C that only ended a wait ends the process with this code
    System.exit(code);
  }

  private static final String LOG_LEVEL = "org.slf4j.simpleLogger.defaultLogLevel";
  /** The level of the library's own loggers (its live-content watcher keeps its own, simplelogger.properties'). */
  private static final String LIBRARY_LOG_LEVEL = "org.slf4j.simpleLogger.log.dev.overture";
  private static final String CONVERTER_EXCLUDES = "picocli.converters.excludes";
  /**
   * picocli's converters no option of ours needs, as picocli reads them (regular expressions,
   * comma-separated): those of {@code java.time} and {@code java.sql}. It keeps its other reflective
   * one, {@code java.nio.file.Path}'s.
   */
  static final String UNUSED_CONVERTERS = "java\\.time\\..*,java\\.sql\\..*";

  /**
   * {@code err} with control characters shown as escapes ({@link VisibleErrors}), in the error
   * stream's encoding as the commands' writers use it.
   */
  static PrintStream visibleErrors(PrintStream err) {
    String encoding = System.getProperty("sun.stderr.encoding");
    Charset charset = encoding != null && Charset.isSupported(encoding) ? Charset.forName(encoding) : Charset.defaultCharset();
    return VisibleErrors.over(err, charset);
  }

  /** Whether the command is {@code validate} (the options before it are the top command's). */
  static boolean isValidate(String[] args) {
    for (String arg : args) {
      if (!arg.startsWith("-")) {
        return arg.equals("validate");
      }
    }
    return false;
  }
}
