package dev.overture.persistence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.world.Pawn;
import dev.overture.world.World;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a store refuses before it touches the database: the wrong ids, bad settings (the wrong thread is
 * {@link WorldStoreThreadingTest}'s).
 */
class WorldStoreGuardsTest {

  @TempDir Path temp;
  private WorldStore store() {
    return WorldStore.open(temp.resolve("worlds.db"), ClassNames.of(Map.of()));
  }

  @Test
  void restoringIntoAWorldWithOtherIds_isRefused_soNoLaterSpawnCanTakeARestoredId() {
    try (WorldStore store = store()) {
      World saved = World.builder("Arena").ids(store.ids()).build();
      saved.spawnActor(dev.overture.world.Actor.class, "Crate");
      store.save(saved);
      World other = World.builder("Arena").build(); // the in-memory allocator: ids 1, 2, 3...

      for (org.junit.jupiter.api.function.Executable restore
          : List.<org.junit.jupiter.api.function.Executable>of(() -> store.restore(other), () -> store.restoreAsync(other))) {
        PersistenceException refused = assertThrows(PersistenceException.class, restore);
        assertEquals("World Arena takes its ids from another allocator, so they could collide with this store's; build it with"
            + " World.builder(name).ids(store.ids())", refused.getMessage());
      }
      assertEquals(List.of(), other.actors(dev.overture.world.Actor.class).stream()
          .filter(actor -> actor.name().equals("Crate")).toList(), "nothing restored");
    }
  }

  @Test
  void saveAsync_ofAWorldWithOtherIds_isRefusedAtOnce_notAsAFailedFuture() {
    try (WorldStore store = store()) {
      World world = World.builder("Arena").build();

      PersistenceException refused = assertThrows(PersistenceException.class, () -> store.saveAsync(world));

      assertEquals("World Arena takes its ids from another allocator, so they could collide with this store's; build it with"
          + " World.builder(name).ids(store.ids())", refused.getMessage());
    }
  }

  @Test
  void idBlockSize_belowOne_isRefused() {
    WorldStore.Builder builder = WorldStore.builder(temp.resolve("worlds.db"));

    assertEquals("id block size < 1: 0", assertThrows(IllegalArgumentException.class, () -> builder.idBlockSize(0)).getMessage());
    assertEquals("id block size < 1: -5", assertThrows(IllegalArgumentException.class, () -> builder.idBlockSize(-5)).getMessage());
    builder.idBlockSize(1).open(ClassNames.of(Map.of())).close();
  }

  @Test
  void idBlockSize_isHowManyIdsAServerTakesAtOnce_soAnotherServersIdsStartPastTheBlock() {
    long first;
    long next;
    try (WorldStore big = WorldStore.builder(temp.resolve("worlds.db")).idBlockSize(1000).open(ClassNames.of(Map.of()))) {
      first = World.builder("A").ids(big.ids()).build().spawnActor(Pawn.class, "One").stableId().value();
      try (WorldStore second = WorldStore.builder(temp.resolve("worlds.db")).idBlockSize(1).open(ClassNames.of(Map.of()))) {
        next = World.builder("B").ids(second.ids()).build().spawnActor(Pawn.class, "Two").stableId().value();
      }
    }
    assertTrue(next >= first + 1000, "the first server's block of 1,000 is its own: " + first + ", then " + next);
  }

  @Test
  void aMigrationTarget_isParsedWhateverItsCase_andAnUnknownOneNamesTheChoices() {
    assertEquals(IdMigration.Target.V3, IdMigration.Target.parse("v3"));
    assertEquals(IdMigration.Target.STABLE_ID, IdMigration.Target.parse("Stable-ID"));
    assertEquals("stable-id", IdMigration.Target.STABLE_ID.option());
    assertEquals("v3", IdMigration.Target.V3.option());
    assertEquals("'v4' is not a target (v3, stable-id)",
        assertThrows(IllegalArgumentException.class, () -> IdMigration.Target.parse("v4")).getMessage());
  }
}
