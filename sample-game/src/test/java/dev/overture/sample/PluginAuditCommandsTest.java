package dev.overture.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.testing.PluginJar;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the audit of issue 16 found by trying the tool as a user would, each shown as the user sees
 * it: a name on the command line that differs only in case (or a typo in its type) gets "did you
 * mean"; a plugin whose entry point overflows the stack is reported by validate instead of hanging
 * it; a plugin.json field of the wrong type says what it should be; a number too large for its
 * field names the field and the range; an unknown property differing only in case gets the closest.
 */
class PluginAuditCommandsTest {

  @TempDir Path temp;

  @Test
  void namesOnTheCommandLine_thatDifferOnlyInCase_orInTheirType_getTheClosest() {
    CommandRun play = CommandRun.of("play", "--assets", "../assets", "--experience", "elimination", "--ticks", "1");
    assertEquals(1, play.exit(), play.all());
    assertTrue(play.all().contains("[Overture/UnknownExperience] No experience Experience:elimination is indexed (named by"
        + " --experience); did you mean Experience:Elimination? (experiences: "), play.all());

    CommandRun typeTypo = CommandRun.of("play", "--assets", "../assets", "--experience", "Experiance:Elimination", "--ticks", "1");
    assertEquals(1, typeTypo.exit(), typeTypo.all());
    assertTrue(typeTypo.all().contains("No experience Experiance:Elimination is indexed (named by --experience); did you mean"
        + " Experience:Elimination?"), typeTypo.all());

    CommandRun describe = CommandRun.of("describe", "--assets", "../assets", "control");
    assertEquals(1, describe.exit(), describe.all());
    assertTrue(describe.all().contains("No experience Experience:control is indexed; did you mean Experience:Control?"), describe.all());

    CommandRun list = CommandRun.of("list", "--assets", "../assets", "--type", "experience");
    assertEquals(1, list.exit(), list.all());
    assertTrue(list.err().contains("overture: --type experience: no asset of that type is indexed; did you mean Experience?"), list.err());

    CommandRun plugin = CommandRun.of("list", "--assets", "../assets", "--plugin", "shootercore");
    assertEquals(1, plugin.exit(), plugin.all());
    assertTrue(plugin.err().startsWith("overture: --plugin shootercore: no such plugin; did you mean ShooterCore?"), plugin.err());
  }

  /** An entry point that waits for what never comes. */
  private static final String STUCK = """
            package stuck;

            public final class Plugin implements dev.overture.feature.OverturePlugin {
              @Override
              public void register(dev.overture.feature.PluginRegistration plugin) {
                try {
                  new java.util.concurrent.CountDownLatch(1).await(); // waits for what never comes
                } catch (InterruptedException e) {
                  Thread.currentThread().interrupt();
                }
              }
            }
            """;

  /**
   * Review D2: a stuck entry point gave 60 s of silence, then two close-time warnings about class
   * loaders before the cause, 10 s more of waiting, and did not name the plugins queued behind it.
   */
  @Test
  void aPluginWhoseEntryPointNeverReturns_stopsEachCommandInWords_afterTheTimeout() throws Exception {
    Path plugins = temp.resolve("plugins");
    PluginJar.of()
        .file("plugin.json", "{ \"name\": \"Stuck\", \"version\": \"1.0.0\", \"entryPoint\": \"stuck.Plugin\" }")
        .java("stuck.Plugin", STUCK)
        .writeTo(plugins.resolve("stuck.jar"));
    PluginJar.of()
        .file("plugin.json", "{ \"name\": \"Later\", \"version\": \"1.0.0\" }")
        .writeTo(plugins.resolve("z-later.jar"));
    String stuck = "plugin Stuck (" + plugins.resolve("stuck.jar") + "), whose entry point stuck.Plugin has not returned from"
        + " register; Later (" + plugins.resolve("z-later.jar") + ") waits behind it and has not started";
    String waiting = "overture: still waiting after 0.5 s for " + stuck + "; giving up after 1 s (java"
        + " -Doverture.pluginTimeout=PT2M -jar ... waits longer)\n";
    String said = "overture: The plugins did not come up within 1 s: " + stuck + "; a plugin's code is waiting for something"
        + " that does not come (remove the plugin, or fix its entry point)";
    System.setProperty("overture.pluginTimeout", "PT1S");
    try {
      for (String command : List.of("validate", "play", "list", "describe")) {
        List<String> args = new java.util.ArrayList<>(List.of(command, "--assets", "../assets", "--plugins", plugins.toString()));
        if (command.equals("describe")) {
          args.add("Control");
        }
        CommandRun run = CommandRun.of(args.toArray(String[]::new));

        assertEquals(1, run.exit(), command + ": " + run.all());
        // What it waits for first, then the cause; closing adds no warning of its own before or after it.
        assertTrue(run.err().startsWith(waiting + said), command + ": " + run.err());
        assertFalse(run.err().contains("WARN"), command + ": " + run.err());
      }

      // Installed, it is registered by validate alone, for the run: it waited two minutes, then passed.
      PluginJar.of()
          .file("plugin.json", "{ \"name\": \"Stuck\", \"version\": \"1.0.0\", \"entryPoint\": \"stuck.Plugin\","
              + " \"initialState\": \"Installed\" }")
          .java("stuck.Plugin", STUCK)
          .writeTo(plugins.resolve("stuck.jar"));
      CommandRun validate = CommandRun.of("validate", "--assets", "../assets", "--plugins", plugins.toString());
      assertEquals(1, validate.exit(), validate.all());
      assertTrue(validate.out().contains("[Overture/PluginTimedOut] Plugin Stuck was still Registering after 1 s, so its content"
          + " and checks could not be validated: its code is waiting for something that does not come"), validate.out());
    } finally {
      System.clearProperty("overture.pluginTimeout");
    }
  }

