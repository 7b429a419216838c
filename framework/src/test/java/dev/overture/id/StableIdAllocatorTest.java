package dev.overture.id;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.testing.ManualExecutor;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;

/** Reserving ahead: a game thread taking ids does not wait for the database (issue 15). */
class StableIdAllocatorTest {

  /** A source that counts its reservations and the threads that made them. */
  private static final class CountingSource implements IdBlockSource {
    final List<String> threads = new ArrayList<>();
    long next = 1;
    RuntimeException failNext;

    @Override
    public synchronized IdBlock reserve(int size) {
      threads.add(Thread.currentThread().getName());
      if (failNext != null) {
        RuntimeException failure = failNext;
        failNext = null;
        throw failure;
      }
      IdBlock block = IdBlock.next("test", next, 0, size);
      next = block.first() + block.size();
      return block;
    }

    synchronized int calls() {
      return threads.size();
    }
  }

  private final CountingSource source = new CountingSource();
  private final ManualExecutor database = new ManualExecutor();
  private final ManualExecutor gameThread = new ManualExecutor();

  @Test
  void theNextBlock_isReservedOnTheExecutor_whileTheCurrentOneIsUsed() {
    StableIdAllocator ids = StableIdAllocator.reservingAhead(source, 4, database);
    assertEquals(1, source.calls(), "the first block, where the allocator was made");
    assertEquals(1, database.queued(), "the second, queued");

    for (long expected = 1; expected <= 4; expected++) {
      assertEquals(StableId.of(expected), ids.next());
    }
    assertEquals(1, source.calls(), "taking ids reserved nothing on this thread");

    database.runAll();
    assertEquals(2, source.calls());
    assertEquals(StableId.of(5), ids.next(), "from the block reserved ahead");
    assertEquals(2, source.calls());
    assertEquals(1, database.queued(), "and the one after it is queued");
  }

  /**
   * A hostile review: with an executor that refuses work (a host's pool shut down), ready() waited
   * for a reservation nobody would make, forever. It fails now, saying why, and next() still hands
   * out ids, reserving a block on the taking thread.
   */
  @Test
  void ready_withAnExecutorThatRefuses_failsSayingSo_andNextStillHandsOutIds() {
    StableIdAllocator ids = StableIdAllocator.reservingAhead(source, 2, task -> {
      throw new java.util.concurrent.RejectedExecutionException("host pool shut down");
    });
    ids.next();
    ids.next(); // the first block is used up; the one ahead was refused

    java.util.concurrent.CompletableFuture<Void> ready = ids.ready(gameThread);
    gameThread.runAll();

    assertTrue(ready.isCompletedExceptionally(), ready.toString());
    java.util.concurrent.ExecutionException failed = assertThrows(java.util.concurrent.ExecutionException.class, ready::get);
    assertEquals("the id executor refused to reserve a block of 2 ahead; next() reserves one on the thread that takes an id",
        failed.getCause().getMessage());
    assertEquals(StableId.of(3), ids.next(), "reserved on this thread");
  }

  @Test
  void ready_completesOnTheGameThread_onceTheBlockAheadIsReserved() {
    StableIdAllocator ids = StableIdAllocator.reservingAhead(source, 2, database);
    ids.next();
    ids.next();

    CompletableFuture<Void> ready = ids.ready(gameThread);
    assertFalse(ready.isDone(), "the block ahead is not reserved yet");
    database.runAll();
    assertFalse(ready.isDone(), "reserved, but handed to the game thread");
    gameThread.runAll();
    assertTrue(ready.isDone());
    assertEquals(StableId.of(3), ids.next());
  }

  @Test
  void idsTakenFasterThanBlocksArrive_takeOverTheQueuedReservation_insteadOfWaitingBehindOtherWork() {
    StableIdAllocator ids = StableIdAllocator.reservingAhead(source, 2, database);
    ids.next();
    ids.next();

    assertEquals(StableId.of(3), ids.next(), "the queued reservation was made here");
    assertEquals(2, source.calls());
    database.runNext();
    assertEquals(2, source.calls(), "the queued task finds its reservation made, and does nothing");
    database.runAll();
    assertEquals(3, source.calls(), "only the next block ahead");
  }

  @Test
  void aFailedReservation_isReported_andTriedAgain() {
    StableIdAllocator ids = StableIdAllocator.reservingAhead(source, 1, database);
    ids.next();
    IllegalStateException down = new IllegalStateException("the database is down");
    source.failNext = down;
    database.runAll();

    assertSame(down, assertThrows(IllegalStateException.class, ids::next), "the failure itself, not a wrapped one");
    assertEquals(StableId.of(2), ids.next(), "not kept: tried again, on this thread, since nothing is queued");
  }

  @Test
  void ready_failsWithTheReservationsFailure_whichIsNotKept() {
    StableIdAllocator ids = StableIdAllocator.reservingAhead(source, 1, database);
    ids.next();
    IllegalStateException down = new IllegalStateException("the database is down");
    source.failNext = down;

    CompletableFuture<Void> ready = ids.ready(gameThread);
    database.runAll();
    gameThread.runAll();

    CompletionException failed = assertThrows(CompletionException.class, ready::join);
    assertSame(down, failed.getCause());
    assertEquals(StableId.of(2), ids.next(), "tried again");
  }

  @Test
  void aBlockingAllocator_reservesOnTheThreadThatEmptiesABlock() {
    StableIdAllocator ids = StableIdAllocator.of(source, 2);
    assertEquals(0, source.calls());
    ids.next();
    assertEquals(List.of(Thread.currentThread().getName()), source.threads);
  }
}
