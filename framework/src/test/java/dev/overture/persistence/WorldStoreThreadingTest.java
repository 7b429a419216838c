package dev.overture.persistence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.object.Property;
import dev.overture.testing.ManualExecutor;
import dev.overture.world.Actor;
import dev.overture.world.Pawn;
import dev.overture.world.World;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Saves and restores do not block the game thread on JDBC: the database work runs on the store's
 * executor (here a manual one), and the futures complete on the world's game thread (issue 15).
 */
@ParameterizedClass
@EnumSource(Backend.class)
class WorldStoreThreadingTest {

  public static class Crate extends Pawn {
    @Property public int round;
  }

  private static final ClassNames CLASSES = ClassNames.of(Map.of("Crate", Crate.class));

  @Parameter Backend backend;
  @TempDir Path temp;
  private Backend.Place place;
  private final ManualExecutor database = new ManualExecutor();

  @BeforeEach
  void database() {
    place = backend.fresh(temp);
  }

  @AfterEach
  void closeDatabase() {
    place.close();
  }

  private WorldStore store() {
    return place.builder().executor(database).open(CLASSES);
  }

  private int savedActors() throws Exception {
    try (Connection connection = place.connect();
        Statement sql = connection.createStatement();
        ResultSet rows = sql.executeQuery("SELECT COUNT(*) FROM actors")) {
      rows.next();
      return rows.getInt(1);
    }
  }

  @Test
  void saveAsync_takesItsSnapshotNow_writesOnTheExecutor_andCompletesOnTheGameThread() throws Exception {
    try (WorldStore store = store()) {
      World world = World.builder("Warehouse").ids(store.ids()).build();
      Crate crate = world.spawnActor(Crate.class, "Crate");
      crate.round = 1;

      CompletableFuture<WorldStore.Saved> saved = store.saveAsync(world);
      crate.round = 2; // after the snapshot: not in this save

      assertEquals(0, savedActors(), "nothing written on the game thread");
      database.runAll();
      assertEquals(2, savedActors(), "written on the executor: the crate and the game state");
      assertFalse(saved.isDone(), "the completion waits for the game thread");
      world.runPendingTasks();
      assertEquals(new WorldStore.Saved(2, 0, 1, 1), saved.join());

      World again = World.builder("Warehouse").ids(store.ids()).build();
      CompletableFuture<WorldStore.Restored> restored = store.restoreAsync(again);
      assertTrue(again.actors(Crate.class).isEmpty(), "nothing read on the game thread");
      database.runAll();
      assertTrue(again.actors(Crate.class).isEmpty(), "read on the executor, spawned only on the game thread");
      assertFalse(restored.isDone());
      again.runPendingTasks();
      assertEquals(2, restored.join().actors());
      assertEquals(1, again.actors(Crate.class).get(0).round, "the value at the time of the snapshot");
    }
  }

  @Test
  void savesRunInTheOrderTheyWereAskedFor_soTheLaterSaveWins() throws Exception {
    try (WorldStore store = store()) {
      World world = World.builder("Warehouse").ids(store.ids()).build();
      Crate crate = world.spawnActor(Crate.class, "Crate");
      crate.round = 1;
      store.saveAsync(world);
      crate.round = 2;
      CompletableFuture<WorldStore.Saved> second = store.saveAsync(world);

      database.runAll();
      world.runPendingTasks();
      second.join();

      World again = World.builder("Warehouse").ids(store.ids()).build();
      store.restore(again);
      assertEquals(2, again.actors(Crate.class).get(0).round);
    }
  }

  @Test
  void aSaveThatCannotBeWritten_failsItsFuture_onTheGameThread() throws Exception {
    try (WorldStore store = store()) {
      World world = World.builder("Warehouse").ids(store.ids()).build();
      world.spawnActor(Unnamed.class, "Stranger");
      int queued = database.queued(); // the id block reserved ahead

      CompletableFuture<WorldStore.Saved> saved = store.saveAsync(world);

      assertTrue(saved.isCompletedExceptionally(), "failed at once, on the game thread, before any database work");
      assertEquals(queued, database.queued());
      CompletionException e = assertThrows(CompletionException.class, saved::join);
      assertInstanceOf(PersistenceException.class, e.getCause());
    }
  }

  @Test
  void saveAsync_fromAnotherThread_isRefused() throws Exception {
    try (WorldStore store = store()) {
      World world = World.builder("Warehouse").ids(store.ids()).build();
      CompletableFuture<Throwable> refused = CompletableFuture.supplyAsync(
          () -> assertThrows(IllegalStateException.class, () -> store.saveAsync(world)));
      assertTrue(refused.join().getMessage().startsWith("World \"Warehouse\" was used from thread"), refused.join().getMessage());
    }
  }

  /** Runs what it was given newest first, as a pool's threads may: order must come from the store. */
  static final class NewestFirst implements java.util.concurrent.Executor {
    private final java.util.Deque<Runnable> tasks = new java.util.ArrayDeque<>();

