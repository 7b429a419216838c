package dev.overture.experience;

import static dev.overture.experience.ExperienceFixture.ARENA;
import static dev.overture.experience.ExperienceFixture.LOBBY;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.asset.PrimaryAssetId;
import dev.overture.feature.PluginState;
import dev.overture.feature.TestActions;
import dev.overture.world.NetMode;
import dev.overture.world.Pawn;
import dev.overture.world.World;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Switching, cancelling and deactivating experiences: the old one is undone completely before the
 * new one loads, a cancelled load rolls back from any state, plugins shared by worlds stay until
 * the last releases them, and a thousand switches leave nothing behind.
 */
class ExperienceSwitchingTest extends WithExperienceFixture {

  @Test
  void switching_deactivatesTheOldExperienceCompletely_thenLoadsTheNew() {
    ExperienceManager manager = game.install("World", NetMode.STANDALONE);
    Pawn pawn = manager.world().spawnActor(Pawn.class);
    manager.setCurrentExperience(ARENA);
    game.pump();
    TestActions.LOG.clear();

    CompletableFuture<ExperienceDefinition> lobby = manager.switchExperience(LOBBY);
    game.pump();

    assertTrue(lobby.isDone());
    assertEquals(LoadState.LOADED, manager.state());
    assertEquals(LOBBY, manager.experienceId().orElseThrow());
    assertTrue(pawn.findComponent(TestActions.Score.class).isEmpty());
    assertTrue(pawn.findComponent(TestActions.Health.class).isEmpty());
    assertEquals(PluginState.LOADED, game.features.state(ExperienceFixture.plugin("Combat")));
    assertEquals(PluginState.LOADED, game.features.state(ExperienceFixture.plugin("Core")));
    assertEquals(0, game.pluginRequests());
    assertTrue(TestActions.LOG.indexOf("deactivate Combat in World") < TestActions.LOG.indexOf("deactivate Core in World"),
        "plugins deactivate in reverse order of activation: " + TestActions.LOG);
    assertTrue(TestActions.LOG.indexOf("deactivate arena in World") < TestActions.LOG.indexOf("deactivate Combat in World"),
        "actions before plugins");
  }

  @ParameterizedTest
  @EnumSource(value = LoadState.class, names = {"LOADING", "LOADING_GAME_FEATURES", "LOADING_CHAOS_TESTING_DELAY"})
  void cancellingInAnyLoadingState_rollsBackCleanly(LoadState when) {
    game.settings = game.settings.withChaosDelay(1.0, 0, 1);
    ExperienceManager manager = game.install("World", NetMode.STANDALONE);
    manager.setCurrentExperience(ARENA);
    while (manager.state() != when) {
      assertTrue(game.step(), "never reached " + when + ": " + ExperienceFixture.states(manager));
    }

    manager.deactivate();
    game.pump();
    manager.world().tick(2);

    assertEquals(LoadState.UNLOADED, manager.state());
    assertFalse(TestActions.LOG.contains("activate arena in World"), "the actions never ran");
    game.assertNothingLeft(manager);
    manager.setCurrentExperience(LOBBY);
    game.pump();
    manager.world().tick(2);
    assertEquals(LoadState.LOADED, manager.state());
  }

  @Test
  void endOfPlayDuringALoad_cancelsIt() {
    ExperienceManager manager = game.install("World", NetMode.STANDALONE);
    manager.setCurrentExperience(ARENA);
    while (manager.state() != LoadState.LOADING_GAME_FEATURES) {
      assertTrue(game.step());
    }

    manager.world().close();
    game.pump();

    assertEquals(LoadState.UNLOADED, manager.state());
    assertEquals(0, game.pluginRequests());
    assertEquals(0, game.assets.stats().pinned());
  }

  // Regression: closing the world undid the plugins' own actions there (a close listener) before
  // the experience's actions (the game state's end of play), the reverse of a deactivation.
  @Test
  void closingTheWorldOfALoadedExperience_undoesItsActionsBeforeThePlugins_asADeactivationDoes() {
    ExperienceManager manager = game.loadedInWorld(ARENA);
    TestActions.LOG.clear();

    manager.world().close();
    game.pump();

    List<String> deactivated = TestActions.LOG.stream().filter(line -> line.startsWith("deactivate ")).toList();
    assertEquals(List.of("deactivate arena in World", "deactivate Combat in World", "deactivate Core in World"), deactivated,
        "the experience's actions first, then the plugins', newest first: " + TestActions.LOG);
    assertEquals(LoadState.UNLOADED, manager.state());
    assertEquals(0, game.pluginRequests());
    assertEquals(0, game.assets.stats().pinned());
  }

