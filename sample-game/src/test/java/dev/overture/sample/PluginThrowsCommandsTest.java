package dev.overture.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.testing.PluginJar;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Whatever a plugin's code throws, play and validate say it in words, naming the plugin, its jar,
 * the step and where it was thrown, exit 1, and print no stack trace (found by throwing each of
 * these from a throwaway plugin): an exception without a message printed its trace at error; one
 * whose getMessage throws left play waiting 60 s for a load that could not end; causes in a cycle
 * ended both commands with "the command failed: it overflowed the stack"; a static initializer
 * was its exception's words alone; a message of 10 MB was printed whole.
 */
class PluginThrowsCommandsTest {

  @TempDir static Path temp;
  private static Path plugins;

  private static final String FAIL = """
      package boom;

      final class Fail {
        private Fail() {}

        /** Throws what the system property boom.<step> names. */
        static void when(String step) {
          switch (System.getProperty("boom." + step, "")) {
            case "no message": throw new IllegalStateException();
            case "static initializer": Limits.use(); return;
            case "getMessage throws": throw new Rude();
            case "cause cycle": throw cycle();
            case "10 MB message": throw new IllegalStateException("x".repeat(10_000_000));
            case "checked, sneakily": Fail.<RuntimeException>sneaky(new java.io.IOException("the disk is on fire")); return;
            case "stack overflow": deeper(0); return;
            case "Error subclass": throw new Fizzle();
            default: return;
          }
        }

        static final class Rude extends RuntimeException {
          @Override
          public String getMessage() {
            throw new UnsupportedOperationException("no words today");
          }
        }

        static final class Fizzle extends Error {}

        static RuntimeException cycle() {
          RuntimeException first = new RuntimeException();
          RuntimeException second = new RuntimeException(first);
          first.initCause(second);
          return first;
        }

        @SuppressWarnings("unchecked")
        static <T extends Throwable> void sneaky(Throwable thrown) throws T {
          throw (T) thrown;
        }

        static int deeper(int depth) {
          return deeper(depth + 1) + 1;
        }
      }
      """;

  @BeforeAll
  static void plugin() {
    plugins = temp.resolve("plugins");
    PluginJar.of()
        .file("plugin.json", "{ \"name\": \"Boom\", \"version\": \"1.0.0\", \"entryPoint\": \"boom.Plugin\","
            + " \"contributes\": { \"actions\": [\"Boom\"] } }")
        .file("experiences/Booming.json", "{ \"gameFeaturesToEnable\": [\"Boom\"], \"actions\": [ { \"action\": \"Boom\" } ] }")
        .java("boom.Plugin", """
            package boom;

            import dev.overture.feature.FeatureContext;
            import dev.overture.feature.GameFeatureAction;
            import dev.overture.feature.OverturePlugin;
            import dev.overture.feature.PluginRegistration;
            import dev.overture.validation.ActionValidator;
            import dev.overture.validation.ValidationContext;

            public final class Plugin implements OverturePlugin {
              @Override
              public void register(PluginRegistration plugin) {
                Fail.when("register");
                plugin.kind(GameFeatureAction.class, "Boom", Boom.class).extension(ActionValidator.class, new Check());
              }

              public record Boom(String note) implements GameFeatureAction {
                @Override
                public void onActivating(FeatureContext context) {
                  Fail.when("activate");
                  context.keepUndo(() -> Fail.when("undo"));
                }
              }

              static final class Check implements ActionValidator<Boom> {
                @Override
                public Class<Boom> actionClass() {
                  return Boom.class;
                }

                @Override
                public void isDataValid(Boom action, ValidationContext context) {
                  Fail.when("validate");
                }
              }
            }
            """)
        .java("boom.Fail", FAIL)
        .java("boom.Limits", "package boom;\n\nfinal class Limits {\n  static final int MOST = Integer.parseInt(\"ten\");\n\n"
            + "  static void use() {}\n}\n")
        .writeTo(plugins.resolve("boom.jar"));
  }

  @AfterEach
  void clear() {
    List.of("register", "activate", "undo", "validate").forEach(step -> System.clearProperty("boom." + step));
  }

  /** "boom.Fail.when(Fail.java:N)", N the line of {@code FAIL} holding {@code text}. */
  private static String at(String text) {
    return at("when", text);
  }

