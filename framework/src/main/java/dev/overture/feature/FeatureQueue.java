package dev.overture.feature;

import dev.overture.core.Problem;
import dev.overture.core.ProblemException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Where every plugin state change runs: one at a time, in order, on a serial executor over the
 * given executor (or over one daemon thread it owns). It counts the requests in flight so that
 * {@link #whenIdle} can tell a host when all have finished, and refuses new ones once closed.
 * Thread-safe.
 */
final class FeatureQueue implements AutoCloseable {

  static final String CLOSED = "GameFeatures is closed";
  /** How long {@link #close} waits for a state change running on another thread. */
  static final java.time.Duration CLOSE_WAIT = java.time.Duration.ofSeconds(5);

  private static final org.slf4j.Logger log = org.slf4j.LoggerFactory.getLogger(FeatureQueue.class);

  private final ExecutorService owned;
  private final SerialExecutor serial;
  private final Object lock = new Object();
  private int inFlight; // guarded by lock
  private final List<CompletableFuture<Void>> idleWaiters = new ArrayList<>(); // guarded by lock
  private volatile boolean closed;
  /** The host gave up on the change running now: closing waits for nothing. */
  private volatile boolean abandoned;

  /** A queue over {@code executor}, or over a thread of its own when {@code null}. */
  FeatureQueue(Executor executor) {
    if (executor != null) {
      owned = null;
      serial = new SerialExecutor(executor);
    } else {
      owned = Executors.newSingleThreadExecutor(task -> {
        Thread thread = new Thread(task, "overture-features");
        thread.setDaemon(true);
        return thread;
      });
      serial = new SerialExecutor(owned);
    }
  }

  /** The serial executor, for the continuations of a step that is already on it. */
  Executor serial() {
    return serial;
  }

  /** {@link #submit(String, Supplier)} of a step without a name of its own. */
  <T> CompletableFuture<T> submit(Supplier<CompletableFuture<T>> step) {
    return submit("a plugin task", step);
  }

  /**
   * Runs {@code step} on the serial executor and completes with the future it returns (unwrapped);
   * counted in flight until then. Fails at once when closed; when the host's executor refuses it
   * (shut down, or its queue full) fails with {@code Overture/Rejected}, naming {@code what} ("the
   * release of plugin Combat"), rather than claiming the plugins are closed.
   */
  <T> CompletableFuture<T> submit(String what, Supplier<CompletableFuture<T>> step) {
    CompletableFuture<T> result = new CompletableFuture<>();
    if (closed) {
      result.completeExceptionally(new IllegalStateException(CLOSED));
      return result;
    }
    synchronized (lock) {
      inFlight++;
    }
    result.whenComplete((value, error) -> finished());
    try {
      serial.execute(() -> {
        CompletableFuture<T> inner;
        try {
          inner = step.get();
        } catch (RuntimeException | Error e) {
          // An Error too (a plugin's assertion, a stack overflow): left uncaught, the request would
          // never complete and the serial thread's queue would stall behind it.
          result.completeExceptionally(e);
          return;
        }
        inner.whenComplete((value, error) -> {
          if (error != null) {
            result.completeExceptionally(unwrap(error));
          } else {
            result.complete(value);
          }
        });
      });
    } catch (RejectedExecutionException e) {
      result.completeExceptionally(closed ? new IllegalStateException(CLOSED, e) : rejected(what, e));
    }
    return result;
  }

  private void finished() {
    List<CompletableFuture<Void>> idle;
    synchronized (lock) {
      if (--inFlight != 0) {
        return;
      }
      idle = List.copyOf(idleWaiters);
      idleWaiters.clear();
    }
    idle.forEach(waiter -> waiter.complete(null));
  }

  /** See {@link GameFeatures#whenIdle()}. */
  CompletableFuture<Void> whenIdle() {
    synchronized (lock) {
      if (inFlight == 0) {
        return CompletableFuture.completedFuture(null);
      }
      if (closed) {
        return CompletableFuture.failedFuture(new IllegalStateException(CLOSED));
      }
      CompletableFuture<Void> idle = new CompletableFuture<>();
      idleWaiters.add(idle);
      return idle;
    }
  }

  private static ProblemException rejected(String what, RejectedExecutionException e) {
    return new ProblemException("The plugin executor refused " + what, List.of(Problem.error("Overture/Rejected",
        "The plugin executor rejected " + what + " (it is shut down or its queue is full)")), e);
  }

  /** See {@link GameFeatures#abandonRunningChange()}. */
  void abandonRunning() {
    abandoned = true;
  }

  boolean runningAbandoned() {
    return abandoned;
  }

  static Throwable unwrap(Throwable error) {
    return error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
  }

  /** Whether {@link #close} was called. */
  boolean isClosed() {
    return closed;
  }

  /**
   * Refuses new requests, fails the idle waiters, drops the changes not started, waits for the one
   * running, if any ({@link #CLOSE_WAIT} at most: the caller closes the plugins' class loaders
   * next, which must not happen under running plugin code), and stops the thread it owns, if any.
   */
  @Override
  public void close() {
    closed = true;
    List<CompletableFuture<Void>> waiting;
    synchronized (lock) {
      waiting = List.copyOf(idleWaiters);
      idleWaiters.clear();
    }
    waiting.forEach(idle -> idle.completeExceptionally(new IllegalStateException(CLOSED)));
    if (abandoned) {
      // The host waited for it already and said so: waiting again only delays the host's own message.
      if (!serial.close(0)) {
        log.debug("Closing without waiting for the plugin state change the host abandoned; the plugins' class loaders close"
            + " under it");
      }
    } else if (!serial.close(CLOSE_WAIT.toNanos())) {
      log.warn("A plugin state change still ran after closing waited {} s for it; the plugins' class loaders close under it",
          CLOSE_WAIT.toSeconds());
    }
    if (owned != null) {
      owned.shutdownNow();
      if (!abandoned) {
        try {
          owned.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
    }
  }
}
