package dev.overture.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
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

  @Test
  void heroesBeyondTheSpawns_standOnFloorTheSpawnsLeadTo() throws Exception {
    Path assets = SampleCopy.in(temp);
    Path map = assets.resolve("maps/Arena.json");
    String json = Files.readString(map);
    int start = json.indexOf("\"tiles\": [");
    int end = json.indexOf(']', start);
    Files.writeString(map, json.substring(0, start) + """
        "tiles": [
            "#########",
            "#1..#...#",
            "#...#...#",
            "#..2#...#",
            "#########"
          """ + json.substring(end));

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

  /** validate counts the floor heroes can stand on as they are placed: not the walled-off room. */
  @Test
  void moreHeroesThanTheFloorTheSpawnsLeadTo_areTooMany() throws Exception {
    Path assets = SampleCopy.in(temp);
    Path map = assets.resolve("maps/Arena.json");
    String json = Files.readString(map);
    int start = json.indexOf("\"tiles\": [");
    int end = json.indexOf(']', start);
    Files.writeString(map, json.substring(0, start) + """
        "tiles": [
            "#######",
            "#1.#..#",
            "#.2#..#",
            "#######"
          """ + json.substring(end));

    CommandRun validate = CommandRun.of("validate", "--assets", assets.toString());

    assertEquals(1, validate.exit(), validate.all());
    assertTrue(validate.out().contains("[Sample/TooManyHeroes] ConfigureMatch puts 6 heroes (2 teams of 3) on map Map:Arena, which"
        + " UserFacingExperience:EliminationTile plays Experience:Elimination on, which has 4 floor cells its spawns lead to (8 in"
        + " all)"), validate.out());
  }
}