  /** "boom.Fail.method(Fail.java:N)", N the line of {@code FAIL} holding {@code text}. */
  private static String at(String method, String text) {
    List<String> lines = FAIL.lines().toList();
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).contains(text)) {
        return "boom.Fail." + method + "(Fail.java:" + (i + 1) + ")";
      }
    }
    throw new AssertionError(text);
  }

  static Stream<Arguments> failures() {
    String register = "[Overture/EntryPointFailed] The entry point \"boom.Plugin\" of plugin Boom failed while registering: ";
    String activate = "[Overture/ActionFailed] Experience:Booming actions[0] Boom (plugin Boom, %s) failed to activate: ";
    String validate = "[Overture/ValidatorFailed] The check Check of plugin Boom (%s) failed: ";
    String rest = "; the other checks ran, but not the rest of this one";
    return Stream.of(
        Arguments.of("register", "no message", "play",
            register + "IllegalStateException without a message, thrown at " + at("\"no message\"")),
        Arguments.of("register", "no message", "validate",
            register + "IllegalStateException without a message, thrown at " + at("\"no message\"")),
        Arguments.of("register", "static initializer", "play",
            register + "the static initializer of class boom.Limits threw: For input string: \"ten\"; thrown at"
                + " boom.Limits.<clinit>(Limits.java:4)"),
        Arguments.of("register", "Error subclass", "validate",
            register + "boom.Fail$Fizzle without a message, thrown at " + at("\"Error subclass\"")),
        Arguments.of("activate", "getMessage throws", "play",
            activate + "boom.Fail$Rude whose message cannot be read (its getMessage throws), thrown at " + at("\"getMessage throws\"")),
        Arguments.of("activate", "cause cycle", "play",
            activate + "RuntimeException without a message, thrown at " + at("cycle", "second = new")),
        Arguments.of("activate", "checked, sneakily", "play",
            activate + "the disk is on fire; thrown at " + at("\"checked, sneakily\"")),
        // Played on: the undo is said in a line at error, and the world closes whole.
        Arguments.of("undo", "checked, sneakily", "play", "[ERROR] Releasing what Experience:Booming actions[0] Boom (plugin Boom, %s)"
            + " kept in world Sample failed: the disk is on fire; thrown at " + at("\"checked, sneakily\"")),
        Arguments.of("undo", "Error subclass", "play", "[ERROR] Releasing what Experience:Booming actions[0] Boom (plugin Boom, %s)"
            + " kept in world Sample failed: boom.Fail$Fizzle without a message, thrown at " + at("\"Error subclass\"")),
        Arguments.of("activate", "stack overflow", "play",
            activate + "it overflowed the stack (a call that never ends calling itself?); thrown at " + at("deeper", "return deeper")),
        Arguments.of("validate", "10 MB message", "validate",
            validate + "x".repeat(2_000) + "... (cut: the message has 10,000,000 characters); thrown at " + at("\"10 MB message\"")
                + rest),
        Arguments.of("validate", "no message", "validate",
            validate + "IllegalStateException without a message, thrown at " + at("\"no message\"") + rest));
  }

  @ParameterizedTest(name = "{1} in {0}, {2}")
  @MethodSource("failures")
  void whatAPluginThrows_isSaidInWords_namingThePluginItsJarTheStepAndThePlace_withoutAStackTrace(
      String step, String what, String command, String problem) {
    System.setProperty("boom." + step, what);
    String jar = plugins.resolve("boom.jar").toString();

    ByteArrayOutputStream logged = new ByteArrayOutputStream();
    PrintStream err = System.err;
    CommandRun run;
    System.setErr(new PrintStream(logged, true, StandardCharsets.UTF_8)); // the library's log
    try {
      run = command.equals("play")
          ? CommandRun.of("play", "--assets", "../assets", "--plugins", plugins.toString(), "--experience", "Booming", "--ticks", "2")
          : CommandRun.of("validate", "--assets", "../assets", "--plugins", plugins.toString());
    } finally {
      System.setErr(err);
    }
    String all = run.all() + logged.toString(StandardCharsets.UTF_8);

    assertEquals(step.equals("undo") ? 0 : 1, run.exit(), all.length() > 20_000 ? all.substring(0, 20_000) : all);
    String report = step.equals("undo") ? logged.toString(StandardCharsets.UTF_8) : command.equals("play") ? run.err() : run.out();
    String expected = problem.formatted(jar);
    assertTrue(report.contains(expected), "expected\n" + expected + "\nin\n" + (report.length() > 20_000 ? report.substring(0, 20_000)
        : report));
    assertFalse(all.lines().anyMatch(line -> line.startsWith("\tat ")), "no stack trace: " + all);
    assertTrue(all.length() < 20_000, "the message is cut: " + all.length() + " characters");
  }
}
