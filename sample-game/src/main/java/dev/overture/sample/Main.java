package dev.overture.sample;

import picocli.CommandLine;

/** Entry point of {@code overture.jar}: runs the command line and exits with its code. */
public final class Main {

  private Main() {}

  public static void main(String[] args) {
    boolean validate = isValidate(args);
    if (validate && System.getProperty(LOG_LEVEL) == null) {
      // validate's report holds every problem the load met, warnings included; the library's log
      // would print each warning again (once per load that met it) before the report. Before any
      // logger exists, so the logging binding reads it.
      System.setProperty(LOG_LEVEL, "error");
    }
    // After the log level is set: the preload creates the first loggers.
    Preload.start(validate);
    System.exit(OvertureCommand.commandLine(args).execute(args));
  }

  private static final String LOG_LEVEL = "org.slf4j.simpleLogger.defaultLogLevel";

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
