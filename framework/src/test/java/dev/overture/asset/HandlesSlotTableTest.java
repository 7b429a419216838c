package dev.overture.asset;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.testing.FakeTicker;
import dev.overture.testing.ManualExecutor;
import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** The slot table on its own: pins, reads released while they run, rejected reads, stale slots. */
class HandlesSlotTableTest {

  private static final PrimaryAssetId HERO = PrimaryAssetId.parse("Pawn:Hero");
  private final ManualExecutor workers = new ManualExecutor();
  private final FakeTicker ticker = new FakeTicker();

  private static Loaded loaded(Object value) {
    return Loaded.named(value, List.of(), "pawns/Hero.json", 10);
  }

  @Test
  void aReadReleasedWhileItRuns_isDroppedOnceItEnds_withoutRetention() {
    AtomicReference<SlotTable> table = new AtomicReference<>();
    AtomicReference<Slot> slot = new AtomicReference<>();
    table.set(new SlotTable(RetentionPolicy.none(), ticker, workers, key -> {
      table.get().unpin(slot.get()); // the only handle is released during the read
      return loaded("hero");
    }));
    SlotTable.Pin pin = table.get().pin(HERO);
    slot.set(pin.slot());

    workers.runAll();

    assertEquals("hero", pin.load().join().value(), "its waiters still get the value");
    assertNull(table.get().loadedValue(HERO));
    assertEquals(new AssetManager.Stats(0, 0, 0, 0, 0), table.get().stats(0));
  }

  @Test
  void aReadReleasedWhileItRuns_isRetainedOnceItEnds_underARetainingPolicy() {
    AtomicReference<SlotTable> table = new AtomicReference<>();
    AtomicReference<Slot> slot = new AtomicReference<>();
    table.set(new SlotTable(RetentionPolicy.maximumSize(5), ticker, workers, key -> {
      table.get().unpin(slot.get());
      return loaded("hero");
    }));
    SlotTable.Pin pin = table.get().pin(HERO);
    slot.set(pin.slot());

    workers.runAll();

    assertEquals("hero", table.get().loadedValue(HERO));
    assertEquals(new AssetManager.Stats(1, 0, 0, 1, 0), table.get().stats(0));
  }

  @Test
  void aFailedReadReleasedWhileItRuns_leavesNothingBehind() {
    AtomicReference<SlotTable> table = new AtomicReference<>();
    AtomicReference<Slot> slot = new AtomicReference<>();
    table.set(new SlotTable(RetentionPolicy.none(), ticker, workers, key -> {
      table.get().unpin(slot.get());
      throw new IllegalStateException("disk on fire");
    }));
    SlotTable.Pin pin = table.get().pin(HERO);
    slot.set(pin.slot());

    assertDoesNotThrow(workers::runAll);

    CompletionException e = assertThrows(CompletionException.class, () -> pin.load().join());
    assertEquals("disk on fire", e.getCause().getMessage());
    assertEquals(List.of(), table.get().snapshot(java.util.Map.of()).assets());
  }

  @Test
  void aFailedRead_failsItsWaiters_andTheTaskReturnsNormally() {
    SlotTable table = new SlotTable(RetentionPolicy.none(), ticker, workers, key -> {
      throw new IllegalStateException("bad bytes");
    });
    SlotTable.Pin pin = table.pin(HERO);
    LoadTask task = table.pendingTask(HERO);
    assertEquals("LoadTask[Pawn:Hero]", task.toString());

    assertDoesNotThrow(task::run);

    assertTrue(pin.load().isCompletedExceptionally());
    assertEquals("Slot[Pawn:Hero, failed, pins=1]", pin.slot().toString());
  }

  /**
   * Review: a read rethrew every Error but a stack overflow to the worker (an assertion, a class
   * its record could not load), where a world's hand-offs report those and go on. One policy now
   * (Failures.isFatal): only the virtual machine's own trouble passes through; the load fails either way.
   */
  @Test
  void onlyTheVirtualMachinesOwnErrorInARead_isRethrown() {
    SlotTable table = new SlotTable(RetentionPolicy.none(), ticker, workers, key -> {
      switch (AssetKey.label(key)) {
        case "Pawn:Hero" -> throw new OutOfMemoryError("heap");
        case "Pawn:Deep" -> throw new StackOverflowError("deep");
        case "Pawn:Assert" -> throw new AssertionError("failed");
        default -> throw new NoClassDefFoundError("plugin/Missing");
      }
    });
    SlotTable.Pin hero = table.pin(HERO);
    OutOfMemoryError error = assertThrows(OutOfMemoryError.class, () -> table.pendingTask(HERO).run());
    assertEquals("heap", error.getMessage());
    assertTrue(hero.load().isCompletedExceptionally());
    for (String name : List.of("Deep", "Assert", "Linkage")) {
      PrimaryAssetId id = PrimaryAssetId.parse("Pawn:" + name);
      SlotTable.Pin pin = table.pin(id);
      assertDoesNotThrow(() -> table.pendingTask(id).run(), name);
      assertTrue(pin.load().isCompletedExceptionally(), name);
    }
  }

