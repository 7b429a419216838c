package dev.overture.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.asset.AssetManager;
import dev.overture.asset.SoftRef;
import dev.overture.core.Problem;
import dev.overture.experience.ExperienceDefinition;
import dev.overture.experience.ExperienceReload;
import dev.overture.experience.PawnData;
import dev.overture.feature.GameFeatureAction;
import dev.overture.feature.PluginId;
import dev.overture.feature.TestActions;
import dev.overture.testing.Content;
import dev.overture.testing.TestRuntime;
import dev.overture.testing.TestWorld;
import dev.overture.validation.AssetValidator;
import dev.overture.validation.ValidationContext;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * What one live reload ends as, as a developer and the game see it: an edit of a file the world
 * only references is applied and described like an asset's, an edit that means the same as before
 * is unchanged and touches no world, a file put back as it was after its removal was refused is
 * unchanged too, and whatever the outcome (applied, unchanged, refused) the check leaves nothing
 * pinned and the next edit is taken.
 */
class LiveReloadOutcomesTest {

  private static Content content() {
    return Content.of()
        .file("experiences/Duel.json", "{ \"defaultPawnData\": \"Fighter\" }")
        .file("pawns/Fighter.json", """
            { "pawnClass": "Pawn", "displayName": "Fighter", "defaultCameraMode": "cameras/Follow.json" }
            """)
        .file("cameras/Follow.json", "{ \"distance\": 5, \"height\": 2 }")
        .file("pawns/Brawler.json", "{ \"pawnClass\": \"Pawn\", \"displayName\": \"Brawler\" }")
        .file("plugins/Chimes/plugin.json", "{ \"version\": \"1.0.0\" }");
  }

  /** A game's own check: no experience may turn on Chimes without its pawn being the Brawler. */
  private static final AssetValidator<ExperienceDefinition> CHIMES_NEED_A_BRAWLER =
      new AssetValidator<>() {
        @Override
        public Class<ExperienceDefinition> assetClass() {
          return ExperienceDefinition.class;
        }

        @Override
        public void isDataValid(ExperienceDefinition experience, ValidationContext context) {
          if (experience.gameFeaturesToEnable().contains(PluginId.of("Chimes"))
              && !experience.pawnData().map(id -> id.name().equals("Brawler")).orElse(false)) {
            context.error("Game/ChimesNeedABrawler", "/gameFeaturesToEnable", "Chimes ring only for the Brawler");
          }
        }
      };

  private static PawnData.CameraMode camera(TestWorld world) {
    PawnData pawn = world.experience().pawnData().orElseThrow();
    SoftRef<PawnData.CameraMode> ref = pawn.defaultCameraMode();
    return (PawnData.CameraMode) world.experience().loadedExperience().orElseThrow().content().get(ref);
  }

  @Test
  void anEditOfAReferencedFile_reachesTheWorld_describedByItsPath() {
    try (TestRuntime runtime = TestRuntime.builder(content()).liveContent().build()) {
      List<LiveReload> heard = new CopyOnWriteArrayList<>();
      runtime.live().subscribe(heard::add);
      TestWorld world = runtime.world("Match").load("Duel").assertLoaded();
      assertEquals(5.0, camera(world).distance());

      runtime.edit("cameras/Follow.json", "{ \"distance\": 8, \"height\": 2 }");
      runtime.reload();

      assertEquals(1, heard.size(), heard.toString());
      LiveReload reload = heard.get(0);
      assertEquals(LiveReload.Status.APPLIED, reload.status(), reload.toString());
      assertEquals(List.of("Game:/cameras/Follow.json /distance: 5.0 -> 8.0"), reload.changes());
      assertEquals(List.of("Match"), reload.worlds().stream().map(LiveReload.WorldUpdate::world).toList());
      assertEquals(8.0, camera(world).distance());
    }
  }

