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
 * missing (list shows it in Error with its problem, validate reports it and exits 1, play warns and
 * plays what does not need it), and a plugin name on the command line that is not one gets the
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
  void aPluginThatCannotRegister_isListedInError_reportedByValidate_andPlayGoesOnWithoutIt() throws Exception {
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
    assertEquals(0, play.exit(), play.err());
    assertTrue(play.err().startsWith("warning: 1 plugin problem;"), play.err());
    assertTrue(play.err().contains(PROBLEM), play.err());
    assertTrue(play.out().contains("Plugins activated: ShooterCore, TopDownArena"), play.out());
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
