package dev.overture.asset;

import dev.overture.core.Problem;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.DoubleConsumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Several handles as one, like Unreal's combined streamable handle: it completes when every part
 * has, fails with all their problems if any failed, and is cancelled if any part is. It owns its
 * parts: cancelling or releasing it cancels or releases them all. Progress is loaded/total summed
 * over the parts, held so that it never decreases. Thread-safe.
 */
final class CombinedLoadHandle implements LoadHandle {

  private static final Logger log = LoggerFactory.getLogger(LoadHandle.class);

  private final List<LoadHandle> parts;
  private final HandleFuture<LoadResult> future = new HandleFuture<>(this::cancel);
  private final OutcomeCallbacks callbacks;
  private final AtomicLong reported = new AtomicLong(Double.doubleToRawLongBits(0.0));
  /** Set by whichever of the outcome (completion, failure) and a cancel comes first: the other then does nothing. */
  private final AtomicBoolean decided = new AtomicBoolean();
  private final AtomicBoolean released = new AtomicBoolean();

  CombinedLoadHandle(List<? extends LoadHandle> handles) {
    this.parts = List.copyOf(handles);
    this.callbacks = new OutcomeCallbacks(future, describe());
    CompletableFuture<?>[] futures = parts.stream().map(LoadHandle::future).toArray(CompletableFuture[]::new);
    CompletableFuture.allOf(futures)
        .handle(
            (ignored, error) -> {
              settle();
              return null;
            });
    for (LoadHandle part : parts) {
      // A part cancelled on its own cancels the whole at once, not when the others finish.
      part.future().whenComplete((result, error) -> {
        if (part.future().isCancelled()) {
          cancel();
        }
      });
    }
  }

  private void settle() {
    List<Problem> problems = new ArrayList<>();
    Map<PrimaryAssetId, Object> assets = new LinkedHashMap<>();
    Map<AssetKey, Object> reached = new LinkedHashMap<>();
    Duration elapsed = Duration.ZERO;
    boolean cancelled = false;
    for (LoadHandle part : parts) {
      elapsed = elapsed.compareTo(part.elapsed()) >= 0 ? elapsed : part.elapsed();
      try {
        LoadResult result = part.future().join();
        assets.putAll(result.assets());
        reached.putAll(result.reached());
        problems.addAll(result.warnings());
      } catch (CancellationException e) {
        cancelled = true;
      } catch (CompletionException e) {
        if (e.getCause() instanceof AssetLoadException failure) {
          problems.addAll(failure.problems());
        } else {
          cancelled |= e.getCause() instanceof CancellationException;
        }
      }
    }
    if (cancelled) {
      cancel();
    } else if (!decided.compareAndSet(false, true)) {
      return; // cancelled meanwhile: its parts are cancelled or released already
    } else if (problems.stream().anyMatch(Problem::isError)) {
      future.failByHandle(new AssetLoadException(describe(), LoadProblems.sorted(problems)));
    } else {
      future.completeByHandle(new LoadResult(assets, reached, LoadProblems.sorted(problems), elapsed));
    }
  }

  private String describe() {
    return DefaultLoadHandle.describe(requested(), Set.of());
  }

  @Override
  public List<PrimaryAssetId> requested() {
    Set<PrimaryAssetId> all = new LinkedHashSet<>();
    parts.forEach(part -> all.addAll(part.requested()));
    return List.copyOf(all);
  }

  @Override
  public Set<String> bundles() {
    Set<String> all = new LinkedHashSet<>();
    parts.forEach(part -> all.addAll(part.bundles()));
    return Set.copyOf(all);
  }

  @Override
  public Status status() {
    if (released.get()) {
      return Status.RELEASED;
    }
    if (!future.isDone()) {
      return Status.LOADING;
    }
    if (future.isCancelled()) {
      return Status.CANCELLED;
    }
    return future.isCompletedExceptionally() ? Status.FAILED : Status.COMPLETED;
  }

  @Override
  public CompletableFuture<LoadResult> future() {
    return future;
  }