  @Test
  void aGoodEditSavedWithABrokenOne_appliesWithTheFix_neverStaysOutOfForceInSilence() {
    try (TestRuntime runtime = TestRuntime.builder(content()).liveContent().build()) {
      List<LiveReload> heard = new CopyOnWriteArrayList<>();
      runtime.live().subscribe(heard::add);
      TestWorld world = runtime.world("Match").load("Duel").assertLoaded();

      // An IDE's "save all": the camera edit is good, the pawn is broken.
      runtime.edit("cameras/Follow.json", "{ \"distance\": 8, \"height\": 2 }");
      runtime.edit("pawns/Fighter.json", "{ \"pawnClass\": \"Pawn\", ");
      runtime.reload();
      assertEquals(LiveReload.Status.REFUSED, heard.get(0).status());
      assertEquals("Refused " + runtime.folder().orElseThrow().resolve("cameras/Follow.json") + " and "
          + runtime.folder().orElseThrow().resolve("pawns/Fighter.json") + ": 1 error; the old content stays in force",
          heard.get(0).summary(), "both files named");
      assertEquals(5.0, camera(world).distance(), "refused whole");

      // The fix of the pawn alone brings in the camera edit saved with it.
      runtime.edit("pawns/Fighter.json", "{ \"pawnClass\": \"Pawn\", \"displayName\": \"Fighter\","
          + " \"defaultCameraMode\": \"cameras/Follow.json\" }");
      runtime.reload();
      assertEquals(LiveReload.Status.APPLIED, heard.get(1).status(), heard.get(1).toString());
      assertEquals(8.0, camera(world).distance(), "the good edit is in force");
    }
  }

  @Test
  void theFixOfABrokenEdit_applies_whileAnUnrelatedFileRefusedEarlierIsStillBroken() {
    try (TestRuntime runtime = TestRuntime.builder(content()).liveContent().build()) {
      List<LiveReload> heard = new CopyOnWriteArrayList<>();
      runtime.live().subscribe(heard::add);
      TestWorld world = runtime.world("Match").load("Duel").assertLoaded();
      Path folder = runtime.folder().orElseThrow();

      // A new experience, half written: refused, and no world uses it.
      runtime.edit("experiences/Draft.json", "{ \"defaultPawnData\": ");
      runtime.reload();
      // A typo in the camera the world uses: refused.
      runtime.edit("cameras/Follow.json", "{ \"distance\": 8, ");
      runtime.reload();
      assertEquals(List.of(LiveReload.Status.REFUSED, LiveReload.Status.REFUSED), heard.stream().map(LiveReload::status).toList());

      // The typo fixed: the camera applies, though the draft is still broken.
      runtime.edit("cameras/Follow.json", "{ \"distance\": 8, \"height\": 2 }");
      runtime.reload();
      assertEquals(3, heard.size(), heard.toString());
      assertEquals(LiveReload.Status.APPLIED, heard.get(2).status(), heard.get(2).toString());
      assertEquals(List.of(folder.resolve("cameras/Follow.json").toString()), heard.get(2).files());
      assertEquals(8.0, camera(world).distance(), "the fix is in force");

      // The draft finished later applies on its own.
      runtime.edit("experiences/Draft.json", "{ \"defaultPawnData\": \"Fighter\" }");
      runtime.reload();
      assertEquals(LiveReload.Status.APPLIED, heard.get(3).status(), heard.get(3).toString());
      assertEquals(List.of(folder.resolve("experiences/Draft.json").toString()), heard.get(3).files());
    }
  }

  @Test
  void aFileOfAPluginFolderInsideTheGamesFolder_isNamedOnce() {
    try (TestRuntime runtime = TestRuntime.builder(content()).liveContent().build()) {
      List<LiveReload> heard = new CopyOnWriteArrayList<>();
      runtime.live().subscribe(heard::add);
      runtime.world("Match").load("Duel").assertLoaded();
      String shown = runtime.folder().orElseThrow().resolve("plugins/Chimes/experiences/Bells.json").toString();

      // A file of the plugin's root and of the game's, which holds the plugin's folder.
      runtime.edit("plugins/Chimes/experiences/Bells.json", "{ \"defaultPawnData\": ");
      runtime.reload();

      assertEquals(1, heard.size(), heard.toString());
      assertEquals(List.of(shown), heard.get(0).files());
      assertEquals("Refused " + shown + ": 1 error; the old content stays in force", heard.get(0).summary());
    }
  }

