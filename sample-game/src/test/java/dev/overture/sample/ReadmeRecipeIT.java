package dev.overture.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's "Adding a plugin" recipe, followed literally (issue 16): every file it shows is
 * written where it says, and every command of its shell block runs as written, in a folder laid out
 * like the project after the build (its {@code sample-game/target/overture.jar} and plugins
 * folder, copied from this build). The game is not touched: the plugin jar is compiled against it,
 * dropped in, validated and played. Failsafe runs this after {@code package}.
 */
class ReadmeRecipeIT {

  private static final Pattern FILE = Pattern.compile("^`([^`]+)`:$");

  @TempDir Path project;

  private record Recipe(Map<String, String> files, List<String> commands) {}

  /** The files and commands of the README section "### Adding a plugin". */
  static Recipe recipe() throws Exception {
    List<String> lines = Files.readAllLines(Path.of("../README.md"));
    int start = lines.indexOf("### Adding a plugin");
    assertTrue(start >= 0, "README.md has a section \"### Adding a plugin\"");
    Map<String, String> files = new LinkedHashMap<>();
    List<String> commands = new ArrayList<>();
    String file = null;
    for (int i = start + 1; i < lines.size() && !lines.get(i).startsWith("## ") && !lines.get(i).startsWith("### "); i++) {
      Matcher named = FILE.matcher(lines.get(i));
      if (named.matches()) {
        file = named.group(1);
        continue;
      }
      if (!lines.get(i).startsWith("```")) {
        continue;
      }
      String language = lines.get(i).substring(3);
      StringBuilder block = new StringBuilder();
      for (i++; !lines.get(i).startsWith("```"); i++) {
        block.append(lines.get(i)).append('\n');
      }
      if (language.equals("sh")) {
        block.toString().lines().filter(line -> !line.isBlank()).forEach(commands::add);
      } else {
        assertTrue(file != null, "each file of the recipe is named before its block");
        files.put(file, block.toString());
        file = null;
      }
    }
    return new Recipe(files, commands);
  }

  private record Run(int exit, String output) {}

  private Run sh(String command) throws Exception {
    ProcessBuilder builder = new ProcessBuilder("bash", "-c", command).directory(project.toFile()).redirectErrorStream(true);
    Path javaBin = Path.of(System.getProperty("java.home"), "bin");
    builder.environment().put("PATH", javaBin + java.io.File.pathSeparator + System.getenv("PATH"));
    Process process = builder.start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(process.waitFor(180, TimeUnit.SECONDS), command + ": " + output);
    return new Run(process.exitValue(), output);
  }

  @Test
  void theRecipe_asWritten_addsAPluginThatValidatesAndPlays_withoutTouchingTheGame() throws Exception {
    Path target = Files.createDirectories(project.resolve("sample-game/target/plugins")).getParent();
    Files.copy(Path.of("target/overture.jar"), target.resolve("overture.jar"));
    Files.copy(Path.of("target/plugins/top-down-arena.jar"), target.resolve("plugins/top-down-arena.jar"));
    Recipe recipe = recipe();
    assertEquals(List.of("lanterns/plugin.json", "lanterns/experiences/Lanterns.json", "lanterns/ui/experiences/LanternsTile.json",
        "lanterns-src/lanterns/LanternsPlugin.java", "lanterns-src/lanterns/Lantern.java"), List.copyOf(recipe.files().keySet()));
    for (Map.Entry<String, String> file : recipe.files().entrySet()) {
      Path path = project.resolve(file.getKey());
      Files.createDirectories(path.getParent());
      Files.writeString(path, file.getValue());
    }

    List<Run> runs = new ArrayList<>();
    for (String command : recipe.commands()) {
      Run run = sh(command);
      assertEquals(0, run.exit(), command + System.lineSeparator() + run.output());
      runs.add(run);
    }

    assertEquals(4, runs.size(), recipe.commands().toString());
    assertTrue(Files.exists(target.resolve("plugins/lanterns.jar")), "the jar is in the plugins folder");
    assertEquals("Content is valid: no problems found." + System.lineSeparator(), runs.get(2).output());
    String play = runs.get(3).output();
    assertTrue(play.startsWith("Experience Experience:Lanterns, chosen by --experience"), play);
    assertTrue(play.contains("Plugins activated: ShooterCore, Lanterns"), play);
    assertTrue(play.lines().anyMatch(line -> line.startsWith("Spawned Player as Hero") && line.contains(", Lantern")), play);
    assertTrue(play.contains("first team to 5 wins; an elimination scores 1"), play);
    assertFalse(play.contains("warning"), play);
  }
}
