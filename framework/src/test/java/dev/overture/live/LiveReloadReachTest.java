package dev.overture.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.asset.AssetSource;
import dev.overture.asset.PrimaryAssetId;
import dev.overture.experience.ExperienceManager;
import dev.overture.experience.LoadState;
import dev.overture.experience.PawnData;
import dev.overture.inject.Overture;
import dev.overture.testing.Content;
import dev.overture.testing.FakeTicker;
import dev.overture.testing.ManualExecutor;
import dev.overture.testing.ManualTimer;
import dev.overture.testing.TestRuntime;
import dev.overture.testing.TestWorld;
import dev.overture.world.World;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which worlds a change reaches, as a developer editing content sees it: exactly the worlds that
 * depend on the changed file (and a world still loading when the change lands is brought up to date
 * once it has loaded, instead of running what the change replaced); a deleted file a world reads
 * only by reference is refused like any other; and a file that came and went unnoticed (an
 * editor's temporary file) is no change at all.
 */
class LiveReloadReachTest {

  @TempDir Path temp;

  private static Content content() {
    return Content.of()
        .file("experiences/Duel.json", "{ \"defaultPawnData\": \"Fighter\", \"gameFeaturesToEnable\": [\"Chimes\"] }")
        .file("experiences/Brawl.json", "{ \"defaultPawnData\": \"Brawler\" }")
        .file("pawns/Fighter.json", """
            { "pawnClass": "Pawn", "displayName": "Fighter", "defaultCameraMode": "cameras/Follow.json" }
            """)
        .file("pawns/Brawler.json", "{ \"pawnClass\": \"Pawn\", \"displayName\": \"Brawler\" }")
        .file("cameras/Follow.json", "{ \"distance\": 5, \"height\": 2 }")
        .file("plugins/Chimes/plugin.json", "{ \"version\": \"1.0.0\" }");
  }

  private static String pawnName(ExperienceManager manager) {
    return manager.pawnData().map(PawnData::displayName).orElse("(none)");
  }

  @Test
  void aChange_reachesOnlyTheWorldsThatDependOnTheChangedFile() {
    try (TestRuntime runtime = TestRuntime.builder(content()).liveContent().build()) {
      List<LiveReload> heard = new CopyOnWriteArrayList<>();
      runtime.live().subscribe(heard::add);
      TestWorld duel = runtime.world("Duel match").load("Duel").assertLoaded();
      TestWorld brawl = runtime.world("Brawl match").load("Brawl").assertLoaded();
      PawnData brawler = brawl.experience().pawnData().orElseThrow();

      runtime.edit("pawns/Fighter.json", """
          { "pawnClass": "Pawn", "displayName": "Boxer", "defaultCameraMode": "cameras/Follow.json" }
          """).reload();

      LiveReload reload = heard.get(0);
      assertEquals(LiveReload.Status.APPLIED, reload.status(), reload.toString());
      assertEquals(List.of("Duel match"), reload.worlds().stream().map(LiveReload.WorldUpdate::world).toList());
      assertEquals(List.of("PawnData:Fighter /displayName: \"Fighter\" -> \"Boxer\""), reload.changes());
      assertEquals("Boxer", pawnName(duel.experience()));
      assertTrue(brawler == brawl.experience().pawnData().orElseThrow(), "the world that does not use the Fighter was left alone");
    }
  }

  @Test
  void aDeletedFileThatAWorldReadsOnlyByReference_isRefused_andTheWorldKeepsIt() {
    try (TestRuntime runtime = TestRuntime.builder(content()).liveContent().build()) {
      List<LiveReload> heard = new CopyOnWriteArrayList<>();
      runtime.live().subscribe(heard::add);
      TestWorld duel = runtime.world("Match").load("Duel").assertLoaded();
      PawnData fighter = duel.experience().pawnData().orElseThrow();

      runtime.delete("cameras/Follow.json").reload();

      assertEquals(1, heard.size(), heard.toString());
      LiveReload reload = heard.get(0);
      assertEquals(LiveReload.Status.REFUSED, reload.status(), reload.toString());
      assertEquals(List.of(runtime.folder().orElseThrow().resolve("cameras/Follow.json").toString()), reload.files());
      assertTrue(reload.problems().stream().anyMatch(problem -> problem.isError()), reload.toString());
      assertTrue(fighter == duel.experience().pawnData().orElseThrow(), "the world keeps what it had");
      assertTrue(runtime.live().whenIdle().isDone());
    }
  }

  @Test
  void aFileThatCameAndWentUnnoticed_isNoChange() {
    try (TestRuntime runtime = TestRuntime.builder(content()).liveContent().build()) {
      List<LiveReload> heard = new CopyOnWriteArrayList<>();
      runtime.live().subscribe(heard::add);
      runtime.world("Match").load("Duel").assertLoaded();

      // An editor's save: a temporary file written, renamed away before the watcher looked.
      runtime.announce("pawns/.Fighter.json.swp").reload();

      assertEquals(List.of(), heard, "nothing the game knows changed");
      assertTrue(runtime.live().whenIdle().isDone());
    }
  }

  @Test
  void anEditedPluginDescriptor_isRefusedNamingTheFile_whileTheContentEditedWithItStillApplies() {
    try (TestRuntime runtime = TestRuntime.builder(content()).liveContent().build()) {
      List<LiveReload> heard = new CopyOnWriteArrayList<>();
      runtime.live().subscribe(heard::add);
      TestWorld duel = runtime.world("Match").load("Duel").assertLoaded();
      String descriptor = runtime.folder().orElseThrow().resolve("plugins/Chimes/plugin.json").toString();

      runtime.edit("plugins/Chimes/plugin.json", "{ \"version\": \"1.1.0\" }");
      runtime.edit("pawns/Fighter.json", """
          { "pawnClass": "Pawn", "displayName": "Boxer", "defaultCameraMode": "cameras/Follow.json" }
          """).reload();

      assertEquals(2, heard.size(), heard.toString());
      LiveReload refused = heard.get(0);
      assertEquals(LiveReload.Status.REFUSED, refused.status());
      assertEquals(List.of(descriptor), refused.files());
      assertEquals("Overture/RestartNeeded", refused.problems().get(0).id());
      assertEquals(descriptor, refused.problems().get(0).location().orElseThrow().file());
      assertEquals(LiveReload.Status.APPLIED, heard.get(1).status(), heard.get(1).toString());
      assertEquals("Boxer", pawnName(duel.experience()));
      assertTrue(runtime.live().whenIdle().isDone());
    }
  }

  /**
   * A world whose load read the Fighter before a change of it was committed, and finished after:
   * on its own executors, so the test decides what runs when.
   */
  @Test
  void aWorldStillLoadingWhenAChangeLands_isBroughtUpToDate_onceItHasLoaded() throws Exception {
    Path folder = content().writeTo(temp.resolve("content"));
    ManualExecutor workers = new ManualExecutor();
    ManualExecutor plugins = new ManualExecutor();
    ManualExecutor liveThread = new ManualExecutor();
    FakeTicker ticker = new FakeTicker();
    ManualTimer timer = new ManualTimer(ticker);
    try (Overture overture = Overture.builder().contentRoot(AssetSource.directory(folder)).workers(workers).pluginExecutor(plugins)
        .ticker(ticker).liveContent(live -> live.watch(false).executor(liveThread).timer(timer).ticker(ticker)).build()) {
      LiveContent live = overture.liveContent().orElseThrow();
      List<LiveReload> heard = new CopyOnWriteArrayList<>();
      live.subscribe(heard::add);
      World first = overture.worlds().create("First");
      World late = overture.worlds().create("Late");
      ExperienceManager firstManager = ExperienceManager.of(first).orElseThrow();
      ExperienceManager lateManager = ExperienceManager.of(late).orElseThrow();
      PrimaryAssetId duel = PrimaryAssetId.parse("Experience:Duel");

      firstManager.setCurrentExperience(duel);
      run(() -> firstManager.state() == LoadState.LOADED, workers, plugins, liveThread, timer, first);

      // The late world reads its content (the Fighter as it is now) and waits for its plugin.
      lateManager.setCurrentExperience(duel);
      run(() -> lateManager.state() == LoadState.LOADING_GAME_FEATURES, workers, late);

      // The change is checked, committed and applied in the first world while the late one waits.
      Files.writeString(folder.resolve("pawns/Fighter.json"), """
          { "pawnClass": "Pawn", "displayName": "Boxer", "defaultCameraMode": "cameras/Follow.json" }
          """);
      live.announce(List.of(folder.resolve("pawns/Fighter.json")));
      ticker.advance(Duration.ofSeconds(1));
      run(() -> heard.size() == 1, workers, liveThread, timer, first);
      assertEquals(List.of("First"), heard.get(0).worlds().stream().map(LiveReload.WorldUpdate::world).toList());
      assertEquals("Boxer", pawnName(firstManager));

      // The late world finishes its load with the Fighter it read, and is then brought up to date.
      run(() -> lateManager.state() == LoadState.LOADED, workers, plugins, late);
      run(() -> heard.size() == 2 && live.whenIdle().isDone(), workers, plugins, liveThread, timer, late);

      LiveReload caughtUp = heard.get(1);
      assertEquals(LiveReload.Status.APPLIED, caughtUp.status(), caughtUp.toString());
      assertEquals(List.of("Late"), caughtUp.worlds().stream().map(LiveReload.WorldUpdate::world).toList());
      assertEquals(List.of(folder.resolve("pawns/Fighter.json").toString()), caughtUp.files(), "named as the change named it");
      assertEquals("Boxer", pawnName(lateManager));
      assertEquals(List.of(), lateManager.loadedExperience().orElseThrow().staleIn(overture.assets()).stream().toList());
      first.close();
      late.close();
      run(() -> overture.features().whenIdle().isDone(), workers, plugins, liveThread);
    }
  }

  /**
   * Runs the given executors, timer and worlds' game-thread tasks (this thread is every world's
   * game thread) until {@code done}, or fails when nothing more runs before it is.
   */
  private static void run(BooleanSupplier done, Object... parts) {
    for (int round = 0; round < 1000 && !done.getAsBoolean(); round++) {
      int ran = 0;
      for (Object part : parts) {
        if (part instanceof ManualExecutor executor) {
          ran += executor.runAll();
        } else if (part instanceof ManualTimer timer) {
          ran += timer.runDue();
        } else if (part instanceof World world) {
          ran += world.runPendingTasks();
        }
      }
      if (ran == 0 && !done.getAsBoolean()) {
        throw new AssertionError("nothing more runs, and it is not done");
      }
    }
    assertTrue(done.getAsBoolean(), "done within 1000 rounds");
  }
}