  @Test
  void anEditAfterARefusedDeletion_isRefusedOutLoud_andAppliesWhenTheFileComesBack() {
    try (TestRuntime runtime = TestRuntime.builder(content()).liveContent().build()) {
      List<LiveReload> heard = new CopyOnWriteArrayList<>();
      runtime.live().subscribe(heard::add);
      TestWorld world = runtime.world("Match").load("Duel").assertLoaded();

      runtime.delete("pawns/Fighter.json");
      runtime.reload();
      assertEquals(List.of(LiveReload.Status.REFUSED), heard.stream().map(LiveReload::status).toList());

      // A good edit of another file while the deletion stands: refused again, and said so.
      runtime.edit("cameras/Follow.json", "{ \"distance\": 9, \"height\": 2 }");
      runtime.reload();
      assertEquals(2, heard.size(), "not dropped in silence: " + heard);
      assertEquals(LiveReload.Status.REFUSED, heard.get(1).status());
      assertTrue(heard.get(1).files().contains(runtime.folder().orElseThrow().resolve("cameras/Follow.json").toString()),
          heard.get(1).files().toString());

      // The pawn comes back as it was: the camera edit applies with it.
      runtime.edit("pawns/Fighter.json", """
          { "pawnClass": "Pawn", "displayName": "Fighter", "defaultCameraMode": "cameras/Follow.json" }
          """);
      runtime.reload();
      assertEquals(LiveReload.Status.APPLIED, heard.get(2).status(), heard.get(2).toString());
      assertEquals(9.0, camera(world).distance());
    }
  }

  @Test
  void anEditThatMeansTheSame_isUnchanged_andReachesNoWorld() {
    try (TestRuntime runtime = TestRuntime.builder(content()).liveContent().build()) {
      List<LiveReload> heard = new CopyOnWriteArrayList<>();
      runtime.live().subscribe(heard::add);
      TestWorld world = runtime.world("Match").load("Duel").assertLoaded();
      PawnData.CameraMode before = camera(world);

      runtime.edit("cameras/Follow.json", "{\n  \"height\": 2.0,\n  \"distance\": 5.0\n}\n");
      runtime.reload();

      assertEquals(1, heard.size(), heard.toString());
      assertEquals(LiveReload.Status.UNCHANGED, heard.get(0).status(), heard.get(0).toString());
      assertEquals(List.of(), heard.get(0).changes());
      assertEquals(List.of(), heard.get(0).worlds(), "the world runs the same content, so it was left alone");
      assertTrue(before == camera(world), "the world still holds the value it had");
    }
  }

  /**
   * A hostile review: an archetype saved again as it was (a touch, an editor's save of an unchanged
   * buffer) was APPLIED, re-ran the world's actions and printed the whole archetype twice as its
   * change, since an archetype (no record) was only ever equal to itself.
   */
  @Test
  void anArchetypeSavedAgainAsItWas_isUnchanged_andReachesNoWorld() {
    Content content = content()
        .file("pawns/Fighter.json", "{ \"pawnClass\": \"Archetype:Plain\", \"displayName\": \"Fighter\" }")
        .file("archetypes/Plain.json", "{ \"class\": \"Pawn\" }");
    try (TestRuntime runtime = TestRuntime.builder(content).liveContent().build()) {
      List<LiveReload> heard = new CopyOnWriteArrayList<>();
      runtime.live().subscribe(heard::add);
      TestWorld world = runtime.world("Match").load("Duel").assertLoaded();

      runtime.edit("archetypes/Plain.json", "{\n  \"class\": \"Pawn\",\n  \"subobjects\": {}\n}\n");
      runtime.reload();

      assertEquals(1, heard.size(), heard.toString());
      assertEquals(LiveReload.Status.UNCHANGED, heard.get(0).status(), heard.get(0).toString());
      assertEquals(List.of(), heard.get(0).changes());
      assertEquals(List.of(), heard.get(0).worlds(), "the world runs the same archetype, so it was left alone");
    }
  }

