package dev.overture.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * ShooterCore contributes the game's rules to {@code validate} (issue 16): a broken variant of each
 * rule, made from a copy of the sample content, is caught by {@code validate} (exit 1) as one
 * located problem (file, line, column, pointer) that says what would be valid; play rejects the same
 * content. No message shows a Java exception's name. What play refuses beyond the rules (tiles,
 * assets a newer engine saved, another plugin's content, content without an experience) is in
 * {@link PlayRefusesAsValidateTest}.
 */
class GameRulesValidationTest {

  @TempDir Path temp;

  private Path copyOfTheContent() throws Exception {
    return SampleCopy.in(temp);
  }

  /** validate refuses {@code assets} with {@code refused}, and play of Elimination does too, in the same words, before the match. */
  private static void assertRefusedAlike(Path assets, String refused) {
    RefusedAlike.by(assets, refused, "--experience", "Elimination", "--ticks", "1");
  }

  /**
   * A rule, how to break it (a text replaced in one file), and what validate must say: the problem's
   * id and message, and where (file relative to the content, line, column, pointer).
   */
  record Variant(String rule, String file, String from, String to, String id, String message, String at) {
    @Override
    public String toString() {
      return rule;
    }
  }

  static Stream<Arguments> variants() {
    return Stream.of(
        new Variant("map rows of unequal length", "maps/Arena.json", "\"#....#..###..#....#\",", "\"#....#..###..#....\",",
            "Sample/RaggedMap", "Row 5 of the map is 18 tiles long, but row 0 is 19; every row must be as long as the first",
            "maps/Arena.json:22:5 (/tiles/5)"),
        new Variant("characters that are no tile", "maps/Arena.json", "\"#....#..###..#....#\",", "\"#....#..#X#..#..O.#\",",
            "Sample/UnknownTile", "Row 5 of the map has 'X' at column 9 and 1 more, which are no tiles; the tiles are '#' wall,"
                + " '.' floor, '1' to '4' a team's spawn, '*' a capture point",
            "maps/Arena.json:22:5 (/tiles/5)"),
        // Review: the map's message showed C0 controls as U+001B and let a C1 control (CSI) through raw;
        // it now shows them as every other message does (ControlCharacters).
        new Variant("a control character for a tile", "maps/Arena.json", "\"#....#..###..#....#\",", "\"#....#..#\\u009b#..#..\\u001b.#\",",
            "Sample/UnknownTile", "Row 5 of the map has \\u009b at column 9 and 1 more, which are no tiles; the tiles are '#' wall,"
                + " '.' floor, '1' to '4' a team's spawn, '*' a capture point",
            "maps/Arena.json:22:5 (/tiles/5)"),
        new Variant("a spawn of a fifth team", "maps/Arena.json", "\"#1.......#.......2#\",\n    \"#1.##", "\"#5.......#.......2#\",\n    \"#1.##",
            "Sample/UnknownTile", "Row 1 of the map has '5' at column 1, which is no tile; the tiles are '#' wall, '.' floor, '1' to"
                + " '4' a team's spawn, '*' a capture point",
            "maps/Arena.json:18:5 (/tiles/1)"),
        new Variant("a map wider than the rules play at speed", "maps/Arena.json", "\"###################\",\n    \"#1....",
            "\"" + "#".repeat(257) + "\",\n    \"#1....", "Sample/MapTooLarge",
            "The map is 257 tiles wide; a map is at most 256 wide and 256 tall (ArenaLevel.MAX_SIDE)", "maps/Arena.json:17:5 (/tiles/0)"),
        new Variant("a map taller than the rules play at speed", "maps/Arena.json", "\"#1.......#.......2#\",\n    \"###################\"\n  ]",
            "\"#1.......#.......2#\"" + ",\n    \"#1...............2#\"".repeat(251) + ",\n    \"###################\"\n  ]",
            "Sample/MapTooLarge", "The map has 262 rows; a map is at most 256 wide and 256 tall (ArenaLevel.MAX_SIDE), so this row and"
                + " those after it are too many", "maps/Arena.json:273:5 (/tiles/256)"),
        new Variant("a team without a spawn on the map the experience uses", "maps/Arena.json", "2#\"", "3#\"",
            "Sample/TeamWithoutSpawn",
            "Team Blue has no spawn on map Map:Arena, which UserFacingExperience:EliminationTile plays Experience:Elimination on:"
                + " put a '2' on its floor",
            "experiences/Elimination.json:39:9 (/actions/1/teams/1)"),
        new Variant("more teams than the map has spawns", "experiences/Elimination.json", "\"Blue\"\n      ],",
            "\"Blue\",\n        \"Green\"\n      ],",
            "Sample/TooManyTeams",
            "ConfigureMatch names 3 teams, but map Map:Arena, which UserFacingExperience:EliminationTile plays"
                + " Experience:Elimination on, has spawns for 2 (tiles '1', '2')",
            "experiences/Elimination.json:37:16 (/actions/1/teams)"),
        new Variant("a HUD widget class that nothing defines", "actionsets/StandardHUD.json", "\"ScoreWidget\"", "\"ScoreWidgte\"",
            "Sample/UnknownWidget",
            "No plugin defines the HUD widget \"ScoreWidgte\"; did you mean \"ScoreWidget\"? (widgets: \"ControlPointsWidget\","
                + " \"HealthBar\", \"Leaderboard\", \"ScoreWidget\")",
            "actionsets/StandardHUD.json:26:26 (/actions/0/widgets/0/widgetClass)"),
        new Variant("a HUD slot that nothing defines", "actionsets/StandardHUD.json", "\"HUD.Slot.Health\"", "\"HUD.Slot.Helth\"",
            "Sample/UnknownSlot",
            "No plugin defines the HUD slot \"HUD.Slot.Helth\"; did you mean \"HUD.Slot.Health\"? (slots: \"HUD.Slot.Health\","
                + " \"HUD.Slot.Leaderboard\", \"HUD.Slot.Objective\", \"HUD.Slot.Score\")",
            "actionsets/StandardHUD.json:29:21 (/actions/0/widgets/1/slotId)"),
        new Variant("scoreLimit out of range", "experiences/Elimination.json", "\"scoreLimit\": 25", "\"scoreLimit\": 0",
            "Overture/OutOfRange", "\"scoreLimit\" must be 1 or more, not 0", "experiences/Elimination.json:42:21 (/actions/1/scoreLimit)"),
        new Variant("teamSize out of range", "experiences/Elimination.json", "\"teamSize\": 3", "\"teamSize\": -2",
            "Overture/OutOfRange", "\"teamSize\" must be 1 or more, not -2", "experiences/Elimination.json:41:19 (/actions/1/teamSize)"),
        new Variant("damage out of range", "experiences/Elimination.json", "\"scoreLimit\": 25", "\"scoreLimit\": 25,\n      \"damage\": 0",
            "Overture/OutOfRange", "\"damage\" must be 1 or more, not 0", "experiences/Elimination.json:43:17 (/actions/1/damage)"),
        new Variant("more heroes than the map has floor", "experiences/Elimination.json", "\"teamSize\": 3", "\"teamSize\": 300",
            "Sample/TooManyHeroes",
            "ConfigureMatch puts 600 heroes (2 teams of 300) on map Map:Arena, which UserFacingExperience:EliminationTile plays"
                + " Experience:Elimination on, which has 114 floor cells",
            "experiences/Elimination.json:41:19 (/actions/1/teamSize)"),
        new Variant("a team named twice", "experiences/Elimination.json", "\"Blue\"\n      ],", "\"Red\"\n      ],",
            "Sample/DuplicateTeam", "Team \"Red\" is named twice in \"teams\" (first at 0); each team needs a name of its own",
            "experiences/Elimination.json:39:9 (/actions/1/teams/1)"),
        new Variant("a team without a name", "experiences/Elimination.json", "\"Blue\"\n      ],", "\" \"\n      ],",
            "Overture/BlankText", "\"teams\" must not be blank, not \" \"",
            "experiences/Elimination.json:39:9 (/actions/1/teams/1)"),
        new Variant("a team size whose heroes an int cannot count", "experiences/Elimination.json", "\"teamSize\": 3",
            "\"teamSize\": 2147483647",
            "Sample/TooManyHeroes",
            "ConfigureMatch puts 4294967294 heroes (2 teams of 2147483647) in one match; a match holds at most 4096"
                + " (ConfigureMatch.MAX_HEROES), since each turn weighs every hero against the others: lower \"teamSize\" to at most 2048",
            "experiences/Elimination.json:41:19 (/actions/1/teamSize)"),
        new Variant("two matches in one experience", "experiences/Elimination.json", "\"scoreLimit\": 25\n    },",
            "\"scoreLimit\": 25\n    },\n    { \"action\": \"ConfigureMatch\" },",
            "Sample/TwoMatches",
            "A second ConfigureMatch in Experience:Elimination: the match already starts at Experience:Elimination /actions/1, and a"
                + " world holds one match; remove one of them",
            "experiences/Elimination.json:44:5 (/actions/2)"),
        new Variant("a spawn walled in", "maps/Arena.json", "\"#1.......#.......2#\",\n    \"#1.##.##.#.##.##.2#\",",
            "\"#1.......#......#2#\",\n    \"#1.##.##.#.##.##.##\",",
            "Sample/WalledInSpawn",
            "The spawn '2' at (17,1) (team Blue) is walled in: no way over the floor leads from it to another team's spawn, so a"
                + " hero placed there never meets an enemy; open a way through the walls ('#') (map Map:Arena, which"
                + " UserFacingExperience:EliminationTile plays Experience:Elimination on)",
            "maps/Arena.json:18:5 (/tiles/1)"),
        new Variant("nothing that scores", "experiences/Elimination.json", "\"actorClass\": \"ArenaGameState\"",
            "\"actorClass\": \"Hero\"",
            "Sample/NoWayToScore",
            "ConfigureMatch plays to 25 points, but nothing the experience adds to the game state scores, so no team can reach"
                + " them; add EliminationScoring (a point an elimination) or ControlPoints (points for the capture points held) to"
                + " ArenaGameState with AddComponents",
            "experiences/Elimination.json:35:5 (/actions/1)"),
        new Variant("heroes without weapons in a match of eliminations (review #7)", "experiences/Elimination.json",
            "\"ShooterCoreComponents\",\n", "",
            "Sample/NoWayToScore",
            "ConfigureMatch plays to 25 points, but no team can reach them: EliminationScoring scores eliminations, and no hero has"
                + " a weapon (LineOfSightWeapon); add LineOfSightWeapon to Hero with AddComponents (the action set"
                + " ShooterCoreComponents does)",
            "experiences/Elimination.json:34:5 (/actions/1)"),
        new Variant("eliminations in a match of one team", "experiences/Elimination.json", "\"Red\",\n        \"Blue\"", "\"Red\"",
            "Sample/NoWayToScore",
            "ConfigureMatch names one team, and EliminationScoring scores only eliminations of another team's heroes, so no team"
                + " can reach the score limit of 25; name a second team, or add ControlPoints",
            "experiences/Elimination.json:35:5 (/actions/1)"),
        new Variant("capture points on a map without any", "experiences/Elimination.json", "\"EliminationScoring\"",
            "\"ControlPoints\"",
            "Sample/NoCapturePoints",
            "ControlPoints scores the capture points a team holds, but map Map:Arena, which UserFacingExperience:EliminationTile"
                + " plays Experience:Elimination on, has none: put a '*' on its floor",
            "experiences/Elimination.json:49:29 (/actions/2/componentList/0/componentClass)"),
        new Variant("no pawn data", "experiences/Elimination.json", "\"defaultPawnData\": \"HeroPawn\",\n", "",
            "Sample/NoPawnData",
            "ConfigureMatch plays with heroes, but Experience:Elimination names no pawn data (\"defaultPawnData\") and the game"
                + " sets no default, so nobody spawns to play; name one, such as \"HeroPawn\"",
            "experiences/Elimination.json:34:5 (/actions/1)"),
        new Variant("a plugin's action where the plugin is not enabled", "experiences/Elimination.json",
            "\"client\": false\n        }\n      ]\n    }",
            "\"client\": false\n        }\n      ]\n    },\n    { \"action\": \"SpawnPickups\" }",
            "Overture/PluginNotEnabled",
            "Action \"SpawnPickups\" belongs to plugin TopDownArena, which Experience:Elimination does not enable; add"
                + " \"TopDownArena\" to its gameFeaturesToEnable (enabled: \"ShooterCore\")",
            "experiences/Elimination.json:54:5 (/actions/3)"),
        new Variant("an unknown property", "experiences/Elimination.json", "\"scoreLimit\": 25", "\"scoreLimt\": 25",
            "Overture/UnknownProperty",
            "Unknown property \"scoreLimt\" in ConfigureMatch was ignored; did you mean \"scoreLimit\"? (known properties: \"damage\","
                + " \"respawnTurns\", \"scoreLimit\", \"teamSize\", \"teams\", \"weaponRange\")",
            "experiences/Elimination.json:42:20 (/actions/1/scoreLimt)"))
        .map(Arguments::of);
  }

