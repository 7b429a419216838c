package dev.overture.persistence;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.archive.IdArchives;
import dev.overture.archive.IdArchives.Layout;
import dev.overture.id.StableId;
import dev.overture.internal.SqliteUrls;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sqlite.SQLiteDataSource;

/**
 * {@code migrate-ids} on a game.db file, as an operator runs it: what it refuses before touching
 * anything, where each backup goes (never over an earlier one), that a backup is made whenever any
 * row needs converting however far into the table it is, and that a migration that stops part-way
 * keeps the batches it committed and says how to finish.
 */
class IdMigrationRunTest {

  @TempDir Path temp;

  private static final byte[] CURRENT = IdArchives.encode(Layout.STABLE_ID, List.of(StableId.of(1)));

  private static byte[] legacy(long id) {
    return IdArchives.encode(Layout.LEGACY_V2, List.of(StableId.of(id)));
  }

  /** A world store holding {@code rows} (name to blob), in name order. */
  private Path store(Map<String, byte[]> rows) throws Exception {
    Path db = temp.resolve("game.db");
    SQLiteDataSource source = new SQLiteDataSource();
    source.setUrl(SqliteUrls.of(db));
    WorldStore.open(db, ClassNames.of(Map.of())).close(); // the schema
    try (Connection connection = source.getConnection();
        Statement sql = connection.createStatement();
        PreparedStatement insert = connection.prepareStatement("INSERT INTO properties (actor_id, component, name, value) VALUES (1, '', ?, ?)")) {
      sql.executeUpdate("INSERT INTO actors (id, world, class, name) VALUES (1, 'Arena', 'Tank', 'Tiger')");
      for (Map.Entry<String, byte[]> row : rows.entrySet()) {
        insert.setString(1, row.getKey());
        insert.setBytes(2, row.getValue());
        insert.executeUpdate();
      }
    }
    return db;
  }

  private static Map<String, byte[]> blobs(Path db) throws Exception {
    Map<String, byte[]> blobs = new LinkedHashMap<>();
    try (Connection connection = DriverManager.getConnection(SqliteUrls.of(db));
        Statement sql = connection.createStatement();
        ResultSet rows = sql.executeQuery("SELECT name, value FROM properties ORDER BY name")) {
      while (rows.next()) {
        blobs.put(rows.getString(1), rows.getBytes(2));
      }
    }
    return blobs;
  }

  private static void set(Path db, String name, byte[] value) throws Exception {
    try (Connection connection = DriverManager.getConnection(SqliteUrls.of(db));
        PreparedStatement update = connection.prepareStatement("UPDATE properties SET value = ? WHERE name = ?")) {
      update.setBytes(1, value);
      update.setString(2, name);
      assertEquals(1, update.executeUpdate());
    }
  }

  private List<String> files() throws Exception {
    try (Stream<Path> files = Files.list(temp)) {
      return files.map(path -> path.getFileName().toString()).sorted().toList();
    }
  }

  /**
   * A hostile review: a migration killed in the middle of a batch left a journal beside the store,
   * and running the command again, as it says to, refused the store ("a program that was writing it
   * stopped before it finished") until the user opened it with the sqlite3 tool. The rerun now rolls
   * the journal back itself and finishes. The killed state is made here by copying the store and
   * its journal while a transaction is open, as a kill leaves them.
   */
  @Test
  void aRunKilledMidBatch_isFinishedByRunningAgain_itsJournalRolledBack() throws Exception {
    Path db = store(Map.of("friend", legacy(7), "rival", legacy(8)));
    Path killed = Files.createDirectories(temp.resolve("killed")).resolve("game.db");
    try (Connection connection = DriverManager.getConnection(SqliteUrls.of(db));
        Statement sql = connection.createStatement()) {
      sql.execute("PRAGMA cache_size = 1"); // the change goes to the file, its original page to the journal
      connection.setAutoCommit(false);
      sql.executeUpdate("UPDATE properties SET value = X'00' WHERE name = 'friend'");
      sql.executeUpdate("CREATE TABLE filler AS WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 5000)"
          + " SELECT i, randomblob(200) AS b FROM n");
      Files.copy(db, killed);
      Files.copy(db.resolveSibling("game.db-journal"), killed.resolveSibling("game.db-journal"));
      connection.rollback();
    }
    assertTrue(Files.exists(killed.resolveSibling("game.db-journal")), "a journal left as a kill leaves it");

    IdMigration.Report report = IdMigration.run(killed, IdMigration.Target.STABLE_ID, false, false, 10);

    assertEquals(2, report.converted(), report.toString());
    assertArrayEquals(IdArchives.encode(Layout.STABLE_ID, List.of(StableId.of(7))), blobs(killed).get("friend"),
        "the half-done write rolled back, then converted");
  }

