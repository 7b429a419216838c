package dev.overture.reliability;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.persistence.Backend;
import dev.overture.persistence.IdTakerChild;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Rule: many servers, one id space (issue 21). Separate JVM processes take ids from one PostgreSQL
 * database at once; one of them is killed with SIGKILL in the middle of a reservation (its counter
 * row moved, its transaction not committed, the others waiting for that row). No id is ever handed
 * out twice, and the others carry on once it is gone.
 */
class ManyServersIdTest {

  private static final int OTHERS = 3;
  private static final int IDS_EACH = 600;
  private static final int BLOCK = 8;

  @TempDir Path temp;

  @Test
  @Timeout(180)
  void serversKilledMidReservation_neverMakeAnIdRepeat_andTheOthersCarryOn() throws Exception {
    Backend.Place place = Backend.POSTGRESQL.fresh(temp);
    Map<String, String> environment = place.childEnvironment();

    // The first server takes two blocks, then holds in its third reservation, before it commits.
    Path marker = temp.resolve("held");
    ChildJvm held = start(place, environment, "held", IDS_EACH, 3, marker, false);
    held.awaitHold();
    // The others open the store only now, so that each of them meets the held row.
    List<ChildJvm> others = new ArrayList<>();
    for (int i = 0; i < OTHERS; i++) {
      ChildJvm other = start(place, environment, "other-" + i, IDS_EACH, 0, temp.resolve("never-" + i), true);
      other.send("go");
      others.add(other);
    }
    await().atMost(Duration.ofMinutes(2)).until(() -> waitingForALock(place) == OTHERS);

    held.kill();

    Map<String, List<Long>> handedOut = new HashMap<>();
    for (int i = 0; i < OTHERS; i++) {
      ChildJvm other = others.get(i);
      assertEquals(0, other.awaitExit(), other.output());
      List<Long> ids = ids(other.output());
      assertEquals(IDS_EACH, ids.size(), "server " + i + " took all its ids after the kill");
      handedOut.put("other-" + i, ids);
    }
    List<Long> beforeTheKill = ids(held.output());
    // Its first block, all of it, and as much of its second as it printed before the kill.
    assertTrue(beforeTheKill.size() >= BLOCK && beforeTheKill.size() <= 2 * BLOCK, beforeTheKill.toString());
    handedOut.put("held", beforeTheKill);

    List<Long> all = handedOut.values().stream().flatMap(List::stream).toList();
    Set<Long> distinct = new TreeSet<>(all);
    assertEquals(all.size(), distinct.size(), "an id handed out twice: " + repeated(all));
    assertTrue(distinct.stream().allMatch(id -> id > 0));
  }

  private ChildJvm start(Backend.Place place, Map<String, String> environment, String name, int count, int holdAt, Path marker,
      boolean waitForGo) throws Exception {
    List<String> args = new ArrayList<>(place.childArgs());
    args.addAll(List.of(Integer.toString(count), Integer.toString(BLOCK), Integer.toString(holdAt), marker.toString()));
    if (waitForGo) {
      args.add("wait");
    }
    return ChildJvm.start(marker, temp.resolve(name + ".log"), environment, IdTakerChild.class.getName(), args);
  }

  /** How many sessions of the test's database wait for a lock (the counter row, held). */
  private static int waitingForALock(Backend.Place place) throws Exception {
    try (Connection connection = place.connect();
        PreparedStatement select = connection.prepareStatement(
            "SELECT COUNT(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'");
        ResultSet rows = select.executeQuery()) {
      rows.next();
      return rows.getInt(1);
    }
  }

  private static List<Long> ids(String output) {
    return output.lines().filter(line -> line.matches("\\d+")).map(Long::parseLong).toList();
  }

  private static String repeated(List<Long> ids) {
    return ids.stream().collect(Collectors.groupingBy(id -> id, Collectors.counting())).entrySet().stream()
        .filter(entry -> entry.getValue() > 1).map(Map.Entry::getKey).toList().toString();
  }
}
