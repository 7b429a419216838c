package dev.overture.id;

import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Hands out {@link StableId}s that are never handed out twice for one store: ids come from blocks
 * its {@link IdBlockSource} reserves durably before the first of them is used, so a crash can only
 * skip ids, never repeat them. Ids are positive and increase.
 *
 * <pre>{@code
 * StableIdAllocator ids = StableIdAllocator.of(store.idBlocks(), 1024);
 * StableId hero = ids.next();
 * }</pre>
 *
 * <p>Thread-safe: any thread may take ids (taking one is a short synchronized step; emptying a
 * block also waits for the next reservation).
 */
public final class StableIdAllocator {

  private final IdBlockSource source;
  private final int blockSize;
  private long next;
  private long end;

  private StableIdAllocator(IdBlockSource source, int blockSize) {
    this.source = Objects.requireNonNull(source, "source");
    if (blockSize < 1) {
      throw new IllegalArgumentException("block size < 1: " + blockSize);
    }
    this.blockSize = blockSize;
  }

  /** An allocator taking blocks of {@code blockSize} ids from {@code source}. */
  public static StableIdAllocator of(IdBlockSource source, int blockSize) {
    return new StableIdAllocator(source, blockSize);
  }

  /**
   * An allocator for a world without a store: ids from 1 up, unique in this process only (nothing
   * records them).
   */
  public static StableIdAllocator inMemory() {
    AtomicLong counter = new AtomicLong(1);
    return of(size -> counter.getAndAdd(size), 1024);
  }

  /** A new id, never {@link StableId#NONE}. */
  public synchronized StableId next() {
    if (next >= end) {
      long first = source.reserve(blockSize);
      if (first <= 0 || first < end) {
        throw new IllegalStateException(
            "the id block source handed out a block at " + first + ", which is not above the ids already handed out (up to "
                + (end - 1) + ")");
      }
      next = first;
      end = first + blockSize;
    }
    return StableId.of(next++);
  }

  @Override
  public synchronized String toString() {
    return "StableIdAllocator[next " + next + ", block ends at " + end + "]";
  }
}
