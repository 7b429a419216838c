package dev.overture.asset;

import dev.overture.testing.Content;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.asset.LoadHandle.Status;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Many threads loading overlapping bundles on a real worker pool. */
class ConcurrentLoadingTest {

  private static final int PAWNS = 300;
  private static final int THREADS = 8;
  private static final int LOADS_PER_THREAD = 40;

  @TempDir Path temp;
  private CountingSource source;
  private AssetManager assets;
  private ExecutorService callers;

  @BeforeEach
  void setUp() {
    Random random = new Random(42);
    Content content = Content.of();
    for (int i = 0; i < PAWNS; i++) {
      StringBuilder friends = new StringBuilder();
      for (int f = 0; f < 3; f++) {
        friends.append(f == 0 ? "" : ", ").append("\"P").append(random.nextInt(PAWNS)).append('"');
      }
      content.file("pawns/P" + i + ".json",
          "{ \"name\": \"P" + i + "\", \"portrait\": \"icons/i" + (i % 50) + ".json\", \"friends\": [" + friends + "] }");
    }
    for (int i = 0; i < 50; i++) {
      content.file("icons/i" + i + ".json", "{ \"texture\": \"t" + i + ".png\", \"size\": " + i + " }");
    }
    source = new CountingSource(AssetSource.directory(content.writeTo(temp.resolve("assets"))));
    assets = AssetManager.builder()
        .contentRoot(source)
        .scanRule(ScanRule.of("Pawn", TestAssets.Pawn.class, "pawns"))
        .workerThreads(4)
        .build();
    callers = Executors.newFixedThreadPool(THREADS);
  }

  @AfterEach
  void tearDown() throws InterruptedException {
    callers.shutdownNow();
    callers.awaitTermination(10, TimeUnit.SECONDS);
    assets.close();
  }

  private static List<PrimaryAssetId> someOf(Random random, int count) {
    List<PrimaryAssetId> ids = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      ids.add(PrimaryAssetId.of("Pawn", "P" + random.nextInt(PAWNS)));
    }
    return ids;
  }

  @Test
  void overlappingLoadsFromManyThreads_readEachFileExactlyOnce() throws Exception {
    CountDownLatch start = new CountDownLatch(1);
    List<LoadHandle> handles = Collections.synchronizedList(new ArrayList<>());
    List<Future<?>> done = new ArrayList<>();
    for (int t = 0; t < THREADS; t++) {
      Random random = new Random(t);
      done.add(callers.submit(() -> {
        start.await();
        for (int i = 0; i < LOADS_PER_THREAD; i++) {
          handles.add(assets.loadPrimaryAssets(someOf(random, 4), List.of("client")));
        }
        return null;
      }));
    }
    start.countDown();
    for (Future<?> future : done) {
      future.get(30, TimeUnit.SECONDS);
    }
    for (LoadHandle handle : handles) {
      handle.waitUntilComplete(Duration.ofSeconds(30));
      assertEquals(Status.COMPLETED, handle.status());
      assertEquals(1.0, handle.progress());
    }

    source.allReads().forEach((file, reads) -> assertEquals(1, reads.get(), file));
    assertEquals(PAWNS + 50, source.totalReads() - source.reads("overture.json"), "the friend graph reaches every pawn");
    handles.forEach(LoadHandle::release);
    assertEquals(new AssetManager.Stats(0, 0, 0, 0, 0), assets.stats());
  }

  @Test
  void racingCancelsAndReleases_leakNoPin() throws Exception {
    CountDownLatch start = new CountDownLatch(1);
    List<LoadHandle> kept = Collections.synchronizedList(new ArrayList<>());
    List<LoadHandle> completedFirst = Collections.synchronizedList(new ArrayList<>());
    List<Future<?>> done = new ArrayList<>();
    for (int t = 0; t < THREADS; t++) {
      Random random = new Random(100 + t);
      done.add(callers.submit(() -> {
        start.await();
        for (int i = 0; i < LOADS_PER_THREAD; i++) {
          LoadHandle handle = assets.loadPrimaryAssets(someOf(random, 3), List.of("client"));
          switch (random.nextInt(3)) {
            case 0 -> {
              if (!handle.cancel()) {
                // It completed before the cancel (everything it needed was loaded): it keeps its pins.
                completedFirst.add(handle);
              }
            }
            case 1 -> handle.release();
            default -> kept.add(handle);
          }
        }
        return null;
      }));
    }
    start.countDown();
    for (Future<?> future : done) {
      future.get(30, TimeUnit.SECONDS);
    }
    for (LoadHandle handle : kept) {
      try {
        handle.waitUntilComplete(Duration.ofSeconds(30));
        assertEquals(Status.COMPLETED, handle.status());
        for (PrimaryAssetId id : handle.requested()) {
          assertTrue(assets.getAsset(id).isPresent(), id + " is pinned by a completed handle");
        }
      } catch (CancellationException e) {
        throw new AssertionError("a kept handle was cancelled: " + handle, e);
      }
    }

    for (LoadHandle handle : completedFirst) {
      assertEquals(Status.COMPLETED, handle.status(), "cancel returns false only for a load that is over");
    }
    kept.forEach(LoadHandle::release);
    completedFirst.forEach(LoadHandle::release);
    org.awaitility.Awaitility.await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> assets.stats().loading() == 0);
    assertEquals(new AssetManager.Stats(0, 0, 0, 0, 0), assets.stats());
  }
}
