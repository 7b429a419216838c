package dev.overture.asset;

import dev.overture.testing.ManualExecutor;
import dev.overture.testing.FakeTicker;
import static dev.overture.asset.TestAssets.id;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StartupJobsTest {

  @TempDir Path temp;
  private final ManualExecutor gameThread = new ManualExecutor();
  private final FakeTicker ticker = new FakeTicker();

  @Test
  void weightedProgress_isReportedAndReachesOneOnce() {
    CompletableFuture<Void> warmDone = new CompletableFuture<>();
    List<String> ran = new ArrayList<>();
    StartupJobs.Context[] warm = new StartupJobs.Context[1];
    StartupJobs jobs = StartupJobs.builder()
        .ticker(ticker)
        .add("Read config", 1, context -> {
          ran.add("config");
          ticker.advance(Duration.ofMillis(20));
          return CompletableFuture.completedFuture(null);
        })
        .add("Warm caches", 3, context -> {
          ran.add("warm");
          warm[0] = context;
          return warmDone;
        })
        .build();
    List<Double> progress = new ArrayList<>();
    jobs.onProgress(gameThread, progress::add);

    CompletableFuture<Void> done = jobs.start(gameThread);
    gameThread.runAll();
    assertEquals(List.of("config", "warm"), ran);
    assertEquals(0.25, jobs.progress(), 1e-9);
    assertEquals("Warm caches", jobs.currentJob().orElseThrow());

    warm[0].reportProgress(0.5);
    gameThread.runAll();
    assertEquals(0.25 + 0.75 * 0.5, jobs.progress(), 1e-9);
    warm[0].reportProgress(0.2);
    assertEquals(0.625, jobs.progress(), 1e-9, "lower reports are ignored");
    assertFalse(done.isDone());

    warmDone.complete(null);
    gameThread.runAll();

    assertTrue(done.isDone());
    assertEquals(1.0, jobs.progress());
    assertEquals(List.of(0.25, 0.625, 1.0), progress);
    assertEquals(Duration.ofMillis(20), jobs.timings().get(0).elapsed());
    assertTrue(jobs.currentJob().isEmpty());
  }

  @Test
  void aJobCanTrackALoad() {
    ManualExecutor workers = new ManualExecutor();
    try (AssetManager assets =
        TestAssets.builder(AssetSource.directory(TestAssets.game().writeTo(temp.resolve("assets")))).executor(workers).build()) {
      StartupJobs jobs = StartupJobs.builder()
          .add("Load the front end", 1, context -> context.track(assets.loadPrimaryAsset(id("Mode:Elimination"), "client")))
          .build();
      List<Double> progress = new ArrayList<>();
      jobs.onProgress(gameThread, progress::add);
      CompletableFuture<Void> done = jobs.start(gameThread);
      gameThread.runAll();

      while (workers.runNext()) {
        gameThread.runAll();
      }
      gameThread.runAll();

      assertTrue(done.isDone());
      assertTrue(progress.size() > 2, "the load's progress flowed through: " + progress);
      for (int i = 1; i < progress.size(); i++) {
        assertTrue(progress.get(i) > progress.get(i - 1));
      }
      assertEquals(1.0, progress.get(progress.size() - 1));
    }
  }

  @Test
  void aFailingJob_stopsStartUpAndIsNamed() {
    List<String> ran = new ArrayList<>();
    StartupJobs jobs = StartupJobs.builder()
        .add("Broken", 1, context -> {
          throw new IllegalStateException("no disk");
        })
        .add("Never", 1, context -> {
          ran.add("never");
          return CompletableFuture.completedFuture(null);
        })
        .build();

    CompletableFuture<Void> done = jobs.start(gameThread);
    gameThread.runAll();

    CompletionException e = assertThrows(CompletionException.class, done::join);
    StartupJobException failure = assertInstanceOf(StartupJobException.class, e.getCause());
    assertEquals("Broken", failure.job());
    assertEquals("Start-up job \"Broken\" failed: no disk", failure.getMessage());
    assertEquals(List.of(), ran);
    assertTrue(jobs.progress() < 1.0);
  }

  @Test
  void builder_checksItsArguments() {
    StartupJobs.Builder builder = StartupJobs.builder();
    assertEquals("no start-up job was added", assertThrows(IllegalStateException.class, builder::build).getMessage());
    assertEquals(
        "job weight must be positive and finite: 0.0",
        assertThrows(IllegalArgumentException.class, () -> builder.add("x", 0, c -> null)).getMessage());
    builder.add("x", 1, c -> CompletableFuture.completedFuture(null));
    assertThrows(IllegalArgumentException.class, () -> builder.add("x", 1, c -> null));
    StartupJobs jobs = builder.build();
    jobs.start(gameThread);
    assertThrows(IllegalStateException.class, () -> jobs.start(gameThread));
  }
}
