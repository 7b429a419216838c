package dev.overture.asset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A map a reader holds never changes, whatever the maps made from it later add and remove. */
class LogMapTest {

  @Test
  void everyMapKeepsWhatItHad_inTheOrderAdded() {
    LogMap<String, Integer> empty = LogMap.empty();
    LogMap<String, Integer> ab = empty.with("a", 1).with("b", 2);
    LogMap<String, Integer> b = ab.without("a");
    LogMap<String, Integer> ba = b.with("a", 3);

    assertEquals(Map.of(), empty);
    assertEquals(List.of("a", "b"), List.copyOf(ab.keySet()));
    assertEquals(1, ab.get("a"));
    assertEquals(List.of("b"), List.copyOf(b.keySet()));
    assertNull(b.get("a"));
    assertEquals(List.of("b", "a"), List.copyOf(ba.keySet()));
    assertEquals(3, ba.get("a"));
    assertSame(b, b.without("nothing"));
  }

  @Test
  void aMapChangedAfterANewerOne_isCopiedFirst_andTheNewerOneStaysAsItWas() {
    LogMap<String, Integer> a = LogMap.<String, Integer>empty().with("a", 1);
    LogMap<String, Integer> ab = a.with("b", 2);
    LogMap<String, Integer> ac = a.with("c", 3);
    LogMap<String, Integer> none = ab.without("a").without("b");

    assertEquals(List.of("a", "b"), List.copyOf(ab.keySet()));
    assertEquals(List.of("a", "c"), List.copyOf(ac.keySet()));
    assertEquals(Map.of(), none);
    assertNull(ac.get("b"));
  }

  /** A removed value is let go by the maps made after: a removed plugin's root held its class loader. */
  @Test
  void aRemovedValue_isNotKeptByTheMapsMadeAfter() {
    Object[] value = {new Object()};
    java.lang.ref.WeakReference<Object> removed = new java.lang.ref.WeakReference<>(value[0]);
    LogMap<String, Object> map = LogMap.<String, Object>empty().with("a", value[0]).with("b", "kept").without("a");
    value[0] = null;

    org.awaitility.Awaitility.await().atMost(java.time.Duration.ofSeconds(30)).until(() -> {
      System.gc();
      return removed.get() == null;
    });
    assertEquals(List.of("b"), List.copyOf(map.keySet()));
  }

  @Test
  void manyChanges_keepTheSameEntriesAsALinkedHashMap_andAddingCopiesNothing() {
    LogMap<Integer, Integer> map = LogMap.empty();
    Map<Integer, Integer> expected = new LinkedHashMap<>();
    for (int round = 0; round < 20; round++) {
      for (int i = 0; i < 500; i++) {
        map = map.with(round * 1_000 + i, i);
        expected.put(round * 1_000 + i, i);
      }
      for (int i = 0; i < 500; i += 2) {
        map = map.without(round * 1_000 + i);
        expected.remove(round * 1_000 + i);
      }
      assertEquals(List.copyOf(expected.entrySet()), List.copyOf(map.entrySet()));
    }
    assertEquals(expected.size(), map.size());
    long copied = map.copied();
    for (int i = 0; i < 1_000; i++) {
      map = map.with(-1 - i, i);
    }
    assertEquals(copied, map.copied(), "adding copies nothing");
  }

  @Test
  void aKeyTwice_isRefused() {
    LogMap<String, Integer> a = LogMap.<String, Integer>empty().with("a", 1);

    assertEquals("a is in the map already", assertThrows(IllegalArgumentException.class, () -> a.with("a", 2)).getMessage());
  }
}
