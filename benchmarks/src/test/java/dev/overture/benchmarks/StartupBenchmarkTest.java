package dev.overture.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What the start-up rows take from the sample's launcher. */
class StartupBenchmarkTest {

  @Test
  void launcherOptions_areTheOnesEveryWayOfTheSampleLauncherStartsTheJvmWith() throws Exception {
    // The rows that start processes "as the launcher starts a command" name its options once
    // (LAUNCHER_OPTIONS); the launcher is a shell script of the sample, so this keeps the two alike.
    String script = Files.readString(Path.of("..", "sample-game", "src", "launcher", "overture")).replace("\\\n", " ");
    List<String> starts = script.lines().map(String::strip).filter(line -> line.startsWith("exec ")).toList();

    assertEquals(3, starts.size(), "the launcher's ways to start the JVM (AOT cache, archive, neither):\n" + script);
    String options = String.join(" ", StartupBenchmark.LAUNCHER_OPTIONS) + " $pages -jar ";
    for (String start : starts) {
      assertTrue(start.replaceAll(" +", " ").contains(options), start);
    }
  }
}
