package dev.overture.inspector;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.overture.core.Ticker;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.json.JsonMapper;

/** What the inspector's one thread is asked to do by what pages say. */
class GathererTest {

  @TempDir Path temp;

  @Test
  void aPageThatSendsFasterThanRefreshesRun_queuesOneRefresh_forItsNewestView() throws Exception {
    // Each message queued a whole refresh: a client sending 38,000 a second had 200,000 queued and
    // the inspector's thread working through them long after it stopped, its heap past 500 MB.
    ScheduledThreadPoolExecutor thread = new ScheduledThreadPoolExecutor(1);
    CountDownLatch busy = new CountDownLatch(1);
    try (TestGame game = TestGame.start(temp)) {
      Gatherer gatherer = new Gatherer(game.overture, Ticker.system(), Duration.ofMillis(100), JsonMapper.builder().build(), thread);
      thread.execute(() -> { // the inspector's thread busy with a refresh (the first task is never queued)
        try {
          busy.await();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      });
      LiveClient page = new LiveClient(gatherer);

      for (int i = 0; i < 10_000; i++) {
        page.onWebSocketText("{\"assets\": {\"offset\": " + i + ", \"limit\": 60, \"filter\": \"pawn\"}}");
      }

      assertEquals(1, thread.getQueue().size(), "refreshes queued");
      assertEquals(new AssetView(9_999, 60, "pawn"), page.assetView(), "what the queued refresh sends");
    } finally {
      busy.countDown();
      thread.shutdownNow();
    }
  }
}
