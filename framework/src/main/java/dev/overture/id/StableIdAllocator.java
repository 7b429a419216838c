package dev.overture.id;

import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Hands out {@link StableId}s that are never handed out twice for one store: ids come from blocks
 * its {@link IdBlockSource} reserves durably before the first of them is used, so a crash can only
 * skip ids, never repeat them. Ids are positive and increase; when the source has no id left
 * below {@link Long#MAX_VALUE}, {@link #next()} throws {@link IdSpaceExhaustedException} instead of
 * wrapping round.
 *
 * <pre>{@code
 * StableIdAllocator ids = StableIdAllocator.reservingAhead(store::reserveIds, 1024, databaseExecutor);
 * ids.ready(world.executor()).thenRun(() -> world.spawnActor(Hero.class, "Player"));
 * StableId hero = ids.next();
 * }</pre>
 *
 * <p><b>Two ways to reserve.</b> {@link #of} reserves on the thread that empties a block (for
 * tools). {@link #reservingAhead} reserves the next block on an executor while the current one is
 * used, so a game thread taking ids never waits for the database. Only when ids are taken faster
 * than blocks arrive does {@link #next()} wait: it takes over a reservation still queued on the
 * executor (running it itself, so it never waits behind other work or for an executor that is not
 * running), or waits for the one under way, and logs a warning.
 *
 * <p>Thread-safe: any thread may take ids (taking one is a short synchronized step; emptying a
 * block also takes the next block).
 */
public final class StableIdAllocator {

  private static final Logger log = LoggerFactory.getLogger(StableIdAllocator.class);

  private final IdBlockSource source;
  private final int blockSize;
  private final Executor executor;
  private long next;
  private long remaining;
  private long highest;
  private Reservation ahead;

  private StableIdAllocator(IdBlockSource source, int blockSize, Executor executor) {
    this.source = Objects.requireNonNull(source, "source");
    if (blockSize < 1) {
      throw new IllegalArgumentException("block size < 1: " + blockSize);
    }
    this.blockSize = blockSize;
    this.executor = executor;
  }

  /** An allocator taking blocks of {@code blockSize} ids from {@code source} on the thread that needs them. */
  public static StableIdAllocator of(IdBlockSource source, int blockSize) {
    return new StableIdAllocator(source, blockSize, null);
  }

  /**
   * An allocator that reserves its blocks of {@code blockSize} on {@code executor}, one block ahead.
   * The first block is reserved here, on the calling thread (so create it where blocking is fine,
   * as when opening the store), and the second is queued at once.
   *
   * @throws RuntimeException what the source threw for the first block, but that the id space is
   *     exhausted (the allocator then opens, and {@link #next()} throws)
   */
  public static StableIdAllocator reservingAhead(IdBlockSource source, int blockSize, Executor executor) {
    StableIdAllocator allocator = new StableIdAllocator(source, blockSize, Objects.requireNonNull(executor, "executor"));
    synchronized (allocator) {
      try {
        allocator.accept(source.reserve(blockSize));
      } catch (IdSpaceExhaustedException e) {
        // A full store still opens (to be read); taking an id then says why there is none.
        log.debug("No first block of ids", e);
      }
    }
    return allocator;
  }

  /**
   * An allocator for a world without a store: ids from 1 up, unique in this process only (nothing
   * records them).
   */
  public static StableIdAllocator inMemory() {
    long[] highestTaken = {0};
    return of(size -> {
      synchronized (highestTaken) {
        IdBlock block = IdBlock.next("this process's in-memory ids", 0, highestTaken[0], size);
        highestTaken[0] = block.last();
        return block;
      }
    }, 1024);
  }

  /**
   * A new id, never {@link StableId#NONE}, never one handed out before.
   *
   * @throws IdSpaceExhaustedException when no id is left below {@link Long#MAX_VALUE}
   * @throws RuntimeException what the source threw when a block could not be reserved (the next
   *     call tries again)
   */
  public synchronized StableId next() {
    if (remaining == 0) {
      takeBlock();
    }
    long id = next;
    remaining--;
    next = remaining == 0 ? next : next + 1;
    return StableId.of(id);
  }

  /**
   * Completes on {@code callbacks} once {@link #next()} can hand out an id without waiting for the
   * database; fails with the reservation's error, or with a {@link RejectedExecutionException} when
   * the executor refuses to make it (next() then reserves on the thread that takes the id). An
   * allocator that does not reserve ahead is always ready (it reserves on the thread that takes the
   * id).
   */
  public CompletableFuture<Void> ready(Executor callbacks) {
    Objects.requireNonNull(callbacks, "callbacks");
    CompletableFuture<Void> result = new CompletableFuture<>();
    Reservation waitFor;
    synchronized (this) {
      if (remaining > 0 || executor == null) {
        waitFor = null;
      } else {
        if (ahead == null || (ahead.refused != null && !ahead.claimed.get())) {
          ahead = submit(); // a reservation the executor refused is asked for again
        }
        waitFor = ahead;
      }
    }
    if (waitFor == null) {
      callbacks.execute(() -> result.complete(null));
      return result;
    }
    if (waitFor.refused != null) {
      // Nothing will make it in the background: say so rather than never completing. next() still
      // works, reserving a block itself on the thread that takes the id.
      RejectedExecutionException refused = new RejectedExecutionException(
          "the id executor refused to reserve a block of " + blockSize + " ahead; next() reserves one on the thread that takes an id",
          waitFor.refused);
      callbacks.execute(() -> result.completeExceptionally(refused));
      return result;
    }
    waitFor.block.whenComplete((ignored, error) -> {
      if (error != null) {
        synchronized (this) {
          if (ahead == waitFor) {
            ahead = null; // a failed reservation is not kept: the next request tries again
          }
        }
      }
      callbacks.execute(() -> {
        if (error != null) {
          result.completeExceptionally(error);
        } else {
          result.complete(null);
        }
      });
    });
    return result;
  }

  private void takeBlock() {
    IdBlock block;
    if (executor == null) {
      block = source.reserve(blockSize);
    } else {
      boolean queued = ahead != null;
      Reservation reservation = queued ? ahead : new Reservation();
      ahead = null;
      if (reservation.claim()) {
        // Still queued (or never queued): made here rather than waited for behind other work.
        if (queued) {
          log.warn("Ids were taken faster than blocks of {} were reserved ahead; thread \"{}\" reserved one itself",
              blockSize, Thread.currentThread().getName());
        }
        reservation.run(true);
      }
      try {
        block = reservation.block.join();
      } catch (CompletionException e) {
        throw e.getCause() instanceof RuntimeException runtime ? runtime : e;
      }
    }
    accept(block);
  }

  /** Takes {@code block} into use and, reserving ahead, queues the reservation of the next. */
  private void accept(IdBlock block) {
    if (block == null || block.first() <= highest || block.size() > blockSize) {
      throw new IllegalStateException("the id block source handed out " + block + " for a block of " + blockSize
          + ", which is not a block above the ids already handed out (up to " + highest + ")");
    }
    next = block.first();
    remaining = block.size();
    highest = block.last();
    if (executor != null) {
      ahead = submit();
    }
  }

  /** Queues a reservation on the executor; one the executor refuses is made when it is needed. */
  private Reservation submit() {
    Reservation reservation = new Reservation();
    try {
      executor.execute(() -> reservation.run(false));
    } catch (RejectedExecutionException e) {
      reservation.refused = e;
      log.debug("The id executor refused a reservation; it is made when needed", e);
    }
    return reservation;
  }

  /** One block's reservation, made once, by whichever of the executor and a waiting taker claims it. */
  private final class Reservation {
    final CompletableFuture<IdBlock> block = new CompletableFuture<>();
    final AtomicBoolean claimed = new AtomicBoolean();
    /** Why the executor refused to run it, if it did: then only a taker makes it. */
    volatile RejectedExecutionException refused;

    boolean claim() {
      return claimed.compareAndSet(false, true);
    }

    void run(boolean alreadyClaimed) {
      if (!alreadyClaimed && !claim()) {
        return;
      }
      try {
        block.complete(source.reserve(blockSize));
      } catch (RuntimeException | Error e) {
        block.completeExceptionally(e);
      }
    }
  }

  @Override
  public synchronized String toString() {
    return "StableIdAllocator[" + (remaining == 0 ? "no ids in hand" : "next " + next + ", " + remaining + " left in the block")
        + (executor == null ? "" : ahead == null ? ", none reserved ahead" : ", one block reserved ahead") + "]";
  }
}
