package dev.overture.asset;

import static dev.overture.asset.TestAssets.id;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.testing.Content;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a host's executor is given: plain tasks. Its own hooks see a broken content file as a task
 * that ran, not as one that crashed, and what it queued is no handle on the loads others wait for.
 */
class HostExecutorTasksTest {

  @TempDir Path temp;

  /** A pool that reports its tasks' failures the way ThreadPoolExecutor's documentation shows. */
  static final class ReportingPool extends ThreadPoolExecutor {
    final List<Throwable> crashed = new CopyOnWriteArrayList<>();
    final List<Runnable> ran = new CopyOnWriteArrayList<>();

    ReportingPool() {
      super(2, 2, 0, TimeUnit.SECONDS, new LinkedBlockingQueue<>());
    }

    @Override
    protected void afterExecute(Runnable task, Throwable thrown) {
      super.afterExecute(task, thrown);
      ran.add(task);
      if (thrown == null && task instanceof Future<?> future && future.isDone()) {
        try {
          future.get();
        } catch (CancellationException e) {
          thrown = e;
        } catch (ExecutionException e) {
          thrown = e.getCause();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
      if (thrown != null) {
        crashed.add(thrown);
      }
    }
  }

  @Test
  void aBrokenContentFile_isNotACrashedTaskOfTheHostsExecutor_andNoTaskIsALoadsFuture() throws Exception {
    Path root = Content.of().file("pawns/Broken.json", "{ \"name\": 12 }").writeTo(temp.resolve("assets"));
    ReportingPool pool = new ReportingPool();
    try (AssetManager assets = TestAssets.builder(AssetSource.directory(root)).executor(pool).build()) {
      LoadHandle load = assets.loadPrimaryAsset(id("Pawn:Broken"));
      assertThrows(AssetLoadException.class, () -> load.waitUntilComplete(Duration.ofSeconds(10)));
      pool.shutdown();
      assertTrue(pool.awaitTermination(10, TimeUnit.SECONDS));

      assertEquals(List.of(), pool.crashed, "the host saw a worker task fail");
      assertTrue(pool.ran.stream().noneMatch(task -> task instanceof Future<?>), pool.ran::toString);
    } finally {
      pool.shutdownNow();
    }
  }

  /**
   * A hostile review: a host that stops its executor with {@code shutdownNow} drops the reads it
   * queued, and their load waited forever. The executor is the host's to stop, so the manager
   * cannot run them; closing the manager (as a host shuts down) ends such a load, cancelled.
   */
  @Test
  void aLoadWhoseReadsTheHostDropped_endsCancelled_whenTheManagerCloses() throws Exception {
    java.util.concurrent.ExecutorService host = java.util.concurrent.Executors.newSingleThreadExecutor();
    java.util.concurrent.CountDownLatch busy = new java.util.concurrent.CountDownLatch(1);
    host.execute(() -> {
      try {
        busy.await();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    });
    AssetManager assets = TestAssets.builder(AssetSource.directory(TestAssets.game().writeTo(temp.resolve("game")))).executor(host)
        .build();
    LoadHandle handle = assets.loadPrimaryAsset(id("Pawn:Hero"));

    List<Runnable> dropped = host.shutdownNow();
    assets.close();

    assertEquals(1, dropped.size(), "the read, queued behind the busy task");
    assertEquals(LoadHandle.Status.CANCELLED, handle.status());
    assertThrows(CancellationException.class, () -> handle.waitUntilComplete(Duration.ofMinutes(1)));
    busy.countDown();
  }
}
