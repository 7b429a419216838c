package dev.overture.asset;

import static dev.overture.asset.TestAssets.id;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.asset.LoadHandle.Status;
import java.io.IOException;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** Loading, bundles, pins, progress, retention, release and callbacks, on manual executors. */
class AssetLoadingTest extends ManualLoadFixture {

  @Test
  void load_returnsAtOnceAndCompletesOnTheWorkers() {
    LoadHandle handle = assets.loadPrimaryAsset(id("Mode:Base"));

    assertEquals(Status.LOADING, handle.status());
    assertEquals(0, source.totalReads());
    List<String> calls = new ArrayList<>();
    handle.onComplete(gameThread, result -> calls.add("complete " + result.assets().keySet()));

    workers.runAll();
    assertEquals(Status.COMPLETED, handle.status());
    assertEquals(List.of(), calls, "callbacks wait for the game thread");
    gameThread.runAll();
    assertEquals(List.of("complete [Mode:Base]"), calls);
    assertEquals("Base", assets.getAsset(id("Mode:Base"), TestAssets.Mode.class).orElseThrow().title());
  }

  @Test
  void bundles_loadTaggedReferencesTransitively() {
    LoadHandle client = assets.loadPrimaryAsset(id("Mode:Elimination"), "client");
    finish(client);

    TestAssets.Mode mode = assets.getAsset(id("Mode:Elimination"), TestAssets.Mode.class).orElseThrow();
    assertTrue(assets.getAsset(id("Pawn:Hero")).isPresent());
    assertTrue(assets.getAsset(id("Pawn:Sidekick")).isPresent(), "through the Hero's client references");
    assertTrue(assets.getAsset(mode.icon()).isPresent());
    assertTrue(assets.getAsset(((TestAssets.Grant) mode.actions().get(1)).badge()).isPresent(), "inside polymorphic actions");
    assertTrue(assets.getAsset(id("Mode:Base")).isPresent(), "ALWAYS references follow any load");
    assertFalse(assets.getAsset(mode.serverData().get(0)).isPresent());
    assertEquals(8, client.totalCount(), "Elimination, Base, Hero, Sidekick, 3 icons, 1 texture");

    LoadHandle server = assets.loadPrimaryAsset(id("Mode:Elimination"), "server");
    finish(server);
    assertEquals(5, assets.getAsset(mode.serverData().get(0)).orElseThrow().size());
    assertEquals(1, source.reads("modes/Elimination.json"), "already pinned by the client load");
  }

  @Test
  void referenceCycles_loadEachAssetOnce() {
    finish(assets.loadPrimaryAsset(id("Pawn:Hero"), "client"));

    assertEquals(1, source.reads("pawns/Hero.json"));
    assertEquals(1, source.reads("pawns/Sidekick.json"));
  }

  @Test
  void overlappingLoads_shareOneReadPerFile() {
    LoadHandle first = assets.loadPrimaryAssets(List.of(id("Mode:Elimination")), List.of("client"));
    LoadHandle second = assets.loadPrimaryAssets(List.of(id("Pawn:Hero"), id("Mode:Base")), List.of("client"));
    LoadHandle third = assets.loadPrimaryAssets(List.of(id("Pawn:Sidekick")), List.of("client", "server"));

    workers.runAll();

    for (LoadHandle handle : List.of(first, second, third)) {
      assertEquals(Status.COMPLETED, handle.status());
    }
    source.allReads().forEach((file, reads) -> assertEquals(1, reads.get(), file));
  }

  @Test
  void failedLoad_isNotCached_theNextRequestReadsAgain() throws IOException {
    Files.writeString(root.resolve("pawns/Villain.json"), "{ \"name\": ");
    LoadHandle broken = assets.loadPrimaryAsset(id("Pawn:Villain"));
    workers.runAll();
    assertEquals(Status.FAILED, broken.status());

    Files.writeString(root.resolve("pawns/Villain.json"), "{ \"name\": \"Villain\" }");
    LoadHandle fixed = assets.loadPrimaryAsset(id("Pawn:Villain"));
    workers.runAll();

    assertEquals(Status.COMPLETED, fixed.status(), "the broken handle still holds its pin, yet the failure is not reused");
    assertEquals(2, source.reads("pawns/Villain.json"));
    assertEquals("Villain", assets.getAsset(id("Pawn:Villain"), TestAssets.Pawn.class).orElseThrow().name());
  }

