package dev.overture.asset;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The completion, failure and cancel callbacks of one load: each runs once, on its executor, in the
 * order registered (a {@code CompletableFuture} runs its dependents newest first); one registered
 * after the outcome runs at once. A callback that throws (an {@code Error} too, such as a failed
 * assertion), or an executor that throws instead of taking it, is logged, and the callbacks after it
 * still run. Thread-safe; the lock is held only to add to or take the list, never while a callback
 * runs.
 */
final class OutcomeCallbacks {

  private static final Logger log = LoggerFactory.getLogger(LoadHandle.class);

  private final CompletableFuture<LoadResult> future;
  private final String what;
  private final List<Runnable> pending = new ArrayList<>();
  private boolean known;

  OutcomeCallbacks(CompletableFuture<LoadResult> future, String what) {
    this.future = future;
    this.what = what;
    future.whenComplete((result, error) -> release());
  }

  void onComplete(Executor executor, Consumer<LoadResult> callback) {
    Objects.requireNonNull(callback, "callback");
    add(executor, "completion", () -> {
      if (!future.isCompletedExceptionally()) {
        callback.accept(future.join());
      }
    });
  }

  void onFailure(Executor executor, Consumer<AssetLoadException> callback) {
    Objects.requireNonNull(callback, "callback");
    add(executor, "failure", () -> {
      if (future.isCompletedExceptionally() && !future.isCancelled()) {
        try {
          future.join();
        } catch (CompletionException e) {
          if (e.getCause() instanceof AssetLoadException failure) {
            callback.accept(failure);
          }
        }
      }
    });
  }

  void onCancel(Executor executor, Runnable callback) {
    Objects.requireNonNull(callback, "callback");
    add(executor, "cancel", () -> {
      if (future.isCancelled()) {
        callback.run();
      }
    });
  }

  private void add(Executor executor, String kind, Runnable body) {
    Objects.requireNonNull(executor, "executor");
    Runnable dispatch = () -> {
      try {
        executor.execute(() -> {
          try {
            body.run();
          } catch (Throwable e) { // an assertion's Error too: logged, and the next callback still runs
            log.error("A {} callback of the load of {} threw", kind, what, e);
          }
        });
      } catch (RejectedExecutionException e) {
        log.warn("The executor of a {} callback of the load of {} rejected it", kind, what);
      } catch (Throwable e) {
        log.error("The executor of a {} callback of the load of {} failed to take it", kind, what, e);
      }
    };
    synchronized (pending) {
      if (!known) {
        pending.add(dispatch);
        return;
      }
    }
    dispatch.run();
  }

  private void release() {
    List<Runnable> ready;
    synchronized (pending) {
      known = true;
      ready = List.copyOf(pending);
      pending.clear();
    }
    ready.forEach(Runnable::run);
  }
}