  /**
   * A hostile review: a plugin's plugin.json or a root's overture.json touched, or saved again as it
   * was, asked for a restart ("changed: ... restart to apply it") though nothing had changed; an
   * edit undone asked for one too. Only bytes that differ from those the game started with do.
   */
  @Test
  void aDescriptorOrSettingsFileSavedAsTheGameStartedWithIt_asksForNoRestart_anEditDoes() {
    String descriptor = "{ \"version\": \"1.0.0\" }";
    String settings = "{ }";
    try (TestRuntime runtime = TestRuntime.builder(content().file("overture.json", settings)).liveContent().build()) {
      List<LiveReload> heard = new CopyOnWriteArrayList<>();
      runtime.live().subscribe(heard::add);
      runtime.world("Match").load("Duel").assertLoaded();

      runtime.edit("plugins/Chimes/plugin.json", descriptor);
      runtime.edit("overture.json", settings);
      runtime.reload();
      assertEquals(1, heard.size(), heard.toString());
      assertEquals(LiveReload.Status.UNCHANGED, heard.get(0).status(), heard.get(0).toString());
      assertEquals(List.of(), heard.get(0).problems());

      runtime.edit("plugins/Chimes/plugin.json", "{ \"version\": \"1.0.1\" }");
      runtime.reload();
      assertEquals(LiveReload.Status.REFUSED, heard.get(1).status(), heard.get(1).toString());
      assertEquals(List.of("Overture/RestartNeeded"), heard.get(1).problems().stream().map(Problem::id).toList());

      runtime.edit("plugins/Chimes/plugin.json", descriptor); // the edit undone: what the game runs again
      runtime.reload();
      assertEquals(LiveReload.Status.UNCHANGED, heard.get(2).status(), heard.get(2).toString());
    }
  }

  private static final String FIGHTER = """
      { "pawnClass": "Pawn", "displayName": "Fighter", "defaultCameraMode": "cameras/Follow.json" }
      """;

  /**
   * How a file the world uses goes away and comes back, with the files the refusal and the report of
   * the return name ({@code {}} stands for the content folder).
   */
  enum Removal {
    DELETED("{}pawns/Fighter.json", "{}pawns/Fighter.json") {
      @Override
      void away(TestRuntime runtime) {
        runtime.delete("pawns/Fighter.json");
      }

      @Override
      void back(TestRuntime runtime) {
        runtime.edit("pawns/Fighter.json", FIGHTER);
      }
    },
    RENAMED_AWAY("{}pawns/Fighter.json and {}pawns/Fighter.json.bak", "{}pawns/Fighter.json and {}pawns/Fighter.json.bak") {
      @Override
      void away(TestRuntime runtime) {
        move(runtime, "pawns/Fighter.json", "pawns/Fighter.json.bak");
      }

      @Override
      void back(TestRuntime runtime) {
        move(runtime, "pawns/Fighter.json.bak", "pawns/Fighter.json");
      }
    },
    RENAMED_TO_ANOTHER_ASSET("{}pawns/Fighter.json and {}pawns/Fighter2.json", "{}pawns/Fighter.json and {}pawns/Fighter2.json") {
      @Override
      void away(TestRuntime runtime) {
        move(runtime, "pawns/Fighter.json", "pawns/Fighter2.json");
      }

      @Override
      void back(TestRuntime runtime) {
        move(runtime, "pawns/Fighter2.json", "pawns/Fighter.json");
      }
    },
    FOLDER_MOVED_AWAY("{}pawns.away, {}pawns/Brawler.json and {}pawns/Fighter.json",
        "{}pawns, {}pawns/Brawler.json, {}pawns/Fighter.json and 1 more") {
      @Override
      void away(TestRuntime runtime) {
        move(runtime, "pawns", "pawns.away");
      }

      @Override
      void back(TestRuntime runtime) {
        move(runtime, "pawns.away", "pawns");
      }
    };

    final String refused;
    final String restored;

    Removal(String refused, String restored) {
      this.refused = refused;
      this.restored = restored;
    }

