package dev.overture.persistence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.overture.world.World;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * close() called from a save's completion, which runs on the store's own thread once its world has
 * closed: it cannot wait there for what is queued behind that callback; it stops the thread once the
 * queue has drained, and the save asked for before it still finishes.
 */
class CloseFromStoreThreadTest {

  @TempDir Path temp;
  private Backend.Place place;

  @BeforeEach
  void database() {
    place = Backend.SQLITE.fresh(temp);
  }

  @AfterEach
  void closeDatabase() {
    place.close();
  }

  @Test
  void closeFromTheFirstSavesCompletion_returnsPromptly_andTheQueuedSecondSaveFinishes() throws Exception {
    WorldStore store = place.builder().open(SeveralWritersTest.CLASSES);
    World world = World.builder("Match").ids(store.ids()).build();
    world.spawnActor(SeveralWritersTest.Flag.class, "Flag").owner = "Match";
    CompletableFuture<WorldStore.Saved> first = store.saveAsync(world);
    CompletableFuture<WorldStore.Saved> second = store.saveAsync(world);
    world.close(); // the saves' futures now complete on the store's thread
    String[] closer = {null};
    CompletableFuture<Void> closedInCallback = first.thenRun(() -> {
      closer[0] = Thread.currentThread().getName();
      store.close();
    });
    closedInCallback.get(1, TimeUnit.MINUTES);
    assertEquals("overture-store", closer[0]);
    second.handle((v, e) -> null).get(1, TimeUnit.MINUTES);

    assertFalse(second.isCompletedExceptionally(), "the save asked before close: " + second);
    assertEquals(2, second.join().version());
  }
}
