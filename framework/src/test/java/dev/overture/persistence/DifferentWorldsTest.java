package dev.overture.persistence;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.overture.world.World;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Saves of different worlds on one PostgreSQL database do not wait for each other (issue 21): one
 * save holds its transaction open, just before it commits, while another world's save starts and
 * completes, from another server or from the same store on a second thread. (SQLite has one writer
 * at a time, by design: there the second save waits for the first.)
 */
class DifferentWorldsTest {

  static final ClassNames CLASSES = SeveralWritersTest.CLASSES;

  @TempDir Path temp;
  private Backend.Place place;
  private final ExecutorService storeThreads = Executors.newFixedThreadPool(2);

  @BeforeEach
  void database() {
    place = Backend.POSTGRESQL.fresh(temp);
  }

  @AfterEach
  void close() {
    storeThreads.shutdownNow();
    place.close();
  }

  private static World world(String name, WorldStore store) {
    World world = World.builder(name).ids(store.ids()).build();
    world.spawnActor(SeveralWritersTest.Flag.class, "Flag").owner = name;
    return world;
  }

  /** Completes {@code save} by running the world's handed-back work; fails if it never completes. */
  private static <T> T awaitOnGameThread(World world, CompletableFuture<T> save) {
    await().pollInSameThread().atMost(Duration.ofMinutes(1)).until(() -> {
      world.runPendingTasks();
      return save.isDone();
    });
    return save.join();
  }

  @Test
  void anotherServersSaveOfAnotherWorld_completesWhileTheFirstHoldsItsTransaction() throws Exception {
    Holds.InProcess hold = Holds.inProcess("saving world North");
    try (WorldStore first = place.builder().beforeCommit(hold).open(CLASSES); WorldStore second = place.open(CLASSES)) {
      World north = world("North", first);
      World south = world("South", second);
      CompletableFuture<WorldStore.Saved> northSave = first.saveAsync(north);
      hold.reached().get();

      WorldStore.Saved southSaved = awaitOnGameThread(south, second.saveAsync(south));

      assertEquals(1, southSaved.version());
      assertFalse(northSave.isDone(), "North still holds its transaction");
      hold.release();
      assertEquals(1, awaitOnGameThread(north, northSave).version());
    }
    assertEquals(List.of("North", "South"), restoredOwners("North", "South"));
  }

  @Test
  void oneStoreOnTwoThreads_savesAnotherWorldWhileTheFirstHoldsItsTransaction() throws Exception {
    Holds.InProcess hold = Holds.inProcess("saving world North");
    try (WorldStore store = place.builder().executor(storeThreads).beforeCommit(hold).open(CLASSES)) {
      World north = world("North", store);
      World south = world("South", store);
      CompletableFuture<WorldStore.Saved> northSave = store.saveAsync(north);
      hold.reached().get();

      assertEquals(1, awaitOnGameThread(south, store.saveAsync(south)).version());

      assertFalse(northSave.isDone());
      hold.release();
      assertEquals(1, awaitOnGameThread(north, northSave).version());
    }
    assertEquals(List.of("North", "South"), restoredOwners("North", "South"));
  }

  private List<String> restoredOwners(String... worlds) {
    try (WorldStore store = place.open(CLASSES)) {
      return java.util.Arrays.stream(worlds).map(name -> {
        World world = World.builder(name).ids(store.ids()).build();
        store.restore(world);
        return world.actors(SeveralWritersTest.Flag.class).get(0).owner;
      }).toList();
    }
  }
}
