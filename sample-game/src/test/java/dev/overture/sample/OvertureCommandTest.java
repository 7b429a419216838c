package dev.overture.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
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

  private List<String> lines() {
    return out.toString().lines().toList();
  }

  @Test
  void list_showsEveryAssetByType() {
    assertEquals(0, run("list", "--assets", "../assets"), err.toString());

    String text = out.toString();
    assertTrue(text.startsWith("9 primary assets in Game (../assets), ShooterCore (../assets/plugins/ShooterCore)"), text);
    assertTrue(text.contains("ActionSet:ShooterCoreComponents"), text);
    assertTrue(text.contains("Experience (2)"), text);
    assertTrue(text.contains("../assets/experiences/Elimination.json"), text);
  }

  @Test
  void play_withoutAnExperience_loadsTheDefaultTilesExperience_andPrintsTheTimeline() {
    assertEquals(0, run("play", "--ticks", "0"), err.toString());

    List<String> lines = lines();
    assertEquals("Experience Experience:Elimination, chosen by the default user-facing experience; standalone world", lines.get(0));
    List<String> states = lines.subList(1, 5).stream().map(line -> line.substring(line.lastIndexOf(' ') + 1)).toList();
    assertEquals(List.of("Loading", "LoadingGameFeatures", "ExecutingActions", "Loaded"), states);
    assertTrue(lines.contains("Plugins activated: ShooterCore"), out.toString());
    assertTrue(lines.contains("  ActionSet:ShooterCoreComponents actions[0] AddComponents"), out.toString());
    assertTrue(
        lines.contains("Spawned Player as Hero (Archetype:StandardHero): HeroMovement, AbilitySystemComponent, ScoreComponent,"
            + " HealthComponent, InputComponent"),
        out.toString());
    assertTrue(lines.contains("Movement: top speed 7.5 m/s, jump 1.5 m"), "the archetype tuned the default subobject: " + out);
  }

  @Test
  void play_onADedicatedServer_getsServerComponentsAndNoHud() {
    assertEquals(0, run("play", "--net-mode", "dedicated", "--ticks", "3"), err.toString());

    assertTrue(lines().contains(
        "Spawned Player as Hero (Archetype:StandardHero): HeroMovement, AbilitySystemComponent, ScoreComponent, HealthComponent"), out.toString());
    assertTrue(lines().stream().noneMatch(line -> line.startsWith("HUD:")), out.toString());
    assertTrue(lines().contains("Played 3 ticks (0.1 s of game time)"), out.toString());
  }

  @Test
  void play_anUnknownExperience_failsWithTheChoices() {
    assertEquals(1, run("play", "--experience", "Elimnation", "--assets", "../assets"));

    String nl = System.lineSeparator();
    assertEquals(
        "No experience was selected, see the following problem:" + nl + nl
            + "1) [Overture/UnknownExperience] No experience Experience:Elimnation is indexed (named by the URL option)"
            + " (experiences: \"Experience:Elimination\", \"Experience:FrontEnd\")" + nl + nl
            + "1 problem" + nl,
        err.toString());
  }

  @Test
  void brokenContent_isReportedAsNumberedProblems(@TempDir Path temp) throws Exception {
    Path assets = temp.resolve("assets");
    Files.createDirectories(assets.resolve("experiences"));
    Files.writeString(assets.resolve("experiences/Broken.json"), "{ \"gameFeaturesToEnable\": [ }");

    assertEquals(1, run("play", "--experience", "Broken", "--assets", assets.toString()));

    String text = err.toString();
    assertTrue(text.startsWith("Could not load experience Experience:Broken, see the following problem:"), text);
    assertTrue(text.contains("1) [Overture/MalformedJson] Malformed JSON: Unexpected close marker '}': expected ']'" + System.lineSeparator()), text);
    assertTrue(text.contains("at " + assets + "/experiences/Broken.json:1:29"), text);
  }

  @Test
  void usageMistakes_exitWithTwo() {
    assertEquals(2, run("play", "--ticks", "many"));
    assertTrue(err.toString().contains("Invalid value for option '--ticks': 'many' is not an int"), err.toString());
    assertEquals(2, run("play", "--net-mode", "lan"));
    assertTrue(err.toString().contains("'lan' is not a net mode (standalone, listen, dedicated, client)"), err.toString());
  }
}