  @Test
  void aRejectedRead_failsWithAProblemSayingWhy() {
    SlotTable table = new SlotTable(RetentionPolicy.none(), ticker, task -> {
      throw new RejectedExecutionException("full");
    }, key -> loaded("never"));

    SlotTable.Pin pin = table.pin(HERO);

    CompletionException e = assertThrows(CompletionException.class, () -> pin.load().join());
    AssetLoadException failure = (AssetLoadException) e.getCause();
    assertEquals("Overture/Rejected", failure.problems().get(0).id());
    assertEquals("The worker executor rejected the read of Pawn:Hero (it is shut down or its queue is full)",
        failure.problems().get(0).message());

    table.close();
    SlotTable.Pin after = table.pin(PrimaryAssetId.parse("Pawn:Other"));
    AssetLoadException closed = (AssetLoadException) assertThrows(CompletionException.class, () -> after.load().join()).getCause();
    assertEquals("The asset manager is closed", closed.problems().get(0).message());
  }

  @Test
  void aRejectedRead_isNotOfferedToAWaitingThread_norReadAnyway() {
    java.util.concurrent.atomic.AtomicInteger reads = new java.util.concurrent.atomic.AtomicInteger();
    SlotTable table = new SlotTable(RetentionPolicy.none(), ticker, task -> {
      throw new RejectedExecutionException("full");
    }, key -> {
      reads.incrementAndGet();
      return loaded("read after all");
    });

    SlotTable.Pin pin = table.pin(HERO);

    assertNull(table.pendingTask(HERO), "a refused read is not there for a waiting thread to run");
    assertTrue(pin.load().isCompletedExceptionally());
    ((LoadTask) pin.load()).run(); // whoever still holds it: running it does nothing
    assertEquals(0, reads.get());
  }

  @Test
  void unpinningMoreOftenThanPinned_isRefused_evenForARetainedSlot() {
    SlotTable table = new SlotTable(RetentionPolicy.maximumSize(5), ticker, workers, key -> loaded("hero"));
    SlotTable.Pin pin = table.pin(HERO);
    workers.runAll();
    table.unpin(pin.slot());
    assertEquals("hero", table.loadedValue(HERO), "retained");

    IllegalStateException e = assertThrows(IllegalStateException.class, () -> table.unpin(pin.slot()));
    assertTrue(e.getMessage().startsWith("unpinned more often than pinned: "), e.getMessage());
  }

  @Test
  void unpinningASlotOfBeforeClose_leavesTheNewSlotOfItsKeyAlone() {
    SlotTable table = new SlotTable(RetentionPolicy.none(), ticker, workers, key -> loaded("hero"));
    SlotTable.Pin old = table.pin(HERO);
    table.close();
    SlotTable.Pin fresh = table.pin(HERO);
    assertEquals(1, table.stats(0).pinned());

    table.unpin(old.slot());

    assertEquals(1, table.stats(0).pinned(), "the new slot keeps its pin");
    table.unpin(fresh.slot());
    assertEquals(0, table.stats(0).pinned());
  }

  @Test
  void aValuePutInForce_replacesTheLoadedOne() {
    SlotTable table = new SlotTable(RetentionPolicy.none(), ticker, workers, key -> loaded("old"));
    table.pin(HERO);
    workers.runAll();

    table.replaceValue(HERO, loaded("new"));

    assertEquals("new", table.loadedValue(HERO));
  }

  @Test
  void aStaleTaskOfAnUnpinnedSlot_doesNotDropAValuePutInForceMeanwhile() {
    SlotTable table = new SlotTable(RetentionPolicy.maximumSize(5), ticker, workers, key -> loaded("stale read"));
    SlotTable.Pin pin = table.pin(HERO);
    table.unpin(pin.slot()); // released before any worker started the read
    table.replaceValue(HERO, loaded("committed"));

    workers.runAll();

    assertEquals("committed", table.loadedValue(HERO));
  }

  @Test
  void aTaskOfASlotNothingPins_isAbandonedWithoutReading() {
    int[] reads = new int[1];
    SlotTable table = new SlotTable(RetentionPolicy.none(), ticker, workers, key -> {
      reads[0]++;
      return loaded("hero");
    });
    SlotTable.Pin pin = table.pin(HERO);
    table.unpin(pin.slot());

    workers.runAll();

    assertEquals(0, reads[0]);
    assertTrue(pin.load().isCancelled());
    assertEquals(new AssetManager.Stats(0, 0, 0, 0, 0), table.stats(0));
  }

  @Test
  void aSlotNamesItsState() {
    Slot slot = new Slot(HERO);
    assertEquals("Slot[Pawn:Hero, new, pins=0]", slot.toString());
    SlotTable table = new SlotTable(RetentionPolicy.none(), ticker, workers, key -> loaded("hero"));
    SlotTable.Pin pin = table.pin(HERO);
    assertEquals("Slot[Pawn:Hero, loading, pins=1]", pin.slot().toString());
    workers.runAll();
    assertEquals("Slot[Pawn:Hero, loaded, pins=1]", pin.slot().toString());
    assertSame(pin.slot(), table.pin(HERO).slot());
  }
}
