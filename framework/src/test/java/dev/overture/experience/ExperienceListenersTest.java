package dev.overture.experience;

import static dev.overture.experience.ExperienceFixture.ARENA;
import static dev.overture.experience.ExperienceFixture.LOBBY;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.asset.PrimaryAssetId;
import dev.overture.world.Handle;
import dev.overture.world.NetMode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What the experience manager's listeners hear: state listeners every change until released,
 * loaded and failure listeners once, a listener that throws never stopping the others.
 */
class ExperienceListenersTest {

  /** Enables a plugin whose dependency is not installed: fails. */
  private static final PrimaryAssetId NEEDY = PrimaryAssetId.of("Experience", "Needy");
  /** Enables the Combat plugin (and Core, its dependency). */

  /** What a host's listener may throw besides an exception: none of it may leave a load half-done. */
  static List<Throwable> listenerErrors() {
    return List.of(new AssertionError("listener assertion"), new StackOverflowError("deep recursion in host code"),
        new NoClassDefFoundError("com/example/Gone"), new IllegalStateException("listener bug"));
  }

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

  @Test
  void aStateListenerThatThrows_stopsNeitherTheOthersNorTheLoad() {
    List<LoadState> heard = new ArrayList<>();
    manager.onStateChanged(change -> {
      throw new IllegalStateException("listener bug");
    });
    manager.onStateChanged(change -> heard.add(change.to()));

    CompletableFuture<ExperienceDefinition> loaded = manager.setCurrentExperience(LOBBY);
    game.pump();

    assertEquals(List.of(LoadState.LOADING, LoadState.EXECUTING_ACTIONS, LoadState.LOADED), heard);
    assertTrue(loaded.isDone() && !loaded.isCompletedExceptionally());
  }

  @Test
  void aReleasedStateListener_hearsNoMore() {
    List<LoadState> heard = new ArrayList<>();
    Handle handle = manager.onStateChanged(change -> heard.add(change.to()));
    manager.setCurrentExperience(LOBBY);
    game.pump();

    handle.release();
    manager.deactivate();
    game.pump();

    assertEquals(List.of(LoadState.LOADING, LoadState.EXECUTING_ACTIONS, LoadState.LOADED), heard);
    assertEquals(LoadState.UNLOADED, manager.state());
  }

  @Test
  void failureListeners_hearAFailureOnce_andLateOnesAtOnce() {
    List<ExperienceLoadException> heard = new ArrayList<>();
    manager.callOrRegisterOnFailed(failure -> {
      throw new IllegalStateException("listener bug");
    });
    manager.callOrRegisterOnFailed(heard::add);

    CompletableFuture<ExperienceDefinition> needy = manager.setCurrentExperience(NEEDY);
    game.pump();
    assertEquals(LoadState.FAILED, manager.state());
    assertTrue(needy.isCompletedExceptionally(), "the caller's future fails too, though a listener threw");
    assertEquals(1, heard.size());
    assertSame(manager.failure().orElseThrow(), heard.get(0));

    manager.callOrRegisterOnFailed(heard::add);
    assertEquals(2, heard.size(), "registered after the failure: called at once");
    assertSame(manager.failure().orElseThrow(), heard.get(1));

    manager.setCurrentExperience(NEEDY);
    game.pump();
    assertEquals(LoadState.FAILED, manager.state());
    assertEquals(2, heard.size(), "each listener heard one failure, not the next");
  }

  @Test
  void loadedListeners_waitThroughAFailure_forTheLoadThatSucceeds() {
    List<ExperienceDefinition> heard = new ArrayList<>();
    manager.callOrRegisterOnLoaded(ExperienceManager.Priority.NORMAL, heard::add);

    manager.setCurrentExperience(NEEDY);
    game.pump();
    assertEquals(List.of(), heard);

    manager.setCurrentExperience(LOBBY);
    game.pump();
    assertEquals(List.of(manager.experience().orElseThrow()), heard);
  }

  @Test
  void aFailureListener_isDropped_whenTheLoadItWaitedForSucceeds() {
    List<ExperienceLoadException> heard = new ArrayList<>();
    manager.callOrRegisterOnFailed(heard::add);
    manager.setCurrentExperience(LOBBY);
    game.pump();

    manager.switchExperience(NEEDY);
    game.pump();

    assertEquals(LoadState.FAILED, manager.state());
    assertEquals(List.of(), heard);
  }

  // Review finding 8: the failure listeners were dropped too, so a host that ends its matches from
  // them never heard of one whose world closed while it loaded.
  @Test
  void endOfPlay_dropsTheLoadedListeners_tellsTheFailureListenersWhy_andCancelsTheLoad() {
    List<Object> heard = new ArrayList<>();
    List<LoadState> states = new ArrayList<>();
    manager.callOrRegisterOnLoaded(ExperienceManager.Priority.HIGH, heard::add);
    manager.callOrRegisterOnFailed(failure -> heard.add(failure.problems()));
    manager.onStateChanged(change -> states.add(change.to()));
    CompletableFuture<ExperienceDefinition> loading = manager.setCurrentExperience(LOBBY);

    manager.world().close();
    game.pump();

    assertEquals(List.of(List.of(dev.overture.core.Problem.error("Overture/WorldEnded",
        "World \"World\" closed while experience Experience:Lobby was loading").withAsset("Experience:Lobby"))), heard);
    assertTrue(loading.isCancelled());
    assertEquals(List.of(LoadState.LOADING, LoadState.UNLOADED), states);
  }

