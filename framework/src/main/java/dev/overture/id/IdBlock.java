package dev.overture.id;

/**
 * Consecutive ids reserved for one allocator: {@code first} to {@code first + size - 1}, all
 * positive and below {@link Long#MAX_VALUE}, so the counter after the block ({@code first + size})
 * still fits in a {@code long}.
 *
 * <p>Immutable; safe to share between threads.
 *
 * @param first the first id
 * @param size how many ids
 */
public record IdBlock(long first, int size) {

  public IdBlock {
    if (first < 1 || size < 1 || first > Long.MAX_VALUE - size) {
      throw new IllegalArgumentException("not a block of ids: " + size + " from " + first
          + " (ids are positive and the block must end below " + Long.MAX_VALUE + ")");
    }
  }

  /** The last id of the block. */
  public long last() {
    return first + size - 1;
  }

  /**
   * The next block of at most {@code size} ids, for a source whose counter stands at {@code next}
   * and where {@code highestTaken} is the highest id already in use (saved by a world, or
   * imported): it starts at the larger of the two ({@code highestTaken + 1}), at least 1. It is
   * shorter than {@code size} only where the id space ends. The arithmetic cannot overflow.
   *
   * @param where the store, for the message
   * @throws IdSpaceExhaustedException when no id is left below {@link Long#MAX_VALUE}
   */
  public static IdBlock next(String where, long next, long highestTaken, int size) {
    if (size < 1) {
      throw new IllegalArgumentException("block size < 1: " + size);
    }
    long first = highestTaken >= Long.MAX_VALUE - 1 ? Long.MAX_VALUE : Math.max(1, Math.max(next, highestTaken + 1));
    if (first >= Long.MAX_VALUE) {
      throw new IdSpaceExhaustedException("The id space of " + where + " is exhausted: "
          + (highestTaken >= Long.MAX_VALUE - 1 ? "id " + highestTaken + " is already taken" : "every id up to "
              + (Long.MAX_VALUE - 1) + " was handed out")
          + " (ids end below " + Long.MAX_VALUE + ", the largest 64-bit value); no id was handed out");
    }
    return new IdBlock(first, (int) Math.min(size, Long.MAX_VALUE - first));
  }

  @Override
  public String toString() {
    return "ids " + first + " to " + last();
  }
}
