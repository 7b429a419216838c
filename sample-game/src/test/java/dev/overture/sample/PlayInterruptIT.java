package dev.overture.sample;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Review defect 3: Ctrl+C (SIGINT) or SIGTERM during {@code play --save} without {@code --inspect}
 * or {@code --watch} saved nothing, printed nothing and left the save's hidden working copy behind.
 * Now every run that saves or is paced stops at its turn, prints the result and commits the save.
 * The built jar in its own JVM, stopped by a real signal.
 */
class PlayInterruptIT {

  private static final Duration PATIENCE = Duration.ofSeconds(60);

  private Process process;
  private final List<String> output = new CopyOnWriteArrayList<>();

  @AfterEach
  void stopGame() throws Exception {
    if (process != null && process.isAlive()) {
      process.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
    }
  }

  private void start(Path directory, List<String> args) throws IOException {
    process = RunningJar.start(directory, args, output);
  }

  private String all() {
    return String.join("\n", output);
  }

  @ParameterizedTest(name = "{0} with {1}")
  @CsvSource({
      "INT, --save game.db",
      "TERM, --save game.db",
      "INT, --save game.db --turns-per-second 200",
      "INT, --turns-per-second 200"})
  void aSignalDuringAMatch_stopsItAtItsTurn_printsTheResult_andSaves(String signal, String options,
      @org.junit.jupiter.api.io.TempDir Path temp) throws Exception {
    // A match that lasts: no team reaches the limit before the signal.
    Path assets = temp.resolve("assets");
    SampleCopy.copy(Path.of("..", "assets").toAbsolutePath(), assets);
    Path experience = assets.resolve("experiences/Elimination.json");
    Files.writeString(experience, Files.readString(experience).replace("\"scoreLimit\": 25", "\"scoreLimit\": 1000000"));
    List<String> args = new ArrayList<>(List.of("play", "--ticks", "100000000", "--view-every", "0"));
    args.addAll(List.of(options.split(" ")));
    start(temp, args);
    await().atMost(PATIENCE).until(() -> all().contains("kill: "));

    Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(process.pid())).inheritIO().start();
    assertEquals(0, kill.waitFor());

    assertTrue(process.waitFor(60, TimeUnit.SECONDS), all());
    assertEquals(128 + (signal.equals("INT") ? 2 : 15), process.exitValue(), all());
    assertTrue(all().matches("(?s).*\nStopped at turn \\d+ \\(Ctrl\\+C\\)\nResult: no team reached 1000000 by turn \\d+ [^\n]*.*"), all());
    boolean saves = options.contains("--save");
    assertEquals(saves, all().matches("(?s).*\nSaved to game\\.db: \\d+ actors, \\d+ properties, at turn \\d+(\n.*)?"), all());
    assertEquals(saves, Files.isRegularFile(temp.resolve("game.db")), all());
    try (Stream<Path> files = Files.list(temp)) {
      List<String> left = files.map(file -> file.getFileName().toString()).filter(name -> !name.equals("assets") && !name.equals("game.db"))
          .toList();
      assertEquals(List.of(), left, "no working copy is left behind: " + all());
    }
    assertFalse(all().contains("Exception"), all());
  }

  /**
   * Review: with --inspect or --watch the exit code was always the signal's (130, 143), even when
   * Ctrl+C only ended the wait after the run had ended on its own: a failed load exited 130 where
   * the same run without --inspect exits 1, a finished and saved match 130 where it succeeded.
   */
  @ParameterizedTest(name = "{0} after \"{2}\" with {1}")
  @CsvSource(delimiter = '|', value = {
      "INT  | --inspect 0                   | The match is over; the inspector goes on serving | 0 | ",
      "TERM | --inspect 0 --save game.db    | The match is over; the inspector goes on serving | 0 | ",
      "INT  | --watch                       | The match is over; still watching for edits      | 0 | ",
      "TERM | --watch --save game.db        | The match is over; still watching for edits      | 0 | ",
      "INT  | --inspect 0                   | The experience could not be set up (the page shows why) | 1 | ShooterCoer",
      "TERM | --inspect 0                   | The experience could not be set up (the page shows why) | 1 | ShooterCoer"})
  void aSignalAfterTheRunEnded_exitsWithTheRunsOwnCode(String signal, String options, String waiting, int exit, String brokenPlugin,
      @org.junit.jupiter.api.io.TempDir Path temp) throws Exception {
    Path assets = temp.resolve("assets");
    SampleCopy.copy(Path.of("..", "assets").toAbsolutePath(), assets);
    if (brokenPlugin != null) {
      Path experience = assets.resolve("experiences/Elimination.json");
      Files.writeString(experience, Files.readString(experience).replace("\"ShooterCore\"", "\"" + brokenPlugin + "\""));
    }
    List<String> args = new ArrayList<>(List.of("play", "--assets", "assets", "--ticks", "5", "--view-every", "0",
        "--turns-per-second", "1000"));
    args.addAll(List.of(options.trim().split(" ")));
    start(temp, args);
    await().atMost(PATIENCE).until(() -> all().contains(waiting));

    Process kill = new ProcessBuilder("kill", "-" + signal.trim(), Long.toString(process.pid())).inheritIO().start();
    assertEquals(0, kill.waitFor());

    assertTrue(process.waitFor(60, TimeUnit.SECONDS), all());
    assertEquals(exit, process.exitValue(), all());
    assertFalse(all().contains("Stopped at turn"), all());
    assertEquals(options.contains("--save"), all().matches("(?s).*\nSaved to game\\.db: \\d+ actors, \\d+ properties, at turn 5(\n.*)?"),
        all());
    assertFalse(all().contains("Exception"), all());
  }

  /** The other side of the rule: Ctrl+C that stops a watched or inspected match in progress still exits 130. */
  @ParameterizedTest(name = "INT during a match with {0}")
  @CsvSource({"--inspect 0", "--watch"})
  void aSignalDuringAnInspectedOrWatchedMatch_exitsWithTheSignalsCode(String options, @org.junit.jupiter.api.io.TempDir Path temp)
      throws Exception {
    Path assets = temp.resolve("assets");
    SampleCopy.copy(Path.of("..", "assets").toAbsolutePath(), assets);
    Path experience = assets.resolve("experiences/Elimination.json");
    Files.writeString(experience, Files.readString(experience).replace("\"scoreLimit\": 25", "\"scoreLimit\": 1000000"));
    List<String> args = new ArrayList<>(List.of("play", "--assets", "assets", "--ticks", "100000000", "--view-every", "0",
        "--turns-per-second", "200"));
    args.addAll(List.of(options.split(" ")));
    start(temp, args);
    await().atMost(PATIENCE).until(() -> all().contains("kill: "));

    Process kill = new ProcessBuilder("kill", "-INT", Long.toString(process.pid())).inheritIO().start();
    assertEquals(0, kill.waitFor());

    assertTrue(process.waitFor(60, TimeUnit.SECONDS), all());
    assertEquals(130, process.exitValue(), all());
    assertTrue(all().contains("\nStopped at turn "), all());
  }
}