  // Regression (review-host #1): an Error from a host listener left the world in ExecutingActions
  // with its plugins held, and the load's future never completed; nothing was logged.
  @ParameterizedTest
  @MethodSource("listenerErrors")
  void aStateListenerThatThrowsAnError_stopsNeitherTheOthersNorTheLoad(Throwable thrown) {
    List<LoadState> heard = new ArrayList<>();
    manager.onStateChanged(change -> {
      if (change.to() == LoadState.EXECUTING_ACTIONS) {
        throw sneaky(thrown);
      }
    });
    manager.onStateChanged(change -> heard.add(change.to()));

    CompletableFuture<ExperienceDefinition> loaded = manager.setCurrentExperience(ARENA);
    game.pump();

    assertEquals(LoadState.LOADED, manager.state());
    assertEquals(List.of(LoadState.LOADING, LoadState.LOADING_GAME_FEATURES, LoadState.EXECUTING_ACTIONS, LoadState.LOADED),
        heard);
    assertTrue(loaded.isDone() && !loaded.isCompletedExceptionally());

    manager.deactivate();
    game.pump();
    assertEquals(LoadState.UNLOADED, manager.state());
    assertEquals(0, game.pluginRequests(), "the plugins are released");
  }

  @ParameterizedTest
  @MethodSource("listenerErrors")
  void aLoadedListenerThatThrowsAnError_stopsNeitherTheLowerOnesNorTheFuture(Throwable thrown) {
    List<String> called = new ArrayList<>();
    manager.callOrRegisterOnLoaded(ExperienceManager.Priority.HIGH, experience -> {
      throw sneaky(thrown);
    });
    manager.callOrRegisterOnLoaded(ExperienceManager.Priority.NORMAL, experience -> called.add("normal"));

    CompletableFuture<ExperienceDefinition> loaded = manager.setCurrentExperience(LOBBY);
    game.pump();

    assertEquals(LoadState.LOADED, manager.state());
    assertEquals(List.of("normal"), called);
    assertTrue(loaded.isDone() && !loaded.isCompletedExceptionally());
  }

  @ParameterizedTest
  @MethodSource("listenerErrors")
  void aFailureListenerThatThrowsAnError_stopsNeitherTheOthersNorTheFuture(Throwable thrown) {
    List<ExperienceLoadException> heard = new ArrayList<>();
    manager.callOrRegisterOnFailed(failure -> {
      throw sneaky(thrown);
    });
    manager.callOrRegisterOnFailed(heard::add);

    CompletableFuture<ExperienceDefinition> needy = manager.setCurrentExperience(NEEDY);
    game.pump();

    assertEquals(LoadState.FAILED, manager.state());
    assertEquals(1, heard.size());
    assertTrue(needy.isCompletedExceptionally());
  }

  @Test
  void anOutOfMemoryErrorFromAStateListener_failsTheLoad_rolledBack() {
    manager.onStateChanged(change -> {
      if (change.to() == LoadState.EXECUTING_ACTIONS) {
        throw new OutOfMemoryError("Java heap space");
      }
    });

    CompletableFuture<ExperienceDefinition> loaded = manager.setCurrentExperience(ARENA);
    game.pump();

    assertEquals(LoadState.FAILED, manager.state());
    assertEquals("Could not load experience Experience:Arena, see the following problem:\n\n"
        + "1) [Overture/LoadStepFailed] Loading stopped: it ran out of memory (Java heap space)\n"
        + "   in Experience:Arena\n\n1 problem", manager.failure().orElseThrow().getMessage());
    assertTrue(loaded.isCompletedExceptionally());
    assertEquals(0, game.pluginRequests(), "the plugins are released");
  }

  // Regression (review-host #11): each live reload added two transitions to the timeline, which was
  // cleared only by the next setCurrentExperience, so it grew without bound.
  @Test
  void theTimeline_keepsTheNewestTransitionsOnly_howeverManyReloadsRun() {
    ExperienceListeners listeners = new ExperienceListeners("World");
    for (int i = 0; i < 10_000; i++) {
      listeners.changed(new ExperienceManager.Transition(LoadState.LOADED, LoadState.EXECUTING_ACTIONS, i, 0));
      listeners.changed(new ExperienceManager.Transition(LoadState.EXECUTING_ACTIONS, LoadState.LOADED, i, 0));
    }

    List<ExperienceManager.Transition> timeline = listeners.timeline();
    assertEquals(ExperienceListeners.TIMELINE_LIMIT, timeline.size());
    assertEquals(9_999.0, timeline.get(timeline.size() - 1).worldSeconds(), "the newest is kept");
    assertEquals(LoadState.LOADED, timeline.get(timeline.size() - 1).to());
  }

  @SuppressWarnings("unchecked")
  private static <T extends Throwable> RuntimeException sneaky(Throwable thrown) throws T {
    throw (T) thrown;
  }
}