  // Regression: the experience's end, now a close listener, detached the world from the plugins, on
  // their thread; when that thread got to it before the world ran the plugins' own close listener,
  // that listener found nothing to undo, and their actions in the world were never undone.
  @Test
  void closingTheWorld_undoesThePluginsActions_howeverSoonThePluginsThreadRuns() {
    ExperienceManager manager = game.loadedInWorld(ARENA);
    TestActions.LOG.clear();

    game.pluginsAtOnce = true;
    manager.world().close();
    game.pluginsAtOnce = false;
    game.pump();

    List<String> deactivated = TestActions.LOG.stream().filter(line -> line.startsWith("deactivate ")).toList();
    assertEquals(List.of("deactivate arena in World", "deactivate Combat in World", "deactivate Core in World"), deactivated,
        "the plugins' actions undone too: " + TestActions.LOG);
    assertEquals(0, game.pluginRequests());
  }

  @Test
  void deactivation_waitsForPauses_beforeReleasingPlugins() {
    ExperienceManager manager = game.loadedInWorld(PrimaryAssetId.of("Experience", "Pausing"));

    CompletableFuture<Void> done = manager.deactivate();
    game.pump();
    assertEquals(LoadState.DEACTIVATING, manager.state());
    assertEquals(List.of("slow"), manager.pendingPausers());
    assertEquals(PluginState.ACTIVE, game.features.state(ExperienceFixture.plugin("Combat")), "plugins wait for the pause");

    TestActions.PAUSES.get(0).run();
    game.pump();

    assertTrue(done.isDone());
    assertEquals(LoadState.UNLOADED, manager.state());
    game.assertNothingLeft(manager);
  }

  @Test
  void aPluginSharedByTwoWorlds_staysActiveUntilBothReleaseIt() {
    ExperienceManager first = game.install("First", NetMode.DEDICATED_SERVER);
    ExperienceManager second = game.install("Second", NetMode.DEDICATED_SERVER);
    first.setCurrentExperience(ARENA);
    second.setCurrentExperience(ARENA);
    game.pump();
    assertEquals(2, game.features.requestCount(ExperienceFixture.plugin("Combat")));

    first.deactivate();
    game.pump();
    assertEquals(PluginState.ACTIVE, game.features.state(ExperienceFixture.plugin("Combat")));
    assertEquals(1, game.features.requestCount(ExperienceFixture.plugin("Combat")));

    second.deactivate();
    game.pump();
    assertEquals(PluginState.LOADED, game.features.state(ExperienceFixture.plugin("Combat")));
    assertEquals(0, game.pluginRequests());
  }

  @Test
  void switchingTwiceInARow_theLastSwitchWins() {
    ExperienceManager manager = game.loadedInWorld(PrimaryAssetId.of("Experience", "Pausing"));

    CompletableFuture<ExperienceDefinition> toArena = manager.switchExperience(ARENA);
    CompletableFuture<ExperienceDefinition> toLobby = manager.switchExperience(LOBBY);
    assertEquals(LoadState.DEACTIVATING, manager.state());
    TestActions.PAUSES.get(0).run();
    game.pump();

    assertTrue(toArena.isCancelled());
    assertTrue(toLobby.isDone() && !toLobby.isCompletedExceptionally());
    assertEquals(LOBBY, manager.experienceId().orElseThrow());
    assertEquals(LoadState.LOADED, manager.state());
  }

  // Regression (review-host #3): deactivate() during a switch let the switch go on: its future
  // completed while the next experience was loading, and the world ended up with it loaded.
  @Test
  void deactivatingDuringASwitch_cancelsTheSwitch_andEndsUnloaded() {
    ExperienceManager manager = game.loadedInWorld(LOBBY);

    CompletableFuture<ExperienceDefinition> toArena = manager.switchExperience(ARENA);
    assertEquals(LoadState.DEACTIVATING, manager.state());
    CompletableFuture<Void> deactivated = manager.deactivate();
    game.pump();

    assertTrue(toArena.isCancelled());
    assertTrue(deactivated.isDone());
    assertEquals(LoadState.UNLOADED, manager.state());
    assertEquals(java.util.Optional.empty(), manager.experienceId());
    game.assertNothingLeft(manager);
  }

  @Test
  void deactivatingASwitchThatCancelledALoad_keepsTheWorldUnloaded() {
    ExperienceManager manager = game.install("World", NetMode.STANDALONE);
    manager.setCurrentExperience(LOBBY); // still loading

    CompletableFuture<ExperienceDefinition> toArena = manager.switchExperience(ARENA);
    assertEquals(LoadState.UNLOADED, manager.state(), "the load was cancelled; the switch waits for its release");
    manager.deactivate();
    game.pump();

    assertTrue(toArena.isCancelled());
    assertEquals(LoadState.UNLOADED, manager.state());
    game.assertNothingLeft(manager);
  }