  @Test
  void progress_neverDecreases_andReachesOneExactlyOnce() {
    LoadHandle handle = assets.loadPrimaryAsset(id("Mode:Elimination"), "client", "server");
    List<Double> updates = new ArrayList<>();
    handle.onUpdate(gameThread, updates::add);
    List<Double> samples = new ArrayList<>();

    while (workers.runNext()) {
      samples.add(handle.progress());
      gameThread.runAll();
    }
    gameThread.runAll();

    for (int i = 1; i < samples.size(); i++) {
      assertTrue(samples.get(i) >= samples.get(i - 1), "progress went back: " + samples);
    }
    for (int i = 1; i < updates.size(); i++) {
      assertTrue(updates.get(i) > updates.get(i - 1), "updates not increasing: " + updates);
    }
    assertEquals(1.0, updates.get(updates.size() - 1));
    assertEquals(1, updates.stream().filter(value -> value == 1.0).count());
    assertEquals(1, samples.stream().filter(value -> value == 1.0).count(), "1.0 only at the very end: " + samples);
    assertTrue(updates.size() > 2, "intermediate progress was reported: " + updates);
    assertEquals(1.0, handle.progress());
    assertEquals(handle.totalCount(), handle.loadedCount());
  }

  @Test
  void theFinalUpdate_arrivesBeforeCompletionCallbacksOnTheSameExecutor() {
    LoadHandle handle = assets.loadPrimaryAsset(id("Mode:Elimination"), "client");
    List<String> calls = new ArrayList<>();
    handle.onUpdate(gameThread, value -> calls.add("update " + value));
    handle.onComplete(gameThread, result -> calls.add("complete"));

    workers.runAll();
    gameThread.runAll();

    assertEquals(List.of("update 1.0", "complete"), calls.subList(calls.size() - 2, calls.size()));
  }

  @Test
  void callbacksOnOneExecutor_runInRegistrationOrder() {
    LoadHandle handle = assets.loadPrimaryAsset(id("Mode:Base"));
    List<String> calls = new ArrayList<>();
    for (String name : List.of("first", "second", "third")) {
      handle.onComplete(gameThread, result -> calls.add(name));
    }

    workers.runAll();
    gameThread.runAll();

    assertEquals(List.of("first", "second", "third"), calls);
  }

  @Test
  void theFuture_cannotBeCompletedByCallers() {
    LoadHandle handle = assets.loadPrimaryAsset(id("Mode:Base"));

    assertThrows(UnsupportedOperationException.class, () -> handle.future().complete(null));
    assertThrows(UnsupportedOperationException.class, () -> handle.future().completeExceptionally(new RuntimeException()));
    workers.runAll();
    assertEquals(Status.COMPLETED, handle.status());
  }

  @Test
  void changeBundleState_thatFailsToAddABundle_keepsThePreviousState() throws IOException {
    PrimaryAssetId elimination = id("Mode:Elimination");
    finish(assets.changeBundleState(List.of(elimination), List.of("client"), List.of()));
    Files.delete(root.resolve("server/rules.bin"));

    LoadHandle server = assets.changeBundleState(List.of(elimination), List.of("server"), List.of());
    workers.runAll();

    assertEquals(Status.FAILED, server.status());
    assertEquals(Set.of("client"), assets.bundleState(elimination).orElseThrow());
    TestAssets.Mode mode = assets.getAsset(elimination, TestAssets.Mode.class).orElseThrow();
    assertTrue(assets.getAsset(mode.icon()).isPresent(), "the client bundle is still kept");
    assertEquals(8, assets.stats().loaded());
  }

