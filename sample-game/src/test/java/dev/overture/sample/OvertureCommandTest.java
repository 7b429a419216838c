package dev.overture.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The command line as a user sees it: its output, its errors and its exit codes. */
class OvertureCommandTest {

  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  private int run(String... args) {
    CommandLine commandLine = OvertureCommand.commandLine();
    commandLine.setOut(new PrintWriter(out));
    commandLine.setErr(new PrintWriter(err));
    return commandLine.execute(args);
  }

  @Test
  void list_showsEveryAssetByType() {
    assertEquals(0, run("list", "--assets", "../assets"), err.toString());

    String text = out.toString();
    assertTrue(text.startsWith("7 primary assets in ../assets"), text);
    assertTrue(text.contains("Experience (2)"), text);
    assertTrue(text.contains("Experience:Elimination"), text);
    assertTrue(text.contains("../assets/experiences/Elimination.json"), text);
  }

  @Test
  void play_withoutAnExperience_loadsTheDefaultTilesExperience() {
    assertEquals(0, run("play", "--ticks", "0"), err.toString());

    String text = out.toString();
    assertTrue(text.startsWith("Experience Experience:Elimination (classpath:assets/experiences/Elimination.json)"), text);
    assertTrue(text.contains("Loading 100%"), text);
    assertTrue(text.contains("feature plugins: [\"ShooterCore\"]"), text);
  }

  @Test
  void play_anUnknownExperience_failsWithTheChoices() {
    assertEquals(1, run("play", "--experience", "Elimnation", "--assets", "../assets"));

    assertEquals(
        "overture: No experience Experience:Elimnation (experiences: \"Experience:Elimination\", \"Experience:FrontEnd\")"
            + System.lineSeparator(),
        err.toString());
  }

  @Test
  void brokenContent_isReportedAsNumberedProblems(@TempDir Path temp) throws Exception {
    Path assets = temp.resolve("assets");
    Files.createDirectories(assets.resolve("experiences"));
    Files.writeString(assets.resolve("experiences/Broken.json"), "{ \"gameFeaturesToEnable\": [ }");

    assertEquals(1, run("play", "--experience", "Broken", "--assets", assets.toString()));

    String text = err.toString();
    assertTrue(text.startsWith("Could not load Experience:Broken with bundles [client, server], see the following problem:"), text);
    assertTrue(text.contains("1) [Overture/MalformedJson] Malformed JSON: Unexpected close marker '}': expected ']'" + System.lineSeparator()), text);
    assertTrue(text.contains("at " + assets + "/experiences/Broken.json:1:29"), text);
  }

  @Test
  void usageMistakes_exitWithTwo() {
    assertEquals(2, run("play", "--ticks", "many"));
    assertTrue(err.toString().contains("Invalid value for option '--ticks': 'many' is not an int"), err.toString());
  }
}