  // Regression: a second switch while the first still waited for the load it cancelled to release
  // its plugins went straight to setCurrentExperience, and the first switch then failed with
  // "already has experience ...; use switchExperience" instead of being cancelled.
  @Test
  void switchingTwiceWhileLoading_theLastSwitchWins_andTheFirstIsCancelled() {
    ExperienceManager manager = game.install("World", NetMode.STANDALONE);
    manager.setCurrentExperience(LOBBY); // still loading

    CompletableFuture<ExperienceDefinition> toArena = manager.switchExperience(ARENA);
    CompletableFuture<ExperienceDefinition> toPausing = manager.switchExperience(PrimaryAssetId.of("Experience", "Pausing"));
    game.pump();

    assertTrue(toArena.isCancelled(), "the replaced switch is cancelled: " + toArena);
    assertTrue(toPausing.isDone() && !toPausing.isCompletedExceptionally(), toPausing.toString());
    assertEquals(PrimaryAssetId.of("Experience", "Pausing"), manager.experienceId().orElseThrow());
    assertEquals(LoadState.LOADED, manager.state());
    manager.deactivate();
    TestActions.PAUSES.get(0).run();
    game.pump();
    game.assertNothingLeft(manager);
  }

  // Regression: the same, with setCurrentExperience as the second request (the state is Unloaded).
  @Test
  void settingAnExperienceWhileASwitchWaits_cancelsTheSwitch_andLoadsIt() {
    ExperienceManager manager = game.install("World", NetMode.STANDALONE);
    manager.setCurrentExperience(LOBBY); // still loading

    CompletableFuture<ExperienceDefinition> toArena = manager.switchExperience(ARENA);
    CompletableFuture<ExperienceDefinition> lobby = manager.setCurrentExperience(LOBBY);
    game.pump();

    assertTrue(toArena.isCancelled(), "the replaced switch is cancelled: " + toArena);
    assertTrue(lobby.isDone() && !lobby.isCompletedExceptionally(), lobby.toString());
    assertEquals(LOBBY, manager.experienceId().orElseThrow());
    assertEquals(LoadState.LOADED, manager.state());
    manager.deactivate();
    game.assertNothingLeft(manager);
  }

  @Test
  void aListenerThatSwitchesWhenDeactivationStarts_isNotBroken() {
    ExperienceManager manager = game.loadedInWorld(ARENA);
    List<CompletableFuture<Void>> again = new ArrayList<>();
    manager.onStateChanged(change -> {
      if (change.to() == LoadState.DEACTIVATING) {
        again.add(manager.deactivate());
      }
    });

    CompletableFuture<Void> done = manager.deactivate();
    game.pump();

    assertTrue(done.isDone());
    assertTrue(again.get(0) == done, "a second deactivate during deactivation gets the same future");
    assertEquals(LoadState.UNLOADED, manager.state());
    game.assertNothingLeft(manager);
  }

  @Test
  void cancellingAfterThePluginsActivated_undoesTheirActionsInThisWorld() {
    ExperienceManager manager = game.install("World", NetMode.STANDALONE);
    manager.setCurrentExperience(ARENA);
    while (manager.state() != LoadState.LOADING_GAME_FEATURES) {
      assertTrue(game.step());
    }
    while (game.workers.runNext() || game.serial.runNext()) {
      // the plugins activate; their actions wait for this world's next frame
    }

    manager.deactivate();
    game.pump();

    List<String> applied = TestActions.LOG.stream().filter(line -> line.startsWith("activate ")).toList();
    List<String> undone = TestActions.LOG.stream().filter(line -> line.startsWith("undo ")).toList();
    assertEquals(applied.size(), undone.size(), "every plugin action applied here was undone: " + TestActions.LOG);
    game.assertNothingLeft(manager);
  }

  @Test
  void switchingAThousandTimes_leavesNothingBehind() {
    ExperienceManager manager = game.install("World", NetMode.LISTEN_SERVER);
    Pawn pawn = manager.world().spawnActor(Pawn.class);
    pawn.setLocallyControlled(true);
    for (int i = 0; i < 1000; i++) {
      manager.switchExperience(i % 2 == 0 ? ARENA : LOBBY);
      game.pump();
      assertEquals(LoadState.LOADED, manager.state(), "switch " + i);
    }
    manager.deactivate();
    game.pump();

    assertEquals(LoadState.UNLOADED, manager.state());
    game.assertNothingLeft(manager);
    assertEquals(0, game.assets.stats().loaded(), "no asset stays loaded");
    assertEquals(List.of(manager.world().gameState(), pawn), manager.world().actors());
    assertEquals(List.of(), pawn.components(), "every component the experiences added is gone");
    assertEquals(List.of(LoadState.LOADING, LoadState.EXECUTING_ACTIONS, LoadState.LOADED, LoadState.DEACTIVATING,
        LoadState.UNLOADED), ExperienceFixture.states(manager), "no history kept");
  }
}