  /**
   * The first change failed while a second, made on top of it, was loading: the second then fell
   * back to the first, which pins nothing, and the state before both was released.
   */
  @Test
  void twoOverlappingChangesThatBothFail_keepTheStateBeforeThem() throws IOException {
    PrimaryAssetId elimination = id("Mode:Elimination");
    finish(assets.changeBundleState(List.of(elimination), List.of(), List.of()));
    Files.delete(root.resolve("server/rules.bin"));

    LoadHandle server = assets.changeBundleState(List.of(elimination), List.of("server"), List.of());
    LoadHandle both = assets.changeBundleState(List.of(elimination), List.of("client"), List.of());
    List<String> order = new ArrayList<>();
    server.future().whenComplete((result, error) -> order.add("server"));
    both.future().whenComplete((result, error) -> order.add("both"));
    workers.runAll();

    assertEquals(List.of("server", "both"), order, "the first change fails while the second still loads");
    assertEquals(Status.FAILED, both.status());
    assertEquals(Set.of(), assets.bundleState(elimination).orElseThrow());
    assertTrue(assets.getAsset(elimination).isPresent(), "the state before both changes is still kept");
    assertEquals(new AssetManager.Stats(2, 2, 0, 0, 1), assets.stats(), "Mode:Elimination and the Mode:Base it always includes");
  }

  @Test
  void changeBundleState_returnsAViewThatPinsNothing() {
    PrimaryAssetId base = id("Mode:Base");
    LoadHandle view = assets.changeBundleState(List.of(base), List.of(), List.of());
    finish(view);

    assertFalse(view.cancel());
    assertEquals(1, assets.unload(List.of(base)));
    assertEquals(new AssetManager.Stats(0, 0, 0, 0, 0), assets.stats(), "nothing left though the view was never released");
  }

  @Test
  void loadSynchronously_onAnInjectedSingleThreadExecutor_doesNotWaitForItself() throws Exception {
    assets.close();
    java.util.concurrent.ExecutorService single = java.util.concurrent.Executors.newSingleThreadExecutor();
    try {
      assets = TestAssets.builder(source).executor(single).build();
      java.util.concurrent.Future<TestAssets.Mode> mode =
          single.submit(() -> assets.loadSynchronously(id("Mode:Elimination"), TestAssets.Mode.class));

      assertEquals("Elimination", mode.get(10, java.util.concurrent.TimeUnit.SECONDS).title());
      assertTrue(assets.getAsset(id("Mode:Base")).isPresent(), "its ALWAYS reference, run by the waiting thread");
    } finally {
      assets.close();
      single.shutdownNow();
    }
  }

  @Test
  void release_unpinsEverything_andTheNextLoadReadsAgain() {
    LoadHandle handle = assets.loadPrimaryAsset(id("Mode:Elimination"), "client");
    finish(handle);
    assertEquals(8, assets.stats().loaded());

    handle.release();

    assertEquals(Status.RELEASED, handle.status());
    assertEquals(new AssetManager.Stats(0, 0, 0, 0, 0), assets.stats());
    assertFalse(assets.getAsset(id("Mode:Elimination")).isPresent());
    finish(assets.loadPrimaryAsset(id("Mode:Elimination")));
    assertEquals(2, source.reads("modes/Elimination.json"));
    handle.release();
  }

  @Test
  void release_whileLoading_cancelsFirst() {
    LoadHandle handle = assets.loadPrimaryAsset(id("Mode:Elimination"), "client");
    AtomicInteger cancelled = new AtomicInteger();
    handle.onCancel(Runnable::run, cancelled::incrementAndGet);

    handle.release();
    workers.runAll();

    assertEquals(1, cancelled.get());
    assertEquals(Status.RELEASED, handle.status());
    assertEquals(0, source.totalReads());
  }

  @Test
  void retention_keepsUnpinnedAssetsUntilThePolicyEvictsThem() {
    assets.close();
    assets =
        TestAssets.builder(source)
            .executor(workers)
            .ticker(ticker)
            .retention(RetentionPolicy.maximumSize(100).expireAfterAccess(Duration.ofMinutes(5)))
            .build();
    LoadHandle handle = assets.loadPrimaryAsset(id("Mode:Elimination"), "client");
    finish(handle);
    handle.release();

    assertEquals(8, assets.stats().retained());
    assertTrue(assets.getAsset(id("Pawn:Hero")).isPresent(), "kept though unpinned");
    finish(assets.loadPrimaryAsset(id("Mode:Elimination"), "client"));
    assertEquals(1, source.reads("modes/Elimination.json"), "a retained asset is not read again");

    assertEquals(0, assets.stats().retained(), "pinned again by the second load");
  }

