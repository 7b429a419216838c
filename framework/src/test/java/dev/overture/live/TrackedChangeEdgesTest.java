package dev.overture.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.asset.PrimaryAssetId;
import dev.overture.core.Problem;
import dev.overture.experience.ExperienceManager;
import dev.overture.experience.ExperienceReload;
import dev.overture.experience.LoadState;
import dev.overture.experience.MapDefinition;
import dev.overture.experience.PawnData;
import dev.overture.feature.FeatureContext;
import dev.overture.feature.GameFeatureAction;
import dev.overture.feature.PluginId;
import dev.overture.feature.TestActions;
import dev.overture.testing.Content;
import dev.overture.testing.TestRuntime;
import dev.overture.testing.TestWorld;
import dev.overture.world.Handle;
import dev.overture.world.Pawn;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A hostile review of tracked assets taken as parts of a world's change (1e9f2db): errors thrown by
 * the host's consumer, later saves after a refusal, a world that moved on, listeners of undone
 * actions, the report's places and words, released handles, a world closed from inside the change.
 * Each test failed before its fix.
 */
class TrackedChangeEdgesTest {

  /** Registers a loaded listener when it activates; the listener logs "loaded heard by NAME". */
  public record Listen(String name) implements GameFeatureAction {
    @Override
    public void onActivating(FeatureContext context) {
      ExperienceManager.of(context.world()).orElseThrow()
          .callOrRegisterOnLoaded(ExperienceManager.Priority.NORMAL, def -> TestActions.LOG.add("loaded heard by " + name));
    }
  }

  static final String DUEL = """
      { "defaultPawnData": "Fighter", "actions": [ { "action": "Record", "name": "old" }, { "action": "Listen", "name": "old" },
        { "action": "AddComponents", "componentList": [ { "actorClass": "Pawn", "componentClass": "Tally" } ] } ] }
      """;

  static String duel(String name, String extra) {
    return "{ \"defaultPawnData\": \"Fighter\"" + extra + ", \"actions\": [ { \"action\": \"Record\", \"name\": \"" + name + "\" },"
        + " { \"action\": \"Listen\", \"name\": \"" + name + "\" },"
        + " { \"action\": \"AddComponents\", \"componentList\": [ { \"actorClass\": \"Pawn\", \"componentClass\": \"Tally\" } ] } ] }";
  }

  private static Content content() {
    return Content.of()
        .file("experiences/Duel.json", DUEL)
        .file("experiences/Other.json", "{ \"defaultPawnData\": \"Fighter\" }")
        .file("pawns/Fighter.json", "{ \"pawnClass\": \"Pawn\", \"displayName\": \"Fighter\" }")
        .file("maps/Pit.json", "{ \"title\": \"The Pit\" }")
        .file("maps/Vault.json", "{ \"title\": \"The Vault\" }")
        .file("plugins/Chimes/plugin.json", "{ \"version\": \"1.0.0\", \"actions\": [ { \"action\": \"Record\", \"name\": \"chimes\" } ] }");
  }

  private final List<LiveReload> heard = new CopyOnWriteArrayList<>();
  private final List<String> mapInForce = new ArrayList<>(List.of("The Pit"));

  @BeforeEach
  void clear() {
    TestActions.LOG.clear();
  }

  private TestRuntime runtime() {
    TestRuntime runtime = TestRuntime.builder(content()).liveContent()
        .kind(GameFeatureAction.class, "Record", TestActions.Record.class)
        .kind(GameFeatureAction.class, "Listen", Listen.class)
        .component("Tally", LiveContentKitTest.Tally.class).build();
    runtime.live().subscribe(heard::add);
    return runtime;
  }

  private static MapDefinition map(TestRuntime runtime, String id) {
    return runtime.overture().assets().loadSynchronously(PrimaryAssetId.parse(id), MapDefinition.class);
  }

  /** Takes the title; throws (a refusal) when it starts with "Refused". */
  private void take(Object map) {
    String title = ((MapDefinition) map).title();
    if (title.startsWith("Refused")) {
      throw new IllegalArgumentException("the match cannot play on " + title);
    }
    mapInForce.add(title);
  }

