package dev.overture.experience;

import static dev.overture.experience.ExperienceFixture.ARENA;
import static dev.overture.experience.ExperienceFixture.LOBBY;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.asset.AssetPath;
import dev.overture.asset.ContentFile;
import dev.overture.asset.ContentRoot;
import dev.overture.asset.PrimaryAssetId;
import dev.overture.asset.StagedContent;
import dev.overture.core.Problem;
import dev.overture.feature.TestActions;
import dev.overture.world.NetMode;
import dev.overture.world.Pawn;
import dev.overture.world.World;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What one load does and undoes as a game sees it: the loading progress over the plugins, a
 * deactivation during the chaos testing delay, the default pawn data that cannot load, and a live
 * reload that applies (the old content's assets let go) or rolls back (the old actions and pawn data
 * come back, and the problem is located in the file).
 */
class ExperienceLoadUndoTest {

  private static final PrimaryAssetId DUEL = PrimaryAssetId.of("Experience", "Duel");
  private static final String DUEL_FILE = "experiences/Duel.json";

  @TempDir Path temp;
  private ExperienceFixture game;

  @AfterEach
  void tearDown() {
    if (game != null) {
      game.close();
    }
  }

  /** The fixture with Duel: pawn data Old and one action, duel. */
  private ExperienceFixture withDuel() {
    game = new ExperienceFixture(temp, content -> content
        .file(DUEL_FILE, "{ \"defaultPawnData\": \"Old\", \"actions\": [ { \"action\": \"Record\", \"name\": \"duel\" } ] }")
        .file("pawns/Old.json", "{ \"pawnClass\": \"Pawn\", \"displayName\": \"Old\" }")
        .file("pawns/New.json", "{ \"pawnClass\": \"Pawn\", \"displayName\": \"New\" }"));
    return game;
  }

  private ExperienceManager loaded(PrimaryAssetId experience) {
    ExperienceManager manager = game.install("Match", NetMode.STANDALONE);
    manager.setCurrentExperience(experience);
    game.pump();
    assertEquals(LoadState.LOADED, manager.state(), () -> manager.failure().map(Throwable::getMessage).orElse(""));
    return manager;
  }

  /** Writes {@code text} over Duel's file, stages it and prepares a reload of {@code manager}'s experience from it. */
  private ExperienceReload.Result reloadDuel(ExperienceManager manager, String text) throws IOException {
    Files.writeString(game.root.resolve(DUEL_FILE), text);
    ContentFile file = new ContentFile(ContentRoot.GAME, AssetPath.parse(DUEL_FILE));
    game.assets.tools().reindex(file.root(), file.path());
    StagedContent stage = game.assets.tools().stage(Set.of(file));
    CompletableFuture<ExperienceReload> prepared = ExperienceReload.prepare(manager.loadedExperience().orElseThrow(), stage);
    game.pump();
    ExperienceReload reload = prepared.join();
    assertEquals(List.of(), reload.problems());
    CompletableFuture<ExperienceReload.Result> result = reload.apply();
    stage.commit();
    game.pump();
    return result.join();
  }

  @Test
  void aWorldClosedWhileItsPluginsUndoTheirActionsThere_doesNotLeaveThemDeactivatingForever() {
    game = new ExperienceFixture(temp);
    ExperienceManager first = game.install("Match", NetMode.STANDALONE);
    first.setCurrentExperience(ARENA); // Combat and Core, whose own actions apply in the world
    game.pump();
    assertEquals(LoadState.LOADED, first.state());

    // The experience lets its plugins go; they queue the undo of their actions on the world's thread,
    // and the host closes the world before that thread runs it (a failed match torn down at once).
    first.deactivate();
    while (game.workers.runAll() + game.serial.runAll() > 0) {
      // the plugins' side only: the world's thread does not run
    }
    assertEquals(dev.overture.feature.PluginState.DEACTIVATING, game.features.state(ExperienceFixture.plugin("Combat")),
        "the undo waits in the world's queue");
    first.world().close();
    game.pump();

    assertTrue(game.features.whenIdle().isDone(), "the plugins' queue moves on");
    assertEquals(dev.overture.feature.PluginState.LOADED, game.features.state(ExperienceFixture.plugin("Combat")),
        "deactivated, as the last request went");
    ExperienceManager next = game.install("Next", NetMode.STANDALONE);
    next.setCurrentExperience(ARENA);
    game.pump();
    assertEquals(LoadState.LOADED, next.state(), "a later world loads the same plugins");
    assertEquals(List.of(ExperienceFixture.plugin("Core"), ExperienceFixture.plugin("Combat")),
        next.loadedExperience().orElseThrow().plugins());
  }

  @Test
  void whileThePluginsLoad_theProgressGoesFromEightyToNinetyFivePercent_byTheShareActivated() {
    game = new ExperienceFixture(temp);
    ExperienceManager manager = game.install("Match", NetMode.STANDALONE);
    manager.setCurrentExperience(ARENA); // Combat, which needs Core: two plugins
    List<Double> noneActive = new ArrayList<>();
    List<Double> allActive = new ArrayList<>();
    while (game.step()) {
      if (manager.state() == LoadState.LOADING_GAME_FEATURES) {
        (manager.activePlugins().isEmpty() ? noneActive : allActive).add(manager.loadProgress());
      }
    }

    assertFalse(noneActive.isEmpty(), "a step before the plugins were active");
    assertFalse(allActive.isEmpty(), "a step with both active, their actions not yet applied");
    noneActive.forEach(progress -> assertEquals(0.8, progress, 1e-9, "the files' share: " + noneActive));
    allActive.forEach(progress -> assertEquals(0.95, progress, 1e-9, "the files' and the plugins' share: " + allActive));
    assertEquals(1.0, manager.loadProgress());
  }

