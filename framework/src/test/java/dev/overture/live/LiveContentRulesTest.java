package dev.overture.live;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.asset.AssetSource;
import dev.overture.asset.PrimaryAssetId;
import dev.overture.core.Report;
import dev.overture.core.Reports;
import dev.overture.inject.Overture;
import dev.overture.testing.Content;
import dev.overture.testing.FakeTicker;
import dev.overture.testing.ManualExecutor;
import dev.overture.testing.ManualTimer;
import dev.overture.testing.TestRuntime;
import dev.overture.testing.TestWorld;
import dev.overture.world.Handle;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The rules of live content a host relies on: how it is configured (and the messages when that is
 * wrong), and what its handles promise: a released subscription or tracking hears nothing more, a
 * failing subscriber keeps no other from hearing, and a closed live content drops what waits.
 */
class LiveContentRulesTest {

  @TempDir Path temp;

  private static Content content() {
    return Content.of()
        .file("experiences/Duel.json", "{ \"defaultPawnData\": \"Fighter\" }")
        .file("pawns/Fighter.json", "{ \"pawnClass\": \"Pawn\", \"displayName\": \"Fighter\" }")
        .file("maps/Pit.json", "{}");
  }

  /** Builds a runtime on the content on disk with live content configured by {@code settings}; the failure, if any. */
  private Overture build(Content content, Consumer<LiveContent.Builder> settings) {
    FakeTicker ticker = new FakeTicker();
    return Overture.builder()
        .contentRoot(AssetSource.directory(content.writeTo(temp.resolve("content"))))
        .workers(new ManualExecutor())
        .pluginExecutor(new ManualExecutor())
        .ticker(ticker)
        .liveContent(live -> settings.accept(live.watch(false).executor(new ManualExecutor()).timer(new ManualTimer(ticker)).ticker(ticker)))
        .build();
  }

  private static String failure(Runnable configure) {
    return assertThrows(RuntimeException.class, configure::run).getMessage();
  }

  @Test
  void aQuietPeriodOrLongestDelayThatIsNotPositive_isRefused_namingIt() {
    assertEquals("the quiet period must be positive: PT0S", failure(() -> build(content(), live -> live.quietPeriod(Duration.ZERO))));
    assertEquals("the quiet period must be positive: PT-1S",
        failure(() -> build(content(), live -> live.quietPeriod(Duration.ofSeconds(-1)))));
    assertEquals("the longest delay must be positive: PT0S", failure(() -> build(content(), live -> live.maxDelay(Duration.ZERO))));
    assertEquals("the longest delay must be positive: PT-0.001S",
        failure(() -> build(content(), live -> live.maxDelay(Duration.ofMillis(-1)))));
  }

  @Test
  void aQuietPeriodLongerThanTheLongestDelay_isRefused_withBoth() {
    assertEquals("the quiet period (600 ms) is longer than the longest delay (500 ms)",
        failure(() -> build(content(), live -> live.quietPeriod(Duration.ofMillis(600)).maxDelay(Duration.ofMillis(500)))));
    assertEquals("the quiet period (600 ms) is longer than the longest delay (500 ms)",
        failure(() -> build(content(), live -> live.maxDelay(Duration.ofMillis(500)).quietPeriod(Duration.ofMillis(600)))),
        "in either order");
  }

  @Test
  void aLongQuietPeriodAlone_stretchesTheDefaultLongestDelayToIt() {
    try (Overture overture = build(content(), live -> live.quietPeriod(Duration.ofMillis(800)))) {
      assertTrue(overture.liveContent().isPresent());
    }
    try (Overture overture = build(content(), live -> live.quietPeriod(Duration.ofMillis(500)).maxDelay(Duration.ofMillis(500)))) {
      assertTrue(overture.liveContent().isPresent(), "a quiet period as long as the longest delay is allowed");
    }
  }

  @Test
  void eachSetting_isGivenOnce() {
    assertEquals("the quiet period was already set",
        failure(() -> build(content(), live -> live.quietPeriod(Duration.ofMillis(10)).quietPeriod(Duration.ofMillis(20)))));
    assertEquals("the longest delay was already set",
        failure(() -> build(content(), live -> live.maxDelay(Duration.ofSeconds(1)).maxDelay(Duration.ofSeconds(2)))));
    assertEquals("watching was already set", failure(() -> build(content(), live -> live.watch(false))));
    assertEquals("the executor was already set", failure(() -> build(content(), live -> live.executor(Runnable::run))));
    assertEquals("the timer was already set", failure(() -> build(content(), live -> live.timer((delay, task) -> {}))));
    assertEquals("the ticker was already set", failure(() -> build(content(), live -> live.ticker(System::nanoTime))));
    assertEquals("the reports feed was already set", failure(() -> build(content(), live -> live.reports(Reports.create()))),
        "the runtime gives live content its own feed");
    assertEquals("the plugins folder was already set",
        failure(() -> build(content(), live -> live.pluginsFolder(temp.resolve("a")).pluginsFolder(temp.resolve("b")))));
  }

