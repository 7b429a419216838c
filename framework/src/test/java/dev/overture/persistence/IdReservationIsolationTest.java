package dev.overture.persistence;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.overture.id.IdBlock;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two servers reserving ids at once on a PostgreSQL database whose default isolation is repeatable
 * read (a DBA's choice, or a pool's {@code transactionIsolation}): the second waits for the first's
 * row lock, then finds the counter moved and takes the next block, as under read committed, rather
 * than failing with "could not serialize access due to concurrent update".
 */
class IdReservationIsolationTest {

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
