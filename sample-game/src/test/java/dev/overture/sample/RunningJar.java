package dev.overture.sample;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The packaged {@code overture.jar} run as a user runs it, in a process of its own, for the tests
 * that need a real process (signals, a browser, files watched): its standard output and error, one
 * stream, are read line by line into the caller's list as they come, by a daemon thread that only
 * appends. Stateless; the list must take additions from another thread.
 */
final class RunningJar {

  /** The jar the build packages, before the integration tests run. */
  static final Path JAR = Path.of("target", "overture.jar").toAbsolutePath();

  private RunningJar() {}

  /**
   * Starts {@code java -jar overture.jar ARGS} in {@code directory} (null: the tests' own), its
   * lines going to {@code output}.
   */
  static Process start(Path directory, List<String> args, List<String> output) throws IOException {
    assertTrue(Files.exists(JAR), "run after package: " + JAR);
    List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar",
        JAR.toString()));
    command.addAll(args);
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
    if (directory != null) {
      builder.directory(directory.toFile());
    }
    Process process = builder.start();
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
    return process;
  }
}
