package dev.overture.experience;

import static dev.overture.experience.ExperienceFixture.ARENA;
import static dev.overture.experience.ExperienceFixture.LOBBY;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.asset.PrimaryAssetId;
import dev.overture.feature.PluginId;
import dev.overture.feature.TestActions;
import dev.overture.world.ComponentManager;
import dev.overture.world.NetMode;
import dev.overture.world.Pawn;
import dev.overture.world.World;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * What the experience manager reports in each state (the experience, its plugins and actions, the
 * progress, its own description), and the ways out of {@code Failed} and of a deactivation.
 */
class ExperienceManagerStatesTest {

  /** Enables a plugin whose dependency is not installed: fails once the plugins are resolved. */
  private static final PrimaryAssetId NEEDY = PrimaryAssetId.of("Experience", "Needy");

  @TempDir Path temp;
  private ExperienceFixture game;
  private ExperienceManager manager;

  @BeforeEach
  void setUp() {
    game = new ExperienceFixture(temp);
    manager = game.install("World", NetMode.STANDALONE);
  }

  @AfterEach
  void tearDown() {
    game.close();
  }

  private void assertReportsNothing() {
    assertEquals(LoadState.UNLOADED, manager.state());
    assertEquals("ExperienceManager[World, Unloaded]", manager.toString());
    assertTrue(manager.experienceId().isEmpty());
    assertTrue(manager.experience().isEmpty());
    assertTrue(manager.loadedExperience().isEmpty());
    assertTrue(manager.pawnData().isEmpty());
    assertTrue(manager.failure().isEmpty());
    assertEquals(List.of(), manager.activePlugins());
    assertEquals(List.of(), manager.activeActions());
    assertEquals(List.of(), manager.pendingPausers());
    assertEquals(0.0, manager.loadProgress());
  }

