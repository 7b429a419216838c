package dev.overture.sample;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.internal.AtomicFiles;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Rules of the files the tool writes (issue 14): {@code play --save} replaces only a world store of
 * ours or makes a new file, respects permissions and links, and says "Saved" only once the file is
 * in place; a killed save or resave leaves the user's file whole and its temporary file is removed,
 * and named, by the next run; restore errors name the user's file, never the working copy.
 */
class SaveFilesReliabilityTest {

  private static final String NOT_OURS = "; --save replaces only a game.db that play --save wrote, or makes a new file";

  @TempDir Path temp;
  private final CommandRun.Session cli = new CommandRun.Session();


  private String save(Path file) {
    return cli.run("play", "--ticks", "3", "--save", file.toString()) + " " + cli.err().strip();
  }

  private List<String> names() throws Exception {
    try (Stream<Path> files = Files.list(temp)) {
      return files.map(path -> path.getFileName().toString()).filter(name -> !name.endsWith(".log")).sorted().toList();
    }
  }

  @Test
  void playSave_replacesOnlyAWorldStoreOfOurs_orMakesANewFile() throws Exception {
    Path notes = Files.writeString(temp.resolve("notes.txt"), "my notes");
    Path empty = Files.createFile(temp.resolve("empty.db"));
    Path folder = Files.createDirectories(temp.resolve("folder.db"));
    Path pipe = temp.resolve("pipe.db");
    assertEquals(0, new ProcessBuilder("mkfifo", pipe.toString()).start().waitFor());
    Path sqlite = temp.resolve("other.db");
    try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + sqlite);
        Statement sql = connection.createStatement()) {
      sql.executeUpdate("CREATE TABLE contacts (name TEXT)");
    }
    byte[] otherBytes = Files.readAllBytes(sqlite);

    assertEquals("1 overture: --save " + notes + " is not a world store: it is not an SQLite database" + NOT_OURS, save(notes));
    assertEquals("1 overture: --save " + empty + " is not a world store: it is empty" + NOT_OURS, save(empty));
    assertEquals("1 overture: --save " + folder + ": it is a folder, not a file; it was left as it is", save(folder));
    assertEquals("1 overture: --save " + pipe + ": it is not a regular file (a device, a pipe or a socket); it was left as it is",
        save(pipe));
    assertEquals("1 overture: --save " + sqlite + " is an SQLite database but not an Overture world store (it holds the tables"
        + " contacts)" + NOT_OURS, save(sqlite));
    assertFalse(cli.out().contains("Saved to"), cli.out());

    assertEquals("my notes", Files.readString(notes));
    assertEquals(0, Files.size(empty));
    assertTrue(Files.isDirectory(folder));
    assertArrayEquals(otherBytes, Files.readAllBytes(sqlite));
    assertEquals(List.of("empty.db", "folder.db", "notes.txt", "other.db", "pipe.db"), names(), "no working copy left");

    Path fresh = temp.resolve("fresh.db");
    assertEquals("0 ", save(fresh));
    assertTrue(cli.out().contains("Saved to " + fresh + ": "), cli.out());
  }

  @Test
  void playSave_respectsPermissions_andWritesThroughALink() throws Exception {
    Path store = temp.resolve("game.db");
    assertEquals("0 ", save(store));
    Files.setPosixFilePermissions(store, PosixFilePermissions.fromString("rw-------"));
    assertEquals("0 ", save(store));
    assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(store)), "its mode is kept");

    Files.setPosixFilePermissions(store, PosixFilePermissions.fromString("r--r--r--"));
    byte[] before = Files.readAllBytes(store);
    assertEquals("1 overture: --save " + store + ": the file is read-only; it was left as it is", save(store));
    assertArrayEquals(before, Files.readAllBytes(store));
    assertEquals("r--r--r--", PosixFilePermissions.toString(Files.getPosixFilePermissions(store)), "its mode is unchanged");

    Files.setPosixFilePermissions(store, PosixFilePermissions.fromString("rw-r--r--"));
    Path link = Files.createSymbolicLink(temp.resolve("link.db"), store.getFileName());
    assertEquals(0, cli.run("play", "--ticks", "4", "--save", link.toString()), cli.err());
    assertTrue(Files.isSymbolicLink(link), "the link is still a link");
    assertEquals(0, cli.run("play", "--restore", store.toString(), "--ticks", "0"), cli.err());
    assertTrue(cli.out().contains("at turn 4"), "the linked file holds the save: " + cli.out());
  }

  @Test
  void restoreErrors_nameTheUsersFile_neverTheWorkingCopy() throws Exception {
    Path newer = temp.resolve("newer.db");
    assertEquals("0 ", save(newer));
    Path broken = temp.resolve("broken.db");
    Files.copy(newer, broken);
    try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + newer);
        Statement sql = connection.createStatement()) {
      sql.executeUpdate("UPDATE overture_store SET value = '3' WHERE key = 'schema'");
    }
    try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + broken);
        Statement sql = connection.createStatement()) {
      sql.executeUpdate("DROP TABLE components");
      sql.executeUpdate("CREATE TABLE components (actor_id BIGINT, name TEXT)"); // no class, origin or position
    }
    Path text = Files.writeString(temp.resolve("text.db"), "hello");

    assertEquals(1, cli.run("play", "--restore", newer.toString(), "--ticks", "1"));
    assertEquals("overture: --restore " + newer + " was written with store schema 3; this build knows schema 2 and leaves it as it is",
        cli.err().strip());
    assertEquals(1, cli.run("play", "--restore", text.toString(), "--ticks", "1"));
    assertEquals("overture: --restore " + text + " is not a world store: it is not an SQLite database", cli.err().strip());
    assertEquals(1, cli.run("play", "--restore", broken.toString(), "--ticks", "1"));
    assertTrue(cli.err().startsWith("overture: Failed reading world Sample in " + broken + ": "), cli.err());
    assertFalse(cli.err().contains(".tmp"), cli.err());
  }

  @Test
  void aRestoredHeroOnATeamTheMatchDoesNotHave_isRefusedNamingTheFileAndTheHero_beforeAnyTurn() throws Exception {
    Path game = temp.resolve("game.db");
    assertEquals("0 ", save(game));
    byte[] before;
    try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + game);
        Statement sql = connection.createStatement()) {
      // The value of the player's team becomes that of the game state's turn (3): a property blob of the same type.
      sql.executeUpdate("UPDATE properties SET value = (SELECT value FROM properties WHERE actor_id = 1 AND name = 'turn')"
          + " WHERE actor_id = 2 AND name = 'team'");
    }
    before = Files.readAllBytes(game);

    assertEquals(1, cli.run("play", "--restore", game.toString(), "--ticks", "5", "--view-every", "0"));

    assertEquals("overture: --restore " + game + ": hero Player (actor 2) has \"team\" 3, but the match of Experience:Elimination"
        + " has 2 teams, 0 to 1 (Red, Blue); the save does not fit this experience", cli.err().strip());
    assertFalse(cli.out().contains("Result:"), "no match is played: " + cli.out());
    assertArrayEquals(before, Files.readAllBytes(game), "the user's file is only read");
  }

  /** Sets the last four bytes (the int) of {@code actor}'s property {@code name} in {@code game} to {@code littleEndian}. */
  private static void setInt(Path game, int actor, String name, String littleEndian) throws Exception {
    try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + game);
        Statement sql = connection.createStatement()) {
      String blob = "(SELECT value FROM properties WHERE actor_id = " + actor + " AND name = '" + name + "' AND component = '')";
      sql.executeUpdate("UPDATE properties SET value = substr(" + blob + ", 1, length(" + blob + ") - 4) || X'" + littleEndian + "'"
          + " WHERE actor_id = " + actor + " AND name = '" + name + "' AND component = ''");
    }
  }

  /**
   * A hostile review: a save holding a negative turn or count (score, eliminations, deaths) was
   * played on, and one at the largest wrapped to -2147483648. A negative count is refused like a
   * hero off the map; the largest one stays where it is.
   */
  @Test
  void aRestoredNegativeTurnOrScore_isRefused_andTheLargestDoesNotWrap() throws Exception {
    Path game = temp.resolve("game.db");
    assertEquals("0 ", save(game));
    Path negativeTurn = Files.copy(game, temp.resolve("turn.db"));
    setInt(negativeTurn, 1, "turn", "9CFFFFFF"); // -100
    Path negativeScore = Files.copy(game, temp.resolve("score.db"));
    setInt(negativeScore, 2, "score", "FFFFFFFF");
    Path negativeDeaths = Files.copy(game, temp.resolve("deaths.db"));
    setInt(negativeDeaths, 2, "deaths", "FFFFFFFF");
    Path negativeEliminations = Files.copy(game, temp.resolve("eliminations.db"));
    setInt(negativeEliminations, 2, "eliminations", "9CFFFFFF");
    Path largest = Files.copy(game, temp.resolve("largest.db"));
    setInt(largest, 1, "turn", "FFFFFF7F");
    for (String count : List.of("score", "eliminations", "deaths")) {
      for (int actor = 2; actor <= 11; actor++) {
        setInt(largest, actor, count, "FFFFFF7F");
      }
    }

    assertEquals(1, cli.run("play", "--restore", negativeTurn.toString(), "--ticks", "5", "--view-every", "0"));
    assertEquals("overture: --restore " + negativeTurn + ": the match is at \"turn\" -100, but a match counts its turns from 0;"
        + " the save does not fit this experience", cli.err().strip());
    assertEquals(1, cli.run("play", "--restore", negativeScore.toString(), "--ticks", "5", "--view-every", "0"));
    assertEquals("overture: --restore " + negativeScore + ": hero Player (actor 2) has \"score\" -1, but a match counts it from 0;"
        + " the save does not fit this experience", cli.err().strip());

    for (Path negative : List.of(negativeDeaths, negativeEliminations)) {
      assertEquals(1, cli.run("play", "--restore", negative.toString(), "--ticks", "5", "--view-every", "0"));
      assertTrue(cli.err().strip().matches("overture: --restore " + java.util.regex.Pattern.quote(negative.toString())
          + ": hero Player \\(actor 2\\) has \"(deaths|eliminations)\" -(1|100), but a match counts it from 0; the save does not fit"
          + " this experience"), cli.err());
    }

    assertEquals(0, cli.run("play", "--restore", largest.toString(), "--ticks", "20", "--view-every", "0"), cli.err());
    assertFalse(cli.out().contains("-2147483648"), cli.out());
    assertTrue(cli.out().contains("2147483647"), cli.out());
  }

  @Test
  void aRestoredHeroOutsideTheMap_isRefusedNamingTheFileAndTheHero_insteadOfACrashOrAMatchOffTheMap() throws Exception {
    Path game = temp.resolve("game.db");
    assertEquals("0 ", save(game));
    try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + game);
        Statement sql = connection.createStatement()) {
      // The player's x becomes -1: its team's blob (an int property, the same header) with the value's 4 bytes all set.
      sql.executeUpdate("UPDATE properties SET value = substr((SELECT value FROM properties WHERE actor_id = 2 AND name = 'team'), 1,"
          + " length((SELECT value FROM properties WHERE actor_id = 2 AND name = 'team')) - 4) || X'FFFFFFFF'"
          + " WHERE actor_id = 2 AND name = 'x' AND component = ''");
    }

    assertEquals(1, cli.run("play", "--restore", game.toString(), "--ticks", "5"));

    assertEquals("overture: --restore " + game + ": hero Player (actor 2) stands at (-1,"
        + cli.err().replaceAll("(?s).*stands at \\(-1,(\\d+)\\).*", "$1") + "), outside map Map:Arena, which is 19x11 (\"x\" 0 to 18,"
        + " \"y\" 0 to 10); the save does not fit this map", cli.err().strip());
    assertFalse(cli.out().contains("Result:"), "no match is played: " + cli.out());
  }

  @Test
  void aKilledSave_leavesTheOldFileWhole_andSaysNothing_andTheNextRunRemovesItsWorkingCopy() throws Exception {
    Path store = temp.resolve("game.db");
    assertEquals("0 ", save(store));
    byte[] before = Files.readAllBytes(store);
    Path log = temp.resolve("child.log");

    Child child = Child.holdingBeforeRename(temp, log, "play", "--ticks", "5", "--save", store.toString());
    Path workingCopy = child.awaitHold();
    child.kill();

    assertArrayEquals(before, Files.readAllBytes(store), "the old save, whole");
    String printed = Files.readString(log);
    assertTrue(printed.contains("Result: "), printed);
    assertFalse(printed.contains("Saved to"), "no success before it happened: " + printed);
    assertEquals(".game.db.overture-" + child.pid(), workingCopy.getFileName().toString().replaceAll("-[0-9a-f]{16}\\.tmp$", ""));
    assertTrue(Files.exists(workingCopy));

    assertEquals("0 ", save(store));
    assertTrue(cli.out().startsWith("Removed " + workingCopy + ", left behind by process " + child.pid()
        + ", which stopped before it finished" + System.lineSeparator()), cli.out());
    assertEquals(List.of("game.db"), names());
  }

  @Test
  void aKilledResave_leavesTheFileWhole_andTheNextResaveRemovesItsTemporary() throws Exception {
    Path assets = copyOfTheContent(temp);
    Child child = Child.holdingBeforeRename(temp, temp.resolve("child.log"), "resave", "--assets", assets.toString());
    Path temporary = child.awaitHold();
    child.kill();
    String name = temporary.getFileName().toString();
    Path target = temporary.resolveSibling(name.substring(1, name.indexOf(".overture-")));
    assertTrue(Files.readString(target).contains("\"engine\": \"0.1.0-900+++Overture+Main\""), "the old file, whole");
    assertTrue(Files.exists(temporary));

    assertEquals(0, cli.run("resave", "--assets", assets.toString()), cli.err());

    assertEquals("Removed " + temporary + ", left behind by process " + child.pid() + ", which stopped before it finished",
        cli.out().lines().findFirst().orElseThrow());
    assertFalse(Files.exists(temporary));
    assertTrue(cli.out().contains("2 rewritten, 0 refused, 21 already current"), cli.out());
  }

  /**
   * A hostile review: resave stopped by Ctrl+C or SIGTERM left its temporary in the content folder
   * (where version control sees it until the next run) and said nothing, though some files were
   * already rewritten. Stopped at the same point as the killed one above, by SIGTERM this time, it
   * removes its temporary, leaves the file whole and says how to finish, with the signal's code.
   */
  @Test
  void aResaveStoppedBySigterm_removesItsTemporary_andSaysHowToFinish() throws Exception {
    Path assets = copyOfTheContent(temp);
    Path log = temp.resolve("stopped.log");
    Child child = Child.holdingBeforeRename(temp, log, "resave", "--assets", assets.toString());
    Path temporary = child.awaitHold();

    child.process().destroy(); // SIGTERM
    assertTrue(child.process().waitFor(1, TimeUnit.MINUTES), "the child ended");

    assertEquals(143, child.process().exitValue());
    assertFalse(Files.exists(temporary), "no temporary left");
    String name = temporary.getFileName().toString();
    Path target = temporary.resolveSibling(name.substring(1, name.indexOf(".overture-")));
    assertTrue(Files.readString(target).contains("\"engine\": \"0.1.0-900+++Overture+Main\""), "the old file, whole");
    assertTrue(Files.readString(log).contains("overture: resave was stopped by Ctrl+C (or a termination signal); each file is"
        + " whole, rewritten or as it was: run resave again to rewrite the rest"), Files.readString(log));
  }

  /** A copy of the sample content to change. */
  private static Path copyOfTheContent(Path temp) throws Exception {
    return SampleCopy.in(temp);
  }

  /**
   * The tool in a child JVM, told to hold where a temporary file is about to take its final name
   * ({@link AtomicFiles#HOLD_PROPERTY}), and killed there with SIGKILL: the crash lands at exactly
   * that point every time, without sleeping.
   */
  private record Child(Process process, Path marker) {

    static Child holdingBeforeRename(Path folder, Path log, String... args) throws Exception {
      Path marker = folder.resolve("held-" + System.nanoTime() + ".log");
      List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
          "-D" + AtomicFiles.HOLD_PROPERTY + "=" + marker, "-cp", System.getProperty("java.class.path"), Main.class.getName()));
      command.addAll(List.of(args));
      return new Child(new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start(), marker);
    }

    Path awaitHold() throws Exception {
      await().atMost(Duration.ofMinutes(2)).until(() -> Files.exists(marker) || !process.isAlive());
      assertTrue(Files.exists(marker), "the child reached the rename before it ended");
      return Path.of(Files.readString(marker, StandardCharsets.UTF_8));
    }

    void kill() throws Exception {
      process.destroyForcibly();
      assertTrue(process.waitFor(1, TimeUnit.MINUTES), "the child ended");
    }

    long pid() {
      return process.pid();
    }
  }
}
