package dev.overture.id;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import org.junit.jupiter.api.Test;

/**
 * Issue 20: {@link StableId} writes out its equals and hashCode (a record's generated ones cost a
 * start-up an invokedynamic link), keeping the record's own definition and its very hash, so that
 * no hash map of ids iterates in another order: each is compared with a plain record of the same
 * component.
 */
class StableIdEqualityTest {

  private record IdShape(long value) {}

  @Test
  void hashesAsItsRecord() {
    for (long value : new long[] {0, 1, -1, 42, Long.MAX_VALUE, Long.MIN_VALUE, 0x1_0000_0001L, 9_223_372_036_854_775_806L}) {
      assertEquals(new IdShape(value).hashCode(), StableId.of(value).hashCode(), "hash of " + value);
    }
  }

  @Test
  void equalsByValue() {
    assertEquals(new StableId(7), StableId.of(7));
    assertEquals(StableId.NONE, new StableId(0));
    assertNotEquals(StableId.of(7), StableId.of(8));
    assertNotEquals(StableId.of(7), (Object) 7L);
    assertNotEquals(StableId.of(7), null);
  }
}
