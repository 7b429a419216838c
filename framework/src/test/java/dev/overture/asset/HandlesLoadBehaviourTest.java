package dev.overture.asset;

import static dev.overture.asset.TestAssets.id;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.asset.LoadHandle.Status;
import dev.overture.testing.FakeTicker;
import dev.overture.testing.ManualExecutor;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a load hands back and keeps, seen through the public API with a manual executor and ticker. */
class HandlesLoadBehaviourTest {

  @TempDir Path temp;
  private final ManualExecutor workers = new ManualExecutor();
  private final ManualExecutor gameThread = new ManualExecutor();
  private final FakeTicker ticker = new FakeTicker();
  private AssetManager assets;

  private AssetManager manager(RetentionPolicy policy) {
    Path root = TestAssets.game().writeTo(temp.resolve("assets"));
    assets = TestAssets.builder(AssetSource.directory(root)).executor(workers).ticker(ticker).retention(policy).build();
    return assets;
  }

  @AfterEach
  void tearDown() {
    if (assets != null) {
      assets.close();
    }
  }

  @Test
  void aLoadingHandle_isNotDone_andReportsNoProblemsYet() {
    manager(RetentionPolicy.none());
    LoadHandle handle = assets.loadPrimaryAsset(id("Pawn:Villain"));

    assertFalse(handle.isDone());
    assertEquals(List.of(), handle.problems());
    assertEquals("LoadHandle[Pawn:Villain, LOADING, 0/1]", handle.toString());

    workers.runAll();
    assertTrue(handle.isDone());
    assertEquals("LoadHandle[Pawn:Villain, COMPLETED, 1/1]", handle.toString());
    assertEquals("LoadResult[[Pawn:Villain], 0 warnings, 0 ms]", handle.future().join().toString());
  }

  @Test
  void aCompletedLoad_pinsWhatItReached_untilReleased() {
    manager(RetentionPolicy.none());
    LoadHandle handle = assets.loadPrimaryAsset(id("Pawn:Hero"), "client");
    workers.runAll();

    assertEquals(Status.COMPLETED, handle.status());
    assertTrue(assets.getAsset(id("Pawn:Sidekick")).isPresent());
    assertEquals(3, assets.stats().pinned());
    handle.release();
    assertEquals(0, assets.stats().pinned());
    assertEquals(Optional.empty(), assets.getAsset(id("Pawn:Hero")));
  }

  @Test
  void aCallbackOnTheCompletingThread_alreadySeesTheAssetsInTheManager() {
    manager(RetentionPolicy.none());
    List<Boolean> seen = new ArrayList<>();
    LoadHandle handle = assets.loadPrimaryAsset(id("Pawn:Villain"));
    handle.onComplete(Runnable::run, result -> seen.add(assets.getAsset(id("Pawn:Villain")).isPresent()));

    workers.runAll();

    assertEquals(List.of(true), seen);
  }

  @Test
  void aCancelledLoad_keepsTheProgressItHad_asLaterReadsAreSkipped() {
    manager(RetentionPolicy.none());
    LoadHandle handle = assets.loadPrimaryAsset(id("Mode:Elimination"), "client");
    workers.runNext();
    double before = handle.progress();
    assertTrue(before > 0 && before < 1, "progress " + before);

    assertTrue(handle.cancel());
    workers.runAll();

    assertEquals(before, handle.progress());
    assertEquals(Status.CANCELLED, handle.status());
  }

  @Test
  void anUpdateCallbackRegisteredMidLoad_getsTheProgressAtOnce() {
    manager(RetentionPolicy.none());
    LoadHandle handle = assets.loadPrimaryAsset(id("Mode:Elimination"), "client");
    workers.runNext();
    List<Double> values = new ArrayList<>();

    handle.onUpdate(gameThread, values::add);
    gameThread.runAll();

    assertEquals(List.of(handle.progress()), values);
    assertTrue(values.get(0) > 0);
  }

