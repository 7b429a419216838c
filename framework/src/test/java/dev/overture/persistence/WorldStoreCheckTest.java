package dev.overture.persistence;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link WorldStore#check}: what a tool hears before it reads or replaces a file a user named as a
 * game.db, for every kind of file that is not one this build can read, and that checking changes
 * nothing.
 */
class WorldStoreCheckTest {

  @TempDir Path temp;

  private static String refusal(Path file) {
    return assertThrows(PersistenceException.class, () -> WorldStore.check(file)).getMessage();
  }

  private Path sqlite(String name, String... statements) throws Exception {
    Path file = temp.resolve(name);
    try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + file);
        Statement sql = connection.createStatement()) {
      for (String statement : statements) {
        sql.executeUpdate(statement);
      }
    }
    return file;
  }

  @Test
  void aStoreThisBuildWrote_passes_andIsNotChanged() throws Exception {
    Path db = temp.resolve("game.db");
    WorldStore.open(db, ClassNames.of(Map.of())).close();
    byte[] before = Files.readAllBytes(db);

    WorldStore.check(db);

    assertArrayEquals(before, Files.readAllBytes(db));
  }

  @Test
  void whatIsNotAFile_isNamedForWhatItIs() throws Exception {
    Path folder = Files.createDirectory(temp.resolve("saves"));
    Path missing = temp.resolve("none.db");
    Path dangling = Files.createSymbolicLink(temp.resolve("dangling.db"), temp.resolve("gone.db"));

    assertEquals(folder + " is a folder, not a world store", refusal(folder));
    assertEquals(missing + ": no such file", refusal(missing));
    assertEquals(dangling + " is not a regular file (a device, a pipe or a socket, or a link to nothing), not a world store",
        refusal(dangling));
  }

  private Path pipe(String name) throws Exception {
    Path pipe = temp.resolve(name);
    assertEquals(0, new ProcessBuilder("mkfifo", pipe.toString()).start().waitFor(), "mkfifo");
    return pipe;
  }

  /**
   * Review (plugins) D1, a sibling: SQLite opening a named pipe waits for a writer forever, as the
   * settings lock did, so a pipe as game.db, or as the journal or log SQLite opens beside it, hung
   * the store's open and check. They are refused from their attributes; the timeout runs the test on
   * a thread of its own, so that a hang fails it instead of stopping the build.
   */
  @Test
  @org.junit.jupiter.api.Timeout(value = 60, threadMode = org.junit.jupiter.api.Timeout.ThreadMode.SEPARATE_THREAD)
  void aNamedPipeAsTheDatabaseOrBesideIt_isRefusedUnopened() throws Exception {
    Path pipe = pipe("piped.db");
    Path db = temp.resolve("game.db");
    WorldStore.open(db, ClassNames.of(Map.of())).close();
    Path wal = pipe("game.db-wal");

    PersistenceException opening = assertThrows(PersistenceException.class, () -> WorldStore.open(pipe, ClassNames.of(Map.of())));
    PersistenceException reopening = assertThrows(PersistenceException.class, () -> WorldStore.open(db, ClassNames.of(Map.of())));

    assertEquals(pipe + " is a named pipe, not a regular file; it was not opened", opening.getMessage());
    assertEquals(wal + " is a named pipe, not a regular file; it was not opened (SQLite opens it beside game.db; remove it)",
        reopening.getMessage());
    assertEquals(reopening.getMessage(), refusal(db));
  }

  @Test
  void aFileThatIsNotAStore_isNamedForWhatItHolds() throws Exception {
    Path empty = Files.createFile(temp.resolve("empty.db"));
    Path text = Files.writeString(temp.resolve("notes.db"), "these are not the saves you are looking for");
    Path shortText = Files.writeString(temp.resolve("short.db"), "SQLite");
    Path bare = sqlite("bare.db", "PRAGMA user_version = 1");
    Path other = sqlite("other.db", "CREATE TABLE scores (name TEXT)", "CREATE TABLE teams (name TEXT)");

    assertEquals(empty + " is not a world store: it is empty", refusal(empty));
    assertEquals(text + " is not a world store: it is not an SQLite database", refusal(text));
    assertEquals(shortText + " is not a world store: it is not an SQLite database", refusal(shortText));
    assertEquals(bare + " is an SQLite database but not an Overture world store (it holds no table)", refusal(bare));
    assertEquals(other + " is an SQLite database but not an Overture world store (it holds the tables scores, teams)",
        refusal(other));
  }

  @Test
  void aStoreOfANewerSchema_isRefused_andLeftAsItIs() throws Exception {
    Path db = temp.resolve("game.db");
    WorldStore.open(db, ClassNames.of(Map.of())).close();
    try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + db);
        Statement sql = connection.createStatement()) {
      sql.executeUpdate("UPDATE overture_store SET value = '3' WHERE key = 'schema'");
    }
    byte[] before = Files.readAllBytes(db);

    assertEquals(db + " was written with store schema 3; this build knows schema 2 and leaves it as it is", refusal(db));
    assertArrayEquals(before, Files.readAllBytes(db));
  }

  @Test
  void aStoreWhoseSchemaRowWasChangedOrRemoved_isRefusedInWords_byTheCheckAndByOpening() throws Exception {
    for (String tamper : new String[] {"UPDATE overture_store SET value = '-1' WHERE key = 'schema'", "DELETE FROM overture_store"}) {
      Path db = temp.resolve("game.db");
      Files.deleteIfExists(db);
      WorldStore.open(db, ClassNames.of(Map.of())).close();
      try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + db);
          Statement sql = connection.createStatement()) {
        sql.executeUpdate(tamper);
      }
      byte[] before = Files.readAllBytes(db);
      // Opening upgraded it from schema 1, and failed half way on "duplicate column name: position".
      String expected = tamper.startsWith("UPDATE")
          ? db + " names store schema -1, which no build writes (1 to 2); it was left as it is"
          : db + " names store schema 1 (or none) in overture_store, but its tables are those of a later schema (it has a worlds"
              + " table); its schema row was changed or removed, so it was left as it is";

      assertEquals(expected, refusal(db), tamper);
      PersistenceException opening = assertThrows(PersistenceException.class, () -> WorldStore.open(db, ClassNames.of(Map.of())));
      assertTrue(opening.getMessage().contains(expected), opening.getMessage());
      assertArrayEquals(before, Files.readAllBytes(db));
    }
  }

  /** Review of the ids branch, finding 9: a store missing a table passed the check, then failed with raw SQL. */
  @Test
  void aStoreMissingATableOfItsSchema_isRefusedInWords_byTheCheckAndByOpening() throws Exception {
    Path db = temp.resolve("h.db");
    WorldStore.open(db, ClassNames.of(Map.of())).close();
    try (Connection connection = DriverManager.getConnection(dev.overture.internal.SqliteUrls.of(db));
        Statement sql = connection.createStatement()) {
      sql.executeUpdate("DROP TABLE worlds");
    }
    String refused = db + " names store schema 2 but has no worlds table; it was left as it is";

    assertEquals(refused, refusal(db));
    assertEquals(refused, assertThrows(PersistenceException.class, () -> WorldStore.open(db, ClassNames.of(Map.of()))).getMessage());
    try (Connection connection = DriverManager.getConnection(dev.overture.internal.SqliteUrls.of(db));
        Statement sql = connection.createStatement()) {
      sql.executeUpdate("DROP TABLE components");
    }
    assertEquals(db + " names store schema 2 but has no tables components, worlds; it was left as it is", refusal(db));
  }
}
