package dev.overture.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.id.IdBlock;
import dev.overture.id.IdSpaceExhaustedException;
import dev.overture.id.StableIdAllocator;
import dev.overture.persistence.ClassNames;
import dev.overture.persistence.WorldStore;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import dev.overture.persistence.Backend;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Rule: ids are unique and positive, or the allocator refuses with a clear error once the id space
 * is exhausted; no arithmetic near 2^63 wraps round, in SQL or in Java (issue 14), on SQLite and
 * on PostgreSQL (issue 21).
 */
class IdSpaceReliabilityTest {

  private static final long MAX = Long.MAX_VALUE;

  @TempDir Path temp;
  private Backend.Place place;

  /** A store on {@code backend} whose database ran {@code sql}. */
  private Backend.Place store(Backend backend, String... sql) throws Exception {
    place = backend.fresh(temp);
    place.open(ClassNames.of(Map.of())).close();
    try (Connection connection = place.connect();
        Statement statement = connection.createStatement()) {
      for (String line : sql) {
        statement.executeUpdate(line);
      }
    }
    return place;
  }

  @AfterEach
  void closeDatabase() {
    if (place != null) {
      place.close();
    }
  }

  /** Takes ids until the allocator refuses; returns them, and the refusal. */
  private static List<Long> takeAll(StableIdAllocator ids, List<RuntimeException> refusal) {
    List<Long> taken = new ArrayList<>();
    for (int i = 0; i < 5_000; i++) {
      try {
        taken.add(ids.next().value());
      } catch (RuntimeException e) {
        refusal.add(e);
        return taken;
      }
    }
    return taken;
  }

  private static void assertUniqueAndPositive(List<Long> ids) {
    assertEquals(ids.size(), new HashSet<>(ids).size(), "no id twice");
    assertTrue(ids.stream().allMatch(id -> id > 0), "every id positive: " + ids);
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void anImportedIdNearTheEnd_leavesOnlyTheIdsAboveIt_eachOnce_thenARefusal(Backend backend) throws Exception {
    Backend.Place db = store(backend, "INSERT INTO actors (id, world, class, name) VALUES (" + (MAX - 300) + ", 'Imported', 'Pawn', 'Far')");
    List<RuntimeException> refusal = new ArrayList<>();
    List<Long> ids;
    try (WorldStore store = db.open(ClassNames.of(Map.of()))) {
      ids = takeAll(store.ids(), refusal);
    }

    assertEquals(299, ids.size(), "the ids from 2^63-300 up to 2^63-2");
    assertEquals(MAX - 299, ids.get(0));
    assertEquals(MAX - 1, ids.get(ids.size() - 1));
    assertUniqueAndPositive(ids);
    assertEquals(1, refusal.size());
    IdSpaceExhaustedException e = (IdSpaceExhaustedException) refusal.get(0);
    assertEquals("The id space of " + db.name() + " is exhausted: every id up to 9223372036854775806 was handed out (ids end below"
        + " 9223372036854775807, the largest 64-bit value); no id was handed out", e.getMessage());
    try (Connection connection = db.connect();
        Statement sql = connection.createStatement();
        ResultSet counter = sql.executeQuery("SELECT next_id FROM id_allocator WHERE name = 'actors'")) {
      counter.next();
      assertEquals(MAX, counter.getLong(1));
    }
    if (backend == Backend.SQLITE) {
      try (Connection connection = db.connect();
          Statement sql = connection.createStatement();
          ResultSet counter = sql.executeQuery("SELECT typeof(next_id) FROM id_allocator WHERE name = 'actors'")) {
        counter.next();
        assertEquals("integer", counter.getString(1), "the counter never overflows into a REAL");
      }
    }
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void aCounterNearTheEnd_handsOutWhatIsLeft_eachOnce_thenARefusal(Backend backend) throws Exception {
    Backend.Place db = store(backend, "UPDATE id_allocator SET next_id = " + (MAX - 10) + " WHERE name = 'actors'");
    List<RuntimeException> refusal = new ArrayList<>();
    List<Long> ids;
    try (WorldStore store = db.open(ClassNames.of(Map.of()))) {
      ids = takeAll(store.ids(), refusal);
    }

    assertEquals(10, ids.size());
    assertUniqueAndPositive(ids);
    assertTrue(refusal.get(0) instanceof IdSpaceExhaustedException, refusal.toString());
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void aStoreHoldingTheLargestId_stillOpens_andRefusesEveryNewId(Backend backend) throws Exception {
    Backend.Place db = store(backend, "INSERT INTO actors (id, world, class, name) VALUES (" + MAX + ", 'Imported', 'Pawn', 'Last')");
    try (WorldStore store = db.open(ClassNames.of(Map.of()))) {
      IdSpaceExhaustedException e = assertThrows(IdSpaceExhaustedException.class, () -> store.ids().next());
      assertEquals("The id space of " + db.name() + " is exhausted: id 9223372036854775807 is already taken (ids end below"
          + " 9223372036854775807, the largest 64-bit value); no id was handed out", e.getMessage());
      assertThrows(IdSpaceExhaustedException.class, () -> store.ids().next(), "and again, never a wrapped id");
    }
  }

  @Test
  void aSourceInJava_nearTheEnd_isCutShort_neverWrapped() {
    long[] highest = {MAX - 5};
    StableIdAllocator ids = StableIdAllocator.of(size -> {
      IdBlock block = IdBlock.next("the test source", 0, highest[0], size);
      highest[0] = block.last();
      return block;
    }, 4);
    List<RuntimeException> refusal = new ArrayList<>();

    List<Long> taken = takeAll(ids, refusal);

    assertEquals(List.of(MAX - 4, MAX - 3, MAX - 2, MAX - 1), taken);
    assertTrue(refusal.get(0) instanceof IdSpaceExhaustedException, refusal.toString());
  }

  @Test
  void aSourceThatHandsOutABlockTwice_isRefused_notTrusted() {
    StableIdAllocator ids = StableIdAllocator.of(size -> new IdBlock(1, size), 2);
    ids.next();
    ids.next();

    IllegalStateException e = assertThrows(IllegalStateException.class, ids::next);
    assertEquals("the id block source handed out ids 1 to 2 for a block of 2, which is not a block above the ids already"
        + " handed out (up to 2)", e.getMessage());
  }

  @ParameterizedTest(name = "next {0}, highest taken {1}, size {2} -> {3}")
  @CsvSource({
    "1, 0, 256, 1+256",
    "0, 0, 256, 1+256",
    "-50, -7, 10, 1+10",
    "500, 9000, 10, 9001+10",
    "9223372036854775800, 0, 256, 9223372036854775800+7",
    "1, 9223372036854775805, 256, 9223372036854775806+1",
    "9223372036854775807, 0, 1, exhausted",
    "1, 9223372036854775806, 1, exhausted",
    "1, 9223372036854775807, 1, exhausted",
  })
  void theNextBlock_isComputedWithoutOverflow(long next, long highestTaken, int size, String expected) {
    if (expected.equals("exhausted")) {
      assertThrows(IdSpaceExhaustedException.class, () -> IdBlock.next("here", next, highestTaken, size));
      return;
    }
    String[] parts = expected.split("\\+");
    assertEquals(new IdBlock(Long.parseLong(parts[0]), Integer.parseInt(parts[1])), IdBlock.next("here", next, highestTaken, size));
  }
}
