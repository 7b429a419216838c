package dev.overture.persistence;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link WorldStore#copy}: a copy that cannot be written is said as such, never as a store that
 * cannot be read. A hostile review found {@code play --save game.db} on a full disk saying {@code
 * --save game.db cannot be read: [SQLITE_FULL] ...}: the working copy beside it could not be
 * written, and game.db was whole.
 */
class StoreCopyTest {

  @TempDir Path temp;

  @Test
  void aCopyThatCannotBeWritten_isSaidOfWhereItGoes_andTheStoreIsUntouched() throws Exception {
    Path db = temp.resolve("game.db");
    WorldStore.open(db, ClassNames.of(Map.of())).close();
    byte[] before = Files.readAllBytes(db);
    Path into = temp.resolve("gone").resolve("copy.db"); // a folder that is not there: SQLite cannot open the copy

    PersistenceException e = assertThrows(PersistenceException.class, () -> WorldStore.copy(db, into));

    assertTrue(e.getMessage().startsWith(db + " cannot be copied: the copy cannot be written in " + temp.resolve("gone")
        + " ([SQLITE_CANTOPEN]"), e.getMessage());
    assertTrue(e.getMessage().endsWith("; " + db + " was left as it is"), e.getMessage());
    assertArrayEquals(before, Files.readAllBytes(db));
  }

  @Test
  void aStoreThatCannotBeRead_isStillSaidToBe() throws Exception {
    Path db = temp.resolve("game.db");
    WorldStore.open(db, ClassNames.of(Map.of())).close();
    byte[] bytes = Files.readAllBytes(db);
    Files.write(db, java.util.Arrays.copyOf(bytes, bytes.length / 2)); // its last pages gone

    PersistenceException e = assertThrows(PersistenceException.class, () -> WorldStore.copy(db, temp.resolve("copy.db")));

    assertEquals(db + " cannot be read: [SQLITE_CORRUPT] The database disk image is malformed (database disk image is malformed)",
        e.getMessage());
  }
}
