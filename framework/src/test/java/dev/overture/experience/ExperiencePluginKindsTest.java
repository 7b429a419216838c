package dev.overture.experience;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.overture.asset.PrimaryAssetId;
import dev.overture.core.Problem;
import dev.overture.feature.PluginId;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A kind a plugin contributes may be used only where that plugin is enabled: an experience that uses
 * it without enabling the plugin fails, at the place its file names the kind; one that enables it
 * loads.
 */
class ExperiencePluginKindsTest {

  private static final String USES_HEALTH =
      "\"actions\": [ { \"action\": \"AddComponents\", \"componentList\": [ { \"actorClass\": \"Pawn\", \"componentClass\": \"Health\" } ] } ]";

  @TempDir Path temp;

  private ExperienceFixture game() {
    return new ExperienceFixture(temp, content -> content
        .file("plugins/Medic/plugin.json", "{ \"version\": \"1.0.0\", \"contributes\": { \"components\": [\"Health\"] } }")
        .file("experiences/Careless.json", "{ \"gameFeaturesToEnable\": [\"Core\"], " + USES_HEALTH + " }")
        .file("experiences/Careful.json", "{ \"gameFeaturesToEnable\": [\"Medic\"], " + USES_HEALTH + " }"));
  }

  @Test
  void aComponentOfAPluginTheExperienceDoesNotEnable_failsTheLoad_whereTheFileNamesIt() {
    try (ExperienceFixture game = game()) {
      ExperienceManager manager = game.loadedInWorld(PrimaryAssetId.of("Experience", "Careless"));

      assertEquals(LoadState.FAILED, manager.state());
      List<Problem> problems = manager.failure().orElseThrow().problems();
      assertEquals(1, problems.size(), problems.toString());
      Problem problem = problems.get(0);
      assertEquals("Overture/PluginNotEnabled", problem.id());
      assertEquals("Component \"Health\" belongs to plugin Medic, which Experience:Careless does not enable; add \"Medic\" to its"
          + " gameFeaturesToEnable (enabled: \"Core\")", problem.message());
      assertEquals(game.root.resolve("experiences/Careless.json").toString(), problem.location().orElseThrow().file());
      assertEquals("/actions/0/componentList/0/componentClass", problem.location().orElseThrow().pointer());
      assertEquals(0, game.pluginRequests(), "no plugin was requested");
    }
  }

  @Test
  void anExperienceThatEnablesThePlugin_usesItsComponent() {
    try (ExperienceFixture game = game()) {
      ExperienceManager manager = game.loadedInWorld(PrimaryAssetId.of("Experience", "Careful"));

      assertEquals(LoadState.LOADED, manager.state(), () -> manager.failure().map(Throwable::getMessage).orElse(""));
      assertEquals(List.of(PluginId.of("Medic")), manager.activePlugins());
    }
  }
}
