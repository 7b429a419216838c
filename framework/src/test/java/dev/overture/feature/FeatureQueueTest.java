package dev.overture.feature;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.testing.ManualExecutor;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Where plugin state changes run, as a host relies on it: one at a time and in the order asked,
 * whatever executor it is given; a change that throws (an exception or an error) fails its own
 * request and no other; {@code whenIdle} tells when all have finished; and once closed, requests
 * and waits fail with the same message instead of hanging.
 */
class FeatureQueueTest {

  private final ManualExecutor executor = new ManualExecutor();
  private final FeatureQueue queue = new FeatureQueue(executor);

  private static Throwable failureOf(CompletableFuture<?> future) {
    ExecutionException e = assertThrows(ExecutionException.class, future::get);
    return e.getCause();
  }

  @Test
  void changes_runInTheOrderAsked_eachCompletingItsRequest() {
    List<String> ran = new ArrayList<>();
    CompletableFuture<String> first = queue.submit(() -> {
      ran.add("first");
      return CompletableFuture.completedFuture("one");
    });
    CompletableFuture<String> second = queue.submit(() -> {
      ran.add("second");
      return CompletableFuture.completedFuture("two");
    });
    assertEquals(List.of(), ran, "nothing runs on the caller's thread");
    assertFalse(queue.whenIdle().isDone());

    executor.runAll();

    assertEquals(List.of("first", "second"), ran);
    assertEquals("one", first.join());
    assertEquals("two", second.join());
    assertTrue(queue.whenIdle().isDone());
  }

  @Test
  void aChangeThatThrows_failsItsOwnRequest_andTheNextStillRuns() {
    AssertionError bug = new AssertionError("a plugin's assertion");
    CompletableFuture<String> error = queue.submit(() -> {
      throw bug;
    });
    CompletableFuture<String> thrown = queue.submit(() -> {
      throw new IllegalArgumentException("bad descriptor");
    });
    CompletableFuture<String> next = queue.submit(() -> CompletableFuture.completedFuture("still runs"));

    executor.runAll();

    assertSame(bug, failureOf(error), "an Error, too, ends its request instead of stalling the queue");
    assertEquals("bad descriptor", failureOf(thrown).getMessage());
    assertEquals("still runs", next.join());
    assertTrue(queue.whenIdle().isDone());
  }

  @Test
  void aChangeThatFailsLater_failsItsRequestWithTheCause_notAWrapper() {
    CompletableFuture<String> inner = new CompletableFuture<>();
    CompletableFuture<String> request = queue.submit(() -> inner);
    executor.runAll();
    assertFalse(request.isDone(), "the request waits for the change it started");

    IllegalStateException cause = new IllegalStateException("activation failed");
    inner.completeExceptionally(new CompletionException(cause));

    assertSame(cause, failureOf(request));
  }

  @Test
  void whenIdle_completesWhenTheLastRequestFinishes_notBefore() {
    CompletableFuture<Void> slow = new CompletableFuture<>();
    queue.submit(() -> slow);
    queue.submit(() -> CompletableFuture.completedFuture(null));
    CompletableFuture<Void> idle = queue.whenIdle();
    executor.runAll();
    assertFalse(idle.isDone(), "one request is still in flight");

    slow.complete(null);
    assertTrue(idle.isDone());
    assertTrue(queue.whenIdle().isDone(), "and nothing is in flight now");
  }

  @Test
  void closed_refusesNewRequests_andFailsTheWaitsForIdle_withOneMessage() {
    queue.submit(() -> new CompletableFuture<Void>());
    executor.runAll();
    CompletableFuture<Void> idle = queue.whenIdle();

    queue.close();

    assertEquals(FeatureQueue.CLOSED, failureOf(idle).getMessage());
    assertEquals(FeatureQueue.CLOSED, failureOf(queue.whenIdle()).getMessage(), "a request still in flight never finishes now");
    CompletableFuture<Object> late = queue.submit(() -> CompletableFuture.completedFuture("never"));
    assertEquals(FeatureQueue.CLOSED, failureOf(late).getMessage());
    assertEquals(0, executor.runAll(), "a refused request runs nothing");
  }

