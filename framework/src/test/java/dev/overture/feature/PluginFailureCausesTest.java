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
 * Review exp, finding 11: a plugin that could not register (a duplicate asset in it) left the kinds
 * its code registers unknown, and each use of one was an error listed before the cause, or, in a
 * load, the only error. Now validate lists the plugin's problem first, and each unknown kind says,
 * in validate and in a load, which plugin in Error it may follow from and that plugin's problem.
 */
class PluginFailureCausesTest {

  @TempDir Path temp;

  static final String PLUGIN = """
      package spooky;

      import dev.overture.feature.OverturePlugin;
      import dev.overture.feature.PluginRegistration;
      import dev.overture.world.Actor;

      public final class SpookyPlugin implements OverturePlugin {
        public static class Ghost extends Actor {}

        @Override
        public void register(PluginRegistration plugin) {
          plugin.kind(Actor.class, "Ghost", Ghost.class);
        }
      }
      """;

  private static String described(Problem problem) {
    return "[" + problem.id() + "] " + problem.message();
  }

  @Test
  void aPluginThatCannotRegister_isListedBeforeTheUnknownKindsThatFollowFromIt_inValidateAndInALoad() {
    PluginJar.of()
        .file("plugin.json", "{ \"name\": \"Spooky\", \"version\": \"1.0.0\", \"entryPoint\": \"spooky.SpookyPlugin\" }")
        .file("pawns/Keeper.json", "{ \"pawnClass\": \"Pawn\" }")
        .java("spooky.SpookyPlugin", PLUGIN)
        .writeTo(temp.resolve("plugins/spooky.jar"));
    Path game = Content.of()
        .file("pawns/Keeper.json", "{ \"pawnClass\": \"Pawn\" }")
        .file("experiences/Haunt.json", """
            { "gameFeaturesToEnable": ["Spooky"], "actions": [ { "action": "AddComponents", "componentList": [
                { "actorClass": "Ghost", "componentClass": "InputComponent" } ] } ] }
            """)
        .writeTo(temp.resolve("game"));
    String duplicate = "[Overture/DuplicateAsset] Asset PawnData:Keeper is defined twice: by " + game.resolve("pawns/Keeper.json")
        + " and by " + temp.resolve("plugins/spooky.jar") + "!/pawns/Keeper.json; rename or remove one of them";
    String ghost = "[Overture/UnknownClass] Unknown Actor class \"Ghost\" (registered: \"Actor\", \"GameState\", \"Pawn\"); this may"
        + " follow from plugin Spooky (Overture/DuplicateAsset), in Error: the kinds its code registers are unknown until it is fixed";
    try (Overture overture = Overture.builder()
        .contentRoot(AssetSource.directory(game))
        .plugins(temp.resolve("plugins"))
        .workerThreads(2)
        .build()) {
      overture.ready().handle((ok, failed) -> null).join();

      ValidationReport report = overture.validator().run();
      assertEquals(List.of(duplicate, ghost), report.problems().stream().map(PluginFailureCausesTest::described).toList(),
          report.format());

      World world = overture.worlds().create("Match");
      ExperienceManager experience = ExperienceManager.of(world).orElseThrow();
      experience.setCurrentExperience(PrimaryAssetId.parse("Experience:Haunt"));
      await().pollInSameThread().atMost(Duration.ofSeconds(30)).until(() -> {
        world.tick(0);
        return experience.state() == LoadState.LOADED || experience.state() == LoadState.FAILED;
      });
      assertEquals(List.of(ghost),
          experience.failure().orElseThrow().problems().stream().map(PluginFailureCausesTest::described).toList());
      world.close();
    }
  }
}
