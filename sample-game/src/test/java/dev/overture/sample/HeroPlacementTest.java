package dev.overture.sample;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import dev.overture.asset.PrimaryAssetId;
import dev.overture.experience.ExperienceManager;
import dev.overture.experience.LoadState;
import dev.overture.experience.MapDefinition;
import dev.overture.inject.Overture;
import dev.overture.sample.game.ArenaGameState;
import dev.overture.sample.game.ArenaLevel;
import dev.overture.world.NetMode;
import dev.overture.world.World;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A team with more heroes than spawn cells places the rest on free floor its spawns lead to: floor
 * walled off from them is floor where a hero would never meet the match (a parity review found
 * heroes placed there). Here each team has one spawn and three heroes, on a map whose other half is
 * a walled-off room as large as the half they play in.
 */
class HeroPlacementTest {

  @TempDir Path temp;

  private static final Pattern HERO_AT = Pattern.compile(" at \\((\\d+),(\\d+)\\)");

  /** Replaces the Elimination experience's teams and team size (two teams of three) with {@code teams}, JSON members without a trailing comma. */
  private static void withTeams(Path assets, String teams) throws Exception {
    Path experience = assets.resolve("experiences/Elimination.json");
    String json = Files.readString(experience);
    String before = "\"teams\": [\n        \"Red\",\n        \"Blue\"\n      ],\n      \"teamSize\": 3,";
    assertTrue(json.contains(before), json);
    Files.writeString(experience, json.replace(before, teams + ","));
  }

  /** Replaces the map file's {@code "tiles"} with {@code tiles} (a {@code "tiles": [ ... } text without its closing bracket). */
  private static void withTiles(Path map, String tiles) throws Exception {
    String json = Files.readString(map);
    int start = json.indexOf("\"tiles\": [");
    int end = json.indexOf(']', start);
    Files.writeString(map, json.substring(0, start) + tiles + json.substring(end));
  }

  @Test
  void heroesBeyondTheSpawns_standOnFloorTheSpawnsLeadTo() throws Exception {
    Path assets = SampleCopy.in(temp);
    withTiles(assets.resolve("maps/Arena.json"), """
        "tiles": [
            "#########",
            "#1..#...#",
            "#...#...#",
            "#..2#...#",
            "#########"
          """);

    for (long seed = 1; seed <= 5; seed++) {
      CommandRun play = CommandRun.of("play", "--assets", assets.toString(), "--ticks", "0", "--seed", Long.toString(seed));

      assertEquals(0, play.exit(), play.all());
      List<String> placed = new ArrayList<>();
      for (String line : play.out().lines().filter(line -> line.matches("  \\S+ +(Red|Blue) +score.*")).toList()) {
        Matcher at = HERO_AT.matcher(line);
        assertTrue(at.find(), line);
        placed.add(line.strip());
        assertTrue(Integer.parseInt(at.group(1)) <= 3, "seed " + seed + ": a hero in the walled-off room: " + line);
      }
      assertEquals(6, placed.size(), play.out());
    }
  }

