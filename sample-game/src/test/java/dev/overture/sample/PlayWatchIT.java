package dev.overture.sample;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code play --watch} as the README's tour runs it (issue 17): the built jar in its own JVM, the
 * sample's content copied to a temporary folder and edited while the match runs. Each saved edit is
 * printed with what it changed and the HUD after it; a broken one is refused, located, and the match
 * goes on with what it had; the next good save applies; the run keeps going after the match until
 * Ctrl+C (a termination signal), then ends cleanly with the result.
 */
class PlayWatchIT {

  private static final Duration PATIENCE = Duration.ofSeconds(60);

  @TempDir Path temp;
  private Process process;
  private final List<String> output = new CopyOnWriteArrayList<>();

  @AfterEach
  void stopGame() throws Exception {
    if (process != null && process.isAlive()) {
      process.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
    }
  }

  private void start(Path directory, String... args) throws IOException {
    process = RunningJar.start(directory, List.of(args), output);
  }

  private String all() {
    return String.join("\n", output);
  }

  private void awaitOutput(String text) {
    await().atMost(PATIENCE).untilAsserted(() -> assertTrue(all().contains(text), "expected \"" + text + "\" in:\n" + all()));
  }

  @Test
  void editsOfARunningMatch_arePrintedAndApplied_aBrokenOneIsRefused_andCtrlCStops() throws Exception {
    Path assets = temp.resolve("assets");
    SampleCopy.copy(Path.of("..", "assets").toAbsolutePath(), assets);
    Path experience = assets.resolve("experiences/Elimination.json");
    String text = Files.readString(experience);
    start(temp, "play", "--watch", "--ticks", "100000", "--view-every", "0", "--no-events", "--turns-per-second", "20");
    awaitOutput("for edits; each saved change applies to the running match (Ctrl+C stops)");
    awaitOutput("first team to 25 wins");

    Files.writeString(experience, text.replace("\"scoreLimit\": 25", "\"scoreLimit\": 30"));
    awaitOutput("  [Score] ");
    assertTrue(all().matches("(?s).*\nReloaded assets/experiences/Elimination\\.json in \\d+ ms: applied to world Sample\n"
        + "  Experience:Elimination /actions/1/scoreLimit: 25 -> 30\n  \\[Score\\] Red \\d+ \\| Blue \\d+  \\(first to 30\\).*"), all());

    Files.writeString(experience, text.replace("\"scoreLimit\": 25", "\"scoreLimit\": 0"));
    awaitOutput("Refused assets/experiences/Elimination.json: 1 error; the old content stays in force");
    awaitOutput("at assets/experiences/Elimination.json:42:21 (/actions/1/scoreLimit)");
    assertTrue(all().contains("[Overture/OutOfRange] \"scoreLimit\" must be 1 or more, not 0"), all());

    // A rule that needs the map the tile plays on: live content checks it as validate does (the tiles
    // and maps are not kept loaded by the game), instead of applying the edit and rolling it back.
    Files.writeString(experience, text.replace("\"Blue\"\n      ],", "\"Blue\",\n        \"Green\"\n      ],"));
    awaitOutput("[Sample/TooManyTeams] ConfigureMatch names 3 teams, but map Map:Arena, which UserFacingExperience:EliminationTile"
        + " plays Experience:Elimination on, has spawns for 2 (tiles '1', '2')");
    assertEquals(2, all().split("Refused assets/experiences/Elimination.json").length - 1, all());

    // The map the match plays on reaches it too (live content tracks it for the match).
    Path arena = assets.resolve("maps/Arena.json");
    Files.writeString(arena, Files.readString(arena).replace("\"title\": \"Arena\"", "\"title\": \"Arena Two\""));
    awaitOutput("  Map:Arena /title: \"Arena\" -> \"Arena Two\"");
    assertTrue(all().contains("Reloaded assets/maps/Arena.json in "), all());
    assertTrue(all().matches("(?s).*Reloaded assets/maps/Arena\\.json in \\d+ ms: applied to world Sample\n.*"), all());

    Files.writeString(experience, text.replace("\"scoreLimit\": 25", "\"scoreLimit\": 2"));
    awaitOutput("  Experience:Elimination /actions/1/scoreLimit: 30 -> 2");
    awaitOutput("The match is over; still watching for edits until you press Ctrl+C");

    process.toHandle().destroy(); // SIGTERM, as Ctrl+C's SIGINT: the shutdown hook lets the run end normally
    assertTrue(process.waitFor(60, TimeUnit.SECONDS), all());
    assertTrue(all().matches("(?s).*\nResult: [^\n]*\\(Red \\d+, Blue \\d+\\)\n.*The match is over; still watching.*"), all());
    assertFalse(all().contains("Exception"), all());
    assertFalse(all().contains("[WARN]"), "each reload is printed once, by the command: " + all());
  }

