package dev.overture.example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.testing.TestPostgres;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two race servers, two processes, one PostgreSQL database (issue 21): they race at the same time,
 * each saves its matches as its own worlds, no runner id is handed out by both, and a server run
 * again reads its last result before it races and replaces it.
 */
class RaceFleetTest {

  @TempDir Path temp;

  /** Starts the server {@code server}; its output goes to {@code run}.log. */
  private Process start(TestPostgres.Database database, String server, String run) throws Exception {
    ProcessBuilder builder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"), RaceServer.class.getName(),
        "--unpaced", "--jdbc-url", database.url(), "--server", server)
        .redirectOutput(temp.resolve(run + ".log").toFile()).redirectError(temp.resolve(run + ".err").toFile());
    builder.environment().putAll(Map.of(RaceServer.USER_VARIABLE, database.user(), RaceServer.PASSWORD_VARIABLE, database.password()));
    return builder.start();
  }

  /** What {@code run} printed; what it logged follows a line "--- log", for failure messages. */
  private String output(String run) throws Exception {
    return Files.readString(temp.resolve(run + ".log"), StandardCharsets.UTF_8) + "--- log" + System.lineSeparator()
        + Files.readString(temp.resolve(run + ".err"), StandardCharsets.UTF_8);
  }

  @Test
  @Timeout(240)
  void twoServersRaceOnOneDatabase_eachWithItsOwnWorlds_andIdsNoOtherServerHandsOut() throws Exception {
    TestPostgres.Database database = TestPostgres.newDatabase();

    Process east = start(database, "east", "east");
    Process west = start(database, "west", "west");
    assertTrue(east.waitFor(2, TimeUnit.MINUTES) && west.waitFor(2, TimeUnit.MINUTES), "both servers ended");

    for (String server : List.of("east", "west")) {
      String output = output(server);
      assertEquals(0, (server.equals("east") ? east : west).exitValue(), output);
      assertTrue(output.startsWith(server + "/Match-1: no race saved yet" + System.lineSeparator() + server
          + "/Match-2: no race saved yet"), output);
      assertTrue(output.contains("Saved " + server + "/Match-1: version 1, 5 actors"), output);
      assertTrue(output.contains("Saved " + server + "/Match-2: version 1, 5 actors"), output);
    }
    assertEquals(List.of("east/Match-1 5", "east/Match-2 5", "west/Match-1 5", "west/Match-2 5"),
        rows(database, "SELECT world || ' ' || COUNT(*) FROM actors GROUP BY world ORDER BY world"));
    assertEquals(List.of("20"), rows(database, "SELECT COUNT(DISTINCT id) FROM actors"), "twenty actors, twenty ids");

    Process again = start(database, "east", "east-again");
    assertTrue(again.waitFor(2, TimeUnit.MINUTES));
    String output = output("east-again");
    assertEquals(0, again.exitValue(), output);
    assertTrue(output.matches("(?s)east/Match-1: last time Runner-\\d won \\(saved version 1\\).*"), output);
    assertTrue(output.contains("Saved east/Match-1: version 2, 5 actors"), output);
    assertEquals(List.of("east/Match-1 2", "east/Match-2 2", "west/Match-1 1", "west/Match-2 1"),
        rows(database, "SELECT name || ' ' || version FROM worlds ORDER BY name"));
  }

  private static List<String> rows(TestPostgres.Database database, String query) throws Exception {
    List<String> rows = new ArrayList<>();
    try (Connection connection = database.connect();
        Statement sql = connection.createStatement();
        ResultSet result = sql.executeQuery(query)) {
      while (result.next()) {
        rows.add(result.getString(1));
      }
    }
    return rows;
  }
}
