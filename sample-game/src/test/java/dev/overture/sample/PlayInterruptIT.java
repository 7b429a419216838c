package dev.overture.sample;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
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

  private static final Path JAR = Path.of("target", "overture.jar").toAbsolutePath();
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
    assertTrue(Files.exists(JAR), "run after package: " + JAR);
    List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar",
        JAR.toString()));
    command.addAll(args);
    process = new ProcessBuilder(command).directory(directory.toFile()).redirectErrorStream(true).start();
    Thread reader = new Thread(() -> {
      try (BufferedReader lines = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
        String line;
        while ((line = lines.readLine()) != null) {
          output.add(line);
        }
      } catch (IOException e) {
        output.add("(output ended: " + e + ")");
      }
    }, "play-output");
    reader.setDaemon(true);
    reader.start();
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
    PlayWatchIT.copy(Path.of("..", "assets").toAbsolutePath(), assets);
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
}
