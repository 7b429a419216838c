package dev.overture.asset;

import static dev.overture.asset.TestAssets.id;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.testing.Content;
import dev.overture.testing.ManualExecutor;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An asset manager's life at its edges, as a host meets them: one that cannot be built gives back
 * every content source it was handed (their files and jars are not left open), a closed one refuses
 * new roots and bundle changes, and a blocking read from inside a load is refused instead of
 * waiting for itself.
 */
class AssetManagerLifecycleTest {

  @TempDir Path temp;

  @Test
  void aManagerThatCannotBeBuilt_closesEveryContentSourceItWasGiven() {
    Path game = TestAssets.game().writeTo(temp.resolve("game"));
    Path mods = Content.of()
        .file("overture.json", "{ \"primaryAssetTypesToScan\": [ { \"type\": \"Pawn\", \"assetClass\": \"Nowhere\","
            + " \"directories\": [\"pawns\"] } ] }")
        .writeTo(temp.resolve("mods"));
    CountingSource first = new CountingSource(AssetSource.directory(game));
    CountingSource second = new CountingSource(AssetSource.directory(mods));

    RuntimeException refused = assertThrows(RuntimeException.class,
        () -> TestAssets.builder(first).contentRoot(ContentRoot.of("Mods", second)).build());

    assertTrue(refused.getMessage().contains("Nowhere"), refused.getMessage());
    assertEquals(1, first.closes(), "the game's source, indexed before the failure");
    assertEquals(1, second.closes(), "the source that failed");
  }