    @Override
    public synchronized void execute(Runnable task) {
      tasks.push(task);
    }

    int runAll() {
      int ran = 0;
      Runnable task;
      while ((task = poll()) != null) {
        task.run();
        ran++;
      }
      return ran;
    }

    private synchronized Runnable poll() {
      return tasks.poll();
    }
  }

  @Test
  void operationsOnOneWorld_runInTheOrderTheyWereAskedFor_onAnExecutorThatRunsNewestFirst() throws Exception {
    NewestFirst executor = new NewestFirst();
    try (WorldStore store = place.builder().executor(executor).open(CLASSES)) {
      executor.runAll(); // the first id block
      World world = World.builder("Warehouse").ids(store.ids()).build();
      Crate crate = world.spawnActor(Crate.class, "Crate");
      crate.round = 1;
      CompletableFuture<WorldStore.Saved> first = store.saveAsync(world);
      crate.round = 2;
      CompletableFuture<WorldStore.Saved> second = store.saveAsync(world);
      World again = World.builder("Warehouse").ids(store.ids()).build();
      CompletableFuture<WorldStore.Restored> restored = store.restoreAsync(again);

      executor.runAll();
      world.runPendingTasks();
      again.runPendingTasks();

      assertTrue(first.isDone() && second.isDone() && restored.isDone());
      assertEquals(2, restored.join().actors(), "the crate and the game state");
      assertEquals(2, again.actors(Crate.class).get(0).round, "the second save ran after the first, the restore after both");
    }
  }

  @Test
  void saveRestoreAndTheirAsyncForms_fromAnotherThread_areRefused_andNothingIsWritten() throws Exception {
    try (WorldStore store = store()) {
      World world = World.builder("Warehouse").ids(store.ids()).build();
      world.spawnActor(Crate.class, "Crate");
      List<java.util.function.Consumer<World>> calls = List.of(
          store::save, store::saveAsync, store::restore, store::restoreAsync);
      for (java.util.function.Consumer<World> call : calls) {
        Throwable refused = CompletableFuture.supplyAsync(
            () -> assertThrows(IllegalStateException.class, () -> call.accept(world))).join();
        assertTrue(refused.getMessage().startsWith("World \"Warehouse\" was used from thread"), refused.getMessage());
      }
      database.runAll();
      assertEquals(0, savedActors());
      assertEquals(List.of(world.gameState()), world.actors().subList(0, 1));
      assertEquals(2, world.actors().size(), "nothing restored into it");
    }
  }

  @Test
  void aSaveWrittenAfterItsWorldClosed_isReportedWritten_whetherTheWorldClosedBeforeOrAfterTheHandOverWasQueued() throws Exception {
    try (WorldStore store = store()) {
      // The usual end of a match: save, then close the world at once.
      World world = World.builder("Warehouse").ids(store.ids()).build();
      world.spawnActor(Crate.class, "Crate").round = 7;
      CompletableFuture<WorldStore.Saved> saved = store.saveAsync(world);
      world.close();
      database.runAll();
      assertEquals(new WorldStore.Saved(2, 0, 1, 1), saved.join(), "written, and said so");

      // Closed while the hand-over waited in the world's queue: dropped, and completed all the same.
      World next = World.builder("Warehouse").ids(store.ids()).build();
      store.restore(next);
      CompletableFuture<WorldStore.Saved> again = store.saveAsync(next);
      database.runAll();
      assertFalse(again.isDone(), "waits for the game thread");
      next.close();
      assertEquals(2, again.join().version());
    }
  }

  @Test
  void aRestoreWhoseWorldClosesBeforeItCanSpawn_failsSayingSo_insteadOfWaitingForever() throws Exception {
    try (WorldStore store = store()) {
      World world = World.builder("Warehouse").ids(store.ids()).build();
      world.spawnActor(Crate.class, "Crate");
      store.save(world);
      World again = World.builder("Warehouse").ids(store.ids()).build();
      CompletableFuture<WorldStore.Restored> restored = store.restoreAsync(again);
      database.runAll();
      again.close();

      CompletionException e = assertThrows(CompletionException.class, restored::join);
      assertEquals("World Warehouse closed before the store's work could be handed back to its game thread", e.getCause().getMessage());
    }
  }

  @Test
  void aRestoreThatCannotRead_failsItsFutureWithTheStoresOwnError_onTheGameThread() throws Exception {
    WorldStore store = store();
    World world = World.builder("Warehouse").ids(store.ids()).build();
    store.close();

    CompletableFuture<WorldStore.Restored> restored = store.restoreAsync(world);
    database.runAll();
    world.runPendingTasks();

    CompletionException e = assertThrows(CompletionException.class, restored::join);
    PersistenceException cause = assertInstanceOf(PersistenceException.class, e.getCause());
    assertTrue(cause.getMessage().endsWith(" is closed"), cause.getMessage());
    assertEquals("WorldStore[" + cause.getMessage().substring(0, cause.getMessage().length() - " is closed".length()) + "]",
        store.toString());
  }

  static class Unnamed extends Actor {}
}