  @Test
  void retention_expiresUnusedAssetsOnTheTicker() {
    assets.close();
    assets =
        TestAssets.builder(source)
            .executor(workers)
            .ticker(ticker)
            .retention(RetentionPolicy.maximumSize(100).expireAfterAccess(Duration.ofMinutes(5)))
            .build();
    LoadHandle handle = assets.loadPrimaryAsset(id("Mode:Base"));
    finish(handle);
    handle.release();

    ticker.advance(Duration.ofMinutes(4));
    assertTrue(assets.getAsset(id("Mode:Base")).isPresent(), "used: the clock restarts");
    ticker.advance(Duration.ofMinutes(4));
    assertEquals(1, assets.stats().retained());
    ticker.advance(Duration.ofMinutes(2));
    assertEquals(0, assets.stats().retained());
    assertTrue(assets.getAsset(id("Mode:Base")).isEmpty());
  }

  @Test
  void retention_bySize_evictsTheLeastRecentlyUsed() {
    assets.close();
    assets = TestAssets.builder(source).executor(workers).ticker(ticker).retention(RetentionPolicy.maximumSize(2)).build();
    for (String id : List.of("Pawn:Villain", "Mode:Base", "Arena:Dust")) {
      LoadHandle handle = assets.loadPrimaryAsset(id(id));
      finish(handle);
      handle.release();
    }

    assertEquals(2, assets.stats().retained());
    assertEquals(2, assets.stats().loaded());
  }

  @Test
  void changeBundleState_addsAndRemovesBundles_withoutReadingTwice() {
    PrimaryAssetId elimination = id("Mode:Elimination");
    LoadHandle client = assets.changeBundleState(List.of(elimination), List.of("client"), List.of());
    finish(client);
    client.release();
    TestAssets.Mode mode = assets.getAsset(elimination, TestAssets.Mode.class).orElseThrow();
    assertEquals(Set.of("client"), assets.bundleState(elimination).orElseThrow());
    assertTrue(assets.getAsset(mode.icon()).isPresent(), "kept by the manager after the handle was released");

    LoadHandle both = assets.changeBundleState(List.of(elimination), List.of("server"), List.of());
    finish(both);
    both.release();
    assertEquals(Set.of("client", "server"), assets.bundleState(elimination).orElseThrow());
    assertTrue(assets.getAsset(mode.serverData().get(0)).isPresent());
    source.allReads().forEach((file, reads) -> assertEquals(1, reads.get(), file));

    LoadHandle serverOnly = assets.changeBundleState(List.of(elimination), List.of(), List.of("client"));
    finish(serverOnly);
    serverOnly.release();
    assertEquals(Set.of("server"), assets.bundleState(elimination).orElseThrow());
    assertFalse(assets.getAsset(mode.icon()).isPresent(), "client references were unpinned");
    assertTrue(assets.getAsset(mode.serverData().get(0)).isPresent());

    assertEquals(1, assets.unload(List.of(elimination, id("Mode:Base"))));
    assertTrue(assets.bundleState(elimination).isEmpty());
    assertEquals(new AssetManager.Stats(0, 0, 0, 0, 0), assets.stats());
  }

  @Test
  void changeBundleState_ofAnAssetThatFails_keepsNothing() {
    LoadHandle handle = assets.changeBundleState(List.of(id("Mode:Missing")), List.of("client"), List.of());
    workers.runAll();

    assertEquals(Status.FAILED, handle.status());
    assertTrue(assets.bundleState(id("Mode:Missing")).isEmpty());
    handle.release();
    assertEquals(0, assets.stats().pinned());
  }

  @Test
  void loadSynchronously_readsOnTheCallingThread_andKeepsTheAssetUntilUnload() {
    TestAssets.Pawn villain = assets.loadSynchronously(id("Pawn:Villain"), TestAssets.Pawn.class);

    assertEquals("Villain", villain.name());
    assertEquals(1, source.reads("pawns/Villain.json"), "read on the calling thread before any worker ran");
    workers.runAll();
    assertEquals(1, source.reads("pawns/Villain.json"), "the queued task found it claimed");
    assertEquals(Set.of(), assets.bundleState(id("Pawn:Villain")).orElseThrow());
    assertSame(villain, assets.getAsset(id("Pawn:Villain"), TestAssets.Pawn.class).orElseThrow());
    assertEquals(1, assets.unload(List.of(id("Pawn:Villain"))));
    assertTrue(assets.getAsset(id("Pawn:Villain")).isEmpty());
  }