  /**
   * A copy of TopDownArena's experience and tile in the game's content, as {@code TD2} with {@code
   * count} pickups (TopDownArena's Pit has 91 floor cells and 4 heroes).
   */
  private static void addTopDownExperience(Path assets, int count) throws Exception {
    Path plugin = Path.of("../sample-plugins/top-down-arena/src/main/resources");
    String experience = Files.readString(plugin.resolve("experiences/TopDownArena.json"));
    assertTrue(experience.contains("\"count\": 3"), experience);
    Files.writeString(assets.resolve("experiences/TD2.json"), experience.replace("\"count\": 3", "\"count\": " + count));
    String tile = Files.readString(plugin.resolve("ui/experiences/TopDownArenaTile.json"));
    Files.writeString(assets.resolve("ui/experiences/TD2Tile.json"), tile.replace("Experience:TopDownArena", "Experience:TD2"));
  }

  /**
   * Review #3: more health pickups than the map has free floor passed validate, and play crashed
   * mid-match ("bound &lt; 1: 0", no location). Both now refuse it at the count, naming the floor.
   */
  @Test
  void morePickupsThanFreeFloor_isRefusedByValidateAndPlay_atTheCount() throws Exception {
    Path assets = copyOfTheContent();
    addTopDownExperience(assets, 95);
    String nl = System.lineSeparator();
    String expected = "[Sample/NoFreeFloor] SpawnPickups lays 95 health pickups on map Map:Pit, which UserFacingExperience:TD2Tile"
        + " plays Experience:TD2 on, which has 91 floor cells, 4 of them taken by the heroes; lower \"count\" to at most 87" + nl
        + "   at " + assets + "/experiences/TD2.json:49:16 (/actions/2/count)";

    CommandRun validate = CommandRun.of("validate", "--assets", assets.toString());
    assertEquals(1, validate.exit(), validate.all());
    assertTrue(validate.out().contains(expected), validate.out());
    assertTrue(validate.out().contains("Validation found 1 error(s)"), validate.out());

    CommandRun play = CommandRun.of("play", "--assets", assets.toString(), "--tile", "TD2Tile", "--ticks", "50", "--view-every", "0");
    assertEquals(1, play.exit(), play.all());
    assertTrue(play.err().contains(expected), play.all());
    assertFalse(play.out().contains("Plugins activated"), "refused before the match: " + play.out());

    addTopDownExperience(assets, 87);
    assertEquals(0, CommandRun.of("validate", "--assets", assets.toString()).exit(), "87 pickups and 4 heroes fit 91 cells");
  }

