package dev.overture.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.FileSystemLoopException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** What a user reads for a caught exception: words, never a class name. */
class FailuresTest {

  @Test
  void fileSystemFailures_nameTheFileAndWhatIsWrongWithIt() {
    assertEquals("a.json does not exist", Failures.describe(new NoSuchFileException("a.json")));
    assertEquals("a.json (and b.json) already exists", Failures.describe(new FileAlreadyExistsException("a.json", "b.json", null)));
    assertEquals("a.json: permission denied", Failures.describe(new AccessDeniedException("a.json")));
    assertEquals("a.json: the file is read-only", Failures.describe(new AccessDeniedException("a.json", null, "the file is read-only")));
    assertEquals("assets is not a folder", Failures.describe(new NotDirectoryException("assets")));
    assertEquals("assets is a folder that is not empty", Failures.describe(new DirectoryNotEmptyException("assets")));
    assertEquals("assets leads to itself through symbolic links", Failures.describe(new FileSystemLoopException("assets")));
    assertEquals("a.json: No space left on device", Failures.describe(new FileSystemException("a.json", null, "No space left on device")));
    assertEquals("a.json: it cannot be read or written", Failures.describe(new FileSystemException("a.json")));
    assertEquals("the file does not exist", Failures.describe(new NoSuchFileException(null)));
  }

  @Test
  void theFrameworksOwnFileExceptions_keepTheirMessage() {
    assertEquals("a.json is a named pipe, not a regular file; it was not opened",
        Failures.describe(new NotARegularFileException("a.json", "a named pipe")));
    assertEquals("a.json is 9 bytes; the largest accepted is 4 bytes (Limits.maxFileBytes)",
        Failures.describe(new FileTooLargeException(Path.of("a.json"), 9, 4, "Limits.maxFileBytes")));
  }

  @Test
  void anExceptionWithAMessage_givesTheMessage_withoutTheClassNameOfAnotherItQuoted() {
    assertEquals("the pawn has no name", Failures.describe(new IllegalStateException("the pawn has no name")));
    assertEquals("save failed: disk full", Failures.describe(new RuntimeException("save failed: java.io.IOException: disk full")));
    assertEquals("save failed: inner",
        Failures.describe(new RuntimeException("save failed: dev.overture.Outer$InnerError: inner")));
  }

  @Test
  void aMessageOfAnyLength_isDescribed_withoutOverflowingTheStack() {
    // A message may quote a file's contents: thousands of "a." once overflowed the matcher's stack.
    String dots = "a.".repeat(100_000);
    assertEquals("bad value " + dots, Failures.describe(new IllegalArgumentException("bad value " + dots)));
    assertEquals("bad value " + dots + " then disk full",
        Failures.describe(new IllegalArgumentException("bad value " + dots + " then java.io.IOException: disk full")));
  }

  @Test
  void anExceptionThatOnlyWrapsAnother_isDescribedByTheOther() {
    assertEquals("a.json does not exist",
        Failures.describe(new UncheckedIOException(new NoSuchFileException("a.json"))), "the message is the cause's toString()");
    assertEquals("disk full", Failures.describe(new RuntimeException(null, new IOException("disk full"))), "no message: the cause's");
    assertEquals("loading failed", Failures.describe(new RuntimeException("loading failed", new IOException("disk full"))),
        "its own message comes first");
  }

  @Test
  void anExceptionWithoutAnyMessage_isAnInternalError() {
    assertEquals("an internal error without a message (the log has its stack trace)",
        Failures.describe(new NullPointerException()));
    assertEquals("an internal error without a message (the log has its stack trace)",
        Failures.describe(new RuntimeException("java.lang.IllegalStateException: ")), "only a class name is no message");
  }

  // Regression (review-host #4): "the log has its stack trace" was said with no trace logged.
  @Test
  void anInternalErrorWithoutAMessage_isLoggedWithItsStackTrace_asItsWordsPromise() {
    String[] words = new String[1];
    String log = StandardError.during(() -> words[0] = Failures.describe(new NullPointerException()));

    assertEquals("an internal error without a message (the log has its stack trace)", words[0]);
    assertTrue(log.contains("java.lang.NullPointerException"), log);
    assertTrue(StandardError.hasStackTrace(log), log);
  }

  @Test
  void errorsOfTheVirtualMachine_sayWhatHappened() {
    assertEquals("it ran out of memory (Java heap space)", Failures.describe(new OutOfMemoryError("Java heap space")));
    assertEquals("it ran out of memory", Failures.describe(new OutOfMemoryError()));
    // One wording for a stack overflow, the world's and the checks' (review: this one blamed the input).
    assertEquals("it overflowed the stack (a call that never ends calling itself?)", Failures.describe(new StackOverflowError()));
  }

  /** Review: a world's hand-offs and an asset read's disagreed about which throwables end the thread. */
  @Test
  void onlyTheVirtualMachinesOwnTrouble_isFatal_notAStackOverflow() {
    org.junit.jupiter.api.Assertions.assertTrue(Failures.isFatal(new OutOfMemoryError()));
    org.junit.jupiter.api.Assertions.assertTrue(Failures.isFatal(new InternalError()));
    org.junit.jupiter.api.Assertions.assertFalse(Failures.isFatal(new StackOverflowError()));
    org.junit.jupiter.api.Assertions.assertFalse(Failures.isFatal(new AssertionError("x")));
    org.junit.jupiter.api.Assertions.assertFalse(Failures.isFatal(new NoClassDefFoundError("x")));
    org.junit.jupiter.api.Assertions.assertFalse(Failures.isFatal(new IllegalStateException()));
  }

  /**
   * A class missing when code runs (a plugin using another plugin's class without naming it among
   * its dependencies) was reported as the JVM's bare "base/Thing" (a hostile review).
   */
  @org.junit.jupiter.api.Test
  void aMissingClass_isNamed_withWhereAPluginLookedForIt() {
    assertEquals("the class base.Thing could not be found", Failures.describe(new NoClassDefFoundError("base/Thing")));
    NoClassDefFoundError fromPlugin = new NoClassDefFoundError("base/Thing");
    fromPlugin.initCause(new ClassNotFoundException("base.Thing (plugin LazyX: not in its jar, the plugins it depends on or the host)"));
    assertEquals("the class base.Thing (plugin LazyX: not in its jar, the plugins it depends on or the host) could not be found;"
        + " a library the plugin uses goes inside its jar (the library's classes: a jar inside the jar is not read), and a plugin"
        + " whose classes it uses goes in its \"dependencies\"", Failures.describe(fromPlugin));
    assertEquals("the class game.Rules cannot be used: its static initializer threw when it was first used",
        Failures.describe(new NoClassDefFoundError("Could not initialize class game.Rules")));
  }
}
