package dev.overture.asset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.core.Problem;
import dev.overture.core.ProblemException;
import dev.overture.testing.ManualExecutor;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** Start-up jobs as a loading screen sees them: the progress it is sent, the job it names, the failure it shows. */
class ManagerStartupJobsTest {

  private final ManualExecutor jobsThread = new ManualExecutor();
  private final ManualExecutor screen = new ManualExecutor();

  @Test
  void aFailedStart_failsWithTheStartupJobExceptionItself_notAWrapper() {
    StartupJobs jobs = StartupJobs.builder()
        .add("Mount", 1, context -> CompletableFuture.failedFuture(new IllegalStateException("the disk is gone")))
        .build();

    CompletableFuture<Void> done = jobs.start(jobsThread);
    jobsThread.runAll();

    Throwable failure = done.handle((ignored, error) -> error).join();
    StartupJobException named = assertInstanceOf(StartupJobException.class, failure);
    assertEquals("Mount", named.job());
    assertEquals("Start-up job \"Mount\" failed: the disk is gone", named.getMessage());
    assertInstanceOf(IllegalStateException.class, named.getCause());
  }

  @Test
  void aJobThatThrows_failsTheStartWithTheStartupJobExceptionItself() {
    StartupJobs jobs = StartupJobs.builder()
        .add("Read config", 1, context -> {
          throw new IllegalArgumentException("config.json is empty");
        })
        .build();

    CompletableFuture<Void> done = jobs.start(jobsThread);
    jobsThread.runAll();

    Throwable failure = done.handle((ignored, error) -> error).join();
    assertEquals("Start-up job \"Read config\" failed: config.json is empty",
        assertInstanceOf(StartupJobException.class, failure).getMessage());
  }

  @Test
  void reportProgress_acceptsBothEndsOfZeroToOne_andRefusesAnythingElse() {
    StartupJobs.Context[] context = new StartupJobs.Context[1];
    CompletableFuture<Void> finish = new CompletableFuture<>();
    StartupJobs jobs = StartupJobs.builder().add("Warm", 1, c -> {
      context[0] = c;
      return finish;
    }).build();
    CompletableFuture<Void> done = jobs.start(jobsThread);
    jobsThread.runAll();

    context[0].reportProgress(0.0);
    assertEquals(0.0, jobs.progress());
    context[0].reportProgress(1.0);
    assertTrue(jobs.progress() < 1.0, "1.0 only once the job is done: " + jobs.progress());
    assertTrue(jobs.progress() > 0.999, "a job at its end is nearly done: " + jobs.progress());
    assertEquals("progress must be in [0, 1]: -0.01",
        assertThrows(IllegalArgumentException.class, () -> context[0].reportProgress(-0.01)).getMessage());
    assertEquals("progress must be in [0, 1]: 1.01",
        assertThrows(IllegalArgumentException.class, () -> context[0].reportProgress(1.01)).getMessage());
    assertEquals("progress must be in [0, 1]: NaN",
        assertThrows(IllegalArgumentException.class, () -> context[0].reportProgress(Double.NaN)).getMessage());
    assertFalse(done.isDone());

    finish.complete(null);
    jobsThread.runAll();
    assertTrue(done.isDone());
    assertEquals(1.0, jobs.progress());
  }

  @Test
  void reportingTheSameProgressAgain_wakesNoListener() {
    StartupJobs.Context[] context = new StartupJobs.Context[1];
    StartupJobs jobs = StartupJobs.builder().add("Warm", 1, c -> {
      context[0] = c;
      return new CompletableFuture<>();
    }).build();
    List<Double> sent = new ArrayList<>();
    jobs.onProgress(screen, sent::add);
    jobs.start(jobsThread);
    jobsThread.runAll();

    context[0].reportProgress(0.5);
    assertEquals(1, screen.queued());
    screen.runAll();
    context[0].reportProgress(0.5);
    context[0].reportProgress(0.25);

    assertEquals(0, screen.queued(), "no progress grew, so the screen's thread is not woken");
    assertEquals(List.of(0.5), sent);
  }

