package dev.overture.id;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.testing.ManualExecutor;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * Ids as a store hands them out: blocks that start above everything taken and end below the
 * largest 64-bit value, ids that are values, and an allocator that refuses a source breaking those
 * rules (issue 14).
 */
class IdBlockTest {

  private static final long MAX = Long.MAX_VALUE;

  @Test
  void theNextBlock_startsAboveTheCounterAndEveryIdTaken() {
    assertEquals(new IdBlock(1, 256), IdBlock.next("game.db", 0, 0, 256), "an empty store starts at 1");
    assertEquals(new IdBlock(40, 256), IdBlock.next("game.db", 40, 7, 256), "the counter is ahead");
    assertEquals(new IdBlock(1001, 256), IdBlock.next("game.db", 40, 1000, 256), "an imported id is ahead");
    assertEquals(new IdBlock(1, 8), IdBlock.next("game.db", -5, -9, 8), "never below 1");
  }

  @Test
  void theLastBlock_isCutShortWhereTheIdSpaceEnds() {
    IdBlock last = IdBlock.next("game.db", MAX - 3, 0, 256);

    assertEquals(new IdBlock(MAX - 3, 3), last);
    assertEquals(MAX - 1, last.last());
    assertEquals(new IdBlock(MAX - 1, 1), IdBlock.next("game.db", 0, MAX - 2, 256), "one id left after an import");
  }

  @Test
  void noBlockIsLeft_afterTheLastIdBelowTheLargestValue() {
    IdSpaceExhaustedException handedOut = assertThrows(IdSpaceExhaustedException.class,
        () -> IdBlock.next("game.db", MAX, 0, 256));
    IdSpaceExhaustedException taken = assertThrows(IdSpaceExhaustedException.class,
        () -> IdBlock.next("game.db", 5, MAX - 1, 256));
    IdSpaceExhaustedException largestTaken = assertThrows(IdSpaceExhaustedException.class,
        () -> IdBlock.next("game.db", 5, MAX, 256));

    assertEquals("The id space of game.db is exhausted: every id up to 9223372036854775806 was handed out (ids end below"
        + " 9223372036854775807, the largest 64-bit value); no id was handed out", handedOut.getMessage());
    assertEquals("The id space of game.db is exhausted: id 9223372036854775806 is already taken (ids end below"
        + " 9223372036854775807, the largest 64-bit value); no id was handed out", taken.getMessage());
    assertTrue(largestTaken.getMessage().contains("id 9223372036854775807 is already taken"), largestTaken.getMessage());
  }

  @Test
  void aBlockOfNoIds_isRefused() {
    assertEquals("block size < 1: 0",
        assertThrows(IllegalArgumentException.class, () -> IdBlock.next("game.db", 1, 0, 0)).getMessage());
  }

  @Test
  void aBlock_holdsOnlyPositiveIdsBelowTheLargestValue() {
    assertEquals(MAX - 1, new IdBlock(MAX - 1, 1).last(), "the last id there is");
    assertEquals("not a block of ids: 1 from 9223372036854775807 (ids are positive and the block must end below"
        + " 9223372036854775807)", assertThrows(IllegalArgumentException.class, () -> new IdBlock(MAX, 1)).getMessage());
    assertThrows(IllegalArgumentException.class, () -> new IdBlock(MAX - 1, 2));
    assertThrows(IllegalArgumentException.class, () -> new IdBlock(0, 5));
    assertThrows(IllegalArgumentException.class, () -> new IdBlock(5, 0));
    assertEquals(7, new IdBlock(5, 3).last());
    assertEquals("ids 5 to 7", new IdBlock(5, 3).toString());
  }

  @Test
  void zero_isTheOnlyNone() {
    assertSame(StableId.NONE, StableId.of(0));
    assertTrue(StableId.of(0).isNone());
    assertFalse(StableId.of(42).isNone());
    assertFalse(StableId.of(-1).isNone());
    assertEquals(42, StableId.of(42).value());
  }