  @Test
  void updatesAreCoalesced_oneQueuedPerCallback_plusTheFinalOne() {
    manager(RetentionPolicy.none());
    LoadHandle handle = assets.loadPrimaryAsset(id("Mode:Elimination"), "client");
    List<Double> values = new ArrayList<>();
    handle.onUpdate(gameThread, values::add);

    workers.runAll();

    assertEquals(Status.COMPLETED, handle.status());
    assertEquals(2, gameThread.queued(), "one pending update, coalesced, and the final 1.0");
    gameThread.runAll();
    assertEquals(List.of(1.0), values);
  }

  @Test
  void updatesNeverRepeatAValue_whenTheFractionDips() throws Exception {
    Path root = dev.overture.testing.Content.of()
        .file("pawns/A.json", "{ \"name\": \"A\", \"friends\": [\"B\"] }")
        .file("pawns/B.json", "{ \"name\": \"B\", \"friends\": [\"C\", \"D\", \"E\", \"F\"] }")
        .file("pawns/C.json", "{ \"name\": \"C\" }")
        .file("pawns/D.json", "{ \"name\": \"D\" }")
        .file("pawns/E.json", "{ \"name\": \"E\" }")
        .file("pawns/F.json", "{ \"name\": \"F\" }")
        .writeTo(temp.resolve("dips"));
    assets = TestAssets.builder(AssetSource.directory(root)).executor(workers).ticker(ticker).build();
    LoadHandle handle = assets.loadPrimaryAsset(id("Pawn:A"), "client");
    List<Double> values = new ArrayList<>();
    handle.onUpdate(gameThread, values::add);
    gameThread.runAll();

    workers.runNext(); // A: 1 of 2
    gameThread.runAll();
    workers.runNext(); // B: 2 of 6, below what was reported
    gameThread.runAll();
    workers.runAll();
    gameThread.runAll();

    assertEquals(List.of(0.5, 1.0), values.stream().filter(v -> v > 0).toList());
  }

  @Test
  void aLoadTiming_stopsWhenItEnds_onATickerAtZeroOrBelow() {
    // System.nanoTime() may read negative: a load that ended is timed to its end all the same.
    for (long start : new long[] {0, -Duration.ofHours(1).toNanos(), Long.MIN_VALUE / 2}) {
      long[] now = {start};
      Path root = TestAssets.game().writeTo(temp.resolve("assets" + Math.abs(start)));
      try (AssetManager manager =
          TestAssets.builder(AssetSource.directory(root)).executor(workers).ticker(() -> now[0]).build()) {
        LoadHandle handle = manager.loadPrimaryAsset(id("Pawn:Villain"));
        now[0] += Duration.ofMillis(40).toNanos();
        assertEquals(Duration.ofMillis(40), handle.elapsed(), "still loading, from " + start);
        workers.runAll();
        now[0] += Duration.ofSeconds(5).toNanos();
        assertEquals(Duration.ofMillis(40), handle.elapsed(), "ended, from " + start);

        LoadHandle cancelled = manager.loadPrimaryAsset(id("Pawn:Hero"));
        now[0] += Duration.ofMillis(7).toNanos();
        cancelled.cancel();
        now[0] += Duration.ofSeconds(5).toNanos();
        assertEquals(Duration.ofMillis(7), cancelled.elapsed(), "cancelled, from " + start);
        workers.runAll();
      }
    }
  }

  @Test
  void pinnedAssets_areNeverEvicted_norExpired_byTheRetentionPolicy() {
    manager(RetentionPolicy.maximumSize(1).expireAfterAccess(Duration.ofMinutes(1)));
    LoadHandle handle = assets.loadPrimaryAssets(List.of(id("Pawn:Villain"), id("Pawn:Hero"), id("Mode:Base")), List.of());
    workers.runAll();
    ticker.advance(Duration.ofMinutes(5));

    assertEquals(3, assets.stats().loaded());
    assertTrue(assets.getAsset(id("Pawn:Villain")).isPresent());
    assertTrue(assets.getAsset(id("Mode:Base")).isPresent());
    handle.release();
    assertEquals(1, assets.stats().retained(), "then at most one unpinned asset is kept");
  }

