package dev.overture.experience;

import static dev.overture.experience.ExperienceFixture.LOBBY;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.asset.PrimaryAssetId;
import dev.overture.world.NetMode;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The experience manager is confined to its world's game thread: every method but {@link
 * ExperienceManager#loadedExperience()} refuses another thread, naming both, and changes nothing.
 */
class ExperienceManagerThreadingTest {

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

  /** What {@code call} throws when made on a thread called "Intruder", or null. */
  private Throwable fromAnotherThread(Consumer<ExperienceManager> call) throws InterruptedException {
    AtomicReference<Throwable> thrown = new AtomicReference<>();
    Thread intruder = new Thread(() -> {
      try {
        call.accept(manager);
      } catch (Throwable e) {
        thrown.set(e);
      }
    }, "Intruder");
    intruder.start();
    intruder.join();
    return thrown.get();
  }

  static Stream<Arguments> gameThreadOnly() {
    return Stream.<Consumer<ExperienceManager>>of(
            ExperienceManager::state,
            ExperienceManager::experienceId,
            ExperienceManager::experience,
            ExperienceManager::pawnData,
            manager -> manager.spawnPawn("Player"),
            ExperienceManager::failure,
            ExperienceManager::loadProgress,
            ExperienceManager::activePlugins,
            ExperienceManager::activeActions,
            ExperienceManager::pendingPausers,
            ExperienceManager::timeline,
            manager -> manager.onStateChanged(change -> {}),
            manager -> manager.callOrRegisterOnLoaded(ExperienceManager.Priority.HIGH, experience -> {}),
            manager -> manager.callOrRegisterOnFailed(failure -> {}),
            manager -> manager.setCurrentExperience(LOBBY),
            manager -> manager.switchExperience(LOBBY),
            ExperienceManager::deactivate,
            manager -> ExperienceManager.of(manager.world()), // review finding 7: it reads the game state's components
            manager -> manager.world().gameState().findComponent(ExperienceManager.class))
        .map(call -> Arguments.of(call));
  }

  @ParameterizedTest
  @MethodSource("gameThreadOnly")
  void anotherThread_isRefused_namingBothThreads(Consumer<ExperienceManager> call) throws InterruptedException {
    Throwable thrown = fromAnotherThread(call);

    IllegalStateException refused = assertInstanceOf(IllegalStateException.class, thrown);
    assertEquals("World \"World\" was used from thread \"Intruder\", but its game thread is \"" + Thread.currentThread().getName()
        + "\"; hand work to world.executor()", refused.getMessage());
    game.pump();
    assertEquals(LoadState.UNLOADED, manager.state(), "nothing started");
    assertEquals(List.of(), manager.timeline());
  }

  @Test
  void aStateListenersHandle_isReleasedOnTheGameThreadOnly() throws InterruptedException {
    List<LoadState> heard = new java.util.ArrayList<>();
    dev.overture.world.Handle handle = manager.onStateChanged(change -> heard.add(change.to()));

    Throwable thrown = fromAnotherThread(manager -> handle.release());

    assertEquals("World \"World\" was used from thread \"Intruder\", but its game thread is \"" + Thread.currentThread().getName()
        + "\"; hand work to world.executor()", thrown.getMessage());
    manager.setCurrentExperience(LOBBY);
    game.pump();
    assertEquals(List.of(LoadState.LOADING, LoadState.EXECUTING_ACTIONS, LoadState.LOADED), heard, "still registered");
  }

  @Test
  void theLoadedExperience_mayBeReadFromAnyThread() throws InterruptedException {
    manager.setCurrentExperience(LOBBY);
    game.pump();
    AtomicReference<PrimaryAssetId> seen = new AtomicReference<>();

    Throwable thrown = fromAnotherThread(manager -> seen.set(manager.loadedExperience().orElseThrow().id()));

    assertEquals(null, thrown);
    assertEquals(LOBBY, seen.get());
    assertTrue(manager.loadedExperience().isPresent());
  }
}