  /**
   * Review: close returned while a change ran on the host's executor, and GameFeatures then closed
   * the plugins' class loaders under the plugin's running code. Close now waits for the change
   * running (bounded) and drops those not started. The host's thread here is one the test starts
   * with the task the queue handed its executor; the change runs until close either waits for it
   * or has returned, and says which.
   */
  @Test
  @org.junit.jupiter.api.Timeout(30)
  void close_waitsForTheChangeRunningOnTheHostsExecutor_andDropsThoseNotStarted() throws Exception {
    List<Runnable> handed = new CopyOnWriteArrayList<>();
    FeatureQueue hosted = new FeatureQueue(handed::add);
    java.util.concurrent.CountDownLatch entered = new java.util.concurrent.CountDownLatch(1);
    java.util.concurrent.atomic.AtomicBoolean closeReturned = new java.util.concurrent.atomic.AtomicBoolean();
    java.util.concurrent.atomic.AtomicReference<Thread> closer = new java.util.concurrent.atomic.AtomicReference<>();
    java.util.concurrent.atomic.AtomicReference<String> sawClose = new java.util.concurrent.atomic.AtomicReference<>();
    CompletableFuture<String> running = hosted.submit(() -> {
      entered.countDown();
      while (true) {
        Thread closing = closer.get();
        if (closeReturned.get()) {
          sawClose.set("close had returned");
          break;
        }
        if (closing != null && closing.getState() == Thread.State.TIMED_WAITING) {
          sawClose.set("close was waiting");
          break;
        }
        Thread.onSpinWait();
      }
      return CompletableFuture.completedFuture("done");
    });
    AtomicInteger laterRan = new AtomicInteger();
    hosted.submit(() -> {
      laterRan.incrementAndGet();
      return CompletableFuture.completedFuture("later");
    });
    assertEquals(1, handed.size(), "one drain of the serial executor");
    Thread host = new Thread(handed.get(0), "host-executor");
    host.start();
    entered.await();

    Thread closing = new Thread(() -> {
      hosted.close();
      closeReturned.set(true);
    }, "closer");
    closer.set(closing);
    closing.start();
    closing.join();
    host.join();

    assertEquals("close was waiting", sawClose.get());
    assertEquals("done", running.join());
    assertEquals(0, laterRan.get(), "a change not started when closing runs no plugin code after it");
    assertThrows(RejectedExecutionException.class, () -> hosted.serial().execute(() -> {}), "nor does a continuation");
  }

  @Test
  void anExecutorThatRefuses_failsTheRequestAsRejected_andTheQueueTakesTheNextWhenItAccepts() {
    AtomicInteger refusals = new AtomicInteger(1);
    List<Runnable> accepted = new ArrayList<>();
    FeatureQueue picky = new FeatureQueue(task -> {
      if (refusals.getAndDecrement() > 0) {
        throw new RejectedExecutionException("shutting down");
      }
      accepted.add(task);
    });

    Throwable refused = failureOf(picky.submit("the release of plugin Combat", () -> CompletableFuture.completedFuture("lost")));
    assertEquals("The plugin executor refused the release of plugin Combat, see the following problem:\n\n"
        + "1) [Overture/Rejected] The plugin executor rejected the release of plugin Combat (it is shut down or its queue is"
        + " full)\n\n1 problem", refused.getMessage());
    assertEquals("shutting down", refused.getCause().getMessage());
    assertTrue(picky.whenIdle().isDone(), "a refused request is not in flight");

    CompletableFuture<String> later = picky.submit(() -> CompletableFuture.completedFuture("taken"));
    assertEquals(1, accepted.size(), "the serial executor is not left marked as running");
    accepted.get(0).run();
    assertEquals("taken", later.join());
  }

