package dev.overture.feature;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.overture.asset.AssetSource;
import dev.overture.asset.PrimaryAssetId;
import dev.overture.core.Problem;
import dev.overture.experience.ExperienceManager;
import dev.overture.experience.LoadState;
import dev.overture.inject.Overture;
import dev.overture.testing.Content;
import dev.overture.testing.PluginJar;
import dev.overture.validation.ValidationReport;
import dev.overture.world.World;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Review C, defect 2: what a plugin's code registers is the plugin's, whether or not its {@code
 * contributes} lists it. Content that uses such a kind without enabling the plugin was accepted
 * (and the plugin could then be unregistered under the world running its code); now it fails with
 * {@code Overture/PluginNotEnabled}, the same problem in a load and in validate.
 */
class UndeclaredKindsTest {

  @TempDir Path temp;

  static final String PLUGIN = """
      package quiet;

      import dev.overture.feature.OverturePlugin;
      import dev.overture.feature.PluginRegistration;
      import dev.overture.world.Actor;
      import dev.overture.world.ActorComponent;

      public final class QuietPlugin implements OverturePlugin {
        public static class Whisper extends ActorComponent {}

        public static class Ghost extends Actor {}

        @Override
        public void register(PluginRegistration plugin) {
          plugin.kind(ActorComponent.class, "Whisper", Whisper.class).kind(Actor.class, "Ghost", Ghost.class);
        }
      }
      """;

  private Overture open() {
    PluginJar.of()
        .file("plugin.json", "{ \"name\": \"Quiet\", \"version\": \"1.0.0\", \"entryPoint\": \"quiet.QuietPlugin\" }")
        .java("quiet.QuietPlugin", PLUGIN)
        .writeTo(temp.resolve("plugins/quiet.jar"));
    Path game = Content.of()
        .file("experiences/Sneak.json", """
            { "actions": [ { "action": "AddComponents", "componentList": [
                { "actorClass": "Pawn", "componentClass": "Whisper" },
                { "actorClass": "Ghost", "componentClass": "InputComponent" } ] } ] }
            """)
        .writeTo(temp.resolve("game"));
    // The validator blocks while assets load, so this runtime reads files on its own pool.
    Overture overture = Overture.builder()
        .contentRoot(AssetSource.directory(game))
        .plugins(temp.resolve("plugins"))
        .workerThreads(2)
        .build();
    overture.ready().join();
    return overture;
  }

  private static final List<String> EXPECTED = List.of(
      "[Overture/PluginNotEnabled] Actor \"Ghost\" belongs to plugin Quiet, which Experience:Sneak does not enable; add \"Quiet\""
          + " to its gameFeaturesToEnable (enabled: none) at /actions/0/componentList/1/actorClass",
      "[Overture/PluginNotEnabled] Component \"Whisper\" belongs to plugin Quiet, which Experience:Sneak does not enable; add"
          + " \"Quiet\" to its gameFeaturesToEnable (enabled: none) at /actions/0/componentList/0/componentClass");

  private static List<String> described(List<Problem> problems) {
    return problems.stream()
        .filter(problem -> problem.id().equals("Overture/PluginNotEnabled"))
        .map(problem -> "[" + problem.id() + "] " + problem.message() + " at " + problem.location().orElseThrow().pointer())
        .sorted()
        .toList();
  }

  @Test
  void kindsAPluginRegistersWithoutListingThem_needThePluginEnabled_inALoadAndInValidate() {
    try (Overture overture = open()) {
      ValidationReport report = overture.validator().run();
      assertEquals(EXPECTED, described(report.problems()), report.format());

      World world = overture.worlds().create("Match");
      ExperienceManager experience = ExperienceManager.of(world).orElseThrow();
      experience.setCurrentExperience(PrimaryAssetId.parse("Experience:Sneak"));
      await().pollInSameThread().atMost(Duration.ofSeconds(30)).until(() -> {
        world.tick(0);
        return experience.state() == LoadState.LOADED || experience.state() == LoadState.FAILED;
      });
      assertEquals(LoadState.FAILED, experience.state());
      assertEquals(EXPECTED, described(experience.failure().orElseThrow().problems()));
      assertEquals(0, overture.features().requestCount(PluginId.of("Quiet")));
      world.close();
    }
  }
}