  @Test
  void ids_printAndSortByTheirValue() {
    List<StableId> ids = new ArrayList<>(List.of(StableId.of(7), StableId.of(-3), StableId.NONE, StableId.of(MAX)));
    ids.sort(null);

    assertEquals(List.of(StableId.of(-3), StableId.NONE, StableId.of(7), StableId.of(MAX)), ids);
    assertEquals(0, StableId.of(7).compareTo(StableId.of(7)));
    assertEquals("StableId(42)", StableId.of(42).toString());
    assertEquals("StableId(none)", StableId.NONE.toString());
  }

  @Test
  void inMemoryIds_countFromOne_withoutRepeating() {
    StableIdAllocator ids = StableIdAllocator.inMemory();
    Set<StableId> seen = new HashSet<>();
    for (int i = 1; i <= 3000; i++) {
      StableId id = ids.next();
      assertEquals(i, id.value());
      assertTrue(seen.add(id));
    }
  }

  @Test
  void anAllocatorThatReservesOnTheTakingThread_isAlwaysReady_onTheCallbacksExecutor() {
    ManualExecutor game = new ManualExecutor();
    CompletableFuture<Void> ready = StableIdAllocator.inMemory().ready(game);

    assertFalse(ready.isDone(), "completed on the game thread, not the caller's");
    game.runAll();
    assertTrue(ready.isDone());
    assertFalse(ready.isCompletedExceptionally());
  }

  @Test
  void anAllocator_saysWhatItHoldsInHand() {
    StableIdAllocator blocking = StableIdAllocator.of(size -> IdBlock.next("test", 10, 0, size), 4);
    assertEquals("StableIdAllocator[no ids in hand]", blocking.toString());
    blocking.next();
    assertEquals("StableIdAllocator[next 11, 3 left in the block]", blocking.toString());

    ManualExecutor database = new ManualExecutor();
    long[] counter = {1};
    StableIdAllocator ahead = StableIdAllocator.reservingAhead(size -> {
      IdBlock block = IdBlock.next("test", counter[0], 0, size);
      counter[0] = block.last() + 1;
      return block;
    }, 2, database);
    assertEquals("StableIdAllocator[next 1, 2 left in the block, one block reserved ahead]", ahead.toString());
  }

  @Test
  void aSourceThatHandsOutAnIdAgain_isRefused_beforeAnyOfItIsUsed() {
    List<IdBlock> blocks = new ArrayList<>(List.of(new IdBlock(1, 2), new IdBlock(2, 2)));
    StableIdAllocator ids = StableIdAllocator.of(size -> blocks.remove(0), 2);
    assertEquals(1, ids.next().value());
    assertEquals(2, ids.next().value());

    IllegalStateException e = assertThrows(IllegalStateException.class, ids::next);
    assertEquals("the id block source handed out ids 2 to 3 for a block of 2, which is not a block above the ids already"
        + " handed out (up to 2)", e.getMessage());
  }

  @Test
  void aSourceThatHandsOutTheIdRightAfterTheLast_isAccepted() {
    List<IdBlock> blocks = new ArrayList<>(List.of(new IdBlock(1, 2), new IdBlock(3, 2)));
    StableIdAllocator ids = StableIdAllocator.of(size -> blocks.remove(0), 2);
    List<Long> taken = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      taken.add(ids.next().value());
    }
    assertEquals(List.of(1L, 2L, 3L, 4L), taken);
  }

  @Test
  void aSourceThatHandsOutMoreThanAsked_orNothing_isRefused() {
    StableIdAllocator tooMany = StableIdAllocator.of(size -> new IdBlock(1, size + 1), 2);
    StableIdAllocator none = StableIdAllocator.of(size -> null, 2);

    assertThrows(IllegalStateException.class, tooMany::next);
    assertEquals("the id block source handed out null for a block of 2, which is not a block above the ids already handed"
        + " out (up to 0)", assertThrows(IllegalStateException.class, none::next).getMessage());
  }

  @Test
  void anAllocatorOfEmptyBlocks_isRefused() {
    assertEquals("block size < 1: 0",
        assertThrows(IllegalArgumentException.class, () -> StableIdAllocator.of(size -> null, 0)).getMessage());
  }
}
