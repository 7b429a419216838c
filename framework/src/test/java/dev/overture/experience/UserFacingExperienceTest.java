package dev.overture.experience;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.asset.AssetLoadException;
import dev.overture.asset.AssetManager;
import dev.overture.asset.AssetSource;
import dev.overture.asset.PrimaryAssetId;
import dev.overture.core.Problem;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A front-end tile: what a tile that says little means, and the values it refuses, at their field. */
class UserFacingExperienceTest {

  @TempDir Path temp;

  private UserFacingExperience load(String json) throws Exception {
    Files.createDirectories(temp.resolve("ui/experiences"));
    Files.writeString(temp.resolve("ui/experiences/Tile.json"), json);
    try (AssetManager assets = Experiences.register(AssetManager.builder()).contentRoot(AssetSource.directory(temp)).build()) {
      return assets.loadSynchronously(PrimaryAssetId.parse("UserFacingExperience:Tile"), UserFacingExperience.class);
    }
  }

  @Test
  void aTileThatNamesOnlyItsExperience_isListed_forSixteenPlayers_withEmptyTexts() throws Exception {
    UserFacingExperience tile = load("{ \"experienceId\": \"Arena\" }");

    assertEquals(PrimaryAssetId.parse("Experience:Arena"), tile.experienceId());
    assertTrue(tile.showInFrontEnd(), "listed unless it says otherwise");
    assertEquals(16, tile.maxPlayerCount());
    assertEquals("", tile.tileTitle());
    assertEquals("", tile.tileSubTitle());
    assertEquals("", tile.tileDescription());
    assertEquals(Map.of(), tile.extraArgs());
    assertFalse(tile.isDefaultExperience());
    assertTrue(tile.map().isEmpty());
  }

  @Test
  void whatATileSays_isKept() throws Exception {
    UserFacingExperience tile = load("""
        { "experienceId": "Arena", "mapId": "Dust", "tileTitle": "Arena", "tileSubTitle": "Team play",
          "tileDescription": "Two teams", "extraArgs": { "Bots": "3" }, "showInFrontEnd": false, "maxPlayerCount": 1 }
        """);

    assertEquals(PrimaryAssetId.parse("Map:Dust"), tile.map().orElseThrow());
    assertEquals(1, tile.maxPlayerCount(), "one player is a game");
    assertFalse(tile.showInFrontEnd());
    assertEquals("Team play", tile.tileSubTitle());
    assertEquals("Two teams", tile.tileDescription());
    assertEquals(Map.of("Bots", "3"), tile.extraArgs());
  }

  @Test
  void noPlayers_isRefused_atTheField() {
    AssetLoadException e = assertThrows(AssetLoadException.class, () -> load("{ \"experienceId\": \"Arena\", \"maxPlayerCount\": 0 }"));

    Problem problem = e.problems().get(0);
    assertEquals("Overture/OutOfRange", problem.id());
    assertEquals("\"maxPlayerCount\" must be 1 or more, not 0", problem.message());
    assertEquals("/maxPlayerCount", problem.location().orElseThrow().pointer());
  }

  @Test
  void aTileWithoutItsExperience_saysWhatToName() {
    AssetLoadException e = assertThrows(AssetLoadException.class, () -> load("{ \"tileTitle\": \"Arena\" }"));

    assertEquals("Overture/MissingProperty", e.problems().get(0).id());
    assertEquals("Missing \"experienceId\": name the experience the tile starts", e.problems().get(0).message());
  }
}
