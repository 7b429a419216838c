package dev.overture.persistence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.overture.world.ActorComponent;
import dev.overture.world.World;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A game.db written by the build before issue 21 (store schema 1: properties in SQLite's rowid
 * order, no world versions; the file {@code schema-1-game.db} was saved by that build) opens with
 * nothing to do by its owner: the store upgrades it to schema 2 on first use, in one transaction,
 * keeping every value and the save order, and every saved world starts at version 1.
 */
class Schema1StoreTest {

  @TempDir Path temp;
  private Path db;

  @BeforeEach
  void copyOfTheOldStore() throws Exception {
    db = temp.resolve("game.db");
    try (InputStream old = Schema1StoreTest.class.getResourceAsStream("schema-1-game.db")) {
      Files.copy(old, db);
    }
  }

  private List<String> column(String query) throws Exception {
    List<String> values = new ArrayList<>();
    try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + db);
        Statement sql = connection.createStatement();
        ResultSet rows = sql.executeQuery(query)) {
      while (rows.next()) {
        values.add(rows.getString(1));
      }
    }
    return values;
  }

  @Test
  void anOldStore_isAcceptedAsItIs_thenUpgradedWhenOpened_withEveryValueAndTheSaveOrder() throws Exception {
    WorldStore.check(db); // a tool may still check it before anything writes it
    assertEquals(List.of("1"), column("SELECT value FROM overture_store WHERE key = 'schema'"));

    try (WorldStore store = WorldStore.open(db, WorldStoreTest.CLASSES)) {
      World arena = World.builder("Arena").ids(store.ids()).gameState(WorldStoreTest.Match.class).build();
      WorldStore.Restored restored = store.restore(arena);

      assertEquals(List.of(), restored.warnings());
      assertEquals(3, restored.actors());
      assertEquals(1, restored.version());
      assertEquals(3, ((WorldStoreTest.Match) arena.gameState()).round);
      WorldStoreTest.Tank tank = arena.actors(WorldStoreTest.Tank.class).get(0);
      assertEquals("Tiger", tank.name());
      assertEquals(5_000_000_000L, tank.fuel);
      assertEquals("Łódź-7", tank.callsign);
      assertEquals(WorldStoreTest.Mood.ANGRY, tank.mood);
      assertEquals(new WorldStoreTest.Loadout("cannon", 40), tank.loadout);
      assertEquals(87.5, tank.turret.angle);
      assertEquals(List.of("Turret", "Radio"), tank.components().stream().map(ActorComponent::name).toList());

      World outpost = World.builder("Outpost").ids(store.ids()).build();
      assertEquals(1, store.restore(outpost).version());
      assertEquals("Welcome", outpost.actors(WorldStoreTest.StringHolder.class).get(0).text);

      tank.ammo = 1;
      assertEquals(2, store.save(arena).version(), "a save builds on the version the upgrade gave it");
    }

    assertEquals(List.of("2"), column("SELECT value FROM overture_store WHERE key = 'schema'"));
    assertEquals(List.of("ammo", "fuel", "armor", "burning", "callsign", "mood", "target", "squad", "crew", "loadout", "kills", "angle",
        "channel"), column("SELECT p.name FROM properties p JOIN actors a ON a.id = p.actor_id WHERE a.name = 'Tiger'"
            + " ORDER BY p.position"), "the order they were saved in");
    assertEquals(List.of("Arena 2", "Outpost 1"), column("SELECT name || ' ' || version FROM worlds ORDER BY name"));
  }

  @Test
  void aServerThatDidNotRestoreAnUpgradedWorld_cannotOverwriteIt() {
    try (WorldStore store = WorldStore.open(db, WorldStoreTest.CLASSES)) {
      World fresh = World.builder("Arena").ids(store.ids()).build();

      SaveConflictException e = assertThrows(SaveConflictException.class, () -> store.save(fresh));

      assertEquals(1, e.foundVersion());
    }
  }
}
