package dev.overture.sample;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.asset.AssetManager;
import dev.overture.asset.PrimaryAssetId;
import dev.overture.experience.ExperienceManager;
import dev.overture.experience.ExperienceSettings;
import dev.overture.experience.Experiences;
import dev.overture.experience.LoadState;
import dev.overture.experience.MapDefinition;
import dev.overture.feature.GameFeatures;
import dev.overture.feature.PluginId;
import dev.overture.inject.Overture;
import dev.overture.sample.game.ArenaGameState;
import dev.overture.sample.game.ArenaLevel;
import dev.overture.sample.game.ArenaMatch;
import dev.overture.sample.game.BotBrain;
import dev.overture.sample.game.ControlPoints;
import dev.overture.sample.game.EliminationScoring;
import dev.overture.sample.game.Hero;
import dev.overture.world.World;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The sample game as a player and a content author use it: play, save, restore, the tool's commands. */
class SampleGameTest {

  private final CommandRun.Session cli = new CommandRun.Session();


  /** The output from the result on: final scores and positions. */
  private String result() {
    String text = cli.out();
    int at = text.indexOf("Result: ");
    assertTrue(at >= 0, text);
    return text.substring(at);
  }

  /** The output's lines that are match events: {@code [turn N] kind: ...}. */
  private List<String> eventLines() {
    return cli.out().lines().filter(line -> line.startsWith("[turn ")).toList();
  }