    abstract void away(TestRuntime runtime);

    abstract void back(TestRuntime runtime);

    private static void move(TestRuntime runtime, String from, String to) {
      Path folder = runtime.folder().orElseThrow();
      try {
        Files.move(folder.resolve(from), folder.resolve(to));
      } catch (IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
      runtime.announce(from, to);
    }
  }

  /** {@code files} with {@code {}} standing for the content folder, as the reports show them. */
  private static String named(TestRuntime runtime, String files) {
    return files.replace("{}", runtime.folder().orElseThrow() + "/");
  }

  /** Finding 9: put back after a refused removal, the file was reported APPLIED, "no running world uses it". */
  @ParameterizedTest
  @EnumSource(Removal.class)
  void aFilePutBackAsItWas_afterItsRemovalWasRefused_isUnchanged_andTheNextEditReachesTheWorld(Removal removal) {
    try (TestRuntime runtime = TestRuntime.builder(content()).liveContent().build()) {
      List<LiveReload> heard = new CopyOnWriteArrayList<>();
      runtime.live().subscribe(heard::add);
      TestWorld world = runtime.world("Match").load("Duel").assertLoaded();
      PawnData inForce = world.experience().pawnData().orElseThrow();

      removal.away(runtime);
      runtime.reload();
      assertEquals(LiveReload.Status.REFUSED, heard.get(0).status(), heard.toString());
      assertEquals("Refused " + named(runtime, removal.refused) + ": 1 error; the old content stays in force",
          heard.get(0).summary());

      removal.back(runtime);
      runtime.reload();
      assertEquals(2, heard.size(), heard.toString());
      assertEquals(LiveReload.Status.UNCHANGED, heard.get(1).status(), heard.get(1).toString());
      assertEquals("Reloaded " + named(runtime, removal.restored) + ": nothing in force changed", heard.get(1).summary());
      assertEquals(List.of(), heard.get(1).changes(), "nothing was added: it was in force all along");
      assertEquals(List.of(), heard.get(1).worlds());
      assertTrue(inForce == world.experience().pawnData().orElseThrow(), "the world still holds the value it had");

      runtime.edit("pawns/Fighter.json", FIGHTER.replace("\"displayName\": \"Fighter\"", "\"displayName\": \"Boxer\""));
      runtime.reload();
      assertEquals(LiveReload.Status.APPLIED, heard.get(2).status(), heard.get(2).toString());
      assertEquals("Reloaded " + named(runtime, "{}pawns/Fighter.json") + " in 1000 ms: applied to world Match",
          heard.get(2).summary());
      assertEquals(List.of("PawnData:Fighter /displayName: \"Fighter\" -> \"Boxer\""), heard.get(2).changes());
      assertEquals("Boxer", world.experience().pawnData().orElseThrow().displayName());
    }
  }

  @Test
  void aFilePutBackWithAnEdit_afterItsDeletionWasRefused_appliesAsAnEdit_notAsANewAsset() {
    try (TestRuntime runtime = TestRuntime.builder(content()).liveContent().build()) {
      List<LiveReload> heard = new CopyOnWriteArrayList<>();
      runtime.live().subscribe(heard::add);
      TestWorld world = runtime.world("Match").load("Duel").assertLoaded();

      runtime.delete("pawns/Fighter.json").reload();
      runtime.edit("pawns/Fighter.json", FIGHTER.replace("\"displayName\": \"Fighter\"", "\"displayName\": \"Boxer\""));
      runtime.reload();

      assertEquals(LiveReload.Status.APPLIED, heard.get(1).status(), heard.toString());
      assertEquals("Reloaded " + named(runtime, "{}pawns/Fighter.json") + " in 1000 ms: applied to world Match",
          heard.get(1).summary());
      assertEquals(List.of("PawnData:Fighter /displayName: \"Fighter\" -> \"Boxer\""), heard.get(1).changes());
      assertEquals("Boxer", world.experience().pawnData().orElseThrow().displayName());
    }
  }

