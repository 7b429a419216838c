package dev.overture.asset;

import static dev.overture.asset.TestAssets.id;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.asset.LoadHandle.Status;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Cancelling a load, on manual executors: what it reads, what it releases, and the one outcome it has. */
class LoadCancellationTest extends ManualLoadFixture {

  @Test
  void cancel_beforeAnyRead_readsNothingAndReleasesEverything() {
    LoadHandle handle = assets.loadPrimaryAsset(id("Mode:Elimination"), "client");
    AtomicInteger cancelled = new AtomicInteger();
    AtomicInteger completed = new AtomicInteger();
    handle.onCancel(gameThread, cancelled::incrementAndGet);
    handle.onComplete(gameThread, result -> completed.incrementAndGet());

    assertTrue(handle.cancel());
    workers.runAll();
    gameThread.runAll();

    assertEquals(Status.CANCELLED, handle.status());
    assertEquals(1, cancelled.get());
    assertEquals(0, completed.get());
    assertEquals(0, source.totalReads(), "the queued read was abandoned");
    assertEquals(new AssetManager.Stats(0, 0, 0, 0, 0), assets.stats());
    assertThrows(CancellationException.class, () -> handle.future().join());
    assertFalse(handle.cancel(), "cancelling twice does nothing");
  }

  @Test
  void cancel_afterThePrimaryAssetLoaded_skipsItsReferences() {
    LoadHandle handle = assets.loadPrimaryAsset(id("Mode:Elimination"), "client");
    workers.runNext();
    assertEquals(1, source.totalReads());
    assertTrue(workers.queued() > 0, "references are queued");

    assertTrue(handle.cancel());
    workers.runAll();

    assertEquals(1, source.totalReads(), "queued references were abandoned");
    assertEquals(0, assets.stats().pinned());
    assertEquals(0, assets.stats().loaded());
    assertTrue(handle.progress() < 1.0);
  }

  @Test
  void cancel_midway_leavesSharedReadsToTheOtherLoad() {
    LoadHandle cancelled = assets.loadPrimaryAsset(id("Pawn:Hero"), "client");
    LoadHandle kept = assets.loadPrimaryAsset(id("Pawn:Hero"), "client");
    workers.runNext();

    cancelled.cancel();
    workers.runAll();

    assertEquals(Status.COMPLETED, kept.status());
    assertTrue(assets.getAsset(id("Pawn:Sidekick")).isPresent());
    source.allReads().forEach((file, reads) -> assertEquals(1, reads.get(), file));
    assertEquals(3, source.totalReads(), "Hero, Sidekick and the Hero's portrait");
  }

  @Test
  void cancel_afterCompletion_doesNothing_andNeverChangesTheOutcome() {
    LoadHandle handle = assets.loadPrimaryAsset(id("Mode:Base"));
    finish(handle);

    assertFalse(handle.cancel());
    assertEquals(Status.COMPLETED, handle.status());
    assertEquals(1.0, handle.progress());
  }

  @Test
  void cancellingTheFuture_cancelsTheLoad() {
    LoadHandle handle = assets.loadPrimaryAsset(id("Mode:Elimination"), "client");

    handle.future().cancel(false);
    workers.runAll();

    assertEquals(Status.CANCELLED, handle.status());
    assertEquals(0, source.totalReads());
  }

  @Test
  void cancel_racingCompletionOnAWorker_exactlyOneOutcomeWins() throws Exception {
    assets.close();
    assets = TestAssets.builder(source).workerThreads(2).build();
    for (int round = 0; round < 200; round++) {
      LoadHandle handle = assets.loadPrimaryAsset(id("Mode:Elimination"), "client");
      List<String> outcomes = java.util.Collections.synchronizedList(new ArrayList<>());
      java.util.concurrent.CountDownLatch decided = new java.util.concurrent.CountDownLatch(1);
      handle.onComplete(Runnable::run, result -> {
        outcomes.add("complete");
        decided.countDown();
      });
      handle.onCancel(Runnable::run, () -> {
        outcomes.add("cancel");
        decided.countDown();
      });
      handle.onFailure(Runnable::run, failure -> outcomes.add("failure"));

      boolean cancelled = handle.cancel();
      assertTrue(decided.await(10, java.util.concurrent.TimeUnit.SECONDS), "round " + round);

      assertEquals(List.of(cancelled ? "cancel" : "complete"), outcomes, "round " + round);
      assertEquals(cancelled ? Status.CANCELLED : Status.COMPLETED, handle.status());
      handle.release();
    }
    org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(10)).until(() -> assets.stats().loading() == 0);
    assertEquals(new AssetManager.Stats(0, 0, 0, 0, 0), assets.stats());
  }
}