  @Test
  void retainedAssets_expireOnceIdle() {
    manager(RetentionPolicy.maximumSize(10).expireAfterAccess(Duration.ofMinutes(1)));
    LoadHandle handle = assets.loadPrimaryAsset(id("Pawn:Villain"));
    workers.runAll();
    handle.release();
    assertEquals(1, assets.stats().retained());

    ticker.advance(Duration.ofMinutes(2));

    assertEquals(0, assets.stats().retained());
    assertEquals(0, assets.snapshot().assets().size());
  }

  @Test
  void changingExtensions_dropsOnlyUnpinnedCopies() {
    manager(RetentionPolicy.maximumSize(10));
    LoadHandle held = assets.loadPrimaryAsset(id("Pawn:Hero"));
    LoadHandle released = assets.loadPrimaryAsset(id("Pawn:Villain"));
    workers.runAll();
    released.release();
    assertEquals(1, assets.stats().retained());

    assets.addExtension("plugin", AssetExtension.builder().build());

    assertTrue(assets.getAsset(id("Pawn:Hero")).isPresent(), "pinned: kept");
    held.release();
  }

  @Test
  void theManagersOwnThreads_areDaemons() {
    Path root = TestAssets.game().writeTo(temp.resolve("assets"));
    assets = TestAssets.builder(AssetSource.directory(root)).workerThreads(2).build();
    assets.loadPrimaryAsset(id("Pawn:Villain")).future().orTimeout(10, java.util.concurrent.TimeUnit.SECONDS).join();

    // The pool keeps its threads after the load; none of them may keep the JVM from exiting.
    List<Thread> workers = Thread.getAllStackTraces().keySet().stream()
        .filter(thread -> thread.getName().startsWith("overture-assets-"))
        .toList();
    assertFalse(workers.isEmpty(), "the workers that read the file");
    assertEquals(List.of(), workers.stream().filter(thread -> !thread.isDaemon()).toList());
  }

  @Test
  void combinedLoads_handBackEverythingTheyReached() {
    manager(RetentionPolicy.none());
    LoadHandle combined = LoadHandle.combine(List.of(
        assets.loadPrimaryAsset(id("Pawn:Hero"), "client"), assets.loadPrimaryAsset(id("Pawn:Villain"))));
    workers.runAll();

    LoadResult result = combined.future().join();
    assertTrue(result.reached().containsKey(id("Pawn:Sidekick")), result.reached().keySet().toString());
    assertTrue(result.reached().containsKey(id("Pawn:Villain")));
  }

  @Test
  void cancellingTheFutureOfACombinedLoad_cancelsItsParts() {
    manager(RetentionPolicy.none());
    LoadHandle part = assets.loadPrimaryAsset(id("Pawn:Hero"), "client");
    LoadHandle combined = LoadHandle.combine(List.of(part, assets.loadPrimaryAsset(id("Pawn:Villain"))));

    combined.future().cancel(false);

    assertEquals(Status.CANCELLED, part.status());
    assertEquals(Status.CANCELLED, combined.status());
  }

  @Test
  void aCancelledCombinedLoad_keepsItsProgress() {
    manager(RetentionPolicy.none());
    LoadHandle combined = LoadHandle.combine(List.of(
        assets.loadPrimaryAsset(id("Pawn:Hero"), "client"), assets.loadPrimaryAsset(id("Pawn:Villain"))));
    workers.runNext();
    double before = combined.progress();
    assertTrue(before > 0, "progress " + before);

    combined.cancel();

    assertEquals(before, combined.progress());
  }

  @Test
  void aCombinedLoad_sendsTheFinalUpdate_evenOnADirectExecutor() {
    manager(RetentionPolicy.none());
    LoadHandle combined = LoadHandle.combine(List.of(
        assets.loadPrimaryAsset(id("Pawn:Hero"), "client"), assets.loadPrimaryAsset(id("Pawn:Villain"))));
    List<Double> values = new ArrayList<>();
    combined.onUpdate(Runnable::run, values::add);

    workers.runAll();

    assertEquals(1.0, values.get(values.size() - 1), values.toString());
  }