  @Test
  void thePluginsWaitingBehindAStuckOne_areNamedUpToTen_andCounted() throws Exception {
    Path plugins = temp.resolve("plugins");
    PluginJar.of()
        .file("plugin.json", "{ \"name\": \"Stuck\", \"version\": \"1.0.0\", \"entryPoint\": \"stuck.Plugin\" }")
        .java("stuck.Plugin", STUCK)
        .writeTo(plugins.resolve("stuck.jar"));
    StringBuilder named = new StringBuilder();
    for (int i = 10; i < 40; i++) {
      PluginJar.of().file("plugin.json", "{ \"name\": \"Later" + i + "\", \"version\": \"1.0.0\" }")
          .writeTo(plugins.resolve("z-later" + i + ".jar"));
      if (i < 20) {
        named.append(i == 10 ? "" : ", ").append("Later").append(i).append(" (").append(plugins.resolve("z-later" + i + ".jar")).append(")");
      }
    }
    System.setProperty("overture.pluginTimeout", "PT1S");
    try {
      CommandRun run = CommandRun.of("list", "--assets", "../assets", "--plugins", plugins.toString());

      assertEquals(1, run.exit(), run.all());
      assertTrue(run.err().startsWith("overture: still waiting after 0.5 s for plugin Stuck (" + plugins.resolve("stuck.jar")
          + "), whose entry point stuck.Plugin has not returned from register; " + named + " and 20 more wait behind it and"
          + " have not started; giving up after 1 s"), run.err());
    } finally {
      System.clearProperty("overture.pluginTimeout");
    }
  }

  @Test
  void validate_reportsAPluginWhoseEntryPointOverflowsTheStack_insteadOfHanging() {
    Path plugins = temp.resolve("plugins");
    PluginJar.of()
        .file("plugin.json", "{ \"name\": \"Recursive\", \"version\": \"1.0.0\", \"entryPoint\": \"recursive.Plugin\" }")
        .java("recursive.Plugin", """
            package recursive;

            public final class Plugin implements dev.overture.feature.OverturePlugin {
              @Override
              public void register(dev.overture.feature.PluginRegistration plugin) {
                deeper(0);
              }

              static int deeper(int n) {
                return deeper(n + 1) + 1;
              }
            }
            """)
        .writeTo(plugins.resolve("recursive.jar"));

    CommandRun validate = CommandRun.of("validate", "--assets", "../assets", "--plugins", plugins.toString());

    assertEquals(1, validate.exit(), validate.all());
    assertEquals("""
        Validation found 1 error(s) and 0 warning(s), see the following problem:

        1) [Overture/EntryPointFailed] The entry point "recursive.Plugin" of plugin Recursive failed while registering: it \
        overflowed the stack (a call that never ends calling itself?); thrown at recursive.Plugin.deeper(Plugin.java:10)
           at %s!/plugin.json:1:58 (/entryPoint)

        1 problem
        """.formatted(plugins.resolve("recursive.jar")), validate.out());
  }

