package dev.overture.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
    // A message may quote a file's contents: thousands of "a." once overflowed the matcher's stack
    // (a longer message is cut first: aMessageOfMillionsOfCharacters_isCut_sayingHowLongItWas).
    String dots = "a.".repeat(950);
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

  /** A stack as a plugin's failure has it: the JDK's frames on top, then the plugin's, then the framework's. */
  private static <T extends Throwable> T thrownInAPlugin(T failure) {
    failure.setStackTrace(new StackTraceElement[] {
      new StackTraceElement(null, "java.base", "17", "java.lang.Integer", "parseInt", "Integer.java", 652),
      new StackTraceElement("app", null, null, "dev.overture.feature.PluginCode", "kind", "PluginCode.java", 80),
      new StackTraceElement("plugin Lanterns", null, null, "lanterns.Lamp", "light", "Lamp.java", 42),
      new StackTraceElement("app", null, null, "dev.overture.feature.PluginEntryPoints", "run", "PluginEntryPoints.java", 93)});
    return failure;
  }

  /**
   * An exception without a message said only "an internal error without a message (the log has its
   * stack trace)", and logged that trace at error, so the command line printed a stack trace
   * without --debug. It names its class and where it was thrown: in a plugin's code when a
   * plugin's loader loaded a class of its stack, else the first frame that is not the JDK's.
   */
  @Test
  void anExceptionWithoutAnyMessage_namesItsClassAndWhereItWasThrown() {
    assertEquals("IllegalStateException without a message, thrown at lanterns.Lamp.light(Lamp.java:42)",
        Failures.describe(thrownInAPlugin(new IllegalStateException())));
    NullPointerException onTheClassPath = new NullPointerException();
    onTheClassPath.setStackTrace(new StackTraceElement[] {
      new StackTraceElement("java.util.Objects", "requireNonNull", "Objects.java", 208),
      new StackTraceElement("game.Rules", "score", "Rules.java", 7)});
    assertEquals("NullPointerException without a message, thrown at game.Rules.score(Rules.java:7)",
        Failures.describe(onTheClassPath), "the JDK's frames are where it was thrown for someone else");
    assertEquals("lanterns.Lamp$Smoke without a message, thrown at lanterns.Lamp.light(Lamp.java:42)",
        Failures.describe(thrownInAPlugin(new Smoke())), "a class not the JDK's, in full");
    assertEquals("IOException without a message, thrown at lanterns.Lamp.light(Lamp.java:42)",
        Failures.describe(thrownInAPlugin(new IOException())), "a checked exception thrown sneakily");
    assertEquals("IllegalStateException without a message, thrown at lanterns.Lamp.light(Lamp.java:42)",
        Failures.describe(new RuntimeException(thrownInAPlugin(new IllegalStateException()))), "a wrapper says its cause");
    assertEquals("RuntimeException without a message",
        Failures.describe(withoutStack(new RuntimeException("java.lang.IllegalStateException: "))), "only a class name is no message");
  }

  /** Named {@code lanterns.Lamp$Smoke} by its {@code toString}, as a copy kept as text names the original. */
  private static final class Smoke extends RuntimeException {
    @Override
    public String toString() {
      return "lanterns.Lamp$Smoke";
    }
  }

  private static <T extends Throwable> T withoutStack(T failure) {
    failure.setStackTrace(new StackTraceElement[0]);
    return failure;
  }

  // Regression (review-host #4 said "the log has its stack trace" with no trace logged; now the words
  // promise none, and the trace is at debug, which the command line shows only with --debug).
  @Test
  void anExceptionWithoutAMessage_logsNoStackTraceAtError() {
    String[] words = new String[1];
    String log = StandardError.during(() -> words[0] = Failures.describe(new NullPointerException()));

    assertTrue(words[0].startsWith("NullPointerException without a message, thrown at dev.overture.internal.FailuresTest"), words[0]);
    assertEquals("", log, "the tests log at warn: nothing of it above debug");
  }

  /** What a plugin's exception does in its own methods is any code at all: describing it never fails. */
  @Test
  void anExceptionWhoseOwnMethodsThrow_isStillDescribed() {
    RuntimeException rude = thrownInAPlugin(new RuntimeException() {
      @Override
      public String getMessage() {
        throw new IllegalStateException("getMessage refuses");
      }

      @Override
      public synchronized Throwable getCause() {
        throw new IllegalStateException("getCause refuses");
      }
    });
    assertEquals(rude.getClass().getName() + " whose message cannot be read (its getMessage throws), thrown at"
        + " lanterns.Lamp.light(Lamp.java:42)", Failures.describe(rude));
    RuntimeException deep = thrownInAPlugin(new RuntimeException() {
      @Override
      public String getMessage() {
        return getMessage(); // overflows the stack
      }
    });
    assertTrue(Failures.describe(deep).endsWith(" whose message cannot be read (its getMessage throws), thrown at"
        + " lanterns.Lamp.light(Lamp.java:42)"), Failures.describe(deep));
    RuntimeException rudeText = new IllegalStateException("the lamp is out") {
      @Override
      public String toString() {
        throw new IllegalStateException("toString refuses");
      }
    };
    assertEquals("the lamp is out", Failures.describe(rudeText));
    assertEquals("the lamp is out", Failures.describe(new RuntimeException(null, rudeText)));
  }

  @Test
  void causesThatLeadBackToThemselves_orGoOnForThousands_areDescribed() {
    RuntimeException first = thrownInAPlugin(new RuntimeException());
    RuntimeException second = new RuntimeException();
    first.initCause(second);
    second.initCause(first);
    assertEquals("RuntimeException without a message, thrown at dev.overture.internal.FailuresTest"
        + ".causesThatLeadBackToThemselves_orGoOnForThousands_areDescribed(FailuresTest.java:" + (second.getStackTrace()[0]
            .getLineNumber()) + ")", Failures.describe(first), "the last of the cycle not said before");
    RuntimeException wrapped = withoutStack(new RuntimeException());
    RuntimeException wrapper = withoutStack(new RuntimeException(wrapped)); // its message is "java.lang.RuntimeException"
    wrapped.initCause(wrapper);
    assertEquals("RuntimeException without a message", Failures.describe(wrapped), "a class name is no message, in a cycle too");
    Throwable chain = new IOException("disk full");
    for (int i = 0; i < 100_000; i++) {
      chain = new RuntimeException(null, chain);
    }
    assertEquals("disk full", Failures.describe(chain));
  }

  @Test
  void aMessageOfMillionsOfCharacters_isCut_sayingHowLongItWas() {
    String said = Failures.describe(new IllegalStateException("x".repeat(10_000_000)));

    assertEquals("x".repeat(2_000) + "... (cut: the message has 10,000,000 characters)", said);
    assertEquals("x".repeat(2_000), Failures.describe(new IllegalStateException("x".repeat(2_000))));
  }

  @Test
  void errorsOfTheVirtualMachine_sayWhatHappened() {
    assertEquals("it ran out of memory (Java heap space)", Failures.describe(new OutOfMemoryError("Java heap space")));
    assertEquals("it ran out of memory", Failures.describe(new OutOfMemoryError()));
    // One wording for a stack overflow, the world's and the checks' (review: this one blamed the input).
    assertEquals("it overflowed the stack (a call that never ends calling itself?)", Failures.describe(new StackOverflowError()));
  }

  /**
   * A static initializer that threw was said by its exception's words alone ("For input string:
   * \"ten\""), never that it was a static initializer, or whose.
   */
  @Test
  void aStaticInitializerThatThrew_isNamedWithItsClass() {
    NumberFormatException thrown = new NumberFormatException("For input string: \"ten\"");
    thrown.setStackTrace(new StackTraceElement[] {
      new StackTraceElement("java.lang.Integer", "parseInt", "Integer.java", 652),
      new StackTraceElement("lanterns.Limits", "<clinit>", "Limits.java", 3),
      new StackTraceElement("lanterns.Lamp", "light", "Lamp.java", 42)});

    assertEquals("the static initializer of class lanterns.Limits threw: For input string: \"ten\"",
        Failures.describe(new ExceptionInInitializerError(thrown)));
    assertEquals("the static initializer of class lanterns.Limits threw: For input string: \"ten\"",
        Failures.describe(new IllegalStateException(null, new ExceptionInInitializerError(thrown))), "inside a wrapper too");
    assertEquals("a static initializer threw: IllegalStateException without a message",
        Failures.describe(new ExceptionInInitializerError(withoutStack(new IllegalStateException()))));
    assertEquals("the class lanterns.Limits cannot be used: its static initializer threw when it was first used",
        Failures.describe(new NoClassDefFoundError("Could not initialize class lanterns.Limits")), "its second use");
  }

  /** Code compiled against another version of a class (a plugin built against an older API) said only the JVM's words. */
  @Test
  void aLinkageError_saysTheCodeWasCompiledAgainstAnotherVersion() {
    String advice = "; the code was compiled against another version of a class it uses: build it again against the classes it runs"
        + " with";
    assertEquals("the method 'void lanterns.Oil.pour()' is not there" + advice,
        Failures.describe(new NoSuchMethodError("'void lanterns.Oil.pour()'")));
    assertEquals("the field level is not there" + advice, Failures.describe(new NoSuchFieldError("level")));
    assertEquals("Receiver class lanterns.Lamp does not define or inherit an implementation of the resolved method 'abstract void"
        + " light()' of interface lanterns.Light" + advice, Failures.describe(new AbstractMethodError("Receiver class lanterns.Lamp"
            + " does not define or inherit an implementation of the resolved method 'abstract void light()' of interface"
            + " lanterns.Light.")));
    assertEquals("Expected static method 'void lanterns.Oil.pour()'" + advice,
        Failures.describe(new IncompatibleClassChangeError("Expected static method 'void lanterns.Oil.pour()'")));
  }

  /**
   * A failure of a plugin's code said what it threw but not where, so its developer (and a player
   * passing the message on) had to ask for --debug: describeWhere adds the place, unless that is
   * the framework's own code (its words are about what it was given).
   */
  @Test
  void describeWhere_addsWhereAPluginsCodeThrew_butNotTheFrameworksOwnPlace() {
    assertEquals("the lamp oil ran out; thrown at lanterns.Lamp.light(Lamp.java:42)",
        Failures.describeWhere(thrownInAPlugin(new IllegalStateException("the lamp oil ran out"))));
    assertEquals("IllegalStateException without a message, thrown at lanterns.Lamp.light(Lamp.java:42)",
        Failures.describeWhere(thrownInAPlugin(new IllegalStateException())), "said once");
    NumberFormatException thrown = new NumberFormatException("For input string: \"ten\"");
    thrown.setStackTrace(new StackTraceElement[] {
      new StackTraceElement("java.lang.Integer", "parseInt", "Integer.java", 652),
      new StackTraceElement("lanterns.Limits", "<clinit>", "Limits.java", 3)});
    assertEquals("the static initializer of class lanterns.Limits threw: For input string: \"ten\"; thrown at"
        + " lanterns.Limits.<clinit>(Limits.java:3)", Failures.describeWhere(new ExceptionInInitializerError(thrown)));
    IllegalArgumentException refused = new IllegalArgumentException("the action is null");
    refused.setStackTrace(new StackTraceElement[] {
      new StackTraceElement("dev.overture.feature.internal.FeatureActivation", "activate", "FeatureActivation.java", 88)});
    assertEquals("the action is null", Failures.describeWhere(refused));
    assertEquals("a.json does not exist", Failures.describeWhere(withoutStack(new NoSuchFileException("a.json"))));
  }

  @Test
  void theFrameworksPackages_areTheFoldersOfItsSources() throws IOException {
    Path root = Path.of("src/main/java");
    try (java.util.stream.Stream<Path> folders = java.nio.file.Files.walk(root.resolve("dev/overture"))) {
      assertEquals(new java.util.TreeSet<>(Failures.FRAMEWORK_PACKAGES), folders.filter(java.nio.file.Files::isDirectory)
          .map(folder -> root.relativize(folder).toString().replace(java.io.File.separatorChar, '.'))
          .filter(name -> !name.equals("dev.overture")).collect(java.util.stream.Collectors.toCollection(java.util.TreeSet::new)));
    }
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