  @Test
  void loadSynchronously_throwsTheLoadsProblems() throws IOException {
    Files.writeString(root.resolve("pawns/Villain.json"), "[]");
    AssetLoadException e =
        assertThrows(AssetLoadException.class, () -> assets.loadSynchronously(id("Pawn:Villain"), TestAssets.Pawn.class));
    assertEquals("Overture/WrongType", e.problems().get(0).id());
  }

  @Test
  void getAsset_ofTheWrongType_namesBothTypes() {
    finish(assets.loadPrimaryAsset(id("Mode:Base")));

    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> assets.getAsset(id("Mode:Base"), TestAssets.Pawn.class));
    assertEquals("Mode:Base is a Mode, not a Pawn", e.getMessage());
  }

  @Test
  void stats_countWhatIsLoadingLoadedPinnedRetainedAndKept() {
    try (AssetManager retaining = TestAssets.builder(AssetSource.directory(root))
        .executor(workers)
        .ticker(ticker)
        .retention(RetentionPolicy.maximumSize(10))
        .build()) {
      assertEquals(new AssetManager.Stats(0, 0, 0, 0, 0), retaining.stats());

      LoadHandle base = retaining.loadPrimaryAsset(id("Mode:Base"));
      assertEquals(new AssetManager.Stats(0, 1, 1, 0, 0), retaining.stats(), "pinned, waiting for a worker");
      workers.runAll();
      assertEquals(new AssetManager.Stats(1, 1, 0, 0, 0), retaining.stats());

      base.release();
      assertEquals(new AssetManager.Stats(1, 0, 0, 1, 0), retaining.stats(), "kept by the retention policy alone");

      retaining.changeBundleState(List.of(id("Pawn:Villain")), List.of(), List.of());
      workers.runAll();
      assertEquals(new AssetManager.Stats(2, 1, 0, 1, 1), retaining.stats(), "Villain kept by the manager's bundle state");
    }
  }

  @Test
  void callbacksRegisteredAfterTheEvent_runOnceOnTheirExecutor() {
    LoadHandle handle = assets.loadPrimaryAsset(id("Mode:Base"));
    finish(handle);
    List<String> calls = new ArrayList<>();

    handle.onComplete(gameThread, result -> calls.add("complete"));
    handle.onUpdate(gameThread, value -> calls.add("update " + value));
    handle.onCancel(gameThread, () -> calls.add("cancel"));
    assertEquals(List.of(), calls);
    gameThread.runAll();

    assertEquals(List.of("complete", "update 1.0"), calls);
  }

  @Test
  void aCallbackThatThrows_doesNotHurtTheHandleOrOtherCallbacks() {
    LoadHandle handle = assets.loadPrimaryAsset(id("Mode:Base"));
    List<String> calls = new ArrayList<>();
    handle.onComplete(Runnable::run, result -> {
      throw new IllegalStateException("game code bug");
    });
    handle.onComplete(Runnable::run, result -> calls.add("second"));

    workers.runAll();

    assertEquals(List.of("second"), calls);
    assertEquals(Status.COMPLETED, handle.status());
  }

  @Test
  void elapsed_isMeasuredOnTheInjectedTicker() {
    LoadHandle handle = assets.loadPrimaryAsset(id("Mode:Base"));
    ticker.advance(Duration.ofMillis(250));
    LoadResult result = finish(handle);
    ticker.advance(Duration.ofSeconds(10));

    assertEquals(Duration.ofMillis(250), result.elapsed());
    assertEquals(Duration.ofMillis(250), handle.elapsed());
  }

  @Test
  void waitUntilComplete_timesOutAndUnwrapsFailures() {
    LoadHandle handle = assets.loadPrimaryAsset(id("Mode:Base"));
    assertThrows(java.util.concurrent.TimeoutException.class, () -> handle.waitUntilComplete(Duration.ofMillis(1)));

    LoadHandle missing = assets.loadPrimaryAsset(id("Mode:Nope"));
    AssetLoadException e = assertThrows(AssetLoadException.class, () -> missing.waitUntilComplete(Duration.ZERO));
    assertEquals("Overture/UnknownAsset", e.problems().get(0).id());
  }

  @Test
  void close_cancelsLoadsAndRefusesNewOnes() {
    LoadHandle handle = assets.loadPrimaryAsset(id("Mode:Elimination"), "client");

    assets.close();
    workers.runAll();

    assertEquals(Status.CANCELLED, handle.status());
    assertEquals(0, source.totalReads());
    IllegalStateException e =
        assertThrows(IllegalStateException.class, () -> assets.loadPrimaryAsset(id("Mode:Base")));
    assertEquals("the asset manager is closed", e.getMessage());
  }

  @Test
  void close_dropsEveryAssetAndKeptState_andClosesTheSourceOnce() {
    finish(assets.loadPrimaryAsset(id("Mode:Base")));
    finish(assets.changeBundleState(List.of(id("Pawn:Villain")), List.of("client"), List.of()));
    assertEquals(new AssetManager.Stats(2, 2, 0, 0, 1), assets.stats());

    assets.close();
    assets.close();

    assertEquals(new AssetManager.Stats(0, 0, 0, 0, 0), assets.stats());
    assertEquals(java.util.Optional.empty(), assets.bundleState(id("Pawn:Villain")));
    assertEquals(java.util.Optional.empty(), assets.getAsset(id("Mode:Base")));
    assertEquals(1, source.closes());
  }

  /** A root removed after the manager closed (a plugin unregistered during shutdown) had its source closed a second time. */
  @Test
  void removingARootAfterClose_removesNothing_andDoesNotCloseItsSourceAgain() {
    assets.close();

    assertFalse(assets.removeContentRoot(ContentRoot.GAME));
    assertEquals(1, source.closes());
  }

  @Test
  void loadSynchronously_onAWorkerThread_isRefused() throws Exception {
    assets.close();
    AtomicReference<Throwable> thrown = new AtomicReference<>();
    AtomicReference<AssetManager> manager = new AtomicReference<>();
    AssetSource reentrant =
        new CountingSource(source) {
          @Override
          public byte[] read(AssetPath path, int maxBytes) throws IOException {
            if (path.value().equals("modes/Base.json")) {
              // Reads run only on workers: this is a worker asking to wait for another read.
              try {
                manager.get().loadSynchronously(id("Pawn:Villain"), TestAssets.Pawn.class);
              } catch (RuntimeException e) {
                thrown.set(e);
              }
            }
            return super.read(path, maxBytes);
          }
        };
    assets = TestAssets.builder(reentrant).workerThreads(1).build();
    manager.set(assets);

    assets.loadPrimaryAsset(id("Mode:Base")).waitUntilComplete(Duration.ofSeconds(10));

    assertInstanceOf(IllegalStateException.class, thrown.get());
    assertEquals(
        "loadSynchronously(Pawn:Villain) was called on an asset worker thread, where it could wait for itself;"
            + " chain on the handle's future instead",
        thrown.get().getMessage());
  }

  @Test
  void unknownRequestedIds_failTheLoad_butKnownOnesLoad() {
    LoadHandle handle = assets.loadPrimaryAssets(List.of(id("Mode:Base"), id("Mode:Elimnation")), List.of());
    workers.runAll();

    assertEquals(Status.FAILED, handle.status());
    CompletionException e = assertThrows(CompletionException.class, () -> handle.future().join());
    AssetLoadException failure = (AssetLoadException) e.getCause();
    assertEquals(
        "No asset Mode:Elimnation is indexed (indexed: \"Mode:Base\", \"Mode:Elimination\")",
        failure.problems().get(0).message());
    assertTrue(assets.getAsset(id("Mode:Base")).isPresent(), "the good asset stays usable while the handle holds it");
    handle.release();
    assertTrue(assets.getAsset(id("Mode:Base")).isEmpty());
  }

  @Test
  void result_isTypedAndNamesWhatWasRequested() {
    LoadResult result = finish(assets.loadPrimaryAsset(id("Arena:Dust")));

    assertEquals(TestAssets.Team.RED, result.get(id("Arena:Dust"), TestAssets.Arena.class).defaultTeam());
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> result.get(id("Mode:Base"), TestAssets.Mode.class));
    assertEquals("Mode:Base is not part of this load (requested: [Arena:Dust])", e.getMessage());
  }
}