  @Test
  void eachBackup_takesTheNextFreeName_andLeavesTheEarlierOnesAsTheyWere() throws Exception {
    Path db = store(Map.of("friend", legacy(7)));

    IdMigration.Report first = IdMigration.run(db, IdMigration.Target.STABLE_ID, false, true, 10);
    set(db, "friend", legacy(8));
    IdMigration.Report second = IdMigration.run(db, IdMigration.Target.STABLE_ID, false, true, 10);
    set(db, "friend", legacy(9));
    IdMigration.Report third = IdMigration.run(db, IdMigration.Target.STABLE_ID, false, true, 10);

    assertEquals(Optional.of(temp.resolve("game.db.before-migrate-ids")), first.backup());
    assertEquals(Optional.of(temp.resolve("game.db.before-migrate-ids-2")), second.backup());
    assertEquals(Optional.of(temp.resolve("game.db.before-migrate-ids-3")), third.backup());
    assertArrayEquals(legacy(7), blobs(first.backup().orElseThrow()).get("friend"));
    assertArrayEquals(legacy(8), blobs(second.backup().orElseThrow()).get("friend"));
    assertArrayEquals(legacy(9), blobs(third.backup().orElseThrow()).get("friend"));
    assertEquals(List.of(StableId.of(9)), IdArchives.decode(blobs(db).get("friend")).ids());
    assertEquals(List.of("game.db", "game.db.before-migrate-ids", "game.db.before-migrate-ids-2", "game.db.before-migrate-ids-3"),
        files());
  }

  @Test
  void aBackupNameTakenWhileTheCopyIsMade_isNeverReplaced_andTheRunSaysSoInWords_changingNothing() throws Exception {
    Path db = store(Map.of("friend", legacy(7)));
    byte[] theirs = "another run's backup".getBytes(java.nio.charset.StandardCharsets.UTF_8);

    // Another migrate-ids run on the same store names its backup between this run's choice of the
    // name and the moment its checked copy takes it.
    PersistenceException e = assertThrows(PersistenceException.class, () -> IdMigration.run(db, IdMigration.Target.STABLE_ID,
        false, true, 10, name -> Files.write(name, theirs)));

    assertEquals("Could not back up " + db + " to " + db + ".before-migrate-ids: that name was taken while the copy was being"
        + " made (another migrate-ids run on the same store?), and an existing file is never replaced: let the other run"
        + " finish, then run migrate-ids again; no backup was made and nothing was changed", e.getMessage());
    assertArrayEquals(theirs, Files.readAllBytes(temp.resolve("game.db.before-migrate-ids")), "the other run's backup as it was");
    assertEquals(List.of("game.db", "game.db.before-migrate-ids"), files(), "no temporary left behind");
    assertArrayEquals(legacy(7), blobs(db).get("friend"), "not migrated");

    IdMigration.Report again = IdMigration.run(db, IdMigration.Target.STABLE_ID, false, true, 10);
    assertEquals(Optional.of(temp.resolve("game.db.before-migrate-ids-2")), again.backup(), "run again: the next free name");
    assertArrayEquals(legacy(7), blobs(again.backup().orElseThrow()).get("friend"));
  }