  @Test
  void watchingContentThatIsNoFolderOnDisk_isRefused_namingTheRoots() {
    String message = failure(() -> Overture.builder().contentRoot(content().source()).workers(new ManualExecutor())
        .pluginExecutor(new ManualExecutor()).liveContent().build());

    assertTrue(message.startsWith("Live content has nothing to watch: no content root is a folder on disk (content roots: ["), message);
  }

  @Test
  void aReleasedSubscription_hearsNoMoreChanges_andAFailingSubscriber_keepsNoOtherFromHearing() {
    try (TestRuntime runtime = TestRuntime.builder(content()).liveContent().build()) {
      List<LiveReload> kept = new CopyOnWriteArrayList<>();
      List<LiveReload> released = new CopyOnWriteArrayList<>();
      runtime.live().subscribe(reload -> {
        throw new IllegalStateException("a subscriber's bug");
      });
      Handle subscription = runtime.live().subscribe(released::add);
      runtime.live().subscribe(kept::add);
      runtime.world("Match").load("Duel").assertLoaded();

      runtime.edit("pawns/Fighter.json", "{ \"pawnClass\": \"Pawn\", \"displayName\": \"Brawler\" }").reload();
      subscription.release();
      runtime.edit("pawns/Fighter.json", "{ \"pawnClass\": \"Pawn\", \"displayName\": \"Boxer\" }").reload();

      assertEquals(2, kept.size(), kept.toString());
      assertEquals(List.of(1L, 2L), kept.stream().map(LiveReload::sequence).toList(), "changes are numbered in order");
      assertEquals(1, released.size(), "released after the first change");
    }
  }

  @Test
  void aTrackedAsset_reachesItsWorld_untilTheTrackingIsReleased() {
    try (TestRuntime runtime = TestRuntime.builder(content()).liveContent().build()) {
      TestWorld world = runtime.world("Match").load("Duel").assertLoaded();
      List<Object> handed = new CopyOnWriteArrayList<>();
      Handle tracking = runtime.live().track(world.world(), PrimaryAssetId.parse("Map:Pit"), handed::add);

      runtime.edit("maps/Pit.json", "{ \"size\": 1 }").reload();
      assertEquals(1, handed.size(), "the new map reaches the world that tracks it");

      tracking.release();
      runtime.edit("maps/Pit.json", "{ \"size\": 2 }").reload();
      assertEquals(1, handed.size(), "released: nothing more");
    }
  }

  @Test
  void deletingATrackedAsset_isRefused_andTheWorldKeepsIt_untilTheFileComesBack() {
    try (TestRuntime runtime = TestRuntime.builder(content()).liveContent().build()) {
      TestWorld world = runtime.world("Match").load("Duel").assertLoaded();
      List<LiveReload> heard = new CopyOnWriteArrayList<>();
      runtime.live().subscribe(heard::add);
      List<Object> handed = new CopyOnWriteArrayList<>();
      runtime.live().track(world.world(), PrimaryAssetId.parse("Map:Pit"), handed::add);

      runtime.delete("maps/Pit.json").reload();

      assertEquals(LiveReload.Status.REFUSED, heard.get(0).status(), heard.toString());
      assertEquals(List.of("Overture/TrackedAssetRemoved: Map:Pit is gone (maps/Pit.json was deleted or no longer holds it),"
              + " but world Match plays with it; the world keeps it. Put the file back, or end what the world plays first"),
          heard.get(0).problems().stream()
              .map(problem -> problem.id() + ": " + problem.message().replaceAll("\\(/\\S*/maps/", "(maps/")).toList());
      assertEquals(List.of(), handed);

      runtime.edit("maps/Pit.json", "{ \"size\": 4 }").reload();
      assertEquals(LiveReload.Status.APPLIED, heard.get(1).status(), heard.toString());
      assertEquals(1, handed.size(), "the file is back: the world takes it");
    }
  }

  @Test
  void closed_liveContentDropsTheChangeWaitingOutItsQuietPeriod_andIsIdle() {
    try (TestRuntime runtime = TestRuntime.builder(content()).liveContent().build()) {
      List<LiveReload> heard = new CopyOnWriteArrayList<>();
      runtime.live().subscribe(heard::add);
      runtime.world("Match").load("Duel").assertLoaded();
      runtime.edit("pawns/Fighter.json", "{ \"pawnClass\": \"Pawn\", \"displayName\": \"Brawler\" }");
      assertFalse(runtime.live().whenIdle().isDone(), "a change waits out its quiet period");

      runtime.live().close();
      runtime.live().close();
      runtime.reload();

      assertEquals(List.of(), heard, "dropped, not checked");
      assertTrue(runtime.live().whenIdle().isDone());
      assertTrue(runtime.live().toString().endsWith(", closed]"), runtime.live().toString());
      runtime.edit("pawns/Fighter.json", "{ \"pawnClass\": \"Pawn\", \"displayName\": \"Boxer\" }").reload();
      assertEquals(List.of(), heard, "and later edits are not taken");
    }
  }

