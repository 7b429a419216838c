package dev.overture.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Review #2: {@code validate} checked the actions of assets only, never those of a plugin's own
 * {@code plugin.json}, which apply to every world while it is active. A plugin's {@code
 * ConfigureMatch} passed validate, then play failed blaming the sample's experience (or, on the
 * front end, logged an error and exited 0); a plugin's {@code AddWidgets} naming an unknown slot
 * and widget passed validate and play showed them. A plugin's actions now get the checks an
 * experience's actions get, located in its plugin.json, and play refuses them in the same words.
 */
class PluginActionsValidationTest {

  @TempDir Path temp;

  private Path contentWithPlugin(String actions) throws Exception {
    Path copy = SampleCopy.in(temp);
    Path plugin = Files.createDirectories(copy.resolve("plugins/Extra"));
    Files.writeString(plugin.resolve("plugin.json"), """
        {
          "name": "Extra",
          "version": "1.0.0",
          "initialState": "Active",
          "dependencies": [ { "name": "ShooterCore", "versions": "^1.1.0" }, { "name": "TopDownArena", "versions": "*" } ],
          "actions": [
            %s
          ]
        }
        """.formatted(actions));
    return copy;
  }

  static Stream<Arguments> pluginActions() {
    return Stream.of(
        Arguments.of("a match", "{ \"action\": \"ConfigureMatch\", \"teams\": [\"Red\", \"Blue\"], \"teamSize\": 1, \"scoreLimit\": 3 }",
            "[Sample/MatchInPlugin] ConfigureMatch in the actions of plugin Extra would start a match in every world while Extra is"
                + " active: the front end's, which has no arena, and each match experience's, which starts its own (a world holds"
                + " one match); move it to the actions of an experience",
            "plugins/Extra/plugin.json:7:5 (/actions/0)"),
        // Passed validate; play then failed as the plugin activated ("SpawnPickups needs a match"), before any experience's match.
        Arguments.of("health pickups", "{ \"action\": \"SpawnPickups\" }",
            "[Sample/MatchInPlugin] SpawnPickups in the actions of plugin Extra would lay health pickups on a match's floor in"
                + " every world while Extra is active: the front end's, which has no match, and each match experience's before its"
                + " ConfigureMatch starts the match, so it would fail in play (\"SpawnPickups needs a match\"); move it to the"
                + " actions of an experience, after its ConfigureMatch",
            "plugins/Extra/plugin.json:7:5 (/actions/0)"),
        Arguments.of("an unknown HUD widget", "{ \"action\": \"AddWidgets\", \"widgets\": [ { \"slotId\": \"HUD.Slot.Score\","
                + " \"widgetClass\": \"ScoreWidgte\" } ] }",
            "[Sample/UnknownWidget] No plugin defines the HUD widget \"ScoreWidgte\"; did you mean \"ScoreWidget\"? (widgets:"
                + " \"ControlPointsWidget\", \"HealthBar\", \"Leaderboard\", \"ScoreWidget\")",
            "plugins/Extra/plugin.json:7:89 (/actions/0/widgets/0/widgetClass)"),
        Arguments.of("an unknown HUD slot", "{ \"action\": \"AddWidgets\", \"widgets\": [ { \"slotId\": \"HUD.Slot.Scor\","
                + " \"widgetClass\": \"ScoreWidget\" } ] }",
            "[Sample/UnknownSlot] No plugin defines the HUD slot \"HUD.Slot.Scor\"; did you mean \"HUD.Slot.Score\"? (slots:"
                + " \"HUD.Slot.Health\", \"HUD.Slot.Leaderboard\", \"HUD.Slot.Objective\", \"HUD.Slot.Score\")",
            "plugins/Extra/plugin.json:7:56 (/actions/0/widgets/0/slotId)"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("pluginActions")
  void aPluginsOwnActions_areCheckedByValidate_andRefusedByPlay_inItsPluginJson(String name, String action, String problem,
      String at) throws Exception {
    Path assets = contentWithPlugin(action);
    String expected = problem + System.lineSeparator() + "   at " + assets + "/" + at;

    CommandRun validate = CommandRun.of("validate", "--assets", assets.toString());
    assertEquals(1, validate.exit(), validate.all());
    assertTrue(validate.out().contains(expected), "expected:\n" + expected + "\nin:\n" + validate.out());

    for (String experience : new String[] {"FrontEnd", "Elimination"}) {
      CommandRun play = CommandRun.of("play", "--assets", assets.toString(), "--experience", experience, "--ticks", "1", "--view-every", "0");
      assertEquals(1, play.exit(), play.all());
      assertTrue(play.err().contains(expected), "expected:\n" + expected + "\nin:\n" + play.all());
      assertTrue(play.err().startsWith("Could not bring up the feature plugins (overture validate reports the same)"), play.err());
    }
  }
}