  @Test
  void aRowThatNeedsConverting_inTheLastBatch_stillGetsABackup_andOneRowABatchWorks() throws Exception {
    Map<String, byte[]> rows = new LinkedHashMap<>();
    rows.put("a", CURRENT);
    rows.put("b", CURRENT);
    rows.put("c", CURRENT);
    rows.put("d", legacy(4));
    Path db = store(rows);

    IdMigration.Report report = IdMigration.run(db, IdMigration.Target.STABLE_ID, false, true, 1);

    assertEquals(Optional.of(temp.resolve("game.db.before-migrate-ids")), report.backup());
    assertEquals(4, report.rowsRead());
    assertEquals(1, report.converted());
    assertEquals(3, report.alreadyCurrent());
    assertArrayEquals(legacy(4), blobs(report.backup().orElseThrow()).get("d"));
  }

  @Test
  void whatIsNotAWorldStoreFile_orABatchOfNothing_isRefusedBeforeAnythingIsDone() throws Exception {
    Path folder = Files.createDirectory(temp.resolve("saves"));
    assertEquals(folder + " is a folder, not a database", assertThrows(PersistenceException.class,
        () -> IdMigration.run(folder, IdMigration.Target.STABLE_ID, false, true, 10)).getMessage());
    Path missing = temp.resolve("none.db");
    assertEquals("No database at " + missing, assertThrows(PersistenceException.class,
        () -> IdMigration.run(missing, IdMigration.Target.STABLE_ID, false, true, 10)).getMessage());
    Path dangling = Files.createSymbolicLink(temp.resolve("dangling.db"), temp.resolve("gone.db"));
    assertEquals(dangling + " is not a regular file (a device, a pipe or a socket, or a link to nothing), not a database",
        assertThrows(PersistenceException.class, () -> IdMigration.run(dangling, IdMigration.Target.STABLE_ID, false, true, 10))
            .getMessage());
    Path db = store(Map.of("friend", legacy(7)));
    assertEquals("batch size < 1: 0", assertThrows(IllegalArgumentException.class,
        () -> IdMigration.run(db, IdMigration.Target.STABLE_ID, false, true, 0)).getMessage());
    Path notAStore = temp.resolve("other.db");
    try (Connection connection = DriverManager.getConnection(SqliteUrls.of(notAStore));
        Statement sql = connection.createStatement()) {
      sql.executeUpdate("CREATE TABLE scores (name TEXT)");
    }
    assertEquals(notAStore + " is an SQLite database but not an Overture world store (it holds the tables scores)",
        assertThrows(PersistenceException.class,
        () -> IdMigration.run(notAStore, IdMigration.Target.STABLE_ID, false, true, 10)).getMessage());
    assertArrayEquals(legacy(7), blobs(db).get("friend"));
    assertEquals(List.of("dangling.db", "game.db", "other.db", "saves"), files(), "no backup of anything");
  }

  /**
   * Review of the ids branch, finding 4: a read-only store got a full backup on every run, then
   * failed with SQLITE_READONLY and "run it again"; an administrator changed a 0444 one in place.
   */
  @Test
  void aReadOnlyStore_isRefusedBeforeAnyBackup_evenForAnAdministrator_butADryRunReadsIt() throws Exception {
    Path db = store(Map.of("friend", legacy(7)));
    Files.setPosixFilePermissions(db, java.nio.file.attribute.PosixFilePermissions.fromString("r--r--r--"));
    byte[] before = Files.readAllBytes(db);

    for (int run = 0; run < 2; run++) {
      assertEquals(db + " is read-only, and migrate-ids rewrites it in place: make it writable (chmod u+w " + db
          + ") and run it again; nothing was changed", assertThrows(PersistenceException.class,
              () -> IdMigration.run(db, IdMigration.Target.STABLE_ID, false, true, 10)).getMessage());
    }

    assertArrayEquals(before, Files.readAllBytes(db));
    assertEquals(List.of("game.db"), files(), "no backup");
    assertEquals(1, IdMigration.run(db, IdMigration.Target.STABLE_ID, true, true, 10).converted());
  }

