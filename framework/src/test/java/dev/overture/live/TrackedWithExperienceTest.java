package dev.overture.live;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.overture.asset.PrimaryAssetId;
import dev.overture.core.Problem;
import dev.overture.experience.ExperienceReload;
import dev.overture.experience.MapDefinition;
import dev.overture.feature.GameFeatureAction;
import dev.overture.feature.TestActions;
import dev.overture.testing.Content;
import dev.overture.testing.TestRuntime;
import dev.overture.testing.TestWorld;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * One save of two files, a world's tracked map and its experience (a hostile review): when the
 * world rolled the experience's reload back, it had already taken the new map, and ended
 * half-changed. A world's tracked assets now follow its experience's reload: kept as they were when
 * it rolls back, taken when it applies.
 */
class TrackedWithExperienceTest {

  private static Content content() {
    return Content.of()
        .file("experiences/Duel.json", """
            { "defaultPawnData": "Fighter", "actions": [ { "action": "Record", "name": "old" } ] }
            """)
        .file("pawns/Fighter.json", "{ \"pawnClass\": \"Pawn\", \"displayName\": \"Fighter\" }")
        .file("maps/Pit.json", "{ \"title\": \"The Pit\" }");
  }

  private final List<LiveReload> heard = new CopyOnWriteArrayList<>();
  private final List<String> mapInForce = new ArrayList<>(List.of("The Pit"));

  /**
   * A runtime whose world Match plays Duel and tracks Map:Pit, the titles it takes going to {@link
   * #mapInForce}; then one save of both files, Duel's new action failing when it activates if
   * {@code failing}, reloaded.
   */
  private TestRuntime savedMapAndExperience(boolean failing) {
    TestRuntime runtime = TestRuntime.builder(content()).liveContent()
        .kind(GameFeatureAction.class, "Record", TestActions.Record.class).build();
    runtime.live().subscribe(heard::add);
    TestWorld world = runtime.world("Match").load("Duel").assertLoaded();
    runtime.live().track(world.world(), PrimaryAssetId.parse("Map:Pit"), map -> mapInForce.add(((MapDefinition) map).title()));
    runtime.edit("maps/Pit.json", "{ \"title\": \"The Deep Pit\" }");
    runtime.edit("experiences/Duel.json", "{ \"defaultPawnData\": \"Fighter\", \"actions\": [ { \"action\": \"Record\","
        + " \"name\": \"new\", \"fail\": " + failing + " } ] }");
    runtime.reload();
    return runtime;
  }

  @Test
  void aRolledBackChange_leavesTheTrackedMapAsItWas() {
    try (TestRuntime runtime = savedMapAndExperience(true)) {
      assertEquals(List.of(ExperienceReload.Outcome.ROLLED_BACK),
          heard.get(0).worlds().stream().map(LiveReload.WorldUpdate::outcome).toList());
      assertEquals(List.of("The Pit"), mapInForce, "the world rolled the change back: it keeps the map it had");
      assertEquals(List.of("Overture/TrackedAssetKept World Match keeps the Map:Pit it had: the reload of its experience did not apply"),
          heard.get(0).problems().stream().filter(problem -> problem.id().equals("Overture/TrackedAssetKept"))
              .map(problem -> problem.id() + " " + problem.message()).toList());
    }
  }

  @Test
  void anAppliedChange_handsTheTrackedMapToo() {
    try (TestRuntime runtime = savedMapAndExperience(false)) {
      assertEquals(List.of(ExperienceReload.Outcome.APPLIED),
          heard.get(0).worlds().stream().map(LiveReload.WorldUpdate::outcome).toList());
      assertEquals(List.of("The Pit", "The Deep Pit"), mapInForce);
    }
  }

  /**
   * A hostile review: deleting the experience a world plays was refused with "No asset
   * Experience:Duel is indexed", placed nowhere; a deleted tracked asset is refused at its file, and
   * so is this now.
   */
  @Test
  void theExperienceAWorldPlays_deleted_isRefusedAtItsFile() {
    try (TestRuntime runtime = TestRuntime.builder(content()).onDisk().liveContent()
        .kind(GameFeatureAction.class, "Record", TestActions.Record.class).build()) {
      runtime.live().subscribe(heard::add);
      runtime.world("Match").load("Duel").assertLoaded();

      runtime.delete("experiences/Duel.json");
      runtime.reload();

      LiveReload refused = heard.get(0);
      assertEquals(LiveReload.Status.REFUSED, refused.status());
      Problem unknown = refused.problems().stream().filter(problem -> problem.id().equals("Overture/UnknownAsset")).findFirst()
          .orElseThrow(() -> new AssertionError(refused.problems().toString()));
      assertEquals(runtime.folder().orElseThrow().resolve("experiences/Duel.json").toString(),
          unknown.location().orElseThrow(() -> new AssertionError("placed nowhere: " + unknown)).file());
    }
  }
}