  @Test
  void attachingAWorld_fromAThreadNotItsGameThread_isRefused() throws Exception {
    try (TestRuntime runtime = TestRuntime.builder(content()).liveContent().build()) {
      TestWorld world = runtime.world("Match");
      AtomicReference<Throwable> failure = new AtomicReference<>();
      Thread other = new Thread(() -> {
        try {
          runtime.live().attach(world.world());
        } catch (Throwable e) {
          failure.set(e);
        }
      }, "tool-thread");
      other.start();
      other.join();

      assertTrue(failure.get() instanceof IllegalStateException, String.valueOf(failure.get()));
      assertTrue(failure.get().getMessage().startsWith("World \"Match\" was used from thread \"tool-thread\""), failure.get().getMessage());
    }
  }

  @Test
  void aClosedWorld_isNoLongerFollowed() {
    try (TestRuntime runtime = TestRuntime.builder(content()).liveContent().build()) {
      List<LiveReload> heard = new CopyOnWriteArrayList<>();
      runtime.live().subscribe(heard::add);
      TestWorld kept = runtime.world("Kept").load("Duel").assertLoaded();
      TestWorld closed = runtime.world("Closed").load("Duel").assertLoaded();
      List<Object> handed = new CopyOnWriteArrayList<>();
      runtime.live().track(closed.world(), PrimaryAssetId.parse("Map:Pit"), handed::add);
      assertEquals("LiveContent[announced, 2 worlds]", runtime.live().toString());

      closed.close();
      runtime.pump();
      assertEquals("LiveContent[announced, 1 worlds]", runtime.live().toString());

      runtime.edit("pawns/Fighter.json", "{ \"pawnClass\": \"Pawn\", \"displayName\": \"Brawler\" }");
      runtime.edit("maps/Pit.json", "{ \"size\": 3 }").reload();
      assertEquals(List.of("Kept"), heard.get(0).worlds().stream().map(LiveReload.WorldUpdate::world).toList(), heard.toString());
      assertEquals(List.of(), handed, "the closed world's tracking ended with it");
      assertEquals("Brawler", kept.experience().pawnData().orElseThrow().displayName());
    }
  }

  @Test
  void liveContentsOwnThreads_areDaemons_andCloseStopsThem() throws Exception {
    Path folder = content().writeTo(temp.resolve("watched"));
    Overture overture = Overture.builder().contentRoot(AssetSource.directory(folder)).liveContent().build();
    try {
      // The quiet period's timer thread starts with the first change.
      overture.liveContent().orElseThrow().announce(List.of(folder.resolve("pawns/Fighter.json")));
      await().atMost(Duration.ofSeconds(30)).until(() -> threads("overture-live").size() == 1
          && threads("overture-live-watcher").size() == 1);
      assertTrue(threads("overture-live").get(0).isDaemon(), "a game that forgets to close still exits");
      assertTrue(threads("overture-live-watcher").get(0).isDaemon());
    } finally {
      overture.close();
    }
    await().atMost(Duration.ofSeconds(30))
        .until(() -> threads("overture-live").isEmpty() && threads("overture-live-watcher").isEmpty());
  }

  private static List<Thread> threads(String name) {
    return Thread.getAllStackTraces().keySet().stream().filter(thread -> thread.getName().equals(name) && thread.isAlive()).toList();
  }

  @Test
  void everyChange_isToldToTheRuntimesReports_timedFromItsFirstEvent() {
    try (TestRuntime runtime = TestRuntime.builder(content()).liveContent().build()) {
      List<LiveReload> heard = new CopyOnWriteArrayList<>();
      runtime.live().subscribe(heard::add);
      runtime.world("Match").load("Duel").assertLoaded();
      long before = runtime.overture().reports().published();

      runtime.edit("pawns/Fighter.json", "{ \"pawnClass\": \"Pawn\", \"displayName\": \"Brawler\" }");
      runtime.ticker().advance(Duration.ofMillis(250));
      runtime.reload(); // one more second
      runtime.edit("pawns/Fighter.json", "{ \"pawnClass\": 7 }").reload();

      assertEquals(Duration.ofMillis(1250), heard.get(0).elapsed(), "from the first event to the report");
      String shown = runtime.folder().orElseThrow().resolve("pawns/Fighter.json").toString();
      assertEquals("LiveReload[1 Reloaded " + shown + " in 1250 ms: applied to world Match]", heard.get(0).toString());
      List<Report> reports = runtime.overture().reports().since(before);
      assertEquals(List.of("Reloaded", "EditRefused"), reports.stream().map(report -> report.kind().toString()).toList());
      assertEquals(heard.get(0).summary(), reports.get(0).summary());
      assertEquals("Refused " + shown + ": 1 error; the old content stays in force", reports.get(1).summary());
      assertEquals(heard.get(1).problems(), reports.get(1).problems());
    }
  }
}