  @Test
  void validate_saysWhatAPluginJsonFieldShouldBe_andNamesAFieldWhoseNumberIsTooLarge() throws Exception {
    Path plugins = temp.resolve("plugins");
    PluginJar.of().file("plugin.json", "{ \"name\": \"Typed\", \"version\": 1 }").writeTo(plugins.resolve("typed.jar"));
    PluginJar.of().file("plugin.json", "{ \"name\": [\"Listed\"], \"version\": \"1.0.0\" }").writeTo(plugins.resolve("listed.jar"));
    PluginJar.of().file("plugin.json", "{ \"name\": \"Cased\", \"version\": \"1.0.0\", \"entrypoint\": \"cased.Plugin\" }")
        .writeTo(plugins.resolve("cased.jar"));
    PluginJar.of().file("plugin.json", """
            { "name": "Nested", "version": "1.0.0",
              "dependencies": [ { "name": "ShooterCore", "verisons": "*" } ],
              "contributes": { "componets": [] } }""")
        .writeTo(plugins.resolve("nested.jar"));
    Path game = copyOfTheSampleContent();
    Path elimination = game.resolve("experiences/Elimination.json");
    Files.writeString(elimination, Files.readString(elimination).replace("\"teamSize\": 3", "\"teamSize\": 3000000000"));
    Path tile = game.resolve("ui/experiences/EliminationTile.json");
    Files.writeString(tile, Files.readString(tile).replace("\"maxPlayerCount\": 8", "\"maxPlayerCount\": 0"));

    CommandRun validate = CommandRun.of("validate", "--assets", game.toString(), "--plugins", plugins.toString());

    assertEquals(1, validate.exit(), validate.all());
    String report = validate.out();
    assertProblem(report, "[Overture/WrongType] Expected a string for \"version\" but found a whole number",
        "at " + plugins.resolve("typed.jar") + "!/plugin.json:1:31 (/version)");
    assertProblem(report, "[Overture/WrongType] Expected a string for \"name\" but found an array",
        "at " + plugins.resolve("listed.jar") + "!/plugin.json:1:11 (/name)");
    assertProblem(report, "[Overture/UnknownProperty] Unknown property \"entrypoint\" in plugin.json was ignored; did you mean"
        + " \"entryPoint\"?", "at " + plugins.resolve("cased.jar") + "!/plugin.json:1:");
    // A nested object is named as plugin.json's reader knows it, never by a Java type of ours.
    assertProblem(report, "[Overture/UnknownProperty] Unknown property \"verisons\" in a dependency of plugin.json was ignored;"
        + " did you mean \"versions\"?", "at " + plugins.resolve("nested.jar") + "!/plugin.json:2:");
    assertProblem(report, "[Overture/UnknownProperty] Unknown property \"componets\" in \"contributes\" of plugin.json was"
        + " ignored; did you mean \"components\"?", "at " + plugins.resolve("nested.jar") + "!/plugin.json:3:");
    assertProblem(report, "[Overture/OutOfRange] \"teamSize\" is outside the whole numbers accepted here"
        + " (-2147483648 to 2147483647)", "at " + game.resolve("experiences/Elimination.json") + ":41:29 (/actions/1/teamSize)");
    assertProblem(report, "[Overture/OutOfRange] \"maxPlayerCount\" must be 1 or more, not 0",
        "at " + tile + ":20:21 (/maxPlayerCount)");
    assertFalse(JavaNames.PATTERN.matcher(report).find(), report);
  }

