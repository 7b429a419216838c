package dev.overture.experience;

import static dev.overture.experience.ExperienceFixture.ARENA;
import static dev.overture.experience.ExperienceFixture.LOBBY;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.asset.PrimaryAssetId;
import dev.overture.core.Problem;
import dev.overture.world.NetMode;
import dev.overture.world.World;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Review finding 8: a world that ends leaves no listener waiting in silence. Registering on an
 * ended manager is refused, as loading there is; the failure listeners of a load the end
 * interrupts are called, saying so, after everything is rolled back.
 */
class ExperienceManagerEndedTest {

  @org.junit.jupiter.api.io.TempDir Path temp;
  private ExperienceFixture game;
  private ExperienceManager manager;
  private World world;

  @BeforeEach
  void setUp() {
    game = new ExperienceFixture(temp);
    manager = game.install("Match", NetMode.STANDALONE);
    world = manager.world();
  }

  @AfterEach
  void tearDown() {
    game.close();
  }

  static Stream<Arguments> registrations() {
    return Stream.of(
        Arguments.of("callOrRegisterOnLoaded",
            (Consumer<ExperienceManager>) m -> m.callOrRegisterOnLoaded(ExperienceManager.Priority.NORMAL, loaded -> {})),
        Arguments.of("callOrRegisterOnFailed", (Consumer<ExperienceManager>) m -> m.callOrRegisterOnFailed(failure -> {})),
        Arguments.of("onStateChanged", (Consumer<ExperienceManager>) m -> m.onStateChanged(change -> {})));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("registrations")
  void aListener_onTheManagerOfAClosedWorld_isRefused(String name, Consumer<ExperienceManager> register) {
    manager.setCurrentExperience(LOBBY);
    game.pump();
    world.close();

    IllegalStateException refused = assertThrows(IllegalStateException.class, () -> register.accept(manager), name);

    assertEquals("World \"Match\" has ended: a listener registered now would never be called", refused.getMessage());
  }

  @Test
  void aFailureListener_whenTheLastLoadFailed_isStillCalledAtOnce_afterTheWorldClosed() {
    manager.setCurrentExperience(PrimaryAssetId.of("Experience", "Misspelled"));
    game.pump();
    assertEquals(LoadState.FAILED, manager.state());
    world.close();
    List<ExperienceLoadException> heard = new ArrayList<>();

    manager.callOrRegisterOnFailed(heard::add);

    assertEquals(1, heard.size());
    assertSame(manager.failure().orElseThrow(), heard.get(0), "the failure it had, as before the world closed");
  }

  @ParameterizedTest
  @EnumSource(value = LoadState.class, names = {"LOADING", "LOADING_GAME_FEATURES"})
  void closingTheWorldDuringALoad_callsItsFailureListeners_sayingSo_afterRollingBack(LoadState closedIn) {
    CompletableFuture<ExperienceDefinition> future = manager.setCurrentExperience(ARENA); // Combat and Core
    List<String> heard = new ArrayList<>();
    manager.callOrRegisterOnLoaded(ExperienceManager.Priority.NORMAL, loaded -> heard.add("loaded"));
    manager.callOrRegisterOnFailed(failure -> {
      heard.add(failure.heading() + ": " + failure.problems());
      heard.add("state " + manager.state() + ", plugins " + manager.activePlugins());
      world.close(); // the dedicated-server example ends its match here: the world is closing already
    });
    while (manager.state() != closedIn) {
      assertTrue(game.step(), "the load went past " + closedIn + " to " + manager.state());
    }

    world.close();
    game.pump();

    assertEquals(List.of(
        "Could not load experience Experience:Arena: " + List.of(Problem.error("Overture/WorldEnded",
            "World \"Match\" closed while experience Experience:Arena was loading").withAsset("Experience:Arena")),
        "state Unloaded, plugins []"), heard, "told once, with everything already rolled back; the loaded listener dropped");
    assertTrue(future.isCancelled(), "the caller's future is cancelled, as before");
    assertEquals(LoadState.UNLOADED, manager.state());
    assertEquals(0, game.pluginRequests(), "the plugins are released");
  }

  @Test
  void closingTheWorldDuringASwitch_callsTheFailureListeners_withTheExperienceSwitchedTo() {
    manager.setCurrentExperience(LOBBY);
    game.pump();
    CompletableFuture<ExperienceDefinition> switched = manager.switchExperience(ARENA);
    List<List<Problem>> heard = new ArrayList<>();
    manager.callOrRegisterOnFailed(failure -> heard.add(failure.problems()));

    world.close();
    game.pump();

    assertEquals(List.of(List.of(Problem.error("Overture/WorldEnded",
        "World \"Match\" closed while experience Experience:Arena was loading").withAsset("Experience:Arena"))), heard);
    assertTrue(switched.isCancelled());
    assertEquals(0, game.pluginRequests());
  }

  @Test
  void closingTheWorldOfALoadedExperience_failsNothing() {
    manager.setCurrentExperience(LOBBY);
    game.pump();
    List<ExperienceLoadException> heard = new ArrayList<>();
    manager.callOrRegisterOnFailed(heard::add); // for a next load, which will never come

    world.close();
    game.pump();

    assertEquals(List.of(), heard, "no load was under way, so none failed");
  }

  @Test
  void aLoadTheAssetManagerRefuses_leavesTheWorldAsItWas_andAfterAFailureToo() {
    manager.setCurrentExperience(PrimaryAssetId.of("Experience", "Missing"));
    game.pump();
    assertEquals(LoadState.FAILED, manager.state());
    PrimaryAssetId failed = manager.experienceId().orElseThrow();
    game.assets.close(); // the runtime shut down under a world that lives on

    IllegalStateException refused = assertThrows(IllegalStateException.class, () -> manager.setCurrentExperience(ARENA));

    assertEquals("the asset manager is closed", refused.getMessage());
    assertEquals(LoadState.FAILED, manager.state(), "still the failed attempt, not a half-started one");
    assertEquals(failed, manager.experienceId().orElseThrow(), "not the refused " + ARENA);
    assertTrue(manager.failure().isPresent(), "the failure it had");
  }

  /**
   * A hostile review: with the plugins closed under a world, its load failed with the same bare
   * "The load failed: GameFeatures is closed" once per plugin, naming none, and logged an error
   * with a stack trace for each plugin it then could not release.
   */
  @Test
  void aLoadNeedingPluginsAfterThePluginsClosed_failsOnce_namingThemAndWhy() {
    game.features.close();

    manager.setCurrentExperience(ARENA);
    game.pump();

    assertEquals(LoadState.FAILED, manager.state());
    List<Problem> problems = manager.failure().orElseThrow().problems();
    assertEquals(1, problems.size(), problems.toString());
    assertEquals("Overture/PluginsClosed", problems.get(0).id());
    assertEquals("Experience Experience:Arena needs plugin(s) Core, Combat, but the plugins were closed (GameFeatures.close):"
        + " close the runtime's worlds before its plugins", problems.get(0).message());
    assertEquals(0, game.assets.stats().pinned(), "nothing held");
  }
}
