package dev.overture.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.testing.PluginJar;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --debug} adds the stack trace of an error, as docs/cli.md and docs/plugins.md say, also of
 * a plugin's failure the game goes on from (a component's endPlay), which the library logs in a line
 * at error and with its trace at debug. The tool runs in a JVM of its own, as {@code Main} sets up
 * logging before any logger exists.
 */
class DebugTracesTest {

  @TempDir Path temp;

  private static final String PLUGIN = """
      package hot;

      import dev.overture.feature.FeatureContext;
      import dev.overture.feature.GameFeatureAction;
      import dev.overture.feature.OverturePlugin;
      import dev.overture.feature.PluginRegistration;
      import dev.overture.world.ActorComponent;
      import dev.overture.world.EndPlayReason;

      public final class Plugin implements OverturePlugin {
        @Override
        public void register(PluginRegistration plugin) {
          plugin.kind(GameFeatureAction.class, "Warm", Warm.class).kind(GameFeatureAction.class, "Flare", Flare.class)
              .kind(ActorComponent.class, "Hot", Hot.class);
        }

        public record Warm(String note) implements GameFeatureAction {
          @Override
          public void onActivating(FeatureContext context) {
            context.world().gameState().addComponent(Hot.class, "Hot");
          }
        }

        public record Flare(String note) implements GameFeatureAction {
          @Override
          public void onActivating(FeatureContext context) {
            throw new IllegalStateException("the flare went out");
          }
        }

        public static class Hot extends ActorComponent {
          public Hot() {}

          @Override
          protected void endPlay(EndPlayReason reason) {
            throw new IllegalStateException("too hot to end");
          }
        }
      }
      """;

  private record Run(int exit, String output) {}

  private Run play(String experience, String... before) throws Exception {
    Path plugins = temp.resolve("plugins");
    PluginJar.of()
        .file("plugin.json", "{ \"name\": \"Hot\", \"version\": \"1.0.0\", \"entryPoint\": \"hot.Plugin\","
            + " \"contributes\": { \"components\": [\"Hot\"], \"actions\": [\"Warm\", \"Flare\"] } }")
        .file("experiences/Warmth.json", "{ \"gameFeaturesToEnable\": [\"Hot\"], \"actions\": [ { \"action\": \"Warm\" } ] }")
        .file("experiences/Flares.json", "{ \"gameFeaturesToEnable\": [\"Hot\"], \"actions\": [ { \"action\": \"Flare\" } ] }")
        .java("hot.Plugin", PLUGIN)
        .writeTo(plugins.resolve("hot.jar"));
    List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"), Main.class.getName()));
    command.addAll(List.of(before));
    command.addAll(List.of("play", "--assets", Path.of("../assets").toAbsolutePath().toString(), "--plugins", plugins.toString(),
        "--experience", experience, "--ticks", "2"));
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(process.waitFor(120, TimeUnit.SECONDS), output);
    return new Run(process.exitValue(), output);
  }

  @Test
  void aPluginFailureTheGameGoesOnFrom_isOneLine_andDebugAddsItsStackTrace() throws Exception {
    String line = "[ERROR] Component Hot of actor GameState (plugin Hot) failed in endPlay in world Sample; the world went on"
        + " without it: too hot to end";

    Run plain = play("Warmth");
    Run debug = play("Warmth", "--debug");

    assertEquals(0, plain.exit(), plain.output());
    assertTrue(plain.output().contains(line), plain.output());
    assertFalse(plain.output().contains("\tat "), "no stack trace without --debug: " + plain.output());
    assertEquals(0, debug.exit(), debug.output());
    assertTrue(debug.output().contains(line), debug.output());
    assertTrue(debug.output().contains("java.lang.IllegalStateException: too hot to end"), debug.output());
    assertTrue(debug.output().contains("hot.Plugin$Hot.endPlay(Plugin.java:"), "the plugin's own frame: " + debug.output());
  }

  /** An action that throws while the experience loads fails the load in words; --debug adds where in the plugin. */
  @Test
  void anActionThatThrowsWhileLoading_isAProblem_andDebugAddsItsStackTrace() throws Exception {
    String problem = "1) [Overture/ActionFailed] Experience:Flares actions[0] Flare (plugin Hot, " + temp.resolve("plugins/hot.jar")
        + ") failed to activate: the flare went out; thrown at hot.Plugin$Flare.onActivating(Plugin.java:27)";

    Run plain = play("Flares");
    Run debug = play("Flares", "--debug");

    assertEquals(1, plain.exit(), plain.output());
    assertTrue(plain.output().contains(problem), plain.output());
    assertFalse(plain.output().contains("\tat "), "no stack trace without --debug: " + plain.output());
    assertEquals(1, debug.exit(), debug.output());
    assertTrue(debug.output().contains(problem), debug.output());
    assertTrue(debug.output().contains("java.lang.IllegalStateException: the flare went out"), debug.output());
    assertTrue(debug.output().contains("hot.Plugin$Flare.onActivating(Plugin.java:"), "the plugin's own frame: " + debug.output());
  }
}
