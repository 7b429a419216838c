package dev.overture.feature;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.overture.core.Problem;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A plugin's failure is kept as text when it involves the plugin's code, so that a plugin in
 * {@code Error} does not keep its classes (PluginUnloadReliabilityTest watches the loader go); the
 * copy prints exactly as the exception did, and a failure of the framework's or the JDK's own stays
 * itself, of its own type.
 */
class DetachedFailureTest {

  /** A frame of a plugin's code, as the JVM names one its loader defined. */
  private static StackTraceElement pluginFrame() {
    return new StackTraceElement("plugin Lamps", null, null, "lamps.LampsPlugin", "register", "LampsPlugin.java", 12);
  }

  private static String printed(Throwable failure) {
    StringWriter text = new StringWriter();
    failure.printStackTrace(new PrintWriter(text));
    return text.toString();
  }

  private static IllegalStateException thrownThroughAPlugin() {
    IOException inner = new IOException("the wick is wet");
    IllegalStateException outer = new IllegalStateException("no lamps", inner);
    outer.addSuppressed(new IllegalArgumentException("and no oil"));
    StackTraceElement[] trace = outer.getStackTrace();
    StackTraceElement[] withPlugin = new StackTraceElement[trace.length + 1];
    withPlugin[0] = pluginFrame();
    System.arraycopy(trace, 0, withPlugin, 1, trace.length);
    outer.setStackTrace(withPlugin);
    return outer;
  }

  @Test
  void aFailureThroughAPluginsCode_isKeptAsACopy_thatPrintsAsItDid() {
    IllegalStateException original = thrownThroughAPlugin();

    Throwable kept = DetachedFailure.ofPluginCode(original);

    assertNotSame(original, kept);
    assertInstanceOf(DetachedFailure.class, kept);
    assertEquals(original.toString(), kept.toString());
    assertEquals("no lamps", kept.getMessage());
    assertEquals("java.io.IOException: the wick is wet", kept.getCause().toString());
    assertEquals(printed(original), printed(kept));
  }

  @Test
  void thePluginsException_keepsItsCopyAsItsCause() {
    IllegalStateException original = thrownThroughAPlugin();

    PluginException failure = new PluginException(PluginId.of("Lamps"), "register", List.of(Problem.error("Overture/PluginFailed", "no lamps")),
        original);

    assertInstanceOf(DetachedFailure.class, failure.getCause());
    assertEquals(printed(original), printed(failure.getCause()));
  }

  @Test
  void aFailureOfTheFrameworksOwn_staysItself() {
    ClassNotFoundException missing = new ClassNotFoundException("lamps.Wick (plugin Lamps: not in its jar)");

    assertSame(missing, DetachedFailure.ofPluginCode(missing));
    assertSame(null, DetachedFailure.ofPluginCode(null));
  }

  @Test
  void aCycleOfCauses_isCopiedOnce_andPrintsAsItDid() {
    IllegalStateException first = thrownThroughAPlugin();
    RuntimeException second = new RuntimeException("second");
    RuntimeException third = new RuntimeException("third", first);
    second.initCause(third);
    first.getCause().initCause(second); // the IOException's cause leads back to first

    Throwable kept = DetachedFailure.ofPluginCode(first);

    assertInstanceOf(DetachedFailure.class, kept);
    assertEquals(printed(first), printed(kept));
  }

  /** An exception that words itself (an overridden getLocalizedMessage or toString, as the JDK's NamingException does) prints the same words. */
  @Test
  void anExceptionThatWordsItself_printsItsOwnWords() {
    RuntimeException worded = new RuntimeException("raw") {
      @Override
      public String getLocalizedMessage() {
        return "localised";
      }
    };
    javax.naming.NamingException naming = new javax.naming.NamingException("lookup failed");
    naming.setRootCause(new IOException("disk"));
    for (Throwable original : List.of(worded, naming)) {
      original.setStackTrace(new StackTraceElement[] {pluginFrame()});

      Throwable kept = DetachedFailure.ofPluginCode(original);

      assertInstanceOf(DetachedFailure.class, kept);
      assertEquals(original.toString(), kept.toString());
      assertEquals(printed(original), printed(kept));
    }
  }

  /** Nothing a plugin's exception does while it is copied escapes (an Error from its getMessage included): the failure is kept as it is. */
  @Test
  void anExceptionWhoseMethodsThrowErrors_isKeptAsItIs() {
    RuntimeException suppressedThrows = new RuntimeException("outer");
    suppressedThrows.addSuppressed(new RuntimeException() {
      @Override
      public String getMessage() {
        throw new AssertionError("the plugin's getMessage asserts");
      }
    });
    suppressedThrows.setStackTrace(new StackTraceElement[] {pluginFrame()});
    RuntimeException missingClass = new RuntimeException() {
      @Override
      public String getMessage() {
        throw new NoClassDefFoundError("lamps/Wick");
      }
    };
    missingClass.setStackTrace(new StackTraceElement[] {pluginFrame()});

    assertSame(suppressedThrows, DetachedFailure.ofPluginCode(suppressedThrows));
    assertSame(missingClass, DetachedFailure.ofPluginCode(missingClass));
    PluginException failure = new PluginException(PluginId.of("Lamps"), "register", List.of(Problem.error("Overture/PluginFailed", "x")),
        missingClass);
    assertSame(missingClass, failure.getCause());
  }

  @Test
  void anExceptionThatCannotBeRead_isKeptAsItIs() {
    RuntimeException unreadable = new RuntimeException() {
      @Override
      public String getMessage() {
        throw new IllegalStateException("the plugin's getMessage throws");
      }
    };
    unreadable.setStackTrace(new StackTraceElement[] {pluginFrame()});

    assertSame(unreadable, DetachedFailure.ofPluginCode(unreadable));
  }
}