  /** A hostile review: a second close returned at once, while the first was still closing the sources. */
  @Test
  void aCloseWhileAnotherThreadCloses_returnsOnceTheSourcesAreClosed_andClosesNothingTwice() throws Exception {
    CountDownLatch closing = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    CountingSource source = new CountingSource(AssetSource.directory(TestAssets.game().writeTo(temp.resolve("game")))) {
      @Override
      public void close() throws IOException {
        closing.countDown();
        try {
          release.await();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
        super.close();
      }
    };
    AssetManager assets = TestAssets.builder(source).build();
    Thread first = new Thread(assets::close, "first-close");
    first.start();
    closing.await();
    Thread second = new Thread(assets::close, "second-close");
    second.start();

    try {
      await().atMost(Duration.ofSeconds(10)).until(() -> second.getState() == Thread.State.WAITING);
    } finally {
      release.countDown();
    }
    first.join();
    second.join();

    assertEquals(1, source.closes());
  }

  @Test
  void aClosedManager_refusesNewRootsAndBundleChanges() {
    AssetManager assets = TestAssets.builder(AssetSource.directory(TestAssets.game().writeTo(temp.resolve("game")))).build();
    assets.close();
    CountingSource late = new CountingSource(AssetSource.directory(temp));

    assertEquals("the asset manager is closed",
        assertThrows(IllegalStateException.class, () -> assets.addContentRoot(ContentRoot.of("Late", late))).getMessage());
    assertEquals("the asset manager is closed", assertThrows(IllegalStateException.class,
        () -> assets.changeBundleState(List.of(id("Mode:Base")), List.of("client"), List.of())).getMessage());
    SoftRef<Object> icon = SoftRef.of(ContentRoot.GAME, AssetPath.parse("icons/hero.json"), Object.class);
    for (boolean keep : new boolean[] {true, false}) {
      assertEquals("the asset manager is closed",
          assertThrows(IllegalStateException.class, () -> assets.getAsset(icon, keep)).getMessage(), "getAsset(ref, " + keep + ")");
    }
    assertEquals("the asset manager is closed",
        assertThrows(IllegalStateException.class, assets::startInitialLoading).getMessage(), "start-up never started");
    assertEquals(0, late.closes(), "a root it refused stays the caller's");
  }

  @Test
  void nullArguments_areRefusedNamingTheParameter_andWhereInTheListTheNullIs() {
    try (AssetManager assets = TestAssets.builder(AssetSource.directory(TestAssets.game().writeTo(temp.resolve("game")))).build()) {
      PrimaryAssetId hero = PrimaryAssetId.parse("Pawn:Hero");
      java.util.List<PrimaryAssetId> withNull = java.util.Arrays.asList(hero, null);
      java.util.List<String> bundlesWithNull = java.util.Arrays.asList("client", null);
      List<java.util.Map.Entry<String, org.junit.jupiter.api.function.Executable>> calls = List.of(
          java.util.Map.entry("ids must not be null", () -> assets.loadPrimaryAssets(null, List.of())),
          java.util.Map.entry("ids holds null at index 1: [Pawn:Hero, null]", () -> assets.loadPrimaryAssets(withNull, List.of())),
          java.util.Map.entry("bundles must not be null", () -> assets.loadPrimaryAssets(List.of(hero), null)),
          java.util.Map.entry("bundles holds null at index 1: [client, null]",
              () -> assets.loadPrimaryAssets(List.of(hero), bundlesWithNull)),
          java.util.Map.entry("ids must not be null", () -> assets.unload(null)),
          java.util.Map.entry("addBundles holds null at index 1: [client, null]",
              () -> assets.changeBundleState(List.of(hero), bundlesWithNull, List.of())),
          java.util.Map.entry("id must not be null", () -> assets.loadPrimaryAsset(null)),
          java.util.Map.entry("bundles must not be null", () -> assets.loadPrimaryAsset(hero, (String[]) null)),
          java.util.Map.entry("bundles holds null at index 0: [null]", () -> assets.loadPrimaryAsset(hero, (String) null)),
          java.util.Map.entry("id must not be null", () -> assets.loadSynchronously(null, Object.class)),
          java.util.Map.entry("type must not be null", () -> assets.loadSynchronously(hero, null)),
          java.util.Map.entry("handles must not be null", () -> LoadHandle.combine(null)),
          java.util.Map.entry("id must not be null", () -> assets.getAsset((PrimaryAssetId) null)),
          java.util.Map.entry("id must not be null", () -> assets.getAsset((PrimaryAssetId) null, Object.class)),
          java.util.Map.entry("type must not be null", () -> assets.getAsset(hero, null)),
          java.util.Map.entry("ref must not be null", () -> assets.getAsset((SoftRef<?>) null)),
          java.util.Map.entry("ref must not be null", () -> assets.getAsset((SoftRef<?>) null, true)),
          java.util.Map.entry("id must not be null", () -> assets.bundleState(null)),
          java.util.Map.entry("root must not be null", () -> assets.addContentRoot(null)),
          java.util.Map.entry("name must not be null", () -> assets.removeContentRoot(null)),
          java.util.Map.entry("owner must not be null", () -> assets.removeExtension(null)),
          java.util.Map.entry("handles holds null at index 0: [null]",
              () -> LoadHandle.combine(java.util.Collections.singletonList(null))));
      for (java.util.Map.Entry<String, org.junit.jupiter.api.function.Executable> call : calls) {
        assertEquals(call.getKey(), assertThrows(NullPointerException.class, call.getValue()).getMessage());
      }
    }
  }

  @Test
  void aBlockingReadInsideALoad_isRefused_insteadOfWaitingForItself() {
    ManualExecutor workers = new ManualExecutor();
    try (AssetManager assets = TestAssets.builder(AssetSource.directory(TestAssets.game().writeTo(temp.resolve("game"))))
        .executor(workers).build()) {
      SoftRef<Object> icon = SoftRef.of(ContentRoot.GAME, AssetPath.parse("icons/hero.json"), Object.class);
      List<String> seen = new ArrayList<>();
      LoadHandle handle = assets.loadPrimaryAsset(id("Pawn:Villain"));
      handle.onComplete(Runnable::run, result -> {
        try {
          assets.getAsset(icon, false);
          seen.add("read");
        } catch (IllegalStateException e) {
          seen.add(e.getMessage());
        }
      });

      workers.runAll();

      assertEquals(List.of("getAsset(Game:/icons/hero.json, false) was called on an asset worker thread, where it could wait"
          + " for itself; chain on the handle's future instead"), seen);
    }
  }

  @Test
  void waitingForALoadInsideALoad_isRefused_insteadOfWaitingForItself_butADoneLoadIsAnswered() throws Exception {
    ManualExecutor workers = new ManualExecutor();
    try (AssetManager assets = TestAssets.builder(AssetSource.directory(TestAssets.game().writeTo(temp.resolve("game"))))
        .executor(workers).build()) {
      LoadHandle done = assets.loadPrimaryAsset(id("Pawn:Hero"));
      workers.runAll();
      List<String> seen = new ArrayList<>();
      LoadHandle handle = assets.loadPrimaryAsset(id("Pawn:Villain"));
      handle.onComplete(Runnable::run, result -> {
        // On the thread that ran the read: the reads waited for are queued behind it.
        LoadHandle other = assets.loadPrimaryAsset(id("Mode:Base"));
        for (LoadHandle waited : List.of(other, LoadHandle.combine(List.of(other)))) {
          try {
            waited.waitUntilComplete(java.time.Duration.ofMinutes(1));
            seen.add("waited");
          } catch (IllegalStateException e) {
            seen.add(e.getMessage());
          } catch (Exception e) {
            seen.add(e.toString());
          }
        }
        try {
          seen.add("done: " + done.waitUntilComplete(java.time.Duration.ZERO).assets().keySet());
        } catch (Exception e) {
          seen.add(e.toString());
        }
        other.release();
      });

      workers.runAll();

      String refusal = "waitUntilComplete was called on an asset worker thread, where it could wait for itself; chain on the"
          + " handle's future instead";
      assertEquals(List.of(refusal, refusal, "done: [Pawn:Hero]"), seen);
      done.release();
    }
  }

  /**
   * A hostile review: a load that fails with problems to locate completes on a worker task that
   * locates them, not in a read, and a wait made in its failure callback was let through. With one
   * worker the wait blocked that worker until its timeout, and every other load with it. The
   * workers here are the test's own (a host executor), so the callback is registered before the
   * load can end, and runs in the locating task.
   */
  @Test
  void waitingForALoadInTheCallbackOfAFailedLoadToLocate_isRefused_onTheWorker() throws Exception {
    Content broken = TestAssets.game().file("pawns/Lost.json", "{ \"name\": \"Lost\", \"friends\": [\"Nobody\"] }");
    ManualExecutor workers = new ManualExecutor();
    try (AssetManager assets = TestAssets.builder(AssetSource.directory(broken.writeTo(temp.resolve("broken"))))
        .executor(workers).build()) {
      List<String> seen = new ArrayList<>();
      LoadHandle failing = assets.loadPrimaryAsset(id("Pawn:Lost"), "client");
      failing.onFailure(Runnable::run, failure -> {
        LoadHandle other = assets.loadPrimaryAsset(id("Pawn:Villain"));
        try {
          other.waitUntilComplete(java.time.Duration.ofSeconds(30));
          seen.add("waited");
        } catch (IllegalStateException e) {
          seen.add(e.getMessage());
        } catch (Exception e) {
          seen.add(e.toString());
        } finally {
          other.release();
        }
      });

      workers.runAll();

      assertEquals(List.of("waitUntilComplete was called on an asset worker thread, where it could wait for itself; chain on the"
          + " handle's future instead"), seen);
      failing.release();
    }
  }
}
