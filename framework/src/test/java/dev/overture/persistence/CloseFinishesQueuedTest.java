package dev.overture.persistence;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.overture.world.World;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A store running its own thread, closed right after saves were asked for (save, then close: the
 * usual shutdown), lets every one of them finish, also those queued behind an earlier save of the
 * same world, which reach the thread only when the one before them ends. They were refused ("its
 * executor refused the work"), the world's last state lost.
 */
class CloseFinishesQueuedTest {

  @TempDir Path temp;
  private Backend.Place place;

  @BeforeEach
  void database() {
    place = Backend.SQLITE.fresh(temp);
  }

  @AfterEach
  void closeDatabase() {
    place.close();
  }

  @Test
  void savesAskedBeforeClose_allFinish_inOrder_whileTheFirstIsStillCommitting() throws Exception {
    Holds.InProcess firstSave = Holds.inProcess("saving world Match");
    WorldStore store = place.builder().beforeCommit(firstSave).open(SeveralWritersTest.CLASSES);
    World world = World.builder("Match").ids(store.ids()).build();
    world.spawnActor(SeveralWritersTest.Flag.class, "Flag").owner = "Match";
    List<CompletableFuture<WorldStore.Saved>> saves = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      saves.add(store.saveAsync(world));
    }
    firstSave.reached().get(1, TimeUnit.MINUTES);

    CompletableFuture<Void> closed = CompletableFuture.runAsync(store::close);
    await().atMost(Duration.ofMinutes(1)).until(CloseFinishesQueuedTest::threadWaitsInClose);
    firstSave.release();
    closed.get(1, TimeUnit.MINUTES);

    await().pollInSameThread().atMost(Duration.ofMinutes(1)).until(() -> {
      world.runPendingTasks();
      return saves.stream().allMatch(CompletableFuture::isDone);
    });
    assertEquals(List.of(1L, 2L, 3L, 4L), saves.stream().map(save -> save.join().version()).toList());
    assertFalse(saves.stream().anyMatch(CompletableFuture::isCompletedExceptionally));
  }

  /**
   * Called from a save's completion, which runs on the store's own thread once its world has closed:
   * close cannot wait there for what is queued behind that callback; it stops the thread once the
   * queue has drained, and the save asked for before it still finishes.
   */
  @Test
  void closeFromASavesCompletion_onTheStoresOwnThread_letsTheSaveQueuedBehindItFinish() throws Exception {
    WorldStore store = place.builder().open(SeveralWritersTest.CLASSES);
    World world = World.builder("Match").ids(store.ids()).build();
    world.spawnActor(SeveralWritersTest.Flag.class, "Flag").owner = "Match";
    CompletableFuture<WorldStore.Saved> first = store.saveAsync(world);
    CompletableFuture<WorldStore.Saved> second = store.saveAsync(world);
    world.close(); // the saves' futures now complete on the store's thread
    String[] closer = {null};
    CompletableFuture<Void> closedInCallback = first.thenRun(() -> {
      closer[0] = Thread.currentThread().getName();
      store.close();
    });
    closedInCallback.get(1, TimeUnit.MINUTES);
    assertEquals("overture-store", closer[0]);
    second.handle((v, e) -> null).get(1, TimeUnit.MINUTES);

    assertFalse(second.isCompletedExceptionally(), "the save asked before close: " + second);
    assertEquals(2, second.join().version());
  }

  /** Whether some thread is inside {@link WorldStore#close}, waiting for what was asked before it. */
  private static boolean threadWaitsInClose() {
    return Thread.getAllStackTraces().values().stream().anyMatch(stack -> {
      for (StackTraceElement frame : stack) {
        if (frame.getClassName().equals(WorldStore.class.getName()) && frame.getMethodName().equals("close")) {
          return true;
        }
      }
      return false;
    });
  }
}