  @Test
  void onAPoolOfThreads_changesStillRunOneAtATime_inOrder() {
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      FeatureQueue pooled = new FeatureQueue(pool);
      AtomicInteger running = new AtomicInteger();
      AtomicInteger most = new AtomicInteger();
      List<Integer> order = new CopyOnWriteArrayList<>();
      List<CompletableFuture<Integer>> requests = new ArrayList<>();
      for (int i = 0; i < 200; i++) {
        int n = i;
        requests.add(pooled.submit(() -> {
          most.accumulateAndGet(running.incrementAndGet(), Math::max);
          order.add(n);
          running.decrementAndGet();
          return CompletableFuture.completedFuture(n);
        }));
      }
      await().atMost(Duration.ofSeconds(30)).until(() -> pooled.whenIdle().isDone());

      assertEquals(1, most.get(), "never two at once");
      List<Integer> expected = new ArrayList<>();
      for (int i = 0; i < 200; i++) {
        expected.add(i);
      }
      assertEquals(expected, order);
      assertEquals(199, requests.get(199).join());
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void withoutAnExecutor_changesRunOnItsOwnThread_whichCloseStops() {
    FeatureQueue own = new FeatureQueue(null);
    CompletableFuture<String> thread = own.submit(() -> CompletableFuture.completedFuture(Thread.currentThread().getName()));
    assertEquals("overture-features", thread.join());

    own.close();
    assertEquals(FeatureQueue.CLOSED, failureOf(own.submit(() -> CompletableFuture.completedFuture("late"))).getMessage());
  }

  /**
   * Review D2: after a host gave up on a plugin whose register never returns, closing waited 5 s for
   * it, 5 s more for the thread, and logged two warnings before the host could say why. Abandoned,
   * close returns at once, while the change still runs, and drops what was queued behind it.
   */
  @Test
  @org.junit.jupiter.api.Timeout(30)
  void close_afterTheRunningChangeWasAbandoned_waitsForNothing_andDropsWhatWaitedBehindIt() throws Exception {
    FeatureQueue own = new FeatureQueue(null);
    java.util.concurrent.CountDownLatch entered = new java.util.concurrent.CountDownLatch(1);
    java.util.concurrent.CountDownLatch never = new java.util.concurrent.CountDownLatch(1);
    java.util.concurrent.atomic.AtomicReference<Thread> stuck = new java.util.concurrent.atomic.AtomicReference<>();
    own.submit(() -> {
      stuck.set(Thread.currentThread());
      entered.countDown();
      while (never.getCount() > 0) { // a register waiting for what never comes, deaf to interrupts
        try {
          never.await();
        } catch (InterruptedException e) {
          // close's shutdownNow: ignored, as stuck code does
        }
      }
      return CompletableFuture.completedFuture("returned at last");
    });
    AtomicInteger behind = new AtomicInteger();
    CompletableFuture<String> queued = own.submit(() -> {
      behind.incrementAndGet();
      return CompletableFuture.completedFuture("behind");
    });
    entered.await();

    own.abandonRunning();
    assertTrue(own.runningAbandoned());
    // What the running change does afterwards is its own business; close must not have waited for it.
    java.util.concurrent.atomic.AtomicBoolean closedWhileStuck = new java.util.concurrent.atomic.AtomicBoolean();
    Thread closing = new Thread(() -> {
      own.close();
      closedWhileStuck.set(stuck.get().isAlive());
    }, "closer");
    closing.start();
    closing.join();

    assertTrue(closedWhileStuck.get(), "close returned while the abandoned change still ran");
    assertTrue(stuck.get().isDaemon(), "Overture's own plugin thread never keeps the process alive");
    never.countDown();
    await().atMost(Duration.ofSeconds(10)).until(() -> !stuck.get().isAlive());
    assertEquals(0, behind.get(), "what waited behind the abandoned change never runs");
    assertFalse(queued.isDone() && !queued.isCompletedExceptionally(), "nor does it report success");
  }
}