  @Test
  void aBundleStateView_reportsTheManagersLoad() throws Exception {
    manager(RetentionPolicy.none());
    LoadHandle view = assets.changeBundleState(List.of(id("Pawn:Hero")), List.of("client"), List.of());
    List<String> calls = new ArrayList<>();
    assertSame(view, view.onComplete(gameThread, r -> calls.add("complete")));
    assertSame(view, view.onFailure(gameThread, f -> calls.add("failure")));
    assertSame(view, view.onCancel(gameThread, () -> calls.add("cancel")));
    assertSame(view, view.onUpdate(gameThread, v -> calls.add("update " + v)));
    assertEquals(List.of(id("Pawn:Hero")), view.requested());
    assertEquals(java.util.Set.of("client"), view.bundles());
    assertEquals(Status.LOADING, view.status());

    workers.runAll();
    gameThread.runAll();

    assertEquals(Status.COMPLETED, view.status());
    assertEquals(3, view.loadedCount());
    assertEquals(3, view.totalCount());
    assertEquals(1.0, view.progress());
    assertEquals(List.of(), view.problems());
    assertEquals(Duration.ZERO, view.elapsed());
    assertTrue(view.waitUntilComplete(Duration.ofSeconds(1)).assets().containsKey(id("Pawn:Hero")));
    assertTrue(calls.contains("complete") && calls.contains("update 1.0"), calls.toString());
    assertEquals("LoadHandle[view of LoadHandle[Pawn:Hero with bundles [client], COMPLETED, 3/3]]", view.toString());

    assets.close();
    assertEquals(Status.RELEASED, view.status(), "the manager let go of its load");
  }

  @Test
  void aBundleStateViewOfSeveralIds_coversThemAll() {
    manager(RetentionPolicy.none());
    LoadHandle view = assets.changeBundleState(List.of(id("Pawn:Hero"), id("Pawn:Villain")), List.of(), List.of());
    assertEquals(List.of(id("Pawn:Hero"), id("Pawn:Villain")), view.requested());

    assets.close(); // cancels what is loading

    assertEquals(Status.CANCELLED, view.status());
  }

  @Test
  void cancellingABundleStateViewOfSeveralIds_doesNothing() {
    manager(RetentionPolicy.none());
    LoadHandle view = assets.changeBundleState(List.of(id("Pawn:Hero"), id("Pawn:Villain")), List.of(), List.of());

    assertFalse(view.cancel());
    view.future().cancel(false);
    view.release();
    workers.runAll();

    assertEquals(Status.COMPLETED, view.status());
    assertTrue(assets.getAsset(id("Pawn:Hero")).isPresent(), "the manager's own state still pins what it loaded");
    assertTrue(assets.getAsset(id("Pawn:Villain")).isPresent());
  }

  @Test
  void cancellingTheFutureOfASingleBundleStateView_doesNothing() {
    manager(RetentionPolicy.none());
    LoadHandle view = assets.changeBundleState(List.of(id("Pawn:Villain")), List.of(), List.of());

    view.future().cancel(false);
    workers.runAll();

    assertEquals(Status.COMPLETED, view.status());
  }

  @Test
  void aFailedBundleChange_restoresThePreviousState_andReleasesWhatItReached() throws Exception {
    manager(RetentionPolicy.none());
    assets.changeBundleState(List.of(id("Pawn:Hero")), List.of(), List.of());
    workers.runAll();
    java.nio.file.Files.writeString(temp.resolve("assets/icons/hero.json"), "{ \"texture\": ");

    LoadHandle change = assets.changeBundleState(List.of(id("Pawn:Hero")), List.of("client"), List.of());
    workers.runAll();

    assertEquals(Status.FAILED, change.status());
    assertEquals(Optional.of(java.util.Set.of()), assets.bundleState(id("Pawn:Hero")));
    assertEquals(1, assets.stats().pinned(), "only the previous state's Hero");
    assertTrue(assets.getAsset(id("Pawn:Hero")).isPresent());
  }