  private static List<String> ids(LiveReload reload) {
    return reload.problems().stream().map(p -> p.id() + " " + p.message()).toList();
  }

  private static List<ExperienceReload.Outcome> outcomes(LiveReload reload) {
    return reload.worlds().stream().map(LiveReload.WorldUpdate::outcome).toList();
  }

  // ------------------------------------------------------------------ D1: an Error thrown by the consumer

  @Test
  void d1_aConsumerThrowingAnError_withTheExperienceReload_rollsBackAndIsReported() {
    try (TestRuntime runtime = runtime()) {
      TestWorld world = runtime.world("Match").load("Duel").assertLoaded();
      runtime.live().track(world.world(), PrimaryAssetId.parse("Map:Pit"), map(runtime, "Map:Pit"), map -> {
        throw new AssertionError("host invariant: no such map");
      });
      runtime.edit("maps/Pit.json", "{ \"title\": \"The Deep Pit\" }");
      runtime.edit("experiences/Duel.json", duel("new", ""));
      Throwable escaped = null;
      try {
        runtime.reload();
      } catch (Throwable e) {
        escaped = e;
      }
      assertNull(escaped, "nothing escapes the reload's task");
      assertEquals(LoadState.LOADED, world.experience().state());
      assertEquals("activate old in Match", TestActions.LOG.stream().filter(l -> l.startsWith("activate")).reduce((x, y) -> y).orElseThrow(),
          "the old content runs again: " + TestActions.LOG);
      assertEquals(1, heard.size(), "one report: " + heard);
      assertTrue(runtime.live().whenIdle().isDone(), "live content is idle");
    }
  }

  @Test
  void d1b_aConsumerThrowingAnError_alone_givesBackTheOtherMap() {
    try (TestRuntime runtime = runtime()) {
      TestWorld world = runtime.world("Match").load("Duel").assertLoaded();
      runtime.live().track(world.world(), PrimaryAssetId.parse("Map:Vault"), map(runtime, "Map:Vault"), this::take);
      runtime.live().track(world.world(), PrimaryAssetId.parse("Map:Pit"), map(runtime, "Map:Pit"), map -> {
        throw new AssertionError("host invariant: no such map");
      });
      runtime.edit("maps/Vault.json", "{ \"title\": \"The Flooded Vault\" }");
      runtime.edit("maps/Pit.json", "{ \"title\": \"The Deep Pit\" }");
      try {
        runtime.reload();
      } catch (Throwable e) {
        // recorded below
      }
      runtime.pump();
      assertEquals(1, heard.size(), heard.toString());
      assertEquals(List.of(ExperienceReload.Outcome.ROLLED_BACK), outcomes(heard.get(0)), heard.get(0).toString());
      assertEquals(List.of("The Pit", "The Flooded Vault", "The Vault"), mapInForce, "Vault given back");
    }
  }

  // ------------------------------------------------------------------ D2: a later unrelated save brings in half the refused change

