package dev.overture.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * A hostile review: a plugin's own worker thread that threw printed the JVM's "Exception in thread"
 * and a stack trace in the middle of validate's and play's output. One line now, naming the
 * thread and the plugin whose code threw; the trace only with --debug.
 */
class StrayThreadsTest {

  private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
  private final PrintStream err = new PrintStream(bytes, true, StandardCharsets.UTF_8);

  private String said() {
    return bytes.toString(StandardCharsets.UTF_8);
  }

  /** A failure as a plugin's class would throw it: its frame names the plugin's loader. */
  private static IllegalStateException fromPlugin() {
    IllegalStateException failure = new IllegalStateException("worker boom");
    failure.setStackTrace(new StackTraceElement[] {
        new StackTraceElement("plugin UThrow", null, null, "uthrow.P$Worker", "run", "P.java", 12)});
    return failure;
  }

  @Test
  void aPluginsThreadThatFails_isOneLine_namingThePlugin() {
    new StrayThreads(err, false).uncaughtException(new Thread("uthrow-worker"), fromPlugin());
    assertEquals("overture: thread \"uthrow-worker\" of plugin UThrow failed: worker boom (run with --debug for the stack trace)"
        + System.lineSeparator(), said());
  }

  @Test
  void withDebug_theStackTraceFollows_andAThreadOfTheGameNamesNoPlugin() {
    new StrayThreads(err, true).uncaughtException(new Thread("timer"), new IllegalArgumentException("bad tick"));
    String[] lines = said().split(System.lineSeparator());
    assertEquals("overture: thread \"timer\" failed: bad tick", lines[0]);
    assertTrue(lines[1].startsWith("java.lang.IllegalArgumentException: bad tick"), said());
  }
}
