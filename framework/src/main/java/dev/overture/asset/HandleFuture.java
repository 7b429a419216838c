package dev.overture.asset;

import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * The future of a load handle: callers chain on it and may cancel it (which cancels the load), but
 * only the handle completes it, so its value always matches the handle's status.
 */
final class HandleFuture<T> extends CompletableFuture<T> {

  private static UnsupportedOperationException refused() {
    return new UnsupportedOperationException("a load handle's future is completed by the load, not by callers");
  }

  boolean completeByHandle(T value) {
    return super.complete(value);
  }

  boolean failByHandle(Throwable failure) {
    return super.completeExceptionally(failure);
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
  public CompletableFuture<T> completeAsync(Supplier<? extends T> supplier, java.util.concurrent.Executor executor) {
    throw refused();
  }

  @Override
  public CompletableFuture<T> completeOnTimeout(T value, long timeout, java.util.concurrent.TimeUnit unit) {
    throw refused();
  }

  @Override
  public <U> CompletableFuture<U> newIncompleteFuture() {
    return new CompletableFuture<>();
  }
}