  @Test
  void aMatchThatNoTilePlaysOnAMap_isCaughtByValidate_asPlayWouldRefuseIt() throws Exception {
    Path game = copyOfTheSampleContent();
    Files.delete(game.resolve("ui/experiences/EliminationTile.json"));

    CommandRun validate = CommandRun.of("validate", "--assets", game.toString());

    assertEquals(1, validate.exit(), validate.all());
    assertEquals("""
        Validation found 1 error(s) and 1 warning(s), see the following problems:

        1) [Sample/NoDefaultTile] warning: No tile of the content (%s) is marked isDefaultExperience, so play without \
        --experience or --tile selects nothing ("No experience was selected"); mark one tile's isDefaultExperience true (tiles: \
        UserFacingExperience:ControlTile, UserFacingExperience:FrontEndTile, UserFacingExperience:TopDownArenaTile)

        2) [Sample/NoArena] ConfigureMatch starts a match, but no tile plays Experience:Elimination on a map, so it has no \
        arena: add a tile (ui/experiences) whose experienceId names it and whose mapId names a map with "tiles", such as Map:Arena
           at %s:35:5 (/actions/1)

        2 problems (1 error, 1 warning)
        """.formatted(game, game.resolve("experiences/Elimination.json")), validate.out());
    CommandRun play = CommandRun.of("play", "--assets", game.toString(), "--experience", "Elimination", "--ticks", "1");
    assertEquals(1, play.exit(), play.all());
    assertTrue(play.err().contains("[Sample/NoArena] ConfigureMatch starts a match, but no tile plays Experience:Elimination on a"
        + " map, so it has no arena"), "validate's words: " + play.err());
  }

  @Test
  void aTileThatFailsToLoad_isItsOwnProblem_andDoesNotMakeItsMatchLookTileless() throws Exception {
    Path game = copyOfTheSampleContent();
    Path tile = game.resolve("ui/experiences/EliminationTile.json");
    Files.writeString(tile, Files.readString(tile).replace("\"maxPlayerCount\": 8", "\"maxPlayerCount\": \"eight\""));

    CommandRun validate = CommandRun.of("validate", "--assets", game.toString());

    assertEquals(1, validate.exit(), validate.all());
    assertTrue(validate.out().contains("Validation found 1 error(s)"), validate.out());
    assertTrue(validate.out().contains("at " + tile + ":"), validate.out());
    assertFalse(validate.out().contains("Sample/NoArena"), validate.out());
  }

  @Test
  void anExperienceInsideAPluginInError_isNotJustMissing_playAndDescribeSayWhichPluginHoldsBackItsContent() {
    Path plugins = temp.resolve("plugins");
    PluginJar.of()
        .file("plugin.json", "{ \"name\": \"Lanterns\", \"version\": \"1.0.0\", \"entryPoint\": \"lanterns.Missing\" }")
        .file("experiences/Lanterns.json", "{ \"gameFeaturesToEnable\": [\"Lanterns\"] }")
        .writeTo(plugins.resolve("lanterns.jar"));
    String inError = "2) [Overture/PluginInError] Plugin Lanterns is in Error, so its content is not indexed; an experience it holds"
        + " is found once its problem (above, or in overture list) is fixed" + System.lineSeparator()
        + "   at " + plugins.resolve("lanterns.jar");

    CommandRun play = CommandRun.of("play", "--assets", "../assets", "--plugins", plugins.toString(), "--experience", "Lanterns", "--ticks", "1");
    assertEquals(1, play.exit(), play.all());
    assertTrue(play.err().contains("[Overture/EntryPointNotFound] Plugin Lanterns names the entry point \"lanterns.Missing\""),
        play.err());
    assertTrue(play.err().startsWith("Could not bring up the feature plugins"), "refused as validate refuses it: " + play.err());

    CommandRun describe = CommandRun.of("describe", "--assets", "../assets", "--plugins", plugins.toString(), "Lanterns");
    assertEquals(1, describe.exit(), describe.all());
    assertTrue(describe.err().contains(inError), describe.err());
  }

