package dev.overture.id;

/**
 * Where a {@link StableIdAllocator} gets its ids: blocks of consecutive values reserved durably
 * (the world store records the next free value in the same transaction), so that a block handed
 * out before a crash is never handed out again. Ids of a block not used before a restart are
 * skipped, never reused.
 *
 * <p>Threading: implementations must be safe to call from several threads at once (allocators of
 * several worlds share one source). A call may block (a database write); an allocator that
 * reserves ahead makes it on its executor, not on a game thread.
 */
@FunctionalInterface
public interface IdBlockSource {

  /**
   * Reserves up to {@code size} consecutive ids, durably ({@link IdBlock#next} computes the block):
   * fewer only where the id space ends.
   *
   * @throws IdSpaceExhaustedException when no id is left; nothing is then reserved
   * @throws RuntimeException when the reservation cannot be recorded (a store throws its {@code
   *     PersistenceException}); no id of the block may then be used
   */
  IdBlock reserve(int size);
}