  @Test
  void aFailedBundleChangeOvertakenByAnother_releasesTheStateBeforeIt() throws Exception {
    manager(RetentionPolicy.none());
    assets.changeBundleState(List.of(id("Pawn:Hero")), List.of(), List.of());
    workers.runAll();
    java.nio.file.Files.writeString(temp.resolve("assets/icons/hero.json"), "{ \"texture\": ");

    LoadHandle failing = assets.changeBundleState(List.of(id("Pawn:Hero")), List.of("client"), List.of());
    LoadHandle later = assets.changeBundleState(List.of(id("Pawn:Hero")), List.of("server"), List.of("client"));
    workers.runAll();

    assertTrue(failing.isDone());
    assertEquals(Status.COMPLETED, later.status());
    assertEquals(Optional.of(java.util.Set.of("server")), assets.bundleState(id("Pawn:Hero")));
    assertEquals(1, assets.unload(List.of(id("Pawn:Hero"))));
    assertEquals(0, assets.stats().pinned());
  }

  @Test
  void theBuilder_chainsItsSettings_eachGivenOnce() {
    AssetManager.Builder builder = AssetManager.builder();
    assertSame(builder, builder.gameThread(thread -> false));
    assertSame(builder, builder.defaultPawnData(id("Pawn:Hero")));
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> builder.gameThread(thread -> true));
    assertEquals("the game thread test was already set", e.getMessage());
  }

  @Test
  void retentionPolicies() {
    assertFalse(RetentionPolicy.none().retains());
    assertFalse(RetentionPolicy.maximumSize(0).retains());
    assertTrue(RetentionPolicy.maximumSize(1).retains());
    assertEquals("maximum size must not be negative: -1",
        assertThrows(IllegalArgumentException.class, () -> RetentionPolicy.maximumSize(-1)).getMessage());
    assertEquals("RetentionPolicy[none]", RetentionPolicy.none().toString());
    assertEquals("RetentionPolicy[maximumSize=3]", RetentionPolicy.maximumSize(3).toString());
    assertEquals("RetentionPolicy[maximumSize=3, expireAfterAccess=PT1M]",
        RetentionPolicy.maximumSize(3).expireAfterAccess(Duration.ofMinutes(1)).toString());
  }

  @Test
  void aHandlesFuture_isCompletedOnceByTheHandleOnly() {
    HandleFuture<String> future = new HandleFuture<>(() -> false);
    assertTrue(future.completeByHandle("a"));
    assertFalse(future.completeByHandle("b"));
    assertFalse(future.failByHandle(new IllegalStateException()));
    HandleFuture<String> failing = new HandleFuture<>(() -> false);
    assertTrue(failing.failByHandle(new IllegalStateException()));
    assertFalse(failing.failByHandle(new IllegalStateException()));
    assertThrows(UnsupportedOperationException.class, () -> future.complete("c"));
  }

  @Test
  void aCancelThroughTheFuture_cancelsItOnlyWhenTheHandlesOwnCancelWins() {
    // The load completed between the caller's look and its cancel: the handle's cancel loses, so the
    // future must not say cancelled while the handle says completed and holds its pins.
    HandleFuture<String> lost = new HandleFuture<>(() -> false);
    assertFalse(lost.cancel(false));
    assertFalse(lost.isCancelled());
    assertTrue(lost.completeByHandle("loaded"));
    assertEquals("loaded", lost.join());

    HandleFuture<String>[] won = new HandleFuture[1];
    won[0] = new HandleFuture<>(() -> won[0].cancelByHandle());
    assertTrue(won[0].cancel(false));
    assertTrue(won[0].isCancelled());
    assertTrue(won[0].cancel(false), "cancelling again: still cancelled");
  }
}