  @Test
  void progressThatDoesNotGrow_isNotSentTwice() {
    StartupJobs.Context[] context = new StartupJobs.Context[1];
    CompletableFuture<Void> finish = new CompletableFuture<>();
    StartupJobs jobs = StartupJobs.builder()
        .add("First", 1, c -> CompletableFuture.completedFuture(null))
        .add("Second", 1, c -> {
          context[0] = c;
          return finish;
        })
        .build();
    List<Double> sent = new ArrayList<>();
    jobs.onProgress(screen, sent::add);
    CompletableFuture<Void> done = jobs.start(jobsThread);
    jobsThread.runAll();
    screen.runAll();

    // The second job nearly done: the combined progress is at its largest value below 1.0 ...
    context[0].reportProgress(1 - 0x1p-52);
    screen.runAll();
    // ... where the job's own progress can still grow a little, the combined one cannot.
    context[0].reportProgress(1.0);
    screen.runAll();
    finish.complete(null);
    jobsThread.runAll();
    screen.runAll();

    assertTrue(done.isDone());
    assertEquals(List.of(0.5, Math.nextDown(1.0), 1.0), sent, "strictly increasing");
  }

  @Test
  void currentJob_namesTheFirstJobWhileItRuns() {
    CompletableFuture<Void> first = new CompletableFuture<>();
    StartupJobs jobs = StartupJobs.builder()
        .add("Index content", 1, c -> first)
        .add("Load game data", 3, c -> CompletableFuture.completedFuture(null))
        .build();
    assertEquals(Optional.empty(), jobs.currentJob(), "not started");

    jobs.start(jobsThread);
    jobsThread.runAll();
    assertEquals(Optional.of("Index content"), jobs.currentJob());

    first.complete(null);
    jobsThread.runAll();
    assertEquals(Optional.empty(), jobs.currentJob(), "all done");
    assertEquals(List.of("Index content", "Load game data"), jobs.timings().stream().map(StartupJobs.Timing::job).toList());
  }

  @Test
  void aListenerAddedAfterTheStartSucceeded_isSentOneExactlyOnce() {
    StartupJobs jobs = StartupJobs.builder().add("Only", 1, c -> CompletableFuture.completedFuture(null)).build();
    CompletableFuture<Void> done = jobs.start(jobsThread);
    jobsThread.runAll();
    assertTrue(done.isDone());

    List<Double> sent = new ArrayList<>();
    assertSame(jobs, jobs.onProgress(screen, sent::add), "onProgress chains");
    screen.runAll();

    assertEquals(List.of(1.0), sent);
  }

  @Test
  void aListenerAddedAfterAFailedStart_isSentNothing() {
    StartupJobs jobs = StartupJobs.builder()
        .add("Only", 1, c -> CompletableFuture.failedFuture(new IllegalStateException("no")))
        .build();
    jobs.start(jobsThread);
    jobsThread.runAll();

    List<Double> sent = new ArrayList<>();
    jobs.onProgress(screen, sent::add);
    screen.runAll();

    assertEquals(List.of(), sent);
    assertTrue(jobs.progress() < 1.0);
  }

  @Test
  void aFailedLoad_isDescribedByItsHeadingAndFirstProblem() {
    Problem missing = Problem.error("Overture/UnknownAsset", "No asset Pawn:Heroo is indexed.");
    ProblemException one = new ProblemException("Could not load Mode:Elimination", List.of(missing));

    assertEquals("Start-up job \"Load game data\" failed: Could not load Mode:Elimination: No asset Pawn:Heroo is indexed.",
        new StartupJobException("Load game data", one).getMessage());
  }

  @Test
  void aFailedLoadWithSeveralProblems_countsTheOthers() {
    ProblemException three = new ProblemException("Could not load Mode:Elimination", List.of(
        Problem.error("Overture/UnknownAsset", "No asset Pawn:Heroo is indexed."),
        Problem.error("Overture/UnknownAsset", "No asset Pawn:Sidekik is indexed."),
        Problem.error("Overture/MissingFile", "icons/x.json does not exist.")));
    ProblemException two = new ProblemException("Could not load Mode:Base", List.of(
        Problem.error("Overture/UnknownAsset", "No asset Pawn:Heroo is indexed."),
        Problem.error("Overture/MissingFile", "icons/x.json does not exist.")));

    StartupJobException failure = new StartupJobException("Load game data", three);
    assertEquals("Start-up job \"Load game data\" failed: Could not load Mode:Elimination: No asset Pawn:Heroo is indexed."
        + " (and 2 more)", failure.getMessage());
    assertSame(three, failure.getCause());
    assertEquals("Start-up job \"Load\" failed: Could not load Mode:Base: No asset Pawn:Heroo is indexed. (and 1 more)",
        new StartupJobException("Load", two).getMessage());
  }
}
