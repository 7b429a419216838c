package dev.overture.reliability;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.archive.IdArchives;
import dev.overture.id.StableId;
import dev.overture.persistence.ClassNames;
import dev.overture.persistence.IdMigration;
import dev.overture.persistence.PersistenceException;
import dev.overture.persistence.WorldStore;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Rules of {@code migrate-ids} (issue 14): a store a newer schema wrote is not touched; a backup is
 * complete and verified before its name appears, or there is none; no backup is made when nothing
 * needs converting; what a killed backup left is removed, and said, by the next run.
 */
class MigrateIdsReliabilityTest {

  @TempDir Path temp;

  /** The child of {@link #aBackupKilledBeforeItIsNamed_leavesNoBackup_andTheNextRunRemovesItsTemporary}. */
  public static void main(String[] args) {
    IdMigration.run(Path.of(args[0]), IdMigration.Target.STABLE_ID, false, true, 100);
  }

  /** A store with one legacy v2 id blob (and {@code filler} rows of 1 KB, to have many pages). */
  private Path storeWithALegacyId(int filler) throws Exception {
    Path db = temp.resolve("game.db");
    WorldStore.open(db, ClassNames.of(Map.of())).close();
    try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + db);
        Statement sql = connection.createStatement();
        PreparedStatement insert = connection.prepareStatement(
            "INSERT INTO properties (actor_id, component, name, value) VALUES (1, '', 'friend', ?)")) {
      sql.executeUpdate("INSERT INTO actors (id, world, class, name) VALUES (1, 'Arena', 'Pawn', 'Tiger')");
      insert.setBytes(1, IdArchives.encode(IdArchives.Layout.LEGACY_V2, List.of(StableId.of(77))));
      insert.executeUpdate();
      if (filler > 0) {
        sql.executeUpdate("CREATE TABLE filler (x BLOB)");
        sql.executeUpdate("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < " + filler + ")"
            + " INSERT INTO filler SELECT randomblob(1000) FROM n");
      }
    }
    return db;
  }

  private static byte[] blob(Path db) throws Exception {
    try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + db);
        Statement sql = connection.createStatement();
        ResultSet rows = sql.executeQuery("SELECT value FROM properties WHERE name = 'friend'")) {
      rows.next();
      return rows.getBytes(1);
    }
  }

  private List<String> names() throws IOException {
    try (Stream<Path> files = Files.list(temp)) {
      return files.map(path -> path.getFileName().toString()).filter(name -> !name.endsWith(".log")).sorted().toList();
    }
  }

  @Test
  void aStoreWrittenByANewerSchema_isNeitherMigratedNorBackedUp() throws Exception {
    Path db = storeWithALegacyId(0);
    try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + db);
        Statement sql = connection.createStatement()) {
      sql.executeUpdate("UPDATE overture_store SET value = '3' WHERE key = 'schema'");
    }
    byte[] before = Files.readAllBytes(db);

    PersistenceException e = assertThrows(PersistenceException.class,
        () -> IdMigration.run(db, IdMigration.Target.STABLE_ID, false, true, 10));

    assertEquals(db + " was written with store schema 3; this build knows schema 2 and leaves it as it is", e.getMessage());
    assertArrayEquals(before, Files.readAllBytes(db));
    assertEquals(List.of("game.db"), names(), "no backup");
  }

  @Test
  void nothingToConvert_makesNoBackup() throws Exception {
    Path db = storeWithALegacyId(0);
    IdMigration.run(db, IdMigration.Target.STABLE_ID, false, false, 10);

    IdMigration.Report again = IdMigration.run(db, IdMigration.Target.STABLE_ID, false, true, 10);

    assertEquals(Optional.empty(), again.backup());
    assertEquals(List.of("game.db"), names());
  }

  @Test
  void aBackupThatFails_leavesNoFileUnderItsName_andChangesNothing() throws Exception {
    Path db = storeWithALegacyId(2000);
    try (RandomAccessFile file = new RandomAccessFile(db.toFile(), "rw")) {
      file.seek(4096L * 300); // inside the filler table: the copy fails part-way
      byte[] garbage = new byte[4096 * 5];
      Arrays.fill(garbage, (byte) 0xFF);
      file.write(garbage);
    }
    byte[] blob = blob(db);

    PersistenceException e = assertThrows(PersistenceException.class,
        () -> IdMigration.run(db, IdMigration.Target.STABLE_ID, false, true, 10));

    assertTrue(e.getMessage().startsWith("Could not back up " + db + " to " + db + ".before-migrate-ids: "), e.getMessage());
    assertTrue(e.getMessage().endsWith("; no backup was made and nothing was changed"), e.getMessage());
    assertEquals(List.of("game.db"), names(), "neither an empty or partial backup, nor its temporary file");
    assertArrayEquals(blob, blob(db), "not migrated");
  }

  @Test
  @Tag(ChildJvm.TAG)
  void aBackupKilledBeforeItIsNamed_leavesNoBackup_andTheNextRunRemovesItsTemporary() throws Exception {
    Path db = storeWithALegacyId(0);
    byte[] legacy = blob(db);
    ChildJvm child = ChildJvm.holdingBeforeRename(temp, temp.resolve("child.log"), MigrateIdsReliabilityTest.class, db.toString());
    Path temporary = child.awaitHold();
    child.kill();

    assertFalse(Files.exists(temp.resolve("game.db.before-migrate-ids")), "no backup under its name");
    assertTrue(Files.exists(temporary), "only the copy under a temporary name: " + names());
    assertArrayEquals(legacy, blob(db), "nothing migrated: the backup comes first");

    IdMigration.Report report = IdMigration.run(db, IdMigration.Target.STABLE_ID, false, true, 10);

    assertEquals(List.of(temporary), report.leftovers());
    assertTrue(report.format().startsWith("Removed " + temporary + ", left behind by an earlier run that was stopped"
        + System.lineSeparator() + "Backup: " + db + ".before-migrate-ids"), report.format());
    assertEquals(List.of("game.db", "game.db.before-migrate-ids"), names());
    assertArrayEquals(legacy, blob(report.backup().orElseThrow()), "the backup is whole: it holds the legacy blob");
    assertEquals(1, report.converted());
  }
}