  @Test
  void aDeactivationDuringTheChaosTestingDelay_cancelsItsTimerAtOnce() {
    game = new ExperienceFixture(temp);
    game.settings = game.settings.withChaosDelay(5, 0, 1);
    ExperienceManager manager = game.install("Match", NetMode.STANDALONE);
    World world = manager.world();
    manager.setCurrentExperience(LOBBY);
    game.pump();
    assertEquals(LoadState.LOADING_CHAOS_TESTING_DELAY, manager.state());
    assertEquals(1, world.pendingTimers());

    CompletableFuture<Void> done = manager.deactivate();

    assertEquals(0, world.pendingTimers(), "the delay's timer is gone, not left to fire");
    game.pump();
    assertTrue(done.isDone());
    assertEquals(LoadState.UNLOADED, manager.state());
    assertEquals(List.of(), TestActions.LOG, "the actions never ran");
  }

  @Test
  void aDeactivatedExperience_releasesItsPlugins() {
    game = new ExperienceFixture(temp);
    ExperienceManager manager = loaded(ARENA);
    assertEquals(2, game.pluginRequests());

    manager.deactivate();
    game.pump();

    assertEquals(LoadState.UNLOADED, manager.state());
    assertEquals(0, game.pluginRequests());
    assertEquals(List.of(), manager.activePlugins());
  }

  @Test
  void aDefaultPawnDataThatCannotLoad_failsTheLoad_andHoldsNothing() {
    game = new ExperienceFixture(temp, content -> {}, builder -> builder.defaultPawnData(PrimaryAssetId.of("PawnData", "Nobody")));
    ExperienceManager manager = game.install("Match", NetMode.STANDALONE);

    CompletableFuture<ExperienceDefinition> future = manager.setCurrentExperience(LOBBY);
    game.pump();

    assertEquals(LoadState.FAILED, manager.state());
    assertTrue(future.isCompletedExceptionally());
    List<Problem> problems = manager.failure().orElseThrow().problems();
    assertEquals(1, problems.size(), problems.toString());
    assertEquals("Overture/UnknownAsset", problems.get(0).id(), problems.get(0).toString());
    assertEquals(0, game.assets.stats().pinned(), "pinned assets");
  }

  @Test
  void anAppliedReload_letsTheOldContentsAssetsGo_andTheNewOnesGoWithTheExperience() throws IOException {
    withDuel();
    ExperienceManager manager = loaded(DUEL);
    Pawn pawn = manager.spawnPawn("Player");

    ExperienceReload.Result result = reloadDuel(manager,
        "{ \"defaultPawnData\": \"New\", \"actions\": [ { \"action\": \"Record\", \"name\": \"duel\" } ] }");

    assertEquals(ExperienceReload.Outcome.APPLIED, result.outcome());
    assertEquals("New", manager.pawnData().orElseThrow().displayName());
    assertEquals("New", pawn.pawnData(PawnData.class).orElseThrow().displayName());
    assertTrue(game.assets.getAsset(PrimaryAssetId.of("PawnData", "Old")).isEmpty(), "the old pawn data was released");

    manager.deactivate();
    game.pump();
    assertEquals(0, game.assets.stats().pinned(), "the new content's assets were released with the experience");
  }

  @Test
  void aReloadWhoseActionFails_rollsBack_toTheOldActionsAndPawnData_andSaysWhere() throws IOException {
    withDuel();
    ExperienceManager manager = loaded(DUEL);
    Pawn pawn = manager.spawnPawn("Player");
    List<String> actions = manager.activeActions();
    TestActions.LOG.clear();

    ExperienceReload.Result result = reloadDuel(manager,
        "{ \"defaultPawnData\": \"New\", \"actions\": [ { \"action\": \"Record\", \"name\": \"new\", \"fail\": true } ] }");

    assertEquals(ExperienceReload.Outcome.ROLLED_BACK, result.outcome());
    assertEquals(1, result.problems().size(), result.problems().toString());
    Problem problem = result.problems().get(0);
    assertEquals("Overture/ActionFailed", problem.id());
    assertTrue(problem.location().orElseThrow().file().endsWith(DUEL_FILE), problem.toString());
    assertEquals("/actions/0", problem.location().orElseThrow().pointer());
    assertEquals(List.of("deactivate duel in Match", "undo duel in Match", "activate duel in Match"),
        TestActions.LOG.stream().filter(entry -> entry.endsWith(" in Match")).toList(),
        "the old action went away for the new content, and came back");
    assertEquals(actions, manager.activeActions());
    assertEquals("Old", manager.pawnData().orElseThrow().displayName());
    assertEquals("Old", pawn.pawnData(PawnData.class).orElseThrow().displayName(), "the playing pawn has the old data back");
    assertEquals(LoadState.LOADED, manager.state());
  }
}
