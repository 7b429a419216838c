package dev.overture.persistence;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.overture.id.IdBlock;
import dev.overture.world.World;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two servers on a PostgreSQL database whose default isolation is repeatable read (a DBA's choice,
 * or a pool's {@code transactionIsolation}) behave as under read committed, rather than failing with
 * "could not serialize access due to concurrent update": the second of two id reservations waits
 * for the first's row lock, then finds the counter moved and takes the next block; the second of
 * two saves of one world is refused as a {@link SaveConflictException} naming both versions.
 */
class RepeatableReadDefaultTest {

  @TempDir Path temp;
  private Backend.Place place;
  private final ExecutorService servers = Executors.newFixedThreadPool(2);

  @BeforeEach
  void database() throws Exception {
    place = Backend.POSTGRESQL.fresh(temp);
    try (Connection connection = place.connect(); Statement sql = connection.createStatement()) {
      sql.execute("ALTER DATABASE \"" + connection.getCatalog() + "\" SET default_transaction_isolation = 'repeatable read'");
    }
  }

  @AfterEach
  void close() {
    servers.shutdownNow();
    place.close();
  }

  @Test
  void theSecondOfTwoReservations_takesTheNextBlock_underRepeatableRead() throws Exception {
    DataSource pool = place.pool();
    Holds.InProcess hold = Holds.inProcess("reserving ids");
    StoreDatabase first = new StoreDatabase(pool, place.name(), hold);
    StoreDatabase second = new StoreDatabase(pool, place.name(), StoreDatabase.TransactionHook.NONE);
    first.openSchema();
    second.openSchema();
    assertEquals("repeatable read", defaultIsolation(pool));

    CompletableFuture<IdBlock> held = CompletableFuture.supplyAsync(() -> first.reserveIds(10), servers);
    hold.reached().get();
    CompletableFuture<IdBlock> waiting = CompletableFuture.supplyAsync(() -> second.reserveIds(10), servers);
    await().atMost(Duration.ofMinutes(1)).until(() -> waitingForALock(pool));
    hold.release();

    assertEquals(new IdBlock(1, 10), held.get());
    assertEquals(new IdBlock(11, 10), waiting.get());
  }

  @Test
  void theSecondOfTwoSavesOfOneWorld_isASaveConflict_underRepeatableRead() throws Exception {
    Holds.InProcess hold = Holds.inProcess("saving world Arena");
    try (WorldStore first = place.builder().beforeCommit(hold).open(SeveralWritersTest.CLASSES);
        WorldStore second = place.open(SeveralWritersTest.CLASSES)) {
      World mine = World.builder("Arena").ids(first.ids()).build();
      mine.spawnActor(SeveralWritersTest.Flag.class, "Flag").owner = "first";
      World theirs = World.builder("Arena").ids(second.ids()).build();
      theirs.spawnActor(SeveralWritersTest.Flag.class, "Flag").owner = "second";
      CompletableFuture<WorldStore.Saved> held = first.saveAsync(mine);
      hold.reached().get();
      CompletableFuture<WorldStore.Saved> waiting = second.saveAsync(theirs);
      await().atMost(Duration.ofMinutes(1)).until(() -> waitingForALock(place.pool()));
      hold.release();

      assertEquals(1, awaitOnGameThread(mine, held).version());
      await().pollInSameThread().atMost(Duration.ofMinutes(1)).until(() -> {
        theirs.runPendingTasks();
        return waiting.isDone();
      });
      ExecutionException refused = assertThrows(ExecutionException.class, waiting::get);
      assertEquals(SaveConflictException.class, refused.getCause().getClass(), refused.getCause().toString());
      assertEquals("Cannot save world Arena to " + place.name() + ": another writer saved it since this store started (this store"
          + " expected no saved version, having neither restored nor saved it), and the database holds version 1; nothing was"
          + " written. Restore the world to go on from the saved version", refused.getCause().getMessage());
    }
  }

  private static <T> T awaitOnGameThread(World world, CompletableFuture<T> operation) {
    await().pollInSameThread().atMost(Duration.ofMinutes(1)).until(() -> {
      world.runPendingTasks();
      return operation.isDone();
    });
    return operation.join();
  }

  private static String defaultIsolation(DataSource pool) throws Exception {
    try (Connection connection = pool.getConnection(); Statement sql = connection.createStatement();
        ResultSet rows = sql.executeQuery("SHOW default_transaction_isolation")) {
      rows.next();
      return rows.getString(1);
    }
  }

  /** Whether a session of this database waits for a row lock: the second reservation, behind the first. */
  private static boolean waitingForALock(DataSource pool) throws Exception {
    try (Connection connection = pool.getConnection(); PreparedStatement select = connection.prepareStatement(
        "SELECT COUNT(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'");
        ResultSet rows = select.executeQuery()) {
      rows.next();
      return rows.getInt(1) > 0;
    }
  }
}