  /** Review #7: Control with only SharedInput passed validate, and its heroes stood on their spawns all match. */
  @Test
  void capturePointsWithHeroesThatNeverMove_areRefusedByValidateAndPlay() throws Exception {
    Path assets = copyOfTheContent();
    SampleCopy.edit(assets.resolve("experiences/Control.json"), "\"ShooterCoreComponents\",\n", "");
    SampleCopy.edit(assets.resolve("experiences/Control.json"), "\"StandardHUD\",\n", "");
    String expected = "[Sample/NoWayToScore] ConfigureMatch plays to 40 points, but no team can reach them: ControlPoints scores the"
        + " capture points a team holds, and no hero moves (BotBrain) to reach one; add BotBrain to Hero with AddComponents (the"
        + " action set ShooterCoreComponents does)" + System.lineSeparator() + "   at " + assets + "/experiences/Control.json:33:5 (/actions/1)";

    RefusedAlike.by(assets, expected, "--experience", "Control", "--ticks", "1", "--view-every", "0");
  }

  /** A host that plays without validating: pickups without a free cell wait off the floor; the match goes on. */
  @Test
  void pickupsWithoutAFreeCell_waitOffTheFloor_ratherThanStopTheMatch() throws Exception {
    Path assets = copyOfTheContent();
    addTopDownExperience(assets, 500);
    try (MatchRunner runner = new MatchRunner(assets)) {
      MatchRunner.Outcome outcome = runner.play("TD2", 1, 30);
      assertTrue(outcome.over() || outcome.turn() == 30, outcome.toString());
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("variants")
  void validate_catchesEachBrokenGameRule_located_beforePlay(Variant variant) throws Exception {
    Path assets = copyOfTheContent();
    SampleCopy.edit(assets.resolve(variant.file()), variant.from(), variant.to());

    CommandRun validate = CommandRun.of("validate", "--assets", assets.toString());

    assertEquals(1, validate.exit(), validate.out() + validate.err());
    String nl = System.lineSeparator();
    String expected = "[" + variant.id() + "] " + variant.message() + nl + "   at " + assets + "/" + variant.at();
    assertTrue(validate.out().contains(expected), "expected:" + nl + expected + nl + "in:" + nl + validate.out());
    assertTrue(validate.out().contains("Validation found 1 error(s)"), "one fault, one problem: " + validate.out());
    assertFalse(JavaNames.PATTERN.matcher(validate.out() + validate.err()).find(), validate.out() + validate.err());
  }

  /**
   * Play refuses what validate refuses, before the match starts, in validate's words at the same
   * place (an unknown HUD widget used to be shown by its name, a match nobody can win played to its
   * turn limit); only an unknown property stays a warning in play, where older code must read newer
   * content.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("variants")
  void play_refusesTheSameContent_inValidatesWords_beforeTheMatch(Variant variant) throws Exception {
    Path assets = copyOfTheContent();
    SampleCopy.edit(assets.resolve(variant.file()), variant.from(), variant.to());

    CommandRun play = CommandRun.of("play", "--assets", assets.toString(), "--experience", "Elimination", "--ticks", "1", "--view-every", "0");

    String all = play.out() + play.err();
    assertFalse(JavaNames.PATTERN.matcher(all).find(), all);
    if (variant.id().equals("Overture/UnknownProperty")) {
      assertEquals(0, play.exit(), all); // older code must keep loading newer data: a warning in play, an error in validate
      return;
    }
    assertEquals(1, play.exit(), all);
    String nl = System.lineSeparator();
    String expected = "[" + variant.id() + "] " + variant.message() + nl + "   at " + assets + "/" + variant.at();
    assertTrue(play.err().contains(expected), "expected:" + nl + expected + nl + "in:" + nl + all);
    assertFalse(play.out().contains("Plugins activated"), "refused before the experience loads: " + play.out());
  }

  /**
   * A map too large to play is refused for its size alone: the match's rules are not worked out on
   * it. They were: a map of 3,000 by 3,000 floor tiles (9 MB, within the content size limit) held
   * validate and play for minutes and gigabytes, and a map too wide whose second team has no spawn
   * was refused for that too.
   */
  @Test
  void aMapTooLargeToPlay_isRefusedForItsSizeAlone_byValidateAndPlay() throws Exception {
    Path assets = copyOfTheContent();
    SampleCopy.edit(assets.resolve("maps/Arena.json"), "\"###################\",\n    \"#1....",
        "\"" + "#".repeat(257) + "\",\n    \"#1....");
    SampleCopy.edit(assets.resolve("maps/Arena.json"), "2#\"", "3#\"");
    String nl = System.lineSeparator();
    String wide = "[Sample/MapTooLarge] The map is 257 tiles wide; a map is at most 256 wide and 256 tall (ArenaLevel.MAX_SIDE)"
        + nl + "   at " + assets + "/maps/Arena.json:17:5 (/tiles/0)";

    RefusedAlike.by(assets, wide, "--experience", "Elimination", "--ticks", "1");
    CommandRun validate = CommandRun.of("validate", "--assets", assets.toString());
    assertTrue(validate.out().startsWith("Validation found 1 error(s)"), validate.out());

    StringBuilder tiles = new StringBuilder("\"" + "#".repeat(3_000) + "\"");
    for (int row = 0; row < 2_998; row++) {
      tiles.append(",\n\"#1").append(".".repeat(2_996)).append("2#\"");
    }
    tiles.append(",\n\"").append("#".repeat(3_000)).append("\"");
    Files.writeString(assets.resolve("maps/Arena.json"), "{ \"title\": \"Vast\", \"tiles\": [\n" + tiles + "\n] }\n");

    CommandRun vast = CommandRun.of("validate", "--assets", assets.toString());
    assertEquals(1, vast.exit(), vast.all());
    assertEquals("Validation found 2 error(s) and 0 warning(s), see the following problems:" + nl + nl
        + "1) [Sample/MapTooLarge] The map is 3000 tiles wide; a map is at most 256 wide and 256 tall (ArenaLevel.MAX_SIDE)" + nl
        + "   at " + assets + "/maps/Arena.json:2:1 (/tiles/0)" + nl + nl
        + "2) [Sample/MapTooLarge] The map has 3000 rows; a map is at most 256 wide and 256 tall (ArenaLevel.MAX_SIDE), so this"
        + " row and those after it are too many" + nl
        + "   at " + assets + "/maps/Arena.json:258:1 (/tiles/256)" + nl + nl + "2 problems" + nl, vast.out());
  }

  @Test
  void thousandsOfHeroesOnALargeMap_thatValidatePasses_playStarts() throws Exception {
    Path assets = copyOfTheContent();
    StringBuilder tiles = new StringBuilder("\"" + "#".repeat(60) + "\"");
    for (int row = 0; row < 58; row++) {
      tiles.append(",\n    \"#1").append(".".repeat(56)).append("2#\"");
    }
    tiles.append(",\n    \"").append("#".repeat(60)).append("\"");
    Files.writeString(assets.resolve("maps/Arena.json"), "{ \"title\": \"Plain\", \"tiles\": [\n    " + tiles + "\n  ] }\n");
    SampleCopy.edit(assets.resolve("experiences/Elimination.json"), "\"teamSize\": 3", "\"teamSize\": 1500");

    assertEquals(0, CommandRun.of("validate", "--assets", assets.toString()).exit());
    // Placing each hero asked every floor cell whether each hero stood there: hours for 3,000 heroes.
    CommandRun play = assertTimeoutPreemptively(Duration.ofMinutes(2),
        () -> CommandRun.of("play", "--assets", assets.toString(), "--experience", "Elimination", "--ticks", "1", "--view-every", "0"));

    assertEquals(0, play.exit(), play.err());
    assertTrue(play.out().contains("  Bot2999 "), "all 3,000 heroes are in the result");
  }

  /**
   * A hostile review: 25,000 heroes on a map of 256 by 256 passed validate, and play never reached
   * its first turn (placing and moving heroes weigh each against the others). A match holds at most
   * ConfigureMatch.MAX_HEROES, refused by validate and play alike, located at the team size.
   */
  @Test
  void moreHeroesThanAMatchHolds_isRefusedByValidateAndPlayAlike_atTheTeamSize() throws Exception {
    Path assets = copyOfTheContent();
    Path elimination = assets.resolve("experiences/Elimination.json");
    SampleCopy.edit(elimination, "\"teamSize\": 3", "\"teamSize\": 12500");

    CommandRun play = RefusedAlike.by(assets, "[Sample/TooManyHeroes] ConfigureMatch puts 25000 heroes (2 teams of 12500) in one"
        + " match; a match holds at most 4096 (ConfigureMatch.MAX_HEROES), since each turn weighs every hero against the others:"
        + " lower \"teamSize\" to at most 2048", "--experience", "Elimination", "--ticks", "1");

    assertTrue(play.err().contains("at " + elimination + ":41:19 (/actions/1/teamSize)"), play.err());
    assertFalse(play.err().contains("floor cells"), "said once, not also as a floor too small: " + play.err());
  }

  @Test
  void aMatchWhosePawnDataSpawnsNoHero_isCaughtByValidate_atEachMatchThatUsesIt_andPlayFails() throws Exception {
    Path assets = copyOfTheContent();
    SampleCopy.edit(assets.resolve("pawns/HeroPawn.json"), "\"Archetype:StandardHero\"", "\"Pawn\"");

    CommandRun validate = CommandRun.of("validate", "--assets", assets.toString());

    assertEquals(1, validate.exit(), validate.all());
    String nl = System.lineSeparator();
    for (String experience : List.of("Control", "Elimination")) {
      assertTrue(validate.out().contains("[Sample/NotAHero] ConfigureMatch plays with heroes, but Experience:" + experience
          + "'s pawn data PawnData:HeroPawn spawns a Pawn (pawnClass Pawn), which is not a Hero; give it the Hero class or an"
          + " archetype whose \"class\" is Hero" + nl + "   at " + assets + "/experiences/" + experience
          + ".json:35:5 (/actions/1)"), validate.out());
    }

    CommandRun play = CommandRun.of("play", "--assets", assets.toString(), "--experience", "Elimination", "--ticks", "1");
    assertEquals(1, play.exit(), "a match that cannot start is a failure, not a run without one: " + play.all());
    assertTrue(play.err().contains("[Sample/NotAHero] ConfigureMatch plays with heroes, but Experience:Elimination's pawn data"
        + " PawnData:HeroPawn spawns a Pawn (pawnClass Pawn), which is not a Hero; give it the Hero class or an archetype"
        + " whose \"class\" is Hero" + nl + "   at " + assets + "/experiences/Elimination.json:35:5 (/actions/1)"),
        "validate's words, before the match: " + play.err());
  }

  /**
   * A hostile review: the game's default pawn data (overture.json), which an experience naming none
   * falls back to, was never checked; validate passed a default that spawns no hero, and play
   * failed with words of its own, placed nowhere.
   */
  @Test
  void aMatchWhoseDefaultPawnDataSpawnsNoHero_isCaughtByValidate_andPlayFailsInTheSameWords() throws Exception {
    Path assets = copyOfTheContent();
    Files.writeString(assets.resolve("overture.json"), "{ \"defaultPawnData\": \"SpectatorPawn\" }");
    SampleCopy.edit(assets.resolve("experiences/Elimination.json"), "\"defaultPawnData\": \"HeroPawn\",", "");

    String nl = System.lineSeparator();
    String refused = "[Sample/NotAHero] ConfigureMatch plays with heroes, but Experience:Elimination's pawn data, the game's"
        + " default, PawnData:SpectatorPawn spawns a Pawn (pawnClass Pawn), which is not a Hero; give it the Hero class or an"
        + " archetype whose \"class\" is Hero" + nl + "   at " + assets + "/experiences/Elimination.json:";
    assertRefusedAlike(assets, refused);
  }

  /**
   * A hostile review: a turnRate past a double's range in a Sample-Hero 1 archetype failed the
   * version upgrade with Jackson's words ("'DecimalNode' method `asDouble()` cannot convert ...")
   * at the file's first character; it is refused at the value, as any number out of range is.
   */
  @Test
  void aTurnRatePastADoublesRange_isRefusedAtTheValue_notInTheUpgradeStep() throws Exception {
    Path assets = copyOfTheContent();
    SampleCopy.edit(assets.resolve("archetypes/StandardHero.json"), "\"turnRate\": 0.5", "\"turnRate\": 1e400");

    CommandRun validate = CommandRun.of("validate", "--assets", assets.toString());
    assertEquals(1, validate.exit(), validate.all());
    assertTrue(validate.out().contains("[Overture/InvalidValue]"), validate.out());
    assertTrue(validate.out().contains(assets + "/archetypes/StandardHero.json:16:"), validate.out());
    assertFalse(validate.out().contains("DecimalNode") || validate.out().contains("UpgradeFailed"), validate.out());
  }

  /** A hostile review: a pickup healing 2^31-1 wrapped the hero's health to 0 ("+-100"); it heals to the most a hero has. */
  @Test
  void aPickupHealingTheLargestInt_healsFully_ratherThanWrapping() throws Exception {
    Path assets = copyOfTheContent();
    SampleCopy.edit(assets.resolve("experiences/Elimination.json"), "\"ShooterCore\"\n", "\"ShooterCore\",\n    \"TopDownArena\"\n");
    SampleCopy.edit(assets.resolve("experiences/Elimination.json"), "      ]\n    }\n  ]\n}", "      ]\n    },\n    { \"action\":"
        + " \"SpawnPickups\", \"count\": 3, \"heal\": 2147483647 }\n  ]\n}");

    CommandRun play = CommandRun.of("play", "--assets", assets.toString(), "--experience", "Elimination", "--ticks", "300");
    assertEquals(0, play.exit(), play.all());
    assertTrue(play.out().contains("picked up health"), "a pickup was taken: " + play.out());
    assertFalse(play.out().contains("+-"), play.out());
  }

  /**
   * A hostile review of parity: SpawnPickups before the experience's ConfigureMatch passed
   * validate and failed to activate in play ("SpawnPickups needs a match"). validate refuses it at
   * the action, and play's check before the match does too, in the same words.
   */
  @Test
  void anActionLayingPickupsBeforeTheMatchStarts_isRefusedByValidate_andByPlayBeforeItLoads() throws Exception {
    Path assets = copyOfTheContent();
    SampleCopy.edit(assets.resolve("experiences/Elimination.json"), "\"ShooterCore\"\n", "\"ShooterCore\",\n    \"TopDownArena\"\n");
    SampleCopy.edit(assets.resolve("experiences/Elimination.json"), "\"actions\": [\n", "\"actions\": [\n    { \"action\": \"SpawnPickups\","
        + " \"count\": 3, \"heal\": 5 },\n");

    String nl = System.lineSeparator();
    String refused = "[Sample/MatchFirst] SpawnPickups lays health pickups on the match's floor, but Experience:Elimination"
        + " activates it before its ConfigureMatch starts the match, so it would fail in play (\"SpawnPickups needs a match\");"
        + " put a ConfigureMatch action before it" + nl + "   at " + assets + "/experiences/Elimination.json:25:5 (/actions/0)";
    assertRefusedAlike(assets, refused);
  }

  /**
   * Differential fuzzing of validate against play: a second SpawnPickups in one experience passed
   * validate, and play failed as it activated ("ArenaGameState[GameState] already has a component
   * named \"HealthPickups\""): the game state holds one. Both refuse it at the second, in one wording.
   */
  @Test
  void aSecondSpawnPickups_isRefusedByValidateAndPlay_atTheSecond() throws Exception {
    Path assets = copyOfTheContent();
    SampleCopy.edit(assets.resolve("experiences/Elimination.json"), "\"ShooterCore\"\n", "\"ShooterCore\",\n    \"TopDownArena\"\n");
    SampleCopy.edit(assets.resolve("experiences/Elimination.json"), "      ]\n    }\n  ]\n}", "      ]\n    },\n"
        + "    { \"action\": \"SpawnPickups\" },\n    { \"action\": \"SpawnPickups\", \"count\": 2 }\n  ]\n}");

    String nl = System.lineSeparator();
    assertRefusedAlike(assets, "[Sample/TwiceInAWorld] A second SpawnPickups in Experience:Elimination: Experience:Elimination"
        + " /actions/3 already adds HealthPickups to the game state, and a world holds one, so this one would fail in play;"
        + " remove one of them" + nl + "   at " + assets + "/experiences/Elimination.json:56:5 (/actions/4)");
  }

  /**
   * A parity review: a team name holding a line break passed validate and broke play's one line
   * an event. Both refuse it now, at the name.
   */
  @Test
  void aTeamNameWithALineBreak_isRefusedAtTheName_byValidateAndPlay() throws Exception {
    Path assets = copyOfTheContent();
    SampleCopy.edit(assets.resolve("experiences/Elimination.json"), "\"Red\"", "\"Red\\nTeam\"");

    String nl = System.lineSeparator();
    assertRefusedAlike(assets, "[Sample/TeamName] Team name \"Red\\nTeam\" holds a control character (U+000A); the match names"
        + " its teams in one line an event, so a name is one line of printable text" + nl + "   at " + assets
        + "/experiences/Elimination.json:38:9 (/actions/1/teams/0)");
  }

  /** A parity review: the NotAHero hint named Archetype:StandardHero when that very archetype was the one made no hero. */
  @Test
  void theNotAHeroHint_namesNoArchetypeThatIsNotAHero() throws Exception {
    Path assets = copyOfTheContent();
    SampleCopy.edit(assets.resolve("archetypes/StandardHero.json"), "\"class\": \"Hero\"", "\"class\": \"ArenaGameState\"");

    CommandRun validate = CommandRun.of("validate", "--assets", assets.toString());
    assertEquals(1, validate.exit(), validate.all());
    assertTrue(validate.out().contains("which is not a Hero; give it the Hero class or an archetype whose \"class\" is Hero"
        + System.lineSeparator()), validate.out());
    assertFalse(validate.out().contains("such as Archetype:StandardHero"), validate.out());
  }

}