  @Test
  void d2_aLaterSaveOfAnotherFile_bringsTheRefusedMapAlong_notTheExperienceWithoutIt() {
    try (TestRuntime runtime = runtime()) {
      TestWorld world = runtime.world("Match").load("Duel").assertLoaded();
      runtime.live().track(world.world(), PrimaryAssetId.parse("Map:Pit"), map(runtime, "Map:Pit"), this::take);
      runtime.edit("maps/Pit.json", "{ \"title\": \"Refused Pit\" }");
      runtime.edit("experiences/Duel.json", duel("new", ""));
      runtime.reload();
      assertEquals(List.of(ExperienceReload.Outcome.ROLLED_BACK), outcomes(heard.get(0)));
      TestActions.LOG.clear();

      // An unrelated edit of the pawn data: the world is handed the map it refused again with it,
      // refuses it again, and so runs neither half of the refused save (nor the edit, until the map is fixed).
      runtime.edit("pawns/Fighter.json", "{ \"pawnClass\": \"Pawn\", \"displayName\": \"Brawler\" }");
      runtime.reload();
      assertEquals(List.of(ExperienceReload.Outcome.ROLLED_BACK), outcomes(heard.get(1)));
      assertEquals("Fighter", world.experience().pawnData().map(PawnData::displayName).orElseThrow());
      assertEquals(List.of("The Pit"), mapInForce);
      assertEquals("activate old in Match", TestActions.LOG.stream().filter(line -> line.startsWith("activate")).reduce((x, y) -> y)
          .orElseThrow(), "the experience half of the refused save did not stay in: " + TestActions.LOG);

      // The map fixed: the whole of it goes in.
      runtime.edit("maps/Pit.json", "{ \"title\": \"The Deep Pit\" }");
      runtime.reload();
      assertEquals(List.of(ExperienceReload.Outcome.APPLIED), outcomes(heard.get(2)));
      assertEquals(List.of("The Pit", "The Deep Pit"), mapInForce);
      assertEquals("Brawler", world.experience().pawnData().map(PawnData::displayName).orElseThrow());
      assertTrue(TestActions.LOG.contains("activate new in Match"), TestActions.LOG.toString());
    }
  }

  // ------------------------------------------------------------------ D3: superseded reload drops the tracked map for good

  @Test
  void d3_aWorldThatSwitchedExperienceMeanwhile_stillGetsTheMapItTracks() {
    try (TestRuntime runtime = runtime()) {
      TestWorld world = runtime.world("Match").load("Duel").assertLoaded();
      runtime.live().track(world.world(), PrimaryAssetId.parse("Map:Pit"), map(runtime, "Map:Pit"), this::take);
      runtime.edit("maps/Pit.json", "{ \"title\": \"The Deep Pit\" }");
      runtime.edit("experiences/Duel.json", duel("new", ""));
      // Game code switches experience at the tick the save is being checked.
      world.world().executor().execute(() -> world.experience().switchExperience(PrimaryAssetId.parse("Experience:Other")));
      runtime.reload();
      world.settle();
      runtime.reload();
      assertEquals("Experience:Other", world.experience().experienceId().orElseThrow().toString());
      assertEquals(LiveReload.Status.APPLIED, heard.get(0).status(), heard.toString());
      assertEquals(List.of("The Pit", "The Deep Pit"), mapInForce,
          "the map the world plays on was committed, but never reaches it: " + heard);
    }
  }

  // ------------------------------------------------------------------ D4: listeners of the undone actions

  @Test
  void d4_loadedListenersOfTheUndoneNewActions_areNotCalled() {
    try (TestRuntime runtime = runtime()) {
      TestWorld world = runtime.world("Match").load("Duel").assertLoaded();
      runtime.live().track(world.world(), PrimaryAssetId.parse("Map:Pit"), map(runtime, "Map:Pit"), this::take);
      TestActions.LOG.clear();
      runtime.edit("maps/Pit.json", "{ \"title\": \"Refused Pit\" }");
      runtime.edit("experiences/Duel.json", duel("new", ""));
      runtime.reload();
      assertEquals(List.of(ExperienceReload.Outcome.ROLLED_BACK), outcomes(heard.get(0)));
      assertFalse(TestActions.LOG.contains("loaded heard by new"), "an undone action's listener was called: " + TestActions.LOG);
    }
  }

  // ------------------------------------------------------------------ checks expected to hold

