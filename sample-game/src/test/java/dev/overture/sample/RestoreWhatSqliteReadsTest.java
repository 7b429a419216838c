package dev.overture.sample;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code play --restore} reads a store as SQLite reads it, and never changes it (review of the ids
 * branch, finding 2): committed transactions still in the write-ahead log are restored, and a store
 * that a writer left in the middle of a transaction (a hot journal) is refused in one line saying
 * what to do.
 */
class RestoreWhatSqliteReadsTest {

  /** The turn property of the game state as the int32 1000 (an Overture-Property archive). */
  private static final String TURN_1000 = "X'0A020000F103000001000000F93FDAF25449AA10B37574BB104EE9420100000002000000E8030000'";

  @TempDir Path temp;
  private final CommandRun.Session cli = new CommandRun.Session();


  private Path saved(String name) {
    Path db = temp.resolve(name);
    assertEquals(0, cli.run("play", "--ticks", "50", "--save", db.toString(), "--view-every", "0"), cli::err);
    return db;
  }

  @Test
  void restore_ofAWalStore_readsTheTransactionsStillInItsWal_andChangesNothing() throws Exception {
    Path db = saved("w.db");
    // A host writing the store in WAL mode: its last commit is only in w.db-wal while it runs.
    try (Connection host = DriverManager.getConnection("jdbc:sqlite:" + db); Statement sql = host.createStatement()) {
      sql.execute("PRAGMA journal_mode = WAL");
      sql.execute("PRAGMA wal_autocheckpoint = 0");
      sql.executeUpdate("UPDATE properties SET value = " + TURN_1000 + " WHERE actor_id = 1 AND name = 'turn'");
      assertTrue(Files.size(temp.resolve("w.db-wal")) > 0);
      byte[] before = Files.readAllBytes(db);
      byte[] wal = Files.readAllBytes(temp.resolve("w.db-wal"));

      assertEquals(0, cli.run("play", "--ticks", "5", "--restore", db.toString(), "--view-every", "0"), () -> cli.err());

      assertTrue(cli.out().contains("Restored Experience:Elimination from " + db + ": 7 actors at turn 1000, seed 1"),
          cli::out);
      assertArrayEquals(before, Files.readAllBytes(db));
      assertArrayEquals(wal, Files.readAllBytes(temp.resolve("w.db-wal")));
    }
  }

  /** Review of the ids branch, finding 5: copies of a private store are private too. */
  @Test
  void aSaveRestoredFromAPrivateStore_isPrivateToo() throws Exception {
    Path db = saved("private.db");
    Files.setPosixFilePermissions(db, java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
    Path next = temp.resolve("next.db");

    assertEquals(0, cli.run("play", "--ticks", "5", "--restore", db.toString(), "--save", next.toString(), "--view-every", "0"),
        () -> cli.err());

    assertEquals("rw-------", java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(next)));
  }

  @Test
  void restoreOrSave_ofAStoreWithAHotJournal_isRefusedInOneLine_andLeftAsItIs() throws Exception {
    Path db = saved("g.db");
    Path hot = temp.resolve("hot.db");
    // A writer stopped in the middle of a transaction: the file holds some of its pages, its journal the old ones.
    try (Connection writer = DriverManager.getConnection("jdbc:sqlite:" + db); Statement sql = writer.createStatement()) {
      sql.execute("PRAGMA cache_size = 1");
      writer.setAutoCommit(false);
      sql.executeUpdate("DELETE FROM properties");
      for (int i = 0; i < 2000; i++) {
        sql.executeUpdate("INSERT INTO actors VALUES (" + (1000 + i) + ", 'Sample', 'Hero', '" + "X".repeat(200) + "')");
      }
      Files.copy(db, hot);
      Files.copy(temp.resolve("g.db-journal"), temp.resolve("hot.db-journal"));
      writer.rollback();
    }
    byte[] before = Files.readAllBytes(hot);
    String why = " a program that was writing it stopped before it finished (hot.db-journal is beside it); open it once with a"
        + " program that writes it (for example sqlite3 " + hot + " \"PRAGMA quick_check\") so that SQLite rolls the unfinished"
        + " transaction back, then try again; it was left as it is";

    assertEquals(1, cli.run("play", "--ticks", "5", "--restore", hot.toString(), "--view-every", "0"));
    assertEquals("overture: --restore " + hot + " cannot be read as a world store:" + why, cli.err().strip());
    assertEquals(1, cli.run("play", "--ticks", "5", "--save", hot.toString(), "--view-every", "0"));
    assertEquals("overture: --save " + hot + " cannot be read as a world store:" + why, cli.err().strip());
    assertArrayEquals(before, Files.readAllBytes(hot));
  }

  /**
   * A hostile review flipped one byte of a saved store at a time: a saved map id no longer of the
   * form Type:Name ended play --restore with "Invalid primary asset id ...", naming neither the file
   * nor what in it held the value.
   */
  @Test
  void aSavedMapThatIsNoAssetId_isRefusedNamingTheFileAndTheProperty() throws Exception {
    Path db = savedWithMap("m.db", "Map!Arena");
    byte[] before = Files.readAllBytes(db);

    assertEquals(1, cli.run("play", "--ticks", "5", "--restore", db.toString(), "--view-every", "0"));

    assertEquals("overture: --restore " + db + " holds a match whose map (the game state's saved property \"map\") is no asset"
        + " id: Invalid primary asset id \"Map!Arena\": there is no ':'; expected \"Type:Name\", for example"
        + " \"Experience:Elimination\"; it was left as it is\n", cli.err());
    assertArrayEquals(before, Files.readAllBytes(db));
  }

  /**
   * A saved map id of the form Type:Name that names no map of the content (one flipped byte of
   * "Map:Arena") said "Could not load Map:Arenb ... in Map:Arenb" after "Restored ...", naming
   * neither the file nor what in it held the id; so did an experience id naming none.
   */
  @Test
  void aSavedMapThatIsNotIndexed_isRefusedNamingTheFileAndTheProperty() throws Exception {
    Path db = savedWithMap("u.db", "Map:Arenb");
    byte[] before = Files.readAllBytes(db);

    assertEquals(1, cli.run("play", "--ticks", "5", "--restore", db.toString(), "--view-every", "0"));

    assertEquals("overture: --restore " + db + " holds a match whose map (the game state's saved property \"map\") is"
        + " Map:Arenb, which this content does not have: No asset Map:Arenb is indexed (indexed: \"Map:Arena\", \"Map:Menu\","
        + " \"Map:Outpost\", \"Map:Pit\"); it was left as it is\n", cli.err());
    assertArrayEquals(before, Files.readAllBytes(db));
  }

  /** A store play --save wrote, whose game state's saved map "Map:Arena" is replaced by {@code map} (as long). */
  private Path savedWithMap(String name, String map) throws Exception {
    Path db = saved(name);
    try (Connection host = DriverManager.getConnection("jdbc:sqlite:" + db);
        java.sql.PreparedStatement read = host.prepareStatement("SELECT value FROM properties WHERE actor_id = 1 AND name = 'map'");
        java.sql.PreparedStatement write = host.prepareStatement("UPDATE properties SET value = ? WHERE actor_id = 1 AND name = 'map'")) {
      java.sql.ResultSet row = read.executeQuery();
      assertTrue(row.next());
      String value = new String(row.getBytes(1), java.nio.charset.StandardCharsets.ISO_8859_1);
      assertTrue(value.contains("Map:Arena"), value);
      write.setBytes(1, value.replace("Map:Arena", map).getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
      assertEquals(1, write.executeUpdate());
    }
    return db;
  }
}
