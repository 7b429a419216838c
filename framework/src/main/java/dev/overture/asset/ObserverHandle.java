package dev.overture.asset;

import dev.overture.core.Problem;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.function.DoubleConsumer;

/**
 * A view of a load the asset manager owns (its bundle state): it reports the load's progress and
 * outcome but cannot cancel or release it, and pins nothing of its own. Thread-safe as the load is.
 */
final class ObserverHandle implements LoadHandle {

  private final LoadHandle load;

  ObserverHandle(LoadHandle load) {
    this.load = load;
  }

  @Override
  public List<PrimaryAssetId> requested() {
    return load.requested();
  }

  @Override
  public Set<String> bundles() {
    return load.bundles();
  }

  /** The load's status; a failed load the manager has since let go of still reads as failed. */
  @Override
  public Status status() {
    Status status = load.status();
    CompletableFuture<LoadResult> future = load.future();
    if (status == Status.RELEASED && future.isCompletedExceptionally() && !future.isCancelled()) {
      return Status.FAILED;
    }
    return status;
  }

  @Override
  public CompletableFuture<LoadResult> future() {
    // A copy: cancelling it must not cancel the manager's own load.
    return load.future().copy();
  }

  @Override
  public double progress() {
    return load.progress();
  }

  @Override
  public int loadedCount() {
    return load.loadedCount();
  }

  @Override
  public int totalCount() {
    return load.totalCount();
  }

  @Override
  public List<Problem> problems() {
    return load.problems();
  }

  @Override
  public Duration elapsed() {
    return load.elapsed();
  }

  /** Does nothing: the manager owns the load. */
  @Override
  public boolean cancel() {
    return false;
  }

  /** Does nothing: the view pins nothing. */
  @Override
  public void release() {}

  @Override
  public LoadResult waitUntilComplete(Duration timeout) throws TimeoutException, InterruptedException {
    return load.waitUntilComplete(timeout);
  }

  @Override
  public LoadHandle onComplete(Executor executor, Consumer<LoadResult> callback) {
    load.onComplete(executor, callback);
    return this;
  }

  @Override
  public LoadHandle onFailure(Executor executor, Consumer<AssetLoadException> callback) {
    load.onFailure(executor, callback);
    return this;
  }

  @Override
  public LoadHandle onCancel(Executor executor, Runnable callback) {
    load.onCancel(executor, callback);
    return this;
  }

  @Override
  public LoadHandle onUpdate(Executor executor, DoubleConsumer callback) {
    load.onUpdate(executor, callback);
    return this;
  }

  @Override
  public String toString() {
    return "LoadHandle[view of " + load + "]";
  }
}
