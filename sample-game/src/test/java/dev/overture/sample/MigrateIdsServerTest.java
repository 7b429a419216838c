package dev.overture.sample;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.archive.IdArchives;
import dev.overture.id.StableId;
import dev.overture.persistence.ClassNames;
import dev.overture.persistence.WorldStore;
import dev.overture.testing.TestPostgres;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code migrate-ids --jdbc-url} on a real PostgreSQL server, run as a user runs it, in its own
 * process (issue 21): the credentials come from the environment and never show in its output, even
 * when it fails or with --debug; a run killed in the middle leaves whole batches, and running it
 * again finishes the job; the backup is said to be the operator's.
 */
class MigrateIdsServerTest {

  private static final int ROWS = 1_000;
  private static final int BATCH = 100;

  @TempDir Path temp;
  private TestPostgres.Database database;

  /** A store of {@link #ROWS} legacy v2 id blobs, p0000 to p0999 of actor 1. */
  @BeforeEach
  void storeWithLegacyIds() throws Exception {
    database = TestPostgres.newDatabase();
    WorldStore.builder(database.dataSource()).open(ClassNames.of(Map.of())).close();
    try (Connection connection = database.connect();
        Statement sql = connection.createStatement();
        PreparedStatement insert = connection.prepareStatement(
            "INSERT INTO properties (actor_id, component, name, value) VALUES (1, '', ?, ?)")) {
      sql.executeUpdate("INSERT INTO actors (id, world, class, name) VALUES (1, 'Sample', 'Hero', 'Player')");
      for (int i = 0; i < ROWS; i++) {
        insert.setString(1, String.format("p%04d", i));
        insert.setBytes(2, IdArchives.encode(IdArchives.Layout.LEGACY_V2, List.of(StableId.of(1000 + i))));
        insert.addBatch();
      }
      insert.executeBatch();
    }
  }

  /** {@code overture ARGS} in a new JVM, with the environment given; its exit code and output. */
  private record Run(int exit, String output) {}

  private Path log;

  private Process start(Map<String, String> environment, String... args) throws IOException {
    List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"), Main.class.getName()));
    command.addAll(List.of(args));
    log = temp.resolve("run-" + System.nanoTime() + ".log");
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
    builder.environment().remove(MigrateIdsCommand.USER_VARIABLE);
    builder.environment().remove(MigrateIdsCommand.PASSWORD_VARIABLE);
    builder.environment().putAll(environment);
    return builder.start();
  }

  private Run run(Map<String, String> environment, String... args) throws Exception {
    Process process = start(environment, args);
    assertTrue(process.waitFor(2, TimeUnit.MINUTES), "the command ended");
    return new Run(process.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
  }

  private Map<String, String> credentials() {
    return Map.of(MigrateIdsCommand.USER_VARIABLE, database.user(), MigrateIdsCommand.PASSWORD_VARIABLE, database.password());
  }

  private int converted() throws Exception {
    try (Connection connection = database.connect();
        Statement sql = connection.createStatement();
        ResultSet rows = sql.executeQuery("SELECT value FROM properties")) {
      int converted = 0;
      while (rows.next()) {
        converted += IdArchives.decode(rows.getBytes(1)).layout() == IdArchives.Layout.STABLE_ID ? 1 : 0;
      }
      return converted;
    }
  }

  @Test
  void aRunKilledMidway_leavesWholeBatches_andRunningAgainFinishes_withThePasswordNeverShown() throws Exception {
    // The test holds one row of the sixth batch: the command commits five batches, then waits there.
    try (Connection blocker = database.connect()) {
      blocker.setAutoCommit(false);
      try (Statement sql = blocker.createStatement()) {
        sql.executeQuery("SELECT 1 FROM properties WHERE actor_id = 1 AND name = 'p0550' FOR UPDATE").close();
      }
      Process first = start(credentials(), "migrate-ids", "--jdbc-url", database.url(), "--batch", Integer.toString(BATCH));
      await().atMost(Duration.ofMinutes(1)).until(this::sessionsWaitingForALock, count -> count == 1);

      first.destroyForcibly(); // SIGKILL, mid-batch
      assertTrue(first.waitFor(1, TimeUnit.MINUTES));
      blocker.rollback();
    }
    assertEquals(5 * BATCH, converted(), "five whole batches, nothing of the sixth");

    Run again = run(credentials(), "migrate-ids", "--jdbc-url", database.url(), "--batch", Integer.toString(BATCH));

    assertEquals(0, again.exit(), again.output());
    assertEquals(List.of(
            "Backup: none made. On a database server, backing it up first is the operator's job (for example pg_dump); each batch"
                + " of 100 rows commits on its own, so a stopped run can be run again.",
            "Rows read: 1000",
            "Converted: 500",
            "Already current: 500",
            "Not ids: 0",
            "Refused: 0"),
        again.output().lines().toList());
    assertEquals(ROWS, converted());
    Run third = run(credentials(), "migrate-ids", "--jdbc-url", database.url(), "--dry-run");
    assertTrue(third.output().contains("Would convert: 0"), third.output());
    for (Run run : List.of(again, third)) {
      assertFalse(run.output().contains(database.password()), run.output());
    }
  }

  @Test
  void failures_nameTheDatabase_neverThePassword_evenWithDebug() throws Exception {
    String url = database.url();
    String wrong = "not-" + database.password();
    Map<String, String> badPassword = new HashMap<>(credentials());
    badPassword.put(MigrateIdsCommand.PASSWORD_VARIABLE, wrong);

    Run refused = run(badPassword, "migrate-ids", "--debug", "--jdbc-url", url);
    assertEquals(1, refused.exit(), refused.output());
    // Review of the ids branch, finding 10: the user was shown, though the docs say it never is.
    assertTrue(refused.output().startsWith("overture: Cannot read " + url + ": FATAL: password authentication failed for user"
        + " (OVERTURE_DB_USER)\n"), refused.output());
    assertTrue(refused.output().contains("org.postgresql.util.PSQLException: FATAL: password authentication failed for user"
        + " (OVERTURE_DB_USER)"), "the --debug trace names the exception, without the user: " + refused.output());
    assertFalse(refused.output().contains("\"" + database.user() + "\""), refused.output());
    assertFalse(refused.output().contains(wrong), refused.output());

    String missing = url.substring(0, url.lastIndexOf('/') + 1) + "no_such_database";
    Run absent = run(credentials(), "migrate-ids", "--debug", "--jdbc-url", missing);
    assertEquals(1, absent.exit(), absent.output());
    assertTrue(absent.output().startsWith("overture: Cannot read " + missing + ": FATAL: database \"no_such_database\" does not exist"),
        absent.output());
    assertFalse(absent.output().contains(database.password()), absent.output());

    Run onTheCommandLine = run(Map.of(), "migrate-ids", "--jdbc-url", url + "?user=" + database.user() + "&password=" + wrong);
    assertEquals(2, onTheCommandLine.exit(), onTheCommandLine.output());
    assertTrue(onTheCommandLine.output().startsWith("--jdbc-url must not carry the user or the password, since any process of the"
        + " machine can read a command line: give them in OVERTURE_DB_USER and OVERTURE_DB_PASSWORD"), onTheCommandLine.output());
    assertFalse(onTheCommandLine.output().contains(wrong), onTheCommandLine.output());
    assertEquals(0, converted(), "nothing was written");
  }

  private int sessionsWaitingForALock() throws Exception {
    try (Connection connection = database.connect();
        Statement sql = connection.createStatement();
        ResultSet rows = sql.executeQuery(
            "SELECT COUNT(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'")) {
      rows.next();
      return rows.getInt(1);
    }
  }
}
