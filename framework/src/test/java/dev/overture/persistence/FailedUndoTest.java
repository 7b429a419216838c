package dev.overture.persistence;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.world.World;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteDataSource;

/**
 * A save that fails on a full disk says so, although its rollback fails too: SQLite cancels the
 * transaction itself when the disk fills up, and the store's own rollback then fails with "cannot
 * rollback - no transaction is active", which used to be all a user read ({@code play --save} on a
 * full disk: {@code Failed saving world Sample in game.db: [SQLITE_ERROR] SQL error or missing
 * database (cannot rollback - no transaction is active)}). SQLite only: the full disk is SQLite's
 * {@code max_page_count}, which SQLite treats as a full disk, cancelling the transaction itself.
 */
class FailedUndoTest {

  @TempDir Path temp;

  @Test
  void aSaveOnAFullDisk_saysTheDiskIsFull_whenItsRollbackFailsToo() {
    SQLiteConfig config = new SQLiteConfig();
    config.setPragma(SQLiteConfig.Pragma.MAX_PAGE_COUNT, "16"); // the schema fits, a world of 2,000 actors does not
    SQLiteDataSource sqlite = new SQLiteDataSource(config);
    sqlite.setUrl("jdbc:sqlite:" + temp.resolve("full.db"));
    try (WorldStore store = WorldStore.builder(sqlite).name("full.db").open(WorldStoreTest.CLASSES)) {
      World world = World.builder("Arena").ids(store.ids()).build();
      for (int i = 0; i < 2_000; i++) {
        world.spawnActor(WorldStoreTest.Tank.class, "Tank" + i);
      }

      PersistenceException e = assertThrows(PersistenceException.class, () -> store.save(world));

      assertTrue(e.getMessage().startsWith("Failed saving world Arena in full.db: [SQLITE_FULL]"), e.getMessage());
      assertTrue(e.getCause().getSuppressed()[0].getMessage().endsWith("(cannot rollback - no transaction is active)"),
          "the failed undo is kept, beside its cause");
    }
  }
}