  @Test
  void h_pluginCarryOverPawnData_allRolledBack() {
    try (TestRuntime runtime = runtime()) {
      TestWorld world = runtime.world("Match").load("Duel").assertLoaded();
      Pawn pawn = world.spawnPawn("Player");
      world.component(pawn, LiveContentKitTest.Tally.class).hits = 7;
      runtime.live().track(world.world(), PrimaryAssetId.parse("Map:Pit"), map(runtime, "Map:Pit"), this::take);
      runtime.edit("maps/Pit.json", "{ \"title\": \"Refused Pit\" }");
      runtime.edit("experiences/Duel.json", duel("new", ", \"gameFeaturesToEnable\": [\"Chimes\"]"));
      runtime.edit("pawns/Fighter.json", "{ \"pawnClass\": \"Pawn\", \"displayName\": \"Brawler\" }");
      runtime.reload();
      assertEquals(List.of(ExperienceReload.Outcome.ROLLED_BACK), outcomes(heard.get(0)));
      assertEquals(0, runtime.overture().features().requestCount(PluginId.of("Chimes")), "plugin released");
      assertEquals(List.of(), world.activePlugins());
      assertTrue(TestActions.LOG.contains("deactivate chimes in Match") || !TestActions.LOG.contains("activate chimes in Match"),
          TestActions.LOG.toString());
      assertEquals(7, world.component(pawn, LiveContentKitTest.Tally.class).hits, "carried back");
      assertEquals("Fighter", world.experience().pawnData().orElseThrow().displayName());
      assertEquals("Fighter", pawn.pawnData(PawnData.class).orElseThrow().displayName());
      assertEquals(List.of("The Pit"), mapInForce);
      assertTrue(runtime.live().whenIdle().isDone());
    }
  }

  @Test
  void h_twoWorlds_oneRefuses_theOtherApplies() {
    try (TestRuntime runtime = runtime()) {
      TestWorld a = runtime.world("A").load("Duel").assertLoaded();
      TestWorld b = runtime.world("B").load("Duel").assertLoaded();
      List<String> bMap = new ArrayList<>();
      runtime.live().track(a.world(), PrimaryAssetId.parse("Map:Pit"), map(runtime, "Map:Pit"), map -> {
        throw new IllegalArgumentException("A refuses");
      });
      runtime.live().track(b.world(), PrimaryAssetId.parse("Map:Pit"), map(runtime, "Map:Pit"),
          map -> bMap.add(((MapDefinition) map).title()));
      runtime.edit("maps/Pit.json", "{ \"title\": \"The Deep Pit\" }");
      runtime.edit("experiences/Duel.json", duel("new", ""));
      runtime.reload();
      LiveReload r = heard.get(0);
      assertEquals(List.of("A ROLLED_BACK", "B APPLIED"), r.worlds().stream().map(w -> w.world() + " " + w.outcome()).sorted().toList(), r.toString());
      assertEquals(List.of("The Deep Pit"), bMap);
    }
  }

  // ------------------------------------------------------------------ D5: the report

  @Test
  void d5_theRefusalIsPlaced_atTheTrackedFile() {
    try (TestRuntime runtime = runtime()) {
      TestWorld world = runtime.world("Match").load("Duel").assertLoaded();
      runtime.live().track(world.world(), PrimaryAssetId.parse("Map:Pit"), map(runtime, "Map:Pit"), this::take);
      runtime.edit("maps/Pit.json", "{ \"title\": \"Refused Pit\" }");
      runtime.edit("experiences/Duel.json", duel("new", ""));
      runtime.reload();
      Problem failed = heard.get(0).problems().stream().filter(p -> p.id().equals("Overture/TrackedAssetFailed")).findFirst().orElseThrow();
      assertEquals(runtime.folder().map(folder -> folder.resolve("maps/Pit.json").toString()).orElse("maps/Pit.json"),
          failed.location().orElseThrow(() -> new AssertionError("no file, no place: " + failed)).file());
    }
  }

  @Test
  void d5b_aWorldWithoutExperienceRefusingTheMap_isNamedInTheReport() {
    try (TestRuntime runtime = runtime()) {
      TestWorld lobby = runtime.world("Lobby");
      runtime.live().track(lobby.world(), PrimaryAssetId.parse("Map:Pit"), map(runtime, "Map:Pit"), this::take);
      runtime.edit("maps/Pit.json", "{ \"title\": \"Refused Pit\" }");
      runtime.reload();
      LiveReload r = heard.get(0);
      assertFalse(r.summary().contains("no running world uses it"), r.summary());
    }
  }

  // ------------------------------------------------------------------ D6: give back that throws

