package dev.overture.persistence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.overture.object.Property;
import dev.overture.world.Pawn;
import dev.overture.world.World;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A store damaged on the disk is refused in words, naming the file, never with a null pointer. A
 * hostile review flipped one byte of a saved game.db at a time: a property row whose actor id no
 * longer agreed with its index entry made {@code play --restore} fail with {@code Cannot read field
 * "properties" because the return value of "java.util.Map.get(Object)" is null}. SQLite only: the
 * damage is made in SQLite's file format.
 */
class DamagedStoreTest {

  /**
   * An actor with a property whose name is found in the file, after a dozen others in the index: the
   * index's entries are mostly this actor's, and the marked one is the last.
   */
  public static class Marked extends Pawn {
    @Property int a1 = 1;
    @Property int a2 = 2;
    @Property int a3 = 3;
    @Property int a4 = 4;
    @Property int a5 = 5;
    @Property int a6 = 6;
    @Property int a7 = 7;
    @Property int a8 = 8;
    @Property int a9 = 9;
    @Property int b1 = 10;
    @Property int b2 = 11;
    @Property int b3 = 12;
    @Property int zqxMarkedValue = 13;
  }

  @TempDir Path temp;

  @Test
  void aRowThatDisagreesWithItsIndex_isRefusedAsDamage_namingTheStore() throws Exception {
    Path db = temp.resolve("game.db");
    ClassNames classes = ClassNames.of(Map.of("Marked", Marked.class));
    try (WorldStore store = WorldStore.open(db, classes)) {
      World world = World.builder("Arena").ids(store.ids()).build();
      world.spawnActor(Pawn.class, "First"); // the marked one's id is then above 1, which SQLite writes in a byte of its own
      world.spawnActor(Marked.class, "Marked");
      store.save(world);
    }
    damageActorIdOfPropertyIndexEntry(db, "zqxMarkedValue");

    try (WorldStore store = WorldStore.open(db, classes)) {
      World world = World.builder("Arena").ids(store.ids()).build();
      PersistenceException e = assertThrows(PersistenceException.class, () -> store.restore(world));

      assertEquals("Cannot read world Arena in " + db + ": it is damaged: a property row names actor -4, which is not one of the"
          + " world's actors, though it was found through one (a row and its index disagree); nothing was restored; check the"
          + " database (on SQLite, PRAGMA integrity_check lists what is damaged)", e.getMessage());
    }
  }

  /**
   * Changes the actor id in the index entry of the property {@code name} (not in its table row) to
   * -4, as the review's flipped byte did: in SQLite's record format both are the actor id, a
   * one-byte integer, then the component, empty for an actor's own property, then the name; the
   * table row goes on with the position (no byte for 0, one for a small one) and the value, an
   * archive that starts with the version words 522 and 1009 ({@code 0A 02 00 00 F1 03 00 00}),
   * the index entry with the row's number. A search of the index for the actor's id finds the first
   * of its entries (the damaged last one lies outside the binary search's path) and walks on while the
   * ids are not above the actor's, so it meets the damaged entry, and reads the actor id from it.
   */
  private static void damageActorIdOfPropertyIndexEntry(Path db, String name) throws Exception {
    byte[] bytes = Files.readAllBytes(db);
    byte[] marker = name.getBytes(StandardCharsets.US_ASCII);
    for (int at = 1; at + marker.length <= bytes.length; at++) {
      if (java.util.Arrays.equals(bytes, at, at + marker.length, marker, 0, marker.length)
          && !startsAnArchive(bytes, at + marker.length)) {
        bytes[at - 1] = (byte) -4;
        Files.write(db, bytes);
        return;
      }
    }
    throw new AssertionError("the index entry of " + name + " was not found in " + db);
  }

  /** The UE4 and UE5 version words of an archive, 522 and 1009: no page of SQLite's starts so. */
  private static final byte[] ARCHIVE_START = {0x0A, 0x02, 0, 0, (byte) 0xF1, 0x03, 0, 0};

  private static boolean startsAnArchive(byte[] bytes, int at) {
    for (int start = at; start <= at + 1 && start + ARCHIVE_START.length <= bytes.length; start++) {
      if (java.util.Arrays.equals(bytes, start, start + ARCHIVE_START.length, ARCHIVE_START, 0, ARCHIVE_START.length)) {
        return true;
      }
    }
    return false;
  }
}
