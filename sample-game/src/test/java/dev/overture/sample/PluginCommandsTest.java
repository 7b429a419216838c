package dev.overture.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.testing.PluginJar;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the tool says about plugins (issue 16): a plugin jar that cannot register is never silently
 * missing (list shows it in Error with its problem; validate reports it and exits 1, and play refuses
 * to start in the same words), and a plugin name on the command line that is not one gets the
 * closest.
 */
class PluginCommandsTest {

  @TempDir Path temp;

  /** The sample's plugins folder, and a jar whose entry point is not in it. */
  private Path pluginsWithABrokenJar() throws Exception {
    Path plugins = Files.createDirectories(temp.resolve("plugins"));
    Files.copy(SampleContent.defaultPlugins().resolve("top-down-arena.jar"), plugins.resolve("top-down-arena.jar"));
    PluginJar.of()
        .file("plugin.json", "{ \"name\": \"Fireworks\", \"version\": \"1.0.0\", \"entryPoint\": \"fireworks.Plugin\" }")
        .writeTo(plugins.resolve("fireworks.jar"));
    return plugins;
  }

  private static final String PROBLEM = "[Overture/EntryPointNotFound] Plugin Fireworks names the entry point \"fireworks.Plugin\","
      + " which its jar ";

  @Test
  void aPluginThatCannotRegister_isListedInError_reportedByValidate_andPlayRefusesIt() throws Exception {
    Path plugins = pluginsWithABrokenJar();

    CommandRun list = CommandRun.of("list", "--assets", "../assets", "--plugins", plugins.toString());
    assertEquals(0, list.exit(), list.err());
    assertTrue(list.out().contains("  Fireworks            1.0.0    Error       " + plugins.resolve("fireworks.jar")), list.out());
    assertTrue(list.out().contains("    " + PROBLEM), list.out());

    CommandRun validate = CommandRun.of("validate", "--assets", "../assets", "--plugins", plugins.toString());
    assertEquals(1, validate.exit(), validate.out());
    assertTrue(validate.out().contains(PROBLEM), validate.out());
    assertTrue(validate.out().contains("   at " + plugins.resolve("fireworks.jar") + "!/plugin.json:1:58 (/entryPoint)"),
        validate.out());

    CommandRun play = CommandRun.of("play", "--assets", "../assets", "--plugins", plugins.toString(), "--experience", "TopDownArena", "--ticks", "3");
    assertEquals(1, play.exit(), play.all());
    assertTrue(play.err().contains(PROBLEM), play.err());
    assertTrue(play.err().contains("   at " + plugins.resolve("fireworks.jar") + "!/plugin.json:1:58 (/entryPoint)"), play.err());
    assertFalse(play.out().contains("Plugins activated"), "refused before the world plays: " + play.out());
  }

  /**
   * A plugin jar holding an asset the game has (Map:Arena) cannot be registered: validate refused it
   * while play only warned and played on. Play refuses it too, in validate's words.
   */
  @Test
  void aPluginJarDuplicatingAGameAsset_isRefusedByValidateAndPlay_inTheSameWords() throws Exception {
    Path plugins = Files.createDirectories(temp.resolve("plugins"));
    PluginJar.of()
        .file("plugin.json", "{ \"name\": \"Copycat\", \"version\": \"1.0.0\" }")
        .file("maps/Arena.json", Files.readString(Path.of("../assets/maps/Arena.json")))
        .writeTo(plugins.resolve("copycat.jar"));
    String problem = "[Overture/DuplicateAsset] Asset Map:Arena is defined twice: by " + Path.of("../assets/maps/Arena.json")
        + " and by " + plugins.resolve("copycat.jar") + "!/maps/Arena.json; rename or remove one of them";

    CommandRun validate = CommandRun.of("validate", "--assets", "../assets", "--plugins", plugins.toString());
    CommandRun play = CommandRun.of("play", "--assets", "../assets", "--plugins", plugins.toString(), "--ticks", "3");

    assertEquals(1, validate.exit(), validate.all());
    assertTrue(validate.out().contains(problem), validate.out());
    assertEquals(1, play.exit(), play.all());
    assertTrue(play.err().startsWith("Could not bring up the feature plugins (overture validate reports the same), see the"
        + " following problem:"), "an error, not a warning: " + play.err());
    assertTrue(play.err().contains(problem), play.err());
    assertEquals("", play.out(), "refused before an experience is chosen");
  }

  @Test
  void aPluginNameThatIsNotOne_getsTheClosest() {
    CommandRun list = CommandRun.of("list", "--plugin", "ShooterCroe");

    assertEquals(1, list.exit());
    assertTrue(list.err().startsWith("overture: --plugin ShooterCroe: no such plugin; did you mean ShooterCore? (plugins: ShooterCore,"
        + " TopDownArena)"), list.err());
    assertFalse(list.err().contains("Exception"), list.err());

    CommandRun only = CommandRun.of("list", "--plugin", "TopDownArena");
    assertEquals(0, only.exit(), only.err());
    assertTrue(only.out().contains("Map:Pit"), only.out());
    assertFalse(only.out().contains("Map:Arena "), "only the plugin's assets: " + only.out());
  }
}