  @Test
  void d6_aGiveBackThatThrows_isNotReportedAsKept() {
    try (TestRuntime runtime = runtime()) {
      TestWorld world = runtime.world("Match").load("Duel").assertLoaded();
      List<String> vault = new ArrayList<>();
      runtime.live().track(world.world(), PrimaryAssetId.parse("Map:Vault"), map(runtime, "Map:Vault"), map -> {
        String title = ((MapDefinition) map).title();
        if (!vault.isEmpty()) {
          throw new IllegalStateException("cannot go back to " + title); // host cannot give back
        }
        vault.add(title);
      });
      runtime.live().track(world.world(), PrimaryAssetId.parse("Map:Pit"), map(runtime, "Map:Pit"), this::take);
      runtime.edit("maps/Vault.json", "{ \"title\": \"The Flooded Vault\" }");
      runtime.edit("maps/Pit.json", "{ \"title\": \"Refused Pit\" }");
      runtime.reload();
      LiveReload r = heard.get(0);
      assertEquals(List.of("The Flooded Vault"), vault, "the world holds the new Vault");
      assertFalse(ids(r).stream().anyMatch(line -> line.startsWith("Overture/TrackedAssetKept World Match keeps the Map:Vault it had")),
          "reported as kept, but the world runs the new Vault: " + ids(r));
      assertTrue(ids(r).contains("Overture/TrackedAssetNotGivenBack World Match keeps the new Map:Vault though it could not take all"
          + " of the change: it could not take back the one it had: cannot go back to The Vault"), ids(r).toString());
    }
  }

  // ------------------------------------------------------------------ D7: a released handle

  @Test
  void d7_aHandleReleasedBeforeTheWorldTakesTheChange_isNotCalled() {
    try (TestRuntime runtime = runtime()) {
      TestWorld world = runtime.world("Match").load("Duel").assertLoaded();
      Handle handle = runtime.live().track(world.world(), PrimaryAssetId.parse("Map:Pit"), map(runtime, "Map:Pit"), this::take);
      runtime.edit("maps/Pit.json", "{ \"title\": \"The Deep Pit\" }");
      // The host stops tracking (its match ended) on the game thread while the save is checked.
      world.world().executor().execute(handle::release);
      runtime.reload();
      assertEquals(List.of("The Pit"), mapInForce, "called after the handle was released: " + heard);
    }
  }

  // ------------------------------------------------------------------ same world, same asset twice

  @Test
  void h_sameWorldTracksTheSameAssetTwice_secondRefuses() {
    try (TestRuntime runtime = runtime()) {
      TestWorld world = runtime.world("Match").load("Duel").assertLoaded();
      List<String> first = new ArrayList<>();
      runtime.live().track(world.world(), PrimaryAssetId.parse("Map:Pit"), map(runtime, "Map:Pit"), m -> first.add(((MapDefinition) m).title()));
      runtime.live().track(world.world(), PrimaryAssetId.parse("Map:Pit"), map(runtime, "Map:Pit"), m -> {
        throw new IllegalArgumentException("no");
      });
      runtime.edit("maps/Pit.json", "{ \"title\": \"The Deep Pit\" }");
      runtime.reload();
      LiveReload r = heard.get(0);
      assertEquals(List.of("The Deep Pit", "The Pit"), first);
      assertEquals(List.of(ExperienceReload.Outcome.ROLLED_BACK), outcomes(r));
    }
  }

  // ------------------------------------------------------------------ world closing from inside the consumer

  @Test
  void h_aConsumerThatClosesItsWorld() {
    try (TestRuntime runtime = runtime()) {
      TestWorld world = runtime.world("Match").load("Duel").assertLoaded();
      runtime.live().track(world.world(), PrimaryAssetId.parse("Map:Pit"), map(runtime, "Map:Pit"), m -> world.world().close());
      runtime.edit("maps/Pit.json", "{ \"title\": \"The Deep Pit\" }");
      runtime.edit("experiences/Duel.json", duel("new", ""));
      Throwable escaped = null;
      try {
        runtime.reload();
      } catch (Throwable e) {
        escaped = e;
      }
      assertNull(escaped);
      assertEquals(1, heard.size());
    }
  }

