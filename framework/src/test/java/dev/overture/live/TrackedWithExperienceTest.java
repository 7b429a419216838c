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
        .file("maps/Pit.json", "{ \"title\": \"The Pit\" }")
        .file("maps/Vault.json", "{ \"title\": \"The Vault\" }");
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
      assertEquals(List.of("Overture/TrackedAssetKept World Match keeps the Map:Pit it had: the reload of its experience did not apply; it takes the new one with its next change"),
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

  /** Makes {@code title} the one in force, unless it starts with "Refused": then throws, changing nothing. */
  private void take(Object map) {
    String title = ((MapDefinition) map).title();
    if (title.startsWith("Refused")) {
      throw new IllegalArgumentException("the match cannot play on " + title);
    }
    mapInForce.add(title);
  }

  private static List<String> problems(LiveReload reload, String... ids) {
    return reload.problems().stream().filter(problem -> List.of(ids).contains(problem.id()))
        .map(problem -> problem.id() + " " + problem.message()).toList();
  }

  /**
   * The other half of the hostile review's case: the world refuses the new map (its consumer
   * throws) while the same save changed its experience. It kept the new experience and the old map;
   * now the experience's reload rolls back too.
   */
  @Test
  void aRefusedMap_rollsTheExperienceBack() {
    TestActions.LOG.clear();
    try (TestRuntime runtime = TestRuntime.builder(content()).liveContent()
        .kind(GameFeatureAction.class, "Record", TestActions.Record.class).build()) {
      runtime.live().subscribe(heard::add);
      TestWorld world = runtime.world("Match").load("Duel").assertLoaded();
      runtime.live().track(world.world(), PrimaryAssetId.parse("Map:Pit"), this::take);
      runtime.edit("maps/Pit.json", "{ \"title\": \"Refused Pit\" }");
      runtime.edit("experiences/Duel.json", "{ \"defaultPawnData\": \"Fighter\", \"actions\": [ { \"action\": \"Record\","
          + " \"name\": \"new\" } ] }");
      runtime.reload();

      LiveReload reload = heard.get(0);
      assertEquals(List.of(ExperienceReload.Outcome.ROLLED_BACK), reload.worlds().stream().map(LiveReload.WorldUpdate::outcome).toList());
      assertEquals(List.of("activate old in Match", "deactivate old in Match", "undo old in Match", "unregister old",
          "activate new in Match", "deactivate new in Match", "undo new in Match", "unregister new", "activate old in Match"),
          TestActions.LOG,
          "the new actions were undone and the old ones put back");
      assertEquals(List.of("The Pit"), mapInForce);
      assertEquals(List.of("Overture/TrackedAssetFailed World Match could not take the new Map:Pit: the match cannot play on Refused Pit"),
          problems(reload, "Overture/TrackedAssetFailed", "Overture/TrackedAssetKept"));
    }
  }

  /**
   * Two maps a world tracks, changed in one save, the second refused: the first, taken already, is
   * given back, so the world runs neither new map.
   */
  @Test
  void aRefusedMap_givesBackTheOtherMapTheWorldTook() {
    try (TestRuntime runtime = TestRuntime.builder(content()).liveContent()
        .kind(GameFeatureAction.class, "Record", TestActions.Record.class).build()) {
      runtime.live().subscribe(heard::add);
      TestWorld world = runtime.world("Match").load("Duel").assertLoaded();
      MapDefinition vault = runtime.overture().assets().loadSynchronously(PrimaryAssetId.parse("Map:Vault"), MapDefinition.class);
      MapDefinition pit = runtime.overture().assets().loadSynchronously(PrimaryAssetId.parse("Map:Pit"), MapDefinition.class);
      runtime.live().track(world.world(), PrimaryAssetId.parse("Map:Vault"), vault, this::take);
      runtime.live().track(world.world(), PrimaryAssetId.parse("Map:Pit"), pit, this::take);
      runtime.edit("maps/Vault.json", "{ \"title\": \"The Flooded Vault\" }");
      runtime.edit("maps/Pit.json", "{ \"title\": \"Refused Pit\" }");
      runtime.reload();

      LiveReload reload = heard.get(0);
      assertEquals(List.of(ExperienceReload.Outcome.ROLLED_BACK), reload.worlds().stream().map(LiveReload.WorldUpdate::outcome).toList());
      assertEquals(List.of("The Pit", "The Flooded Vault", "The Vault"), mapInForce, "taken, then given back");
      assertEquals(List.of("Overture/TrackedAssetKept World Match keeps the Map:Vault it had: it could not take all of the change; it takes the new one"
                  + " with its next change",
              "Overture/TrackedAssetFailed World Match could not take the new Map:Pit: the match cannot play on Refused Pit"),
          problems(reload, "Overture/TrackedAssetFailed", "Overture/TrackedAssetKept").stream().sorted(
              java.util.Comparator.comparing((String line) -> !line.contains("Kept"))).toList());

      // The refused map saved back as the world runs it: nothing in force changes, nothing is handed.
      runtime.edit("maps/Pit.json", "{ \"title\": \"The Pit\" }").reload();
      assertEquals(LiveReload.Status.UNCHANGED, heard.get(1).status(), heard.get(1).toString());
      assertEquals(List.of("The Pit", "The Flooded Vault", "The Vault"), mapInForce);
    }
  }

  /** A value taken whose predecessor live content never knew cannot be given back: said, as an error. */
  @Test
  void aMapThatCannotBeGivenBack_isSaid() {
    try (TestRuntime runtime = TestRuntime.builder(content()).liveContent()
        .kind(GameFeatureAction.class, "Record", TestActions.Record.class).build()) {
      runtime.live().subscribe(heard::add);
      TestWorld world = runtime.world("Match").load("Duel").assertLoaded();
      runtime.live().track(world.world(), PrimaryAssetId.parse("Map:Vault"), null, this::take);
      runtime.live().track(world.world(), PrimaryAssetId.parse("Map:Pit"), this::take);
      runtime.edit("maps/Vault.json", "{ \"title\": \"The Flooded Vault\" }");
      runtime.edit("maps/Pit.json", "{ \"title\": \"Refused Pit\" }");
      runtime.reload();

      assertEquals(List.of("The Pit", "The Flooded Vault"), mapInForce);
      assertEquals(List.of("Overture/TrackedAssetNotGivenBack World Match keeps the new Map:Vault though it could not take all of"
          + " the change: live content never had the Map:Vault it replaced (it was not loaded when the world began to track it)"),
          problems(heard.get(0), "Overture/TrackedAssetNotGivenBack"));
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
