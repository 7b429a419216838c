package dev.overture.asset;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * The future of a load handle: callers chain on it and may cancel it (which cancels the load), but
 * only the handle completes it, so its value always matches the handle's status. A cancel through
 * the future runs the handle's own cancel first, so that whatever the cancellation wakes (callbacks,
 * dependents a caller chained) sees the handle cancelled and its pins released.
 *
 * <p>{@link #orTimeout} cannot fail this future (callers do not complete it), so it returns a
 * dependent future that fails with a {@code TimeoutException} after the time given, or completes as
 * this one does; the load goes on (cancel it to stop it). {@link #completeOnTimeout} and the other
 * ways of completing it from outside are refused.
 */
final class HandleFuture<T> extends CompletableFuture<T> {

  /**
   * The handle's cancel: true when it won (the handle is then cancelled, its pins released, and it
   * has cancelled this future through {@link #cancelByHandle}); false when the load ended first.
   */
  private final BooleanSupplier cancelHandle;

  HandleFuture(BooleanSupplier cancelHandle) {
    this.cancelHandle = cancelHandle;
  }

  private static UnsupportedOperationException refused() {
    return new UnsupportedOperationException("a load handle's future is completed by the load, not by callers");
  }

  boolean completeByHandle(T value) {
    return super.complete(value);
  }

  boolean failByHandle(Throwable failure) {
    return super.completeExceptionally(failure);
  }

  /** Called by the handle once its cancel has won: the future follows. */
  boolean cancelByHandle() {
    return super.cancel(false);
  }

  /**
   * Cancels the load: the handle first, which cancels this future once it has won. A load that
   * ended first (completed or failed, the handle saying so) is not cancelled: the future then holds
   * the load's own outcome, as the handle does.
   */
  @Override
  public boolean cancel(boolean mayInterruptIfRunning) {
    if (!isDone() && cancelHandle.getAsBoolean()) {
      return true;
    }
    return isCancelled();
  }

  @Override
  public boolean complete(T value) {
    throw refused();
  }

  @Override
  public boolean completeExceptionally(Throwable failure) {
    throw refused();
  }

  @Override
  public void obtrudeValue(T value) {
    throw refused();
  }

  @Override
  public void obtrudeException(Throwable failure) {
    throw refused();
  }

  @Override
  public CompletableFuture<T> completeAsync(Supplier<? extends T> supplier, Executor executor) {
    throw refused();
  }

  @Override
  public CompletableFuture<T> completeOnTimeout(T value, long timeout, TimeUnit unit) {
    throw refused();
  }

  /**
   * A future that completes as this one does, or fails with a {@code TimeoutException} once {@code
   * timeout} has passed; this future and its load are left as they are.
   */
  @Override
  public CompletableFuture<T> orTimeout(long timeout, TimeUnit unit) {
    CompletableFuture<T> bounded = new CompletableFuture<>();
    whenComplete((value, error) -> {
      if (error != null) {
        bounded.completeExceptionally(error);
      } else {
        bounded.complete(value);
      }
    });
    return bounded.orTimeout(timeout, unit);
  }

  @Override
  public <U> CompletableFuture<U> newIncompleteFuture() {
    return new CompletableFuture<>();
  }
}