  /** Review of the ids branch, finding 6: "c?journal_mode=WAL" opened the file c and switched it to WAL. */
  @Test
  void aQuestionMarkInTheFileName_isPartOfTheName_notConnectionOptions() throws Exception {
    Path other = store(Map.of("friend", legacy(7)));
    byte[] otherBytes = Files.readAllBytes(other);
    Path odd = temp.resolve("game.db?journal_mode=WAL#x%41");
    Files.copy(other, odd);
    WorldStore.check(odd);
    WorldStore.open(odd, ClassNames.of(Map.of())).close();

    IdMigration.Report report = IdMigration.run(odd, IdMigration.Target.STABLE_ID, false, true, 10);

    assertEquals(1, report.converted());
    assertEquals(Optional.of(temp.resolve("game.db?journal_mode=WAL#x%41.before-migrate-ids")), report.backup());
    assertEquals(Layout.STABLE_ID, IdArchives.decode(blobs(odd).get("friend")).layout());
    assertArrayEquals(otherBytes, Files.readAllBytes(other), "game.db untouched");
    assertEquals(List.of("game.db", "game.db?journal_mode=WAL#x%41", "game.db?journal_mode=WAL#x%41.before-migrate-ids"), files());
  }

  /** Review of the ids branch, finding 11: a newer build's id blob was reported as corrupt. */
  @Test
  void aBlobOfANewerBuildsLayout_isReportedAsSuch_andLeftAsItIs() throws Exception {
    byte[] newer = java.util.HexFormat.of().parseHex("0A020000F1030000010000004" + "7CF7918934A0A3387B508907594CC0B010000000500000000000000");
    Path db = store(Map.of("friend", newer));

    IdMigration.Report report = IdMigration.run(db, IdMigration.Target.STABLE_ID, false, true, 10);

    assertEquals(List.of(new IdMigration.Refusal(1, "", "friend", "a newer build wrote it (At byte 28: written with StableId 1,"
        + " newer than this build reads (up to 0); the archive is left as it is)")), report.refused());
    assertArrayEquals(newer, blobs(db).get("friend"));
  }

  /** Review of the ids branch, finding 12: --dry-run ("write nothing") removed an earlier run's leftovers. */
  @Test
  void aDryRun_removesNothing_leftoversIncluded() throws Exception {
    Path db = store(Map.of("friend", legacy(7)));
    Process ended = new ProcessBuilder("true").start();
    ended.waitFor();
    Path leftover = Files.createFile(temp.resolve(".game.db.before-migrate-ids.overture-" + ended.pid() + "-0123456789abcdef.tmp"));

    IdMigration.Report dry = IdMigration.run(db, IdMigration.Target.STABLE_ID, true, true, 10);

    assertEquals(List.of(), dry.leftovers());
    assertTrue(Files.exists(leftover));
    assertEquals(List.of(leftover), IdMigration.run(db, IdMigration.Target.STABLE_ID, false, true, 10).leftovers());
  }

  /** Review of the ids branch, finding 5: the backup of a private store was readable by every user. */
  @Test
  void theBackupOfAPrivateStore_isPrivateToo() throws Exception {
    Path db = store(Map.of("friend", legacy(7)));
    Files.setPosixFilePermissions(db, java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));

    IdMigration.Report report = IdMigration.run(db, IdMigration.Target.STABLE_ID, false, true, 10);