  @Override
  public double progress() {
    if (future.isDone() && !future.isCancelled()) {
      return 1.0;
    }
    long loaded = 0;
    long total = 0;
    for (LoadHandle part : parts) {
      loaded += part.loadedCount();
      total += part.totalCount();
    }
    double fraction = total == 0 ? 0.0 : Math.min(Math.nextDown(1.0), (double) loaded / total);
    if (future.isDone()) {
      return Double.longBitsToDouble(reported.get());
    }
    while (true) {
      long previous = reported.get();
      if (fraction <= Double.longBitsToDouble(previous)) {
        return Double.longBitsToDouble(previous);
      }
      if (reported.compareAndSet(previous, Double.doubleToRawLongBits(fraction))) {
        return fraction;
      }
    }
  }

  @Override
  public int loadedCount() {
    return parts.stream().mapToInt(LoadHandle::loadedCount).sum();
  }

  @Override
  public int totalCount() {
    return parts.stream().mapToInt(LoadHandle::totalCount).sum();
  }

  @Override
  public List<Problem> problems() {
    List<Problem> all = new ArrayList<>();
    parts.forEach(part -> all.addAll(part.problems()));
    return LoadProblems.sorted(all);
  }

  @Override
  public Duration elapsed() {
    return parts.stream().map(LoadHandle::elapsed).max(Duration::compareTo).orElse(Duration.ZERO);
  }

  /**
   * Cancels the whole: the parts still loading are cancelled, and those that have already completed
   * or failed are released, since a cancelled handle pins nothing (they would otherwise keep what
   * they loaded until the whole was released too).
   */
  @Override
  public boolean cancel() {
    if (!decided.compareAndSet(false, true)) {
      return false;
    }
    progress();
    for (LoadHandle part : parts) {
      if (!part.cancel() && (part.status() == Status.COMPLETED || part.status() == Status.FAILED)) {
        part.release();
      }
    }
    future.cancelByHandle();
    return true;
  }

  @Override
  public void release() {
    cancel();
    if (released.compareAndSet(false, true)) {
      parts.forEach(LoadHandle::release);
    }
  }

  @Override
  public LoadResult waitUntilComplete(Duration timeout) throws TimeoutException, InterruptedException {
    LoadTask.refuseWaitInLoad(future);
    try {
      return future.get(dev.overture.internal.Durations.nanos(Objects.requireNonNull(timeout, "timeout")), TimeUnit.NANOSECONDS);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof AssetLoadException failure) {
        throw failure;
      }
      throw new CompletionException(e.getCause());
    }
  }

  @Override
  public LoadHandle onComplete(Executor executor, Consumer<LoadResult> callback) {
    callbacks.onComplete(executor, callback);
    return this;
  }

  @Override
  public LoadHandle onFailure(Executor executor, Consumer<AssetLoadException> callback) {
    callbacks.onFailure(executor, callback);
    return this;
  }

  @Override
  public LoadHandle onCancel(Executor executor, Runnable callback) {
    callbacks.onCancel(executor, callback);
    return this;
  }

  @Override
  public LoadHandle onUpdate(Executor executor, DoubleConsumer callback) {
    AtomicLong delivered = new AtomicLong(Double.doubleToRawLongBits(-1.0));
    Runnable send =
        () -> {
          double value = progress();
          if (future.isCancelled()) {
            return;
          }
          long previous = delivered.get();
          if (value > Double.longBitsToDouble(previous)
              && delivered.compareAndSet(previous, Double.doubleToRawLongBits(value))) {
            guarded(() -> callback.accept(value));
          }
        };
    for (LoadHandle part : parts) {
      part.onUpdate(executor, ignored -> send.run());
    }
    future.whenCompleteAsync((result, error) -> send.run(), executor);
    return this;
  }

  private static void guarded(Runnable callback) {
    try {
      callback.run();
    } catch (Throwable e) { // an assertion's Error too: logged, and later callbacks still run
      log.error("A callback of a combined load threw", e);
    }
  }

  @Override
  public String toString() {
    return "LoadHandle[combined " + parts.size() + " handles, " + status() + ", " + loadedCount() + "/" + totalCount() + "]";
  }
}