  /** Issue 19: without timings two runs of one seed print the same bytes, events and views included. */
  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"Elimination", "Control", "TopDownArena"})
  void aSeed_printsTheSameBytesEveryTime_andAnotherSeedAnotherMatch(String experience) {
    String[] play = {"play", "--experience", experience, "--seed", "42", "--ticks", "150", "--view-every", "50", "--no-timings",
        "--events"};
    assertEquals(0, cli.run(play), cli.err());
    byte[] first = cli.out().getBytes(StandardCharsets.UTF_8);
    assertEquals(0, cli.run(play), cli.err());
    assertArrayEquals(first, cli.out().getBytes(StandardCharsets.UTF_8));
    assertTrue(cli.out().contains("Result: "), cli.out());
    assertTrue(cli.out().contains(System.lineSeparator() + "  Loading" + System.lineSeparator()), "no times: " + cli.out());

    play[4] = "43";
    assertEquals(0, cli.run(play), cli.err());
    assertNotEquals(new String(first, StandardCharsets.UTF_8), cli.out());
  }

  /** Issue 19: a line for each kill, capture and pickup, between the views, as the rules publish them. */
  @ParameterizedTest(name = "{0} {1}")
  @CsvSource({"Elimination, kill", "Control, capture", "TopDownArena, pickup"})
  void events_printALineForEachKillCaptureAndPickup(String experience, String kind) {
    assertEquals(0, cli.run("play", "--experience", experience, "--seed", "5", "--ticks", "1000", "--events"), cli.err());
    List<String> events = eventLines();
    assertTrue(events.stream().anyMatch(line -> line.matches("\\[turn \\d+] " + kind + ": .+")), cli.out());
    assertTrue(events.stream().allMatch(line -> line.matches("\\[turn \\d+] (kill|capture|pickup): .+")), events.toString());
    // Each elimination the result counts has its line.
    int eliminated = result().lines().skip(1).mapToInt(line -> Integer.parseInt(line.replaceAll(".*eliminated +(\\d+),.*", "$1"))).sum();
    assertEquals(eliminated, events.stream().filter(line -> line.contains("] kill: ")).count(), cli.out());
    // As they happen: in turn order.
    List<Integer> turns = events.stream().map(line -> Integer.parseInt(line.substring(6, line.indexOf(']')))).toList();
    assertEquals(turns.stream().sorted().toList(), turns);

    assertEquals(0, cli.run("play", "--experience", experience, "--seed", "5", "--ticks", "1000", "--no-events"), cli.err());
    assertEquals(List.of(), eventLines());
  }

  @Test
  void events_areWordedForPeople() {
    assertEquals(0, cli.run("play", "--seed", "5", "--ticks", "20", "--events"), cli.err());
    assertEquals(List.of(
            "[turn 11] kill: Bot4 (Red) eliminated Bot5 (Blue)",
            "[turn 13] kill: Bot1 (Blue) eliminated Bot4 (Red)",
            "[turn 13] kill: Bot3 (Blue) eliminated Player (Red)",
            "[turn 14] kill: Bot2 (Red) eliminated Bot3 (Blue)",
            "[turn 17] kill: Bot2 (Red) eliminated Bot1 (Blue)",
            "[turn 20] kill: Bot5 (Blue) eliminated Bot2 (Red)"),
        eventLines());
    assertEquals(0, cli.run("play", "--experience", "Control", "--seed", "3", "--ticks", "90", "--events"), cli.err());
    assertTrue(eventLines().contains("[turn 84] capture: Blue took point A at (9,3) from Red"), cli.out());
    assertEquals(0, cli.run("play", "--experience", "TopDownArena", "--seed", "3", "--ticks", "20", "--events"), cli.err());
    assertTrue(eventLines().contains("[turn 15] pickup: Bot3 (Yellow) picked up health at (8,7), +25"), cli.out());
  }

  /** Issue 19: --view-every 0 prints neither the arena nor the HUD, only the match's lines and the result. */
  @Test
  void viewEvery0_printsNoArena() {
    assertEquals(0, cli.run("play", "--seed", "1", "--ticks", "300", "--view-every", "0", "--no-events"), cli.err());

    assertTrue(cli.out().lines().noneMatch(line -> line.startsWith("Turn ") || line.startsWith("  #") || line.startsWith("  [")),
        cli.out());
    assertTrue(cli.out().contains("Match on Arena: "), cli.out());
    assertTrue(result().startsWith("Result: Blue wins at turn 190 (Red 24, Blue 25)"), cli.out());

    assertEquals(2, cli.run("play", "--view-every", "-1"));
    assertTrue(cli.err().contains("--view-every must be 0 (never) or more: -1"), cli.err());
  }

  /** Issue 19: teams level when the match ends draw; the first team does not win them any more. */
  @ParameterizedTest(name = "{0} seed {1}")
  @CsvSource({"Elimination, 79, 'Result: draw at turn 198, Red and Blue level on 25 (Red 25, Blue 25)'",
      "Control, 5, 'Result: draw at turn 270, Red and Blue level on 40 (Red 40, Blue 40)'"})
  void levelScoresAtTheEnd_areADraw(String experience, String seed, String expected) {
    assertEquals(0, cli.run("play", "--experience", experience, "--seed", seed, "--ticks", "1000", "--view-every", "0"), cli.err());
    assertEquals(expected, result().lines().findFirst().orElseThrow());
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"Elimination", "Control", "TopDownArena"})
  void saveThenRestore_endsAsAnUninterruptedMatch(String experience, @TempDir Path temp) {
    assertEquals(0, cli.run("play", "--experience", experience, "--seed", "7", "--ticks", "160"), cli.err());
    String uninterrupted = result();

    Path db = temp.resolve("game.db");
    assertEquals(0, cli.run("play", "--experience", experience, "--seed", "7", "--ticks", "70", "--save", db.toString()), cli.err());
    assertTrue(cli.out().contains("Saved to " + db + ": 7 actors") || cli.out().contains("Saved to " + db + ": 5 actors"),
        cli.out());
    assertEquals(0, cli.run("play", "--restore", db.toString(), "--ticks", "90"), cli.err());

    assertTrue(cli.out().startsWith("Restored Experience:" + experience + " from " + db + ": "), cli.out());
    assertEquals(uninterrupted, result());
  }

  /** The match of seed 1, as the fair turn order of issue 19 plays it: a change that alters it shows here. */
  @Test
  void elimination_seed1_endsAsItAlwaysHas() {
    assertEquals(0, cli.run("play", "--seed", "1", "--ticks", "1000", "--view-every", "1000"), cli.err());
    assertEquals(List.of(
            "Result: Blue wins at turn 190 (Red 24, Blue 25)",
            "  Player  Red    score  8, eliminated  8, out  8 times, health   0, at (6,6)",
            "  Bot1    Blue   score 10, eliminated 10, out  8 times, health 100, at (12,9)",
            "  Bot2    Red    score  8, eliminated  8, out  8 times, health   0, at (11,5)",
            "  Bot3    Blue   score  7, eliminated  7, out  8 times, health   0, at (8,4)",
            "  Bot4    Red    score  8, eliminated  8, out  9 times, health 100, at (7,4)",
            "  Bot5    Blue   score  8, eliminated  8, out  8 times, health   0, at (7,6)"),
        result().lines().toList());
    assertTrue(cli.out().contains("Match on Arena: Red (Player, Bot2, Bot4) vs Blue (Bot1, Bot3, Bot5); first team to 25 wins;"
        + " an elimination scores 1"), cli.out());
    assertTrue(cli.out().contains("  [Score] Red 24 | Blue 25  (first to 25)"), cli.out());
  }

  /** A hero out once is out "1 time", and the columns after it stay where the plural puts them. */
  @Test
  void aHeroOutOnce_isOutOneTime_inTheSingular() {
    assertEquals(0, cli.run("play", "--seed", "1", "--ticks", "20", "--view-every", "0"), cli.err());
    assertEquals(List.of(
            "Result: no team reached 25 by turn 20 (Red 3, Blue 2)",
            "  Player  Red    score  1, eliminated  1, out  0 times, health  66, at (8,7)",
            "  Bot1    Blue   score  1, eliminated  1, out  1 time,  health   0, at (7,6)",
            "  Bot2    Red    score  2, eliminated  2, out  1 time,  health   0, at (7,6)",
            "  Bot3    Blue   score  1, eliminated  1, out  1 time,  health   0, at (8,6)",
            "  Bot4    Red    score  0, eliminated  0, out  1 time,  health 100, at (2,8)",
            "  Bot5    Blue   score  0, eliminated  0, out  1 time,  health   0, at (8,4)"),
        result().lines().toList());
  }

  @Test
  void theFrontEnd_showsTheMenu_andPlaysNoMatch() {
    assertEquals(0, cli.run("play", "--experience", "FrontEnd", "--ticks", "5"), cli.err());
    assertTrue(cli.out().contains(String.join(System.lineSeparator(),
        "  [Menu] Choose an experience:",
        "  [Menu]   Control          Hold the points",
        "  [Menu]   Elimination      Team deathmatch (default)",
        "  [Menu]   Top-down arena   Free for all")), cli.out());
    assertTrue(cli.out().contains("Played 5 ticks (0.2 s of game time); the experience starts no match"), cli.out());
  }

  @Test
  void theProgressBar_isDrawnInPlace_whenAsked() {
    assertEquals(0, cli.run("play", "--progress", "bar", "--ticks", "0"), cli.err());
    // Drawn in place: a frame starts with a carriage return. Which percentages are drawn depends on
    // how fast the load runs against the display's polls, so no one frame is asked for.
    assertTrue(java.util.regex.Pattern.compile("\r  \\[[#.]{20}\\] +\\d+% Loading").matcher(cli.out()).find(), cli.out());
    assertEquals(0, cli.run("play", "--progress", "plain", "--ticks", "0"), cli.err());
    assertFalse(cli.out().contains("\r"), cli.out());
  }

  @Test
  void list_ofOneType_andAnUnknownType() {
    assertEquals(0, cli.run("list", "--type", "Map"), cli.err());
    assertTrue(cli.out().contains("Map (4)"), cli.out());
    assertFalse(cli.out().contains("Experience ("), cli.out());
    assertEquals(1, cli.run("list", "--type", "Mapp"));
    assertTrue(cli.err().startsWith("overture: --type Mapp: no asset of that type is indexed; did you mean Map? (types: "),
        cli.err());
  }

  @Test
  void frontend_describe_version() {
    assertEquals(0, cli.run("frontend"), cli.err());
    assertTrue(cli.out().startsWith("Control - Hold the points" + System.lineSeparator()
        + "  play --experience Control   map Map:Outpost, up to 8 players"), cli.out());
    assertTrue(cli.out().endsWith("3 tile(s)" + System.lineSeparator()), cli.out());

    assertEquals(0, cli.run("describe", "TopDownArena"), cli.err());
    assertTrue(cli.out().contains("Plugins (in activation order):" + System.lineSeparator() + "  ShooterCore 1.1.0"
        + System.lineSeparator() + "  TopDownArena 1.0.0 (needs ShooterCore ^1.1.0)"), cli.out());
    assertTrue(cli.out().contains("  Experience:TopDownArena actions[2] SpawnPickups"), cli.out());
    assertTrue(cli.out().contains("Pawn: PawnData:HeroPawn, Hero (Archetype:StandardHero)"), cli.out());

    assertEquals(0, cli.run("version"), cli.err());
    assertTrue(cli.out().startsWith("Engine version: 0.1.0-1000+++Overture+Main"), cli.out());
    assertTrue(cli.out().contains("  Sample-Hero            2  CEB9B655-6F46-4DE7-AFE1-31D0FC46BFC4"), cli.out());
  }

  @ParameterizedTest(name = "{0} --help")
  @ValueSource(strings = {"list", "play", "frontend", "describe", "validate", "resave", "migrate-ids", "archive", "update-local-version",
      "version", "schemas"})
  void everyCommand_hasHelp(String command) {
    assertEquals(0, cli.run(command, "--help"), cli.err());
    assertTrue(cli.out().startsWith("Usage: overture " + command), cli.out());
  }

  @Test
  void describe_anUnknownExperience_namesTheChoices_andDebugAddsTheStackTraceOnlyWhenAsked() {
    assertEquals(1, cli.run("describe", "Contrl"));
    assertTrue(cli.err().contains("1) [Overture/UnknownExperience] No experience Experience:Contrl is indexed;"
        + " did you mean Experience:Control? (experiences: \"Experience:Control\""), cli.err());

    assertEquals(1, cli.run("play", "--restore", "no-such.db"));
    assertEquals("overture: --restore no-such.db: no such file; give a game.db written by play --save" + System.lineSeparator(),
        cli.err());
    assertEquals(1, cli.run("play", "--restore", "no-such.db", "--debug"));
    assertTrue(cli.err().contains("\tat dev.overture.sample.PlayCommand.call"), cli.err());
    assertEquals(2, cli.run("describe"));
  }

  /** A newcomer's walkthrough: a map of one capture point read "1 capture points score 1 each". */
  @Test
  void controlOnAMapOfOneCapturePoint_saysItInTheSingular(@TempDir Path temp) throws Exception {
    Path assets = SampleCopy.in(temp);
    Path outpost = assets.resolve("maps/Outpost.json");
    SampleCopy.edit(outpost, "\"#....#...*...#....#\"", "\"#....#.......#....#\"");
    SampleCopy.edit(outpost, "\"#.*..#.##.##.#..*.#\"", "\"#....#.##.##.#..*.#\"");

    assertEquals(0, cli.run("play", "--assets", assets.toString(), "--experience", "Control", "--ticks", "1"), cli.err());

    assertTrue(cli.out().contains("first team to 40 wins; 1 capture point scores 1 every 10 turns" + System.lineSeparator()),
        cli.out());
  }

  @Test
  void aMapWithRaggedRows_isAContentError(@TempDir Path temp) throws Exception {
    Path assets = temp.resolve("assets");
    SampleCopy.copy(Path.of("../assets"), assets);
    Path arena = assets.resolve("maps/Arena.json");
    Files.writeString(arena, Files.readString(arena).replace("\"#1.......#.......2#\"", "\"#1.......#.......2\""));

    assertEquals(1, cli.run("play", "--assets", assets.toString(), "--ticks", "1"));
    String nl = System.lineSeparator();
    assertEquals("Experience Experience:Elimination cannot be played (overture validate reports the same), see the following problems:" + nl + nl
        + "1) [Sample/RaggedMap] Row 1 of the map is 18 tiles long, but row 0 is 19; every row must be as long as the first" + nl
        + "   at " + arena + ":18:5 (/tiles/1)" + nl + nl
        + "2) [Sample/RaggedMap] Row 9 of the map is 18 tiles long, but row 0 is 19; every row must be as long as the first" + nl
        + "   at " + arena + ":26:5 (/tiles/9)" + nl + nl
        + "2 problems" + nl, cli.err(), "validate's words, each row located in the map's file");
  }

  @Test
  void aMatchOnAMapWithoutTiles_failsTheLoad_sayingWhy(@TempDir Path temp) throws Exception {
    Path assets = temp.resolve("assets");
    SampleCopy.copy(Path.of("../assets"), assets);
    Path tile = assets.resolve("ui/experiences/EliminationTile.json");
    Files.writeString(tile, Files.readString(tile).replace("\"Map:Arena\"", "\"Map:Menu\""));

    assertEquals(1, cli.run("play", "--assets", assets.toString(), "--ticks", "1"));
    assertTrue(cli.err().contains("[Sample/NoArena] ConfigureMatch starts a match, but map Map:Menu, which"
        + " UserFacingExperience:EliminationTile plays Experience:Elimination on, has no \"tiles\" to play on"), "validate's words: " + cli.err());
  }

  @Test
  void anExperienceThatUsesShooterCoresRules_withoutEnablingIt_failsToLoad(@TempDir Path temp) throws Exception {
    Path assets = temp.resolve("assets");
    SampleCopy.copy(Path.of("../assets"), assets);
    Path control = assets.resolve("experiences/Control.json");
    Files.writeString(control, Files.readString(control)
        .replace("\"gameFeaturesToEnable\": [\n    \"ShooterCore\"\n  ],", "\"gameFeaturesToEnable\": [],")
        .replace("    \"ShooterCoreComponents\",\n", ""));

    assertEquals(1, cli.run("play", "--assets", assets.toString(), "--experience", "Control", "--ticks", "5"));

    assertTrue(cli.err().contains("1) [Overture/PluginNotEnabled] Action \"ConfigureMatch\" belongs to plugin ShooterCore, which"
        + " Experience:Control does not enable; add \"ShooterCore\" to its gameFeaturesToEnable (enabled: none)"), cli.err());
    assertTrue(cli.err().contains("Control.json:47:29 (/actions/2/componentList/0/componentClass)"), cli.err());
    assertFalse(cli.out().contains("Turn "), "no match was played: " + cli.out());
  }

  @Test
  void restore_readsItsFileWithoutChangingIt_andRefusesAFileThatHoldsNoMatch(@TempDir Path temp) throws Exception {
    Path saved = temp.resolve("g.db");
    assertEquals(0, cli.run("play", "--seed", "7", "--ticks", "20", "--save", saved.toString()));
    byte[] before = Files.readAllBytes(saved);

    assertEquals(0, cli.run("play", "--restore", saved.toString(), "--ticks", "10"));
    assertArrayEquals(before, Files.readAllBytes(saved), "the restored file is only read");

    Path other = Files.write(temp.resolve("other.db"), "not a game".getBytes(java.nio.charset.StandardCharsets.UTF_8));
    assertEquals(1, cli.run("play", "--restore", other.toString()));
    assertEquals("not a game", Files.readString(other));
    try (var left = Files.list(temp)) {
      assertEquals(List.of("g.db", "other.db"), left.map(p -> p.getFileName().toString()).sorted().toList(), "no working copy is left");
    }
  }

  @Test
  void restoreOptionsThatCannotApply_areUsageErrors(@TempDir Path temp) throws Exception {
    Path saved = temp.resolve("g.db");
    assertEquals(0, cli.run("play", "--ticks", "5", "--save", saved.toString()));

    assertEquals(2, cli.run("play", "--restore", saved.toString(), "--seed", "3"));
    assertTrue(cli.err().contains("--seed cannot be given with --restore: the saved match has its own seed"), cli.err());
    assertEquals(2, cli.run("play", "--restore", saved.toString(), "--net-mode", "client"));
    assertTrue(cli.err().contains("--restore needs a world with a server"), cli.err());
  }

  @Test
  void savingAnExperienceWithoutAMatch_isRefused_andWritesNothing(@TempDir Path temp) {
    Path saved = temp.resolve("fe.db");

    assertEquals(1, cli.run("play", "--experience", "FrontEnd", "--ticks", "1", "--save", saved.toString()));

    assertTrue(cli.err().contains("--save " + saved + ": Experience:FrontEnd starts no match, so there is nothing to save"),
        cli.err());
    assertFalse(Files.exists(saved));
  }

  @Test
  void aRosterLargerThanTheMap_failsTheLoad_withoutAStackTrace(@TempDir Path temp) throws Exception {
    Path assets = temp.resolve("assets");
    SampleCopy.copy(Path.of("../assets"), assets);
    Path elimination = assets.resolve("experiences/Elimination.json");
    Files.writeString(elimination, Files.readString(elimination).replaceFirst("\"teamSize\": *\\d+", "\"teamSize\": 400"));

    assertEquals(1, cli.run("play", "--assets", assets.toString(), "--ticks", "1"));

    assertTrue(cli.err().contains("[Sample/TooManyHeroes] ConfigureMatch puts 800 heroes (2 teams of 400) on map Map:Arena, which"
        + " UserFacingExperience:EliminationTile plays Experience:Elimination on, which has 114 floor cells"), "validate's words: " + cli.err());
    assertFalse(cli.err().contains("\tat "), cli.err());
  }

  @Test
  void archiveInspect_ofAMissingFile_saysSo() {
    assertEquals(1, cli.run("archive", "inspect", "/no/such/archive"));
    assertTrue(cli.err().contains("/no/such/archive: no such file; give an archive file"), cli.err());
  }

  @Test
  void switchingExperiencesMidMatch_replacesTheRules_andLeavesNoneBehind() throws Exception {
    try (Overture overture = SampleContent.open(Path.of("../assets"))) {
      AssetManager assets = overture.assets();
      GameFeatures features = overture.features();
      features.ready().join();
      World world = World.builder("Switch").gameState(ArenaGameState.class).build();
      try {
        MapDefinition map = assets.loadSynchronously(PrimaryAssetId.parse("Map:Outpost"), MapDefinition.class);
        world.subsystem(ArenaLevel.class).load("Map:Outpost", map);
        ((ArenaGameState) world.gameState()).seed(3);
        ExperienceManager manager = ExperienceManager.install(world, new Experiences(assets, features, ExperienceSettings.defaults()));
        manager.setCurrentExperience(PrimaryAssetId.parse("Experience:Elimination"));
        settle(world, manager);
        for (int i = 0; i < 20; i++) {
          world.tick(1.0 / 30);
        }
        assertTrue(world.gameState().findComponent(EliminationScoring.class).isPresent());
        assertEquals(20, ((ArenaGameState) world.gameState()).turn());

        manager.switchExperience(PrimaryAssetId.parse("Experience:Control"));
        settle(world, manager);

        assertEquals(List.of(PluginId.of("ShooterCore")), manager.activePlugins());
        assertTrue(world.gameState().findComponent(EliminationScoring.class).isEmpty(), "Elimination's rule is gone");
        assertTrue(world.gameState().findComponent(ControlPoints.class).isPresent());
        assertEquals(1, world.gameState().components(ArenaMatch.class).size(), "one match, not two");
        for (Hero hero : world.actors(Hero.class)) {
          assertEquals(1, hero.components(BotBrain.class).size(), hero + " has one brain");
        }
        world.tick(1.0 / 30);
        assertEquals(21, ((ArenaGameState) world.gameState()).turn(), "the match goes on under Control's rules");
      } finally {
        world.close();
      }
    }
  }

  private static void settle(World world, ExperienceManager manager) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (System.nanoTime() < deadline && manager.state() != LoadState.LOADED && manager.state() != LoadState.FAILED) {
      // the loading workers hand their results to the game thread's queue
      if (world.runPendingTasks() == 0) {
        Thread.onSpinWait();
      }
    }
    assertEquals(LoadState.LOADED, manager.state(), () -> manager.failure().map(Throwable::getMessage).orElse("still loading"));
  }

}