  @Test
  void h_aWorldClosedWhileTheChangeIsChecked() {
    try (TestRuntime runtime = runtime()) {
      TestWorld world = runtime.world("Match").load("Duel").assertLoaded();
      runtime.live().track(world.world(), PrimaryAssetId.parse("Map:Pit"), map(runtime, "Map:Pit"), this::take);
      runtime.edit("maps/Pit.json", "{ \"title\": \"The Deep Pit\" }");
      runtime.edit("experiences/Duel.json", duel("new", ""));
      world.world().executor().execute(world.world()::close);
      runtime.reload();
      assertEquals(List.of("The Pit"), mapInForce);
      assertTrue(runtime.live().whenIdle().isDone());
    }
  }

  @Test
  void d8_aConsumerThatClosesItsWorld_leavesNothingPinnedOrActivated() {
    try (TestRuntime runtime = runtime()) {
      TestWorld world = runtime.world("Match").load("Duel").assertLoaded();
      var assets = runtime.overture().assets();
      runtime.live().track(world.world(), PrimaryAssetId.parse("Map:Pit"), null, m -> world.world().close());
      runtime.edit("maps/Pit.json", "{ \"title\": \"The Deep Pit\" }");
      runtime.edit("experiences/Duel.json", duel("new", ", \"gameFeaturesToEnable\": [\"Chimes\"]"));
      runtime.reload();
      runtime.pump();
      assertTrue(world.world().isClosed());
      assertEquals(0, runtime.overture().features().requestCount(PluginId.of("Chimes")), "the closed world still holds Chimes");
      assertEquals(0, assets.stats().pinned(), "the closed world's experience still pins assets");
    }
  }

  @Test
  void d8_baseline_closingTheWorldNormally_releasesEverything() {
    try (TestRuntime runtime = runtime()) {
      TestWorld world = runtime.world("Match").load("Duel").assertLoaded();
      var assets = runtime.overture().assets();
      runtime.edit("experiences/Duel.json", duel("new", ", \"gameFeaturesToEnable\": [\"Chimes\"]"));
      runtime.reload();
      assertEquals(1, runtime.overture().features().requestCount(PluginId.of("Chimes")));
      world.world().close();
      runtime.pump();
      assertEquals(0, runtime.overture().features().requestCount(PluginId.of("Chimes")));
      assertEquals(0, assets.stats().pinned());
    }
  }

  @Test
  void d3b_afterASupersededReload_savingTheMapAgain_changesNothingMore() {
    try (TestRuntime runtime = runtime()) {
      TestWorld world = runtime.world("Match").load("Duel").assertLoaded();
      runtime.live().track(world.world(), PrimaryAssetId.parse("Map:Pit"), map(runtime, "Map:Pit"), this::take);
      runtime.edit("maps/Pit.json", "{ \"title\": \"The Deep Pit\" }");
      runtime.edit("experiences/Duel.json", duel("new", ""));
      world.world().executor().execute(() -> world.experience().switchExperience(PrimaryAssetId.parse("Experience:Other")));
      runtime.reload();
      world.settle();
      runtime.edit("maps/Pit.json", "{ \"title\": \"The Deep Pit\" }"); // saved again
      runtime.reload();
      assertEquals(List.of("The Pit", "The Deep Pit"), mapInForce, heard.toString());
    }
  }

  @Test
  void d4b_sameWithAFailingAction_noTracking() {
    try (TestRuntime runtime = runtime()) {
      runtime.world("Match").load("Duel").assertLoaded();
      TestActions.LOG.clear();
      runtime.edit("experiences/Duel.json", "{ \"defaultPawnData\": \"Fighter\", \"actions\": [ { \"action\": \"Listen\", \"name\": \"new\" },"
          + " { \"action\": \"Record\", \"name\": \"new\", \"fail\": true } ] }");
      runtime.reload();
      assertEquals(List.of(ExperienceReload.Outcome.ROLLED_BACK), outcomes(heard.get(0)));
      assertFalse(TestActions.LOG.contains("loaded heard by new"), TestActions.LOG.toString());
    }
  }
}