    assertEquals("rw-------", java.nio.file.attribute.PosixFilePermissions.toString(
        Files.getPosixFilePermissions(report.backup().orElseThrow())));
  }

  /** Review of the ids branch, finding 3: another program's properties table was rewritten. */
  @Test
  void aDatabaseWithAPropertiesTableButNoStore_isRefused_fileAndDataSourceAlike_andLeftAsItIs() throws Exception {
    Path foreign = temp.resolve("foreign.db");
    try (Connection connection = DriverManager.getConnection(SqliteUrls.of(foreign));
        Statement sql = connection.createStatement()) {
      sql.executeUpdate("CREATE TABLE properties (actor_id INT, component TEXT, name TEXT, value BLOB)");
      sql.executeUpdate("CREATE TABLE settings (k, v)");
      try (var insert = connection.prepareStatement("INSERT INTO properties VALUES (1, '', 'x', ?)")) {
        insert.setBytes(1, legacy(42));
        insert.executeUpdate();
      }
    }
    byte[] before = Files.readAllBytes(foreign);
    SQLiteDataSource source = new SQLiteDataSource();
    source.setUrl("jdbc:sqlite:" + foreign);

    assertEquals(foreign + " is an SQLite database but not an Overture world store (it holds the tables properties, settings)",
        assertThrows(PersistenceException.class, () -> IdMigration.run(foreign, IdMigration.Target.STABLE_ID, false, true, 10))
            .getMessage());
    assertEquals("the host's database is not an Overture world store: it holds the tables properties, settings but no"
        + " overture_store; it was left as it is", assertThrows(PersistenceException.class,
            () -> IdMigration.run(source, "the host's database", IdMigration.Target.STABLE_ID, false, 10)).getMessage());
    assertArrayEquals(before, Files.readAllBytes(foreign));
    assertEquals(List.of("foreign.db"), files(), "no backup");
  }

  @Test
  void aStoreOfANewerSchema_behindADataSource_isRefusedToo() throws Exception {
    Path db = store(Map.of("friend", legacy(7)));
    try (Connection connection = DriverManager.getConnection(SqliteUrls.of(db));
        Statement sql = connection.createStatement()) {
      sql.executeUpdate("UPDATE overture_store SET value = '3' WHERE key = 'schema'");
    }
    SQLiteDataSource source = new SQLiteDataSource();
    source.setUrl(SqliteUrls.of(db));

    PersistenceException refused = assertThrows(PersistenceException.class,
        () -> IdMigration.run(source, "the fleet's store", IdMigration.Target.STABLE_ID, false, 10));

    assertEquals("the fleet's store was written with store schema 3; this build knows schema 2 and leaves it as it is",
        refused.getMessage());
    assertArrayEquals(legacy(7), blobs(db).get("friend"));
  }

  @Test
  void aMigrationThatStopsPartWay_keepsTheBatchesItCommitted_andSaysHowToFinish() throws Exception {
    Map<String, byte[]> rows = new LinkedHashMap<>();
    rows.put("a", legacy(1));
    rows.put("b", legacy(2));
    rows.put("c", legacy(3));
    Path db = store(rows);
    try (Connection connection = DriverManager.getConnection(SqliteUrls.of(db));
        Statement sql = connection.createStatement()) {
      sql.executeUpdate("CREATE TRIGGER locked BEFORE UPDATE ON properties WHEN OLD.name = 'c'"
          + " BEGIN SELECT RAISE(ABORT, 'row c is locked'); END");
    }

    PersistenceException stopped = assertThrows(PersistenceException.class,
        () -> IdMigration.run(db, IdMigration.Target.STABLE_ID, false, false, 2));

    assertTrue(stopped.getMessage().startsWith("The id migration of " + db + " stopped after actor 1, property b: "),
        stopped.getMessage());
    assertTrue(stopped.getMessage().contains("row c is locked"), stopped.getMessage());
    assertTrue(stopped.getMessage().endsWith("(the batches before it are committed; run it again to finish)"), stopped.getMessage());
    Map<String, byte[]> after = blobs(db);
    assertEquals(Layout.STABLE_ID, IdArchives.decode(after.get("a")).layout(), "the first batch is committed");
    assertEquals(Layout.STABLE_ID, IdArchives.decode(after.get("b")).layout());
    assertArrayEquals(legacy(3), after.get("c"), "the failed batch changed nothing");
  }
}