  /**
   * Review exp, finding 14: an experience inside a plugin that stays Installed was checked (and
   * passed) by validate, which registers every plugin, while play said only "No experience ... is
   * indexed (named by --experience)". Now both name the plugin and how to make it play.
   */
  @Test
  void anExperienceInsideAnInstalledPlugin_isNamedWithItsPlugin_byPlayAndDescribe_andAWarningInValidate() {
    Path plugins = temp.resolve("plugins");
    PluginJar.of()
        .file("plugin.json", "{ \"name\": \"Lanterns\", \"version\": \"1.0.0\",\n  \"initialState\": \"Installed\" }")
        .file("experiences/Lanterns.json", "{ \"gameFeaturesToEnable\": [\"Lanterns\"] }")
        .writeTo(plugins.resolve("lanterns.jar"));
    String words = "Experience:Lanterns is in plugin Lanterns, which stays Installed when the game starts (its initialState), so its"
        + " content is not indexed and play cannot select it; set \"initialState\" to \"Registered\" in its plugin.json to play it"
        + System.lineSeparator() + "   at " + plugins.resolve("lanterns.jar") + "!/plugin.json:2:19 (/initialState)";

    CommandRun play = CommandRun.of("play", "--assets", "../assets", "--plugins", plugins.toString(), "--experience", "Lanterns", "--ticks", "1");
    assertEquals(1, play.exit(), play.all());
    assertTrue(play.err().contains("1) [Overture/UnknownExperience] No experience Experience:Lanterns is indexed"), play.err());
    assertTrue(play.err().contains("2) [Overture/PluginNotRegistered] " + words), play.err());

    CommandRun describe = CommandRun.of("describe", "--assets", "../assets", "--plugins", plugins.toString(), "Lanterns");
    assertEquals(1, describe.exit(), describe.all());
    assertTrue(describe.err().contains("2) [Overture/PluginNotRegistered] " + words), describe.err());

    CommandRun validate = CommandRun.of("validate", "--assets", "../assets", "--plugins", plugins.toString());
    assertEquals(0, validate.exit(), validate.all());
    assertTrue(validate.out().contains("[Overture/PluginNotRegistered] warning: " + words), validate.out());
  }

  @Test
  void aPluginsTileNamingTheMapOfAPluginItDoesNotDependOn_isALocatedError_inValidateAndInPlay() throws Exception {
    Path plugins = Files.createDirectories(temp.resolve("plugins"));
    Files.copy(SampleContent.defaultPlugins().resolve("top-down-arena.jar"), plugins.resolve("top-down-arena.jar"));
    PluginJar.of()
        .file("plugin.json", "{ \"name\": \"Sneaky\", \"version\": \"1.0.0\", \"dependencies\": [ { \"name\": \"ShooterCore\" } ] }")
        .file("experiences/Sneak.json", """
            { "gameFeaturesToEnable": ["ShooterCore", "Sneaky"], "defaultPawnData": "HeroPawn",
              "actionSets": ["ShooterCoreComponents"],
              "actions": [ { "action": "ConfigureMatch", "teams": ["Red", "Blue"], "teamSize": 1 },
                { "action": "AddComponents",
                  "componentList": [ { "actorClass": "ArenaGameState", "componentClass": "EliminationScoring" } ] } ] }
            """)
        .file("ui/experiences/SneakTile.json", "{ \"mapId\": \"Map:Pit\", \"experienceId\": \"Experience:Sneak\" }")
        .writeTo(plugins.resolve("sneaky.jar"));
    String problem = "1) [Overture/UndeclaredDependency] Refers to Map:Pit of \"TopDownArena\", which the content of \"Sneaky\" may not"
        + " name: a plugin's content names the game's, its own and that of the plugins it depends on; add \"TopDownArena\" to the"
        + " dependencies of Sneaky (may name: \"Game\", \"ShooterCore\", \"Sneaky\")" + System.lineSeparator()
        + "   at " + plugins.resolve("sneaky.jar") + "!/ui/experiences/SneakTile.json:1:12 (/mapId)";

    CommandRun validate = CommandRun.of("validate", "--assets", "../assets", "--plugins", plugins.toString());
    assertEquals(1, validate.exit(), validate.all());
    assertTrue(validate.out().contains(problem), validate.out());

    CommandRun play = CommandRun.of("play", "--assets", "../assets", "--plugins", plugins.toString(), "--experience", "Sneak", "--ticks", "1");
    assertEquals(1, play.exit(), play.all());
    assertTrue(play.err().contains("Tile UserFacingExperience:SneakTile, whose map --experience plays, cannot be played (overture"
        + " validate reports the same), see the following problem:"), play.err());
    assertTrue(play.err().contains(problem), play.err());
    assertFalse(play.out().contains("Match on"), play.out());
  }

  /** {@code report} has a problem that starts with {@code problem} and whose next line starts with {@code at}. */
  private static void assertProblem(String report, String problem, String at) {
    int start = report.indexOf(") " + problem);
    assertTrue(start >= 0, problem + " in " + report);
    String next = report.substring(start).lines().skip(1).findFirst().orElse("").trim();
    assertTrue(next.startsWith(at), at + " after " + problem + " in " + report);
  }

  private Path copyOfTheSampleContent() throws Exception {
    return SampleCopy.in(temp);
  }
}