  @Test
  void whateverTheOutcome_theCheckLeavesNothingPinned_andTheNextEditIsTaken() {
    try (TestRuntime runtime = TestRuntime.builder(content()).liveContent().build()) {
      List<LiveReload> heard = new CopyOnWriteArrayList<>();
      runtime.live().subscribe(heard::add);
      TestWorld world = runtime.world("Match").load("Duel").assertLoaded();
      AssetManager assets = runtime.overture().assets();
      AssetManager.Stats loaded = assets.stats();

      runtime.edit("pawns/Fighter.json", "{ \"pawnClass\": \"Pawn\", \"displayName\": ");
      runtime.reload();
      assertEquals(LiveReload.Status.REFUSED, heard.get(0).status(), heard.toString());
      assertEquals(loaded.pinned(), assets.stats().pinned(), "a refused check releases what it loaded");
      assertEquals(loaded.loading(), assets.stats().loading());

      runtime.edit("cameras/Follow.json", "{ \"distance\": 5.0, \"height\": 2 }");
      runtime.reload();
      assertEquals(LiveReload.Status.UNCHANGED, heard.get(1).status(), heard.toString());
      assertEquals(loaded.pinned(), assets.stats().pinned());

      runtime.edit("pawns/Fighter.json", """
          { "pawnClass": "Pawn", "displayName": "Brawler", "defaultCameraMode": "cameras/Follow.json" }
          """);
      runtime.reload();
      assertEquals(LiveReload.Status.APPLIED, heard.get(2).status(), heard.toString());
      assertEquals(loaded.pinned(), assets.stats().pinned(), "the world pins the new version instead of the old");
      assertEquals(0, assets.stats().loading());
      assertEquals("Brawler", world.experience().pawnData().orElseThrow().displayName());
    }
  }

  @Test
  void anEditRefusedAfterItWasPrepared_givesBackThePluginsAndAssetsItTook_andGoesIdle() {
    try (TestRuntime runtime = TestRuntime.builder(content()).liveContent().validator(CHIMES_NEED_A_BRAWLER).build()) {
      List<LiveReload> heard = new CopyOnWriteArrayList<>();
      runtime.live().subscribe(heard::add);
      TestWorld world = runtime.world("Match").load("Duel").assertLoaded();
      AssetManager assets = runtime.overture().assets();
      AssetManager.Stats loaded = assets.stats();

      // Prepared (Chimes activated, Follow and the new pawn data loaded), then refused by the game's check.
      runtime.edit("experiences/Duel.json", "{ \"defaultPawnData\": \"Fighter\", \"gameFeaturesToEnable\": [\"Chimes\"] }");
      runtime.reload();

      assertEquals(LiveReload.Status.REFUSED, heard.get(0).status(), heard.toString());
      assertEquals("Game/ChimesNeedABrawler", heard.get(0).problems().get(0).id());
      assertEquals(0, runtime.overture().features().requestCount(PluginId.of("Chimes")),
          "the plugin the refused edit activated is released");
      assertEquals(List.of(), world.activePlugins());
      assertEquals(loaded.pinned(), assets.stats().pinned(), "and what it loaded is let go");
      assertTrue(runtime.live().whenIdle().isDone(), "live content is idle again");

      runtime.edit("experiences/Duel.json", "{ \"defaultPawnData\": \"Brawler\", \"gameFeaturesToEnable\": [\"Chimes\"] }");
      runtime.reload();
      assertEquals(LiveReload.Status.APPLIED, heard.get(1).status(), heard.toString());
      assertEquals(List.of(PluginId.of("Chimes")), world.activePlugins());
      assertTrue(runtime.live().whenIdle().isDone());
    }
  }

  /** What Record actions did in the world (not their registration with the experience's load). */
  private static List<String> inTheWorld() {
    return TestActions.LOG.stream().filter(line -> line.endsWith(" in Match")).toList();
  }