  /**
   * Health pickups lie where heroes can walk to them: a pickup in a walled-off room could never be
   * picked up. The Pit, copied with a room walled off at its right end; 20 pickups on the floor the
   * spawns lead to, never in the room, on each of 30 turns.
   */
  @Test
  void healthPickups_lieOnFloorTheSpawnsLeadTo() throws Exception {
    Path assets = SampleCopy.in(temp);
    Path plugin = Path.of("../sample-plugins/top-down-arena/src/main/resources");
    String experience = Files.readString(plugin.resolve("experiences/TopDownArena.json"));
    assertTrue(experience.contains("\"count\": 3"), experience);
    Files.writeString(assets.resolve("experiences/Walled.json"), experience.replace("\"count\": 3", "\"count\": 20"));
    String tile = Files.readString(plugin.resolve("ui/experiences/TopDownArenaTile.json"));
    Files.writeString(assets.resolve("ui/experiences/WalledTile.json"),
        tile.replace("Experience:TopDownArena", "Experience:Walled").replace("Map:Pit", "Map:WalledPit"));
    Path walledPit = assets.resolve("maps/WalledPit.json");
    Files.writeString(walledPit, Files.readString(plugin.resolve("maps/Pit.json"))
        .replace("../../../../../../../assets/schemas/", "../schemas/"));
    withTiles(walledPit, """
        "tiles": [
            "#################",
            "#1.........2#...#",
            "#..#..#...#.#...#",
            "#...........#...#",
            "#..#..#...#.#...#",
            "#3.........4#...#",
            "#################"
          """);

    CommandRun validate = CommandRun.of("validate", "--assets", assets.toString());
    assertEquals(0, validate.exit(), validate.all());

    // Played in-process, to read where each pickup lies (the top-down views show only a hero's surroundings).
    try (Overture overture = SampleContent.openReady(assets)) {
      World world = overture.worlds().create("Walled", NetMode.STANDALONE, ArenaGameState.class);
      try {
        world.subsystem(ArenaLevel.class).load("Map:WalledPit",
            overture.assets().loadSynchronously(PrimaryAssetId.parse("Map:WalledPit"), MapDefinition.class));
        ArenaGameState state = (ArenaGameState) world.gameState();
        state.seed(3);
        ExperienceManager manager = ExperienceManager.of(world).orElseThrow();
        manager.setCurrentExperience(PrimaryAssetId.parse("Experience:Walled"));
        await().atMost(Duration.ofSeconds(60)).pollInSameThread().until(() -> {
          world.runPendingTasks();
          return manager.state() == LoadState.LOADED || manager.state() == LoadState.FAILED;
        });
        assertEquals(LoadState.LOADED, manager.state(), () -> manager.failure().map(Throwable::getMessage).orElse(""));
        int width = world.subsystem(ArenaLevel.class).width();
        int placed = 0;
        for (int turn = 0; turn < 30 && !state.isOver(); turn++) {
          world.tick(1.0 / 30);
          for (int i = 0; i < 20; i++) {
            int at = state.counter("pickup." + i) - 1;
            if (at >= 0) {
              placed++;
              assertTrue(at % width < 12, "turn " + turn + ": pickup " + i + " in the walled-off room, at (" + at % width + ","
                  + at / width + ")");
            }
          }
        }
        assertTrue(placed > 0, "pickups were laid");
        CompletableFuture<Void> deactivated = manager.deactivate();
        await().atMost(Duration.ofSeconds(60)).pollInSameThread().until(() -> {
          world.runPendingTasks();
          return deactivated.isDone();
        });
      } finally {
        world.close();
      }
    }
  }

  /**
   * Teams that play in rooms walled off from each other place their heroes in their own room: each
   * room must hold its teams' heroes, even where the map as a whole has room for all of them (a
   * hostile review: validate passed this, and play put a Blue hero in the other teams' room).
   */
  @Test
  void teamsInRoomsOfTheirOwn_needRoomForTheirHeroes_eachRoom() throws Exception {
    Path assets = SampleCopy.in(temp);
    withTeams(assets, "\"teams\": [\"Red\", \"Blue\", \"Green\", \"Gold\"], \"teamSize\": 2");
    withTiles(assets.resolve("maps/Arena.json"), """
        "tiles": [
            "###########",
            "#1.2#3....#",
            "#####....4#",
            "###########"
          """);

    CommandRun validate = CommandRun.of("validate", "--assets", assets.toString());

    assertEquals(1, validate.exit(), validate.all());
    assertTrue(validate.out().contains("[Sample/TooManyHeroes] ConfigureMatch puts 4 heroes (teams Red and Blue, 2 each) on map"
        + " Map:Arena, which UserFacingExperience:EliminationTile plays Experience:Elimination on, where the floor their spawns"
        + " lead to has 3 cells"), validate.out());
    assertTrue(!validate.out().contains("teams Green and Gold"), "their room holds their heroes: " + validate.out());
    CommandRun play = CommandRun.of("play", "--assets", assets.toString(), "--ticks", "0");
    assertEquals(1, play.exit(), "play refuses what validate refuses: " + play.all());
    assertTrue(play.err().contains("[Sample/TooManyHeroes]"), play.all());
  }