  @Test
  void aWorldHasOneExperienceManager() {
    World world = manager.world();

    assertEquals(manager, ExperienceManager.of(world).orElseThrow());
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> ExperienceManager.install(world, game.services()));
    assertEquals("World \"World\" already has an experience manager", e.getMessage());
    assertTrue(ExperienceManager.of(World.builder("Other").build()).isEmpty());
  }

  @Test
  void whatTheManagerReports_followsItsState() {
    assertReportsNothing();

    manager.setCurrentExperience(ARENA);
    assertEquals("ExperienceManager[World, Loading, Experience:Arena]", manager.toString());
    assertEquals(ARENA, manager.experienceId().orElseThrow());
    assertTrue(manager.experience().isEmpty(), "not before it has loaded");
    assertTrue(manager.pawnData().isEmpty(), "not before it has loaded");
    assertTrue(manager.loadedExperience().isEmpty(), "not before it has loaded");
    assertTrue(manager.failure().isEmpty());

    game.pump();
    assertEquals("ExperienceManager[World, Loaded, Experience:Arena]", manager.toString());
    assertEquals(1.0, manager.loadProgress());
    assertEquals(ARENA, manager.loadedExperience().orElseThrow().id());
    assertEquals(List.of(PluginId.of("Core"), PluginId.of("Combat")), manager.loadedExperience().orElseThrow().plugins());
    assertTrue(manager.failure().isEmpty());

    manager.deactivate();
    assertEquals(LoadState.DEACTIVATING, manager.state());
    assertTrue(manager.loadedExperience().isEmpty(), "other threads stop seeing it as soon as it deactivates");
    assertEquals(0.0, manager.loadProgress());
    game.pump();
    assertReportsNothing();
  }

  @Test
  void loadProgress_neverGoesBack_andAFailedLoadKeepsWhatItReached() {
    List<Double> seen = new ArrayList<>();
    manager.setCurrentExperience(NEEDY);
    do {
      seen.add(manager.loadProgress());
    } while (game.step());

    assertEquals(LoadState.FAILED, manager.state());
    for (int i = 1; i < seen.size(); i++) {
      assertTrue(seen.get(i) >= seen.get(i - 1), "never goes back: " + seen);
    }
    double reached = seen.get(seen.size() - 1);
    assertTrue(reached >= 0.8 && reached < 1, "the assets loaded, the plugins did not: " + seen);
    assertEquals(reached, manager.loadProgress(), "a failed load keeps the value it reached");

    manager.deactivate();
    assertEquals(0.0, manager.loadProgress());
  }

  @Test
  void deactivatingAFailedExperience_unloadsIt_andTheNextLoadStartsFromNothing() {
    manager.setCurrentExperience(NEEDY);
    game.pump();
    assertEquals("ExperienceManager[World, Failed, Experience:Needy]", manager.toString());
    assertEquals(NEEDY, manager.experienceId().orElseThrow(), "the experience that failed");
    assertTrue(manager.experience().isEmpty());
    assertTrue(manager.pawnData().isEmpty());

    CompletableFuture<Void> done = manager.deactivate();

    assertTrue(done.isDone());
    assertEquals(List.of(LoadState.FAILED, LoadState.UNLOADED), ExperienceFixture.states(manager).subList(ExperienceFixture.states(manager).size() - 2, ExperienceFixture.states(manager).size()));
    assertReportsNothing();
    assertTrue(manager.deactivate().isDone(), "nothing to deactivate");
    assertEquals(LoadState.UNLOADED, manager.state());
  }

  @Test
  void switchingWhenNothingIsLoaded_orAfterAFailure_justLoads() {
    CompletableFuture<ExperienceDefinition> first = manager.switchExperience(NEEDY);
    game.pump();
    assertTrue(first.isCompletedExceptionally());

    CompletableFuture<ExperienceDefinition> second = manager.switchExperience(LOBBY);
    assertEquals(LoadState.LOADING, manager.state(), "no deactivation first");
    game.pump();

    assertEquals(manager.experience().orElseThrow(), second.join());
    assertEquals(List.of(LoadState.LOADING, LoadState.EXECUTING_ACTIONS, LoadState.LOADED), ExperienceFixture.states(manager));
  }

  @Test
  void endOfPlayDuringADeactivation_endsIt_andCancelsTheSwitchWaitingForIt() {
    manager.setCurrentExperience(PrimaryAssetId.of("Experience", "Pausing"));
    game.pump();
    CompletableFuture<Void> deactivation = manager.deactivate();
    CompletableFuture<ExperienceDefinition> next = manager.switchExperience(LOBBY);
    game.pump();
    assertEquals(LoadState.DEACTIVATING, manager.state(), "waiting for the pause");

    manager.world().close();
    game.pump();

    assertTrue(deactivation.isDone() && !deactivation.isCompletedExceptionally());
    assertTrue(next.isCancelled());
    assertEquals(LoadState.UNLOADED, manager.state());
    assertEquals(0, game.pluginRequests());
    assertEquals(0, game.assets.stats().pinned());
    assertFalse(TestActions.LOG.contains("activate lobby in World"), "the switch never loaded: " + TestActions.LOG);
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> manager.setCurrentExperience(LOBBY));
    assertEquals("World \"World\" has ended: it cannot load Experience:Lobby", e.getMessage());
  }

  @ParameterizedTest
  @EnumSource(value = LoadState.class, names = {"LOADING_GAME_FEATURES", "LOADING_CHAOS_TESTING_DELAY", "EXECUTING_ACTIONS"})
  void aStateListenerThatCancels_stopsTheLoadRightThere(LoadState when) {
    game.settings = game.settings.withChaosDelay(1.0, 0, 1);
    manager = game.install("Chaos", NetMode.STANDALONE);
    manager.onStateChanged(change -> {
      if (change.to() == when) {
        manager.deactivate();
      }
    });

    CompletableFuture<ExperienceDefinition> loading = manager.setCurrentExperience(ARENA);
    game.pump();
    manager.world().tick(2);
    game.pump();

    assertEquals(List.of(LoadState.UNLOADED, when), List.of(manager.state(), ExperienceFixture.states(manager).get(ExperienceFixture.states(manager).size() - 2)));
    assertTrue(loading.isCancelled());
    assertFalse(TestActions.LOG.contains("activate arena in Chaos"), "the experience's actions never ran: " + TestActions.LOG);
    assertEquals(0, game.pluginRequests());
    assertEquals(0, game.assets.stats().pinned());
  }

  @Test
  void cancellingALoad_forgetsItAtOnce_andCompletesOnceItsPluginsAreReleased() {
    CompletableFuture<ExperienceDefinition> loading = manager.setCurrentExperience(ARENA);
    while (manager.state() != LoadState.LOADING_GAME_FEATURES) {
      assertTrue(game.step());
    }
    while (game.pluginRequests() < 2) {
      assertTrue(game.step());
    }

    CompletableFuture<Void> cancelled = manager.deactivate();

    assertTrue(loading.isCancelled());
    assertReportsNothing();
    assertFalse(cancelled.isDone(), "the plugins are released on the plugin thread");
    game.pump();
    assertTrue(cancelled.isDone());
    assertEquals(0, game.pluginRequests());
  }

  @Test
  void aDeactivation_isTimedFromItsOwnStart() {
    manager.setCurrentExperience(PrimaryAssetId.of("Experience", "Pausing"));
    game.pump();
    game.ticker.advance(Duration.ofSeconds(5));

    manager.deactivate();
    game.ticker.advance(Duration.ofMillis(300));
    TestActions.PAUSES.get(0).run();
    game.pump();

    List<ExperienceManager.Transition> timeline = manager.timeline();
    ExperienceManager.Transition deactivating = timeline.get(timeline.size() - 2);
    ExperienceManager.Transition unloaded = timeline.get(timeline.size() - 1);
    assertEquals(LoadState.DEACTIVATING, deactivating.to());
    assertEquals(0, deactivating.sinceStartNanos());
    assertEquals(LoadState.UNLOADED, unloaded.to());
    assertEquals(Duration.ofMillis(300).toNanos(), unloaded.sinceStartNanos());
  }

  @Test
  void anAssetOfAnotherKind_isNamedWithItsArticle() {
    manager.setCurrentExperience(PrimaryAssetId.of("ActionSet", "Standard"));
    game.pump();

    assertEquals("ActionSet:Standard is an ActionSet, not an experience", manager.failure().orElseThrow().problems().get(0).message());
  }

  @Test
  void aSpawnedPawn_isLocallyControlled_andAnnouncedReady_soPerActorFeaturesApply() {
    List<String> events = new ArrayList<>();
    manager.world().componentManager().addExtensionHandler(Pawn.class, (actor, event) -> events.add(actor.name() + " " + event));
    manager.setCurrentExperience(ARENA);
    game.pump();

    Pawn pawn = manager.spawnPawn("Player");

    assertTrue(pawn.isLocallyControlled(), "a standalone world has a client");
    assertTrue(events.contains("Player " + ComponentManager.GAME_ACTOR_READY), events.toString());
  }

  @Test
  void endOfPlay_whileLoaded_undoesTheActionsAtOnce_withoutWaitingForTheirPauses() {
    manager.setCurrentExperience(PrimaryAssetId.of("Experience", "Pausing"));
    game.pump();
    TestActions.LOG.clear();

    manager.world().close();
    game.pump();

    assertTrue(TestActions.LOG.contains("undo slow in World"), TestActions.LOG.toString());
    assertEquals(1, TestActions.PAUSES.size(), "the action asked for its pause");
    assertEquals(LoadState.UNLOADED, manager.state(), "and was not waited for");
    assertEquals(0, game.pluginRequests());
    assertEquals(0, game.assets.stats().pinned());
  }

  /**
   * A review: the manager's close listener (which ends its experience first when the world closes)
   * stayed with the world after the manager was removed from it, holding the manager, and all it
   * loaded, until the world closed.
   */
  @Test
  void aManagerRemovedFromAWorldThatGoesOn_isNotHeldByTheWorld() {
    java.lang.ref.WeakReference<ExperienceManager> removed = new java.lang.ref.WeakReference<>(manager);
    World world = manager.world();
    world.gameState().removeComponent(manager);
    manager = null;
    game.pump();

    org.awaitility.Awaitility.await().atMost(java.time.Duration.ofSeconds(30)).pollInSameThread().until(() -> {
      System.gc();
      return removed.get() == null;
    });
    assertFalse(world.isClosed());
  }
}
