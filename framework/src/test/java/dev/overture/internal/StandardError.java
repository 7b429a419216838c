package dev.overture.internal;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * What the code under test printed on standard error, where the tests' SLF4J binding (slf4j-simple,
 * at warn) writes the log: for a test of what a user sees logged, and that no stack trace is.
 * Tests run one at a time, so replacing {@code System.err} for a while is safe.
 */
public final class StandardError {

  private StandardError() {}

  /** Runs {@code action} and returns what it printed on standard error. */
  public static String during(Runnable action) {
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    PrintStream standardError = System.err;
    System.setErr(new PrintStream(printed, true, StandardCharsets.UTF_8));
    try {
      action.run();
    } finally {
      System.setErr(standardError);
    }
    return printed.toString(StandardCharsets.UTF_8);
  }

  /** Whether {@code log} holds a stack trace line ({@code \tat ...}). */
  public static boolean hasStackTrace(String log) {
    return log.lines().anyMatch(line -> line.startsWith("\tat "));
  }
}
