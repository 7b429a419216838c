package dev.overture.feature;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.asset.AssetSource;
import dev.overture.asset.PrimaryAssetId;
import dev.overture.core.Problem;
import dev.overture.experience.ExperienceManager;
import dev.overture.experience.LoadState;
import dev.overture.inject.Overture;
import dev.overture.testing.Content;
import dev.overture.testing.FakeTicker;
import dev.overture.testing.ManualExecutor;
import dev.overture.testing.PluginJar;
import dev.overture.validation.ValidationReport;
import dev.overture.world.World;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The example of docs/plugins.md compiles, and works as the page says: its plugin.json and code,
 * taken from the page as written, make a jar that registers from a plugins folder, whose action
 * plays and whose check the validator runs.
 */
class PluginsDocTest {

  @TempDir Path temp;

  /** The code blocks of the page's section "## Example", by language, in order. */
  static List<String> example(String language) throws Exception {
    String page = Files.readString(Path.of("../docs/plugins.md"));
    int start = page.indexOf("## Example");
    int end = page.indexOf("\n## ", start + 1);
    Matcher blocks = Pattern.compile("```" + language + "\n(.*?)```", Pattern.DOTALL).matcher(page.substring(start, end));
    List<String> found = new ArrayList<>();
    while (blocks.find()) {
      found.add(blocks.group(1));
    }
    return found;
  }

  @Test
  void theExample_compiles_registersFromAPluginsFolder_playsAndIsChecked() throws Exception {
    List<String> json = example("json");
    List<String> java = example("java");
    assertEquals(1, json.size());
    assertEquals(1, java.size());
    PluginJar.of().file("plugin.json", json.get(0)).java("lanterns.LanternsPlugin", java.get(0))
        .writeTo(temp.resolve("plugins/lanterns.jar"));
    Path game = Content.of()
        .file("experiences/Evening.json", """
            { "gameFeaturesToEnable": ["Lanterns"], "actions": [ { "action": "LightLanterns", "brightness": 3 } ] }
            """)
        .file("experiences/Glare.json", """
            { "gameFeaturesToEnable": ["Lanterns"], "actions": [ { "action": "LightLanterns", "brightness": 20 } ] }
            """)
        .file("experiences/Dark.json", """
            { "gameFeaturesToEnable": ["Lanterns"], "actions": [ { "action": "LightLanterns", "brightness": 0 } ] }
            """)
        .writeTo(temp.resolve("game"));
    ManualExecutor serial = new ManualExecutor();
    try (Overture overture = Overture.builder()
        .contentRoot(AssetSource.directory(game))
        .plugins(temp.resolve("plugins"))
        .workerThreads(2)
        .pluginExecutor(serial)
        .ticker(new FakeTicker())
        .closeTimeout(Duration.ZERO)
        .build()) {
      serial.runAll();
      assertEquals(PluginState.REGISTERED, overture.features().state(PluginId.of("Lanterns")),
          () -> overture.features().failure(PluginId.of("Lanterns")).map(Throwable::getMessage).orElse(""));

      World world = overture.worlds().create("Evening");
      ExperienceManager experience = ExperienceManager.of(world).orElseThrow();
      experience.setCurrentExperience(PrimaryAssetId.parse("Experience:Evening"));
      org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(30)).pollInSameThread().until(() -> {
        serial.runAll();
        world.runPendingTasks();
        return experience.state() == LoadState.LOADED || experience.state() == LoadState.FAILED;
      });
      assertEquals(LoadState.LOADED, experience.state(), () -> experience.failure().map(Throwable::getMessage).orElse(""));
      assertTrue(world.gameState().findComponentNamed("Lantern").isPresent(), "the action put a lantern on the game state");
      world.close();
      serial.runAll();

      ValidationReport report = overture.validator().run();
      List<String> found = report.problems().stream().map(Problem::id).sorted().toList();
      assertEquals(List.of("Lanterns/Blinding", "Overture/OutOfRange"), found, report.format());
      assertTrue(report.format().contains("\"brightness\" must be 1 or more, not 0"), report.format());
    }
  }
}
