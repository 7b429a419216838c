package dev.overture.world;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.overture.id.StableId;
import dev.overture.id.StableIdAllocator;
import dev.overture.object.ObjectFactory;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** What a world is built with: its name, its network mode, where its ids come from and which factory builds its objects. */
class WorldBuilderTest {

  static class Crate extends Actor {}

  @Test
  void aWorld_isStandaloneByDefault_andKeepsTheModeItIsGiven() throws Exception {
    World standalone = World.builder("Solo").build();
    World server = World.builder("Match-1").netMode(NetMode.DEDICATED_SERVER).build();

    assertEquals(NetMode.STANDALONE, standalone.netMode());
    assertEquals("Solo", standalone.name());
    ExecutorService other = Executors.newSingleThreadExecutor();
    try {
      assertEquals(NetMode.DEDICATED_SERVER, other.submit(server::netMode).get(10, TimeUnit.SECONDS), "any thread");
    } finally {
      other.shutdownNow();
    }
  }

  @Test
  void worldsGivenOneAllocator_takeTheirActorsIdsFromIt_soTheyNeverRepeat() {
    StableIdAllocator allocator = StableIdAllocator.inMemory();
    StableId takenBefore = allocator.next();

    World first = World.builder("First").ids(allocator).objects(ObjectFactory.create()).build();
    World second = World.builder("Second").ids(allocator).build();
    Crate crate = first.spawnActor(Crate.class, "Crate");

    assertSame(allocator, first.ids());
    assertSame(allocator, second.ids());
    assertEquals(StableId.of(takenBefore.value() + 1), first.gameState().stableId());
    assertEquals(StableId.of(takenBefore.value() + 2), second.gameState().stableId());
    assertEquals(StableId.of(takenBefore.value() + 3), crate.stableId());
    assertEquals(StableId.of(takenBefore.value() + 4), allocator.next());
  }

  @Test
  void worldsGivenOneFactory_shareIt_andAWorldWithoutOneHasItsOwn() {
    ObjectFactory shared = ObjectFactory.create();

    World first = World.builder("First").objects(shared).ids(StableIdAllocator.inMemory()).build();
    World second = World.builder("Second").objects(shared).build();
    World own = World.builder("Own").build();

    assertSame(shared, first.objects());
    assertSame(shared, second.objects());
    assertNotSame(shared, own.objects());
    assertNotSame(World.builder("Other").build().objects(), own.objects());
  }

  @Test
  void aWorldNeedsAName() {
    assertEquals("a world needs a name", assertThrows(IllegalArgumentException.class, () -> World.builder(" ")).getMessage());
    assertEquals("name", assertThrows(NullPointerException.class, () -> World.builder(null)).getMessage());
  }
}