  @Test
  void anEditWhoseActionFailsToActivate_rollsBackOnce_andTheWorldKeepsItsContent_untilTheNextSave() {
    Content content = content().file("experiences/Duel.json", """
        { "defaultPawnData": "Fighter", "actions": [ { "action": "Record", "name": "old" } ] }
        """);
    try (TestRuntime runtime = TestRuntime.builder(content).liveContent()
        .kind(GameFeatureAction.class, "Record", TestActions.Record.class).build()) {
      List<LiveReload> heard = new CopyOnWriteArrayList<>();
      runtime.live().subscribe(heard::add);
      runtime.world("Match").load("Duel").assertLoaded();
      TestActions.LOG.clear();

      // Valid content whose action throws when it activates: the world rolls back to what it ran.
      runtime.edit("experiences/Duel.json", """
          { "defaultPawnData": "Fighter", "actions": [ { "action": "Record", "name": "new", "fail": true } ] }
          """);
      runtime.reload(); // fails, rather than hanging, when the world keeps being brought up to date again

      assertEquals(1, heard.size(), "one change, one report: " + heard);
      assertEquals(List.of(ExperienceReload.Outcome.ROLLED_BACK), heard.get(0).worlds().stream().map(LiveReload.WorldUpdate::outcome).toList());
      assertEquals("Overture/ActionFailed", heard.get(0).problems().get(0).id());
      assertEquals(List.of("deactivate old in Match", "undo old in Match", "activate old in Match"), inTheWorld(),
          "the old action runs again, once");
      assertTrue(runtime.live().whenIdle().isDone(), "live content is idle again");
      TestActions.LOG.clear();

      runtime.edit("experiences/Duel.json", """
          { "defaultPawnData": "Fighter", "actions": [ { "action": "Record", "name": "fixed" } ] }
          """);
      runtime.reload();
      assertEquals(2, heard.size(), heard.toString());
      assertEquals(List.of(ExperienceReload.Outcome.APPLIED), heard.get(1).worlds().stream().map(LiveReload.WorldUpdate::outcome).toList());
      assertEquals(List.of("deactivate old in Match", "undo old in Match", "activate fixed in Match"), inTheWorld());
    }
  }

  /**
   * A link to a folder made in a watched rule's folder: its files are not content, as at a restart,
   * and the reload now says why (the index's Overture/LinkedFolder warning), once; it said "nothing
   * in force changed" and nothing else until the next start.
   */
  @Test
  void aLinkToAFolderMadeWhileWatching_isWarnedOfOnce_andItsFilesAreNotContent() throws IOException {
    try (TestRuntime runtime = TestRuntime.builder(content()).liveContent().build()) {
      List<LiveReload> heard = new CopyOnWriteArrayList<>();
      runtime.live().subscribe(heard::add);
      runtime.world("Match").load("Duel").assertLoaded();
      Path folder = runtime.folder().orElseThrow();
      Path extra = Files.createDirectories(folder.resolveSibling(folder.getFileName() + "-extra"));
      Files.writeString(extra.resolve("Ranger.json"), "{ \"pawnClass\": \"Pawn\", \"displayName\": \"Ranger\" }");
      Files.createSymbolicLink(folder.resolve("pawns/more"), extra);

      runtime.announce("pawns/more", "pawns/more/Ranger.json");
      runtime.reload();
      runtime.announce("pawns/more");
      runtime.reload();

      assertEquals(LiveReload.Status.UNCHANGED, heard.get(0).status(), heard.get(0).toString());
      assertEquals(List.of("Overture/LinkedFolder"), heard.get(0).problems().stream().map(dev.overture.core.Problem::id).toList());
      assertEquals("Folder \"pawns/more\", under the scan rule for PawnData's folder \"pawns\", is a symbolic link (to \"" + extra
          + "\"); links to folders are not followed, so none of its files are indexed: put the folder itself there, or name the"
          + " folder it leads to in a scan rule", heard.get(0).problems().get(0).message());
      assertEquals(folder.resolve("pawns/more").toString(), heard.get(0).problems().get(0).location().orElseThrow().file());
      assertEquals(1, heard.stream().filter(reload -> !reload.problems().isEmpty()).count(), "said once: " + heard);
      assertTrue(runtime.overture().assets().index().find(dev.overture.asset.PrimaryAssetId.parse("PawnData:Ranger")).isEmpty());
    }
  }
}
