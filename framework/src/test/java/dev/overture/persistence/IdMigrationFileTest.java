package dev.overture.persistence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.archive.IdArchives;
import dev.overture.archive.IdArchives.Layout;
import dev.overture.id.StableId;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What only the migration of an SQLite file does: check the file, and back it up beside itself. */
class IdMigrationFileTest {

  @TempDir Path temp;

  @Test
  void aDatabaseThatIsNoStore_isRefusedBeforeAnythingIsDone_andBackupsNeverOverwriteEachOther() throws Exception {
    Path db = temp.resolve("game.db");
    WorldStore.open(db, ClassNames.of(Map.of())).close();
    try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + db);
        Statement sql = connection.createStatement();
        PreparedStatement insert = connection.prepareStatement("INSERT INTO properties (actor_id, component, name, value) VALUES (1, '', 'v2', ?)")) {
      sql.executeUpdate("INSERT INTO actors (id, world, class, name) VALUES (1, 'Arena', 'Tank', 'Tiger')");
      insert.setBytes(1, IdArchives.encode(Layout.LEGACY_V2, List.of(StableId.of(1001))));
      insert.executeUpdate();
    }
    Path other = temp.resolve("other.db");
    try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + other);
        Statement sql = connection.createStatement()) {
      sql.executeUpdate("CREATE TABLE notes (text TEXT)");
    }
    PersistenceException e = org.junit.jupiter.api.Assertions.assertThrows(PersistenceException.class,
        () -> IdMigration.run(other, IdMigration.Target.STABLE_ID, false, true, 10));
    assertEquals(other + " is not a world store: it has no properties table", e.getMessage());
    assertTrue(java.nio.file.Files.notExists(temp.resolve("other.db.before-migrate-ids")));

    assertEquals(temp.resolve("game.db.before-migrate-ids"),
        IdMigration.run(db, IdMigration.Target.V3, false, true, 10).backup().orElseThrow());
    assertEquals(temp.resolve("game.db.before-migrate-ids-2"),
        IdMigration.run(db, IdMigration.Target.STABLE_ID, false, true, 10).backup().orElseThrow());
  }
}
