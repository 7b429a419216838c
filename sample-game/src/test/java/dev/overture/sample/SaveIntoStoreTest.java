package dev.overture.sample;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code play --save FILE} onto a world store that holds more than the match: what the save did not
 * write (other worlds, the ids the store handed out) is kept, never lost, never handed out again
 * (review of the ids branch, finding 1).
 */
class SaveIntoStoreTest {

  @TempDir Path temp;
  private final CommandRun.Session cli = new CommandRun.Session();


  private static void sql(Path db, String... statements) throws Exception {
    try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + db); Statement sql = connection.createStatement()) {
      for (String statement : statements) {
        sql.executeUpdate(statement);
      }
    }
  }

  private static List<String> rows(Path db, String query) throws Exception {
    List<String> rows = new ArrayList<>();
    try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + db);
        Statement sql = connection.createStatement();
        ResultSet result = sql.executeQuery(query)) {
      while (result.next()) {
        List<String> columns = new ArrayList<>();
        for (int i = 1; i <= result.getMetaData().getColumnCount(); i++) {
          columns.add(result.getString(i));
        }
        rows.add(String.join("|", columns));
      }
    }
    return rows;
  }

  /** A store another program (a host, a server) wrote into: world Arena and a counter at 10000 beside play's match. */
  private Path hostStore(String name) throws Exception {
    Path host = temp.resolve(name);
    assertEquals(0, cli.run("play", "--ticks", "3", "--save", host.toString(), "--view-every", "0"), cli::err);
    sql(host, "INSERT INTO worlds VALUES ('Arena', 3)", "INSERT INTO actors VALUES (9000, 'Arena', 'Hero', 'Keeper')",
        "UPDATE id_allocator SET next_id = 10000");
    return host;
  }

  @Test
  void playSave_ontoAStoreWithOtherWorlds_keepsThemAndItsIdCounter() throws Exception {
    Path host = hostStore("host.db");

    assertEquals(0, cli.run("play", "--ticks", "5", "--save", host.toString(), "--view-every", "0"), cli::err);

    assertTrue(cli.out().contains("Saved to " + host + ": 7 actors"), cli::out);
    assertEquals(List.of("Arena|3", "Sample|1"), rows(host, "SELECT name, version FROM worlds ORDER BY name"));
    assertEquals(List.of("9000|Arena|Keeper"), rows(host, "SELECT id, world, name FROM actors WHERE world = 'Arena'"));
    // The new match replaced the old one, with ids the store had not handed out yet.
    assertEquals(List.of("10000"), rows(host, "SELECT MIN(id) FROM actors WHERE world = 'Sample'"));
    assertEquals(List.of("7"), rows(host, "SELECT COUNT(*) FROM actors WHERE world = 'Sample'"));
    assertTrue(Long.parseLong(rows(host, "SELECT next_id FROM id_allocator").get(0)) > 10006);
  }

  /** Review of the ids branch, finding 8: --save sub/ wrote a file called sub. */
  @Test
  void aFileOptionEndingWithASlash_namesAFolder_andIsRefused() throws Exception {
    String folder = temp.resolve("sub") + "/";

    assertEquals(1, cli.run("play", "--ticks", "5", "--save", folder, "--view-every", "0"));
    assertEquals("overture: --save " + folder + " names a folder; give a file, for example " + folder + "game.db", cli.err().strip());
    assertEquals(1, cli.run("play", "--ticks", "5", "--restore", folder, "--view-every", "0"));
    assertEquals("overture: --restore " + folder + " names a folder; give a file, for example " + folder + "game.db",
        cli.err().strip());
    assertEquals(1, cli.run("migrate-ids", "--db", folder));
    assertEquals("overture: --db " + folder + " names a folder; give a file, for example " + folder + "game.db", cli.err().strip());
    assertEquals("", cli.out());
    assertTrue(Files.notExists(temp.resolve("sub")));
  }

  /** Review of the ids branch, finding 12: "Database: nosuch.db" was printed, then nosuch.db refused. */
  @Test
  void migrateIds_namesTheDatabaseOnlyOnceItWasRead() throws Exception {
    Path missing = temp.resolve("nosuch.db");

    assertEquals(1, cli.run("migrate-ids", "--db", missing.toString()));

    assertEquals("", cli.out());
    assertEquals("overture: No database at " + missing, cli.err().strip());
  }

  @Test
  void playRestoreSave_intoItsOwnStore_keepsItsOtherWorlds() throws Exception {
    Path host = hostStore("host.db");

    assertEquals(0, cli.run("play", "--ticks", "5", "--restore", host.toString(), "--save", host.toString(), "--view-every", "0"),
        cli::err);

    assertEquals(List.of("Arena|3", "Sample|2"), rows(host, "SELECT name, version FROM worlds ORDER BY name"));
    assertEquals(List.of("9000|Arena|Keeper"), rows(host, "SELECT id, world, name FROM actors WHERE world = 'Arena'"));
    assertTrue(Long.parseLong(rows(host, "SELECT next_id FROM id_allocator").get(0)) >= 10000);
  }

  @Test
  void playRestoreSave_ontoAnotherStoreWithOtherWorlds_isRefused_andLeavesIt() throws Exception {
    Path host = hostStore("host.db");
    Path mine = temp.resolve("mine.db");
    assertEquals(0, cli.run("play", "--ticks", "3", "--save", mine.toString(), "--view-every", "0"), cli::err);
    byte[] before = Files.readAllBytes(host);

    assertEquals(1, cli.run("play", "--ticks", "5", "--restore", mine.toString(), "--save", host.toString(), "--view-every", "0"));

    assertEquals("overture: --save " + host + " holds other worlds than Sample (Arena), which a match restored from " + mine
        + " would not keep: save it into " + mine + " (--save " + mine + ") or into a new file; " + host + " was left as it is",
        cli.err().strip());
    assertArrayEquals(before, Files.readAllBytes(host));
  }

  @Test
  void playRestoreSave_ontoAnotherStore_neverMovesItsIdCounterBack() throws Exception {
    Path host = temp.resolve("host.db");
    assertEquals(0, cli.run("play", "--ticks", "3", "--save", host.toString(), "--view-every", "0"), cli::err);
    sql(host, "UPDATE id_allocator SET next_id = 10000");
    Path mine = temp.resolve("mine.db");
    assertEquals(0, cli.run("play", "--ticks", "3", "--save", mine.toString(), "--view-every", "0"), cli::err);

    assertEquals(0, cli.run("play", "--ticks", "5", "--restore", mine.toString(), "--save", host.toString(), "--view-every", "0"),
        cli::err);

    String counter = rows(host, "SELECT next_id FROM id_allocator").get(0);
    assertTrue(Long.parseLong(counter) >= 10000, counter);
  }
}
