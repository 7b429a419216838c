package dev.overture.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the start-up rows take from the sample's launcher and content. */
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

  @Test
  void manyAssets_copiesTheSamplesContent_andTheCopiedFilesUnderNamesOfTheirOwn(@TempDir Path temp) throws Exception {
    Path many = StartupBenchmark.manyAssets(Path.of("..", "assets"), temp, 3);

    try (var files = Files.list(many.resolve("actionsets"))) {
      assertEquals(List.of("HUD1.json", "HUD2.json", "HUD3.json", "SharedInput.json", "StandardHUD.json"),
          files.map(file -> file.getFileName().toString()).sorted().toList());
    }
    assertEquals(Files.readString(many.resolve("maps/Outpost.json")), Files.readString(many.resolve("maps/Outpost3.json")));
    assertTrue(Files.isRegularFile(many.resolve("experiences/Elimination.json")), "the rest of the content too");
  }

  @Test
  void manyAssets_ofContentWithoutTheFilesToCopy_saysWhichIsMissing(@TempDir Path temp) throws Exception {
    Files.createDirectories(temp.resolve("content/maps"));

    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> StartupBenchmark.manyAssets(temp.resolve("content"), temp.resolve("out"), 1));
    assertEquals("the sample's content has no actionsets/StandardHUD.json to copy; change StartupBenchmark.COPIED", e.getMessage());
  }
}