  /**
   * One team whose only room is too small, beside a room the others share: its heroes have no room
   * of their own, whatever the map has elsewhere (a second hostile review).
   */
  @Test
  void aTeamWhoseOwnRoomIsTooSmall_isTooMany_andPlayRefusesIt() throws Exception {
    Path assets = SampleCopy.in(temp);
    withTeams(assets, "\"teams\": [\"Red\", \"Blue\", \"Green\"], \"teamSize\": 3");
    withTiles(assets.resolve("maps/Arena.json"), """
        "tiles": [
            "##########",
            "#1......3#",
            "##########",
            "#12#######",
            "##########"
          """);

    CommandRun validate = CommandRun.of("validate", "--assets", assets.toString());

    assertEquals(1, validate.exit(), validate.all());
    assertTrue(validate.out().contains("[Sample/TooManyHeroes] ConfigureMatch puts 3 heroes (team Blue) on map Map:Arena, which"
        + " UserFacingExperience:EliminationTile plays Experience:Elimination on, where the floor its spawns lead to has 2 cells"),
        validate.out());
    assertEquals(1, CommandRun.of("play", "--assets", assets.toString(), "--ticks", "0").exit());
  }

  /**
   * Blue's only room has room for Blue's three heroes, but Red spawns there too: a Red hero placed
   * beyond Red's spawns must not take the cell Blue's last hero needs, when Red has floor elsewhere
   * (a second hostile review: 4 of 20 seeds put a Blue hero in the other teams' room).
   */
  @Test
  void aTeamSharingItsOnlyRoom_keepsRoomForItsHeroes_onEverySeed() throws Exception {
    Path assets = SampleCopy.in(temp);
    withTeams(assets, "\"teams\": [\"Red\", \"Blue\", \"Green\"], \"teamSize\": 3");
    withTiles(assets.resolve("maps/Arena.json"), """
        "tiles": [
            "##########",
            "#1......3#",
            "##########",
            "#12..#####",
            "##########"
          """);
    assertEquals(0, CommandRun.of("validate", "--assets", assets.toString()).exit());

    for (long seed = 1; seed <= 20; seed++) {
      CommandRun play = CommandRun.of("play", "--assets", assets.toString(), "--ticks", "0", "--seed", Long.toString(seed));

      assertEquals(0, play.exit(), play.all());
      List<String> blue = play.out().lines().filter(line -> line.matches("  \\S+ +Blue +score.*")).toList();
      assertEquals(3, blue.size(), play.out());
      for (String line : blue) {
        assertTrue(line.endsWith(",3)"), "seed " + seed + ": a Blue hero outside Blue's room: " + line);
      }
    }
  }

  /** validate counts the floor heroes can stand on as they are placed: not the walled-off room. */
  @Test
  void moreHeroesThanTheFloorTheSpawnsLeadTo_areTooMany() throws Exception {
    Path assets = SampleCopy.in(temp);
    withTiles(assets.resolve("maps/Arena.json"), """
        "tiles": [
            "#######",
            "#1.#..#",
            "#.2#..#",
            "#######"
          """);

    CommandRun validate = CommandRun.of("validate", "--assets", assets.toString());

    assertEquals(1, validate.exit(), validate.all());
    assertTrue(validate.out().contains("[Sample/TooManyHeroes] ConfigureMatch puts 6 heroes (2 teams of 3) on map Map:Arena, which"
        + " UserFacingExperience:EliminationTile plays Experience:Elimination on, which has 4 floor cells its spawns lead to (8 in"
        + " all)"), validate.out());
  }
}