  @Test
  void aSaveFileAnotherProgramWritesWhileTheMatchRuns_isKept_andTheMatchIsSavedBesideIt() throws Exception {
    Path assets = temp.resolve("assets");
    SampleCopy.copy(Path.of("..", "assets").toAbsolutePath(), assets);
    Path store = temp.resolve("game.db");
    CommandRun first = CommandRun.of("play", "--ticks", "3", "--save", store.toString());
    assertEquals(0, first.exit(), first.all());
    start(temp, "play", "--watch", "--assets", assets.toString(), "--save", "game.db", "--ticks", "20", "--view-every", "0",
        "--no-events", "--turns-per-second", "200");
    awaitOutput("The match is over; still watching for edits until you press Ctrl+C");

    // The finished match was committed before the wait; a host or tool then writes the same file, and an edit changes the
    // world, so Ctrl+C saves it again.
    try (java.sql.Connection connection = java.sql.DriverManager.getConnection("jdbc:sqlite:" + store);
        java.sql.Statement sql = connection.createStatement()) {
      sql.executeUpdate("PRAGMA user_version = 7");
    }
    byte[] theirs = Files.readAllBytes(store);
    Path experience = assets.resolve("experiences/Elimination.json");
    Files.writeString(experience, Files.readString(experience).replace("\"scoreLimit\": 25", "\"scoreLimit\": 30"));
    awaitOutput("  Experience:Elimination /actions/1/scoreLimit: 25 -> 30");

    process.toHandle().destroy();
    assertTrue(process.waitFor(60, TimeUnit.SECONDS), all());
    Path beside = temp.resolve("game.conflict-1.db");
    awaitOutput("Saved to " + beside + ": ");
    awaitOutput("overture: --save game.db: another program changed it while this match was played (it was written), so it was left"
        + " as that program wrote it; this match is saved beside it, in " + beside);
    org.junit.jupiter.api.Assertions.assertArrayEquals(theirs, Files.readAllBytes(store), "the other program's write is kept");
    CommandRun restored = CommandRun.of("play", "--restore", beside.toString(), "--ticks", "0");
    assertEquals(0, restored.exit(), restored.all());
    assertTrue(restored.out().contains("at turn 20"), restored.out());
  }

  @Test
  void watchingTheContentInsideTheJar_isRefused() throws Exception {
    start(temp, "play", "--watch");
    assertTrue(process.waitFor(60, TimeUnit.SECONDS), all());
    assertEquals(2, process.exitValue(), all());
    assertTrue(all().contains("--watch needs a content folder to watch (--assets DIR, or ./assets): the content inside the jar cannot"
        + " change while the game runs"), all());
  }

  /**
   * Review: play --watch --save wrote the save only at Ctrl+C, so a kill after the match had ended
   * lost the finished match. It is committed when the match ends, before the wait; a kill then
   * leaves it in place for --restore.
   */
  @Test
  void aFinishedWatchedMatch_isSavedBeforeTheWait_soAKillLosesNothing() throws Exception {
    SampleCopy.copy(Path.of("..", "assets").toAbsolutePath(), temp.resolve("assets"));
    start(temp, "play", "--watch", "--save", "game.db", "--ticks", "5", "--view-every", "0", "--turns-per-second", "1000");
    awaitOutput("The match is over; still watching for edits until you press Ctrl+C");
    assertTrue(all().matches("(?s).*\nSaved to game\\.db: \\d+ actors, \\d+ properties, at turn 5\nThe match is over; .*"), all());
    assertTrue(Files.isRegularFile(temp.resolve("game.db")), all());

    process.destroyForcibly().waitFor(30, TimeUnit.SECONDS); // SIGKILL: no hook runs
    output.clear();
    start(temp, "play", "--restore", "game.db", "--ticks", "1", "--view-every", "0");

    assertTrue(process.waitFor(60, TimeUnit.SECONDS), all());
    assertEquals(0, process.exitValue(), all());
    assertTrue(all().matches("(?s).*Restored Experience:Elimination from game\\.db: \\d+ actors at turn 5, seed 1\n.*"), all());
  }

  /** The save committed at the match's end is saved again at Ctrl+C only when an edit changed the world since. */
  @Test
  void anEditAfterTheSave_isSavedAgainAtCtrlC_andWithoutOneNothingIsWrittenTwice() throws Exception {
    Path assets = temp.resolve("assets");
    SampleCopy.copy(Path.of("..", "assets").toAbsolutePath(), assets);
    Path experience = assets.resolve("experiences/Elimination.json");
    start(temp, "play", "--watch", "--save", "game.db", "--ticks", "5", "--view-every", "0", "--turns-per-second", "1000");
    awaitOutput("The match is over; still watching for edits until you press Ctrl+C");
    Files.writeString(experience, Files.readString(experience).replace("\"scoreLimit\": 25", "\"scoreLimit\": 30"));
    awaitOutput("  Experience:Elimination /actions/1/scoreLimit: 25 -> 30");

    process.toHandle().destroy(); // SIGTERM, as Ctrl+C's SIGINT
    assertTrue(process.waitFor(60, TimeUnit.SECONDS), all());
    assertEquals(0, process.exitValue(), all());
    assertTrue(all().matches("(?s).*\nSaved to game\\.db: \\d+ actors, \\d+ properties, at turn 5 \\(again: an edit changed the"
        + " world since\\)(\n.*)?"), all());

    output.clear();
    start(temp, "play", "--watch", "--save", "game.db", "--restore", "game.db", "--ticks", "1", "--view-every", "0",
        "--turns-per-second", "1000");
    awaitOutput("The match is over; still watching for edits until you press Ctrl+C");
    process.toHandle().destroy();
    assertTrue(process.waitFor(60, TimeUnit.SECONDS), all());
    assertEquals(0, process.exitValue(), all());
    assertEquals(1, output.stream().filter(line -> line.startsWith("Saved to game.db")).count(), all());
  }

}
