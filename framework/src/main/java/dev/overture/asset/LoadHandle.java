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
 * One request to load primary assets and their bundles, like Unreal's {@code FStreamableHandle}.
 * Returned at once by {@link AssetManager#loadPrimaryAssets}; the work happens on the asset
 * manager's workers.
 *
 * <p><b>Lifecycle.</b> A handle is {@link Status#LOADING} until everything it reached is loaded,
 * then {@link Status#COMPLETED} or, when any asset had an error, {@link Status#FAILED} (the good
 * assets stay loaded and usable). {@link #cancel()} ends a loading handle as {@link
 * Status#CANCELLED}: it never completes normally afterwards. {@link #release()} ends any handle as
 * {@link Status#RELEASED}. A handle pins every asset it reached until it is cancelled or released.
 *
 * <p><b>Progress.</b> {@link #progress()} is loaded/total over every asset the load has reached;
 * the total grows as references are discovered, but the reported fraction never decreases, and it
 * reaches 1.0 exactly once, when the load completes or fails (never when it is cancelled). The
 * final update is sent before the future completes, so on one executor it arrives before any
 * completion callback.
 *
 * <p><b>Threading.</b> All methods may be called from any thread. Callbacks run on the executor the
 * caller passes (usually the game thread's), each once, in registration order; one registered
 * after the event runs at once (on its executor). Update callbacks are
 * coalesced and arrive with strictly increasing values on a single-threaded executor. With a
 * direct executor ({@code Runnable::run}) a callback runs on whichever thread completes the load
 * or waits for it, so game code passes its game-thread executor. Exceptions thrown by callbacks are
 * logged and do not affect the handle.
 */
public interface LoadHandle {

  /** Where a handle is in its lifecycle. */
  enum Status {
    /** Still reading and binding. */
    LOADING,
    /** Everything reached was loaded without error. */
    COMPLETED,
    /** Everything reached was tried; some had errors ({@link #problems()}). */
    FAILED,
    /** Cancelled before it completed; it released what it pinned. */
    CANCELLED,
    /** Released: it pins nothing any more. */
    RELEASED
  }

  /** A handle that completes when all of {@code handles} have, combining their progress. */
  static LoadHandle combine(List<? extends LoadHandle> handles) {
    return new CombinedLoadHandle(dev.overture.internal.Arguments.noNulls(handles, "handles"));
  }

  /** The primary assets requested, in order. */
  List<PrimaryAssetId> requested();

  /** The bundles requested. */
  Set<String> bundles();

  /** Where the handle is in its lifecycle. */
  Status status();

  /** Whether the handle is no longer loading. */
  default boolean isDone() {
    return status() != Status.LOADING;
  }

  /**
   * The load as a future: it completes with the result, fails with {@link AssetLoadException}, or
   * is cancelled. Cancelling this future cancels the load first, so whatever the cancellation
   * wakes sees the handle {@code CANCELLED} with its pins released; completing it is refused
   * ({@code UnsupportedOperationException}). {@code orTimeout} returns a new future that fails with
   * a {@code TimeoutException} when the time is up, and leaves the load going (cancel it to stop
   * it).
   */
  CompletableFuture<LoadResult> future();

  /** Loaded/total over every asset reached so far, in [0, 1]; see the class comment. */
  double progress();

  /** How many of the assets reached so far are loaded (or failed). */
  int loadedCount();

  /** How many assets the load has reached so far. */
  int totalCount();

  /** The problems found so far (warnings, and errors for a failed load). */
  List<Problem> problems();

  /** How long the load has taken, or took, on the asset manager's ticker. */
  Duration elapsed();

  /**
   * Cancels a loading handle: cancel callbacks run, the future is cancelled, and every pin is
   * released. Reads no other load waits for are skipped if they have not started.
   *
   * @return whether this call cancelled it; false when it was no longer loading
   */
  boolean cancel();

  /** Releases every asset this handle pins, cancelling it first if still loading. Idempotent. */
  void release();

  /**
   * Blocks until the load is done. For tools and tests: game code uses callbacks.
   *
   * @throws AssetLoadException when the load failed
   * @throws java.util.concurrent.CancellationException when it was cancelled
   * @throws TimeoutException when it is still loading after {@code timeout}
   * @throws InterruptedException when the waiting thread is interrupted
   * @throws IllegalStateException when called, the load not done, on an asset worker inside a
   *     read or code its completion runs (a callback on the handle's future): the reads it would
   *     wait for could be queued behind that thread
   */
  LoadResult waitUntilComplete(Duration timeout) throws TimeoutException, InterruptedException;

  /** Runs {@code callback} on {@code executor} when the load completes without error. */
  LoadHandle onComplete(Executor executor, Consumer<LoadResult> callback);

  /** Runs {@code callback} on {@code executor} when the load fails. */
  LoadHandle onFailure(Executor executor, Consumer<AssetLoadException> callback);

  /** Runs {@code callback} on {@code executor} when the load is cancelled. */
  LoadHandle onCancel(Executor executor, Runnable callback);

  /** Sends progress to {@code callback} on {@code executor} as it grows, ending with 1.0. */
  LoadHandle onUpdate(Executor executor, DoubleConsumer callback);
}
