package dev.overture.persistence;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.overture.object.Property;
import dev.overture.world.Pawn;
import dev.overture.world.World;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Two servers (two stores) on one database saving the same world: the second is refused by the
 * world's version, with an error that names the world and both versions, never a silent overwrite
 * (issue 21). On SQLite and on PostgreSQL.
 */
@ParameterizedClass
@EnumSource(Backend.class)
class SeveralWritersTest {

  /** A pawn with a number each server sets its own way. */
  public static class Flag extends Pawn {
    @Property public String owner = "";
  }

  static final ClassNames CLASSES = ClassNames.of(Map.of("Flag", Flag.class));

  @Parameter Backend backend;
  @TempDir Path temp;
  private Backend.Place place;
  private final ExecutorService threads = Executors.newCachedThreadPool();

  @BeforeEach
  void database() {
    place = backend.fresh(temp);
  }

  @AfterEach
  void close() {
    threads.shutdownNow();
    place.close();
  }

  private static World arena(WorldStore store) {
    return World.builder("Arena").ids(store.ids()).build();
  }

  /** The owner of the flag a fresh store restores, and the version it read. */
  private String savedOwner() {
    try (WorldStore store = place.open(CLASSES)) {
      World world = arena(store);
      store.restore(world);
      return world.actors(Flag.class).get(0).owner + " v" + store.restore(arena(store)).version();
    }
  }

  @Test
  void aServerSavingAWorldAnotherSavedSinceItRestored_isRefused_namingTheWorldAndBothVersions() {
    try (WorldStore first = place.open(CLASSES); WorldStore second = place.open(CLASSES)) {
      World mine = arena(first);
      Flag flag = mine.spawnActor(Flag.class, "Flag");
      flag.owner = "first";
      assertEquals(1, first.save(mine).version());
      World theirs = arena(second);
      assertEquals(1, second.restore(theirs).version());
      flag.owner = "first, again";
      assertEquals(2, first.save(mine).version());

      theirs.actors(Flag.class).get(0).owner = "second";
      SaveConflictException e = assertThrows(SaveConflictException.class, () -> second.save(theirs));

      assertEquals("Cannot save world Arena to " + place.name() + ": another writer saved it since this store last read or wrote it"
          + " (this store expected version 1), and the database holds version 2; nothing was written. Restore the world to go on"
          + " from the saved version", e.getMessage());
      assertEquals("Arena", e.world());
      assertEquals(1, e.expectedVersion());
      assertEquals(2, e.foundVersion());
    }
    assertEquals("first, again v2", savedOwner(), "the first server's save, whole");
  }

  @Test
  void twoServersStartingTheSameNewWorld_theSecondToSaveIsRefused() {
    try (WorldStore first = place.open(CLASSES); WorldStore second = place.open(CLASSES)) {
      World one = arena(first);
      one.spawnActor(Flag.class, "Flag").owner = "first";
      World two = arena(second);
      two.spawnActor(Flag.class, "Flag").owner = "second";
      first.save(one);

      SaveConflictException e = assertThrows(SaveConflictException.class, () -> second.save(two));

      assertEquals("Cannot save world Arena to " + place.name() + ": another writer saved it since this store started (this store"
          + " expected no saved version, having neither restored nor saved it), and the database holds version 1; nothing was"
          + " written. Restore the world to go on from the saved version", e.getMessage());

      // Restoring reads the saved version; the next save builds on it.
      World again = arena(second);
      second.restore(again);
      again.actors(Flag.class).get(0).owner = "second, after reading";
      assertEquals(2, second.save(again).version());
    }
    assertEquals("second, after reading v2", savedOwner());
  }

  @Test
  void twoServersSavingTheSameWorldAtOnce_oneWins_theOtherIsRefused() throws Exception {
    Holds.InProcess hold = Holds.inProcess("saving world Arena");
    try (WorldStore first = place.builder().beforeCommit(hold).open(CLASSES); WorldStore second = place.open(CLASSES)) {
      World one = arena(first);
      Flag flag = one.spawnActor(Flag.class, "Flag");
      flag.owner = "first";
      World two = arena(second);
      CompletableFuture<WorldStore.Saved> firstSave = first.saveAsync(one); // held before it commits
      hold.reached().get();
      CompletableFuture<WorldStore.Saved> secondSave = second.saveAsync(two);
      if (backend == Backend.POSTGRESQL) {
        await().atMost(Duration.ofMinutes(1)).until(this::sessionsWaitingForALock, count -> count == 1);
      }

      hold.release();

      await().pollInSameThread().atMost(Duration.ofMinutes(1)).until(() -> {
        one.runPendingTasks();
        two.runPendingTasks();
        return firstSave.isDone() && secondSave.isDone();
      });
      assertEquals(1, firstSave.join().version());
      CompletionException e = assertThrows(CompletionException.class, secondSave::join);
      SaveConflictException conflict = assertInstanceOf(SaveConflictException.class, e.getCause());
      assertEquals(0, conflict.expectedVersion());
      assertEquals(1, conflict.foundVersion());
    }
    assertEquals("first v1", savedOwner());
  }

  private int sessionsWaitingForALock() throws Exception {
    try (Connection connection = place.connect();
        Statement sql = connection.createStatement();
        ResultSet rows = sql.executeQuery(
            "SELECT COUNT(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'")) {
      rows.next();
      return rows.getInt(1);
    }
  }
}
