package dev.overture.feature;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.overture.asset.AssetLoadException;
import dev.overture.asset.AssetManager;
import dev.overture.asset.AssetSource;
import dev.overture.asset.PrimaryAssetId;
import dev.overture.core.Problem;
import dev.overture.experience.Experiences;
import dev.overture.experience.UserFacingExperience;
import dev.overture.testing.Content;
import dev.overture.validation.ValidationReport;
import dev.overture.validation.Validator;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A plugin's content names the game's content, its own and that of the plugins it depends on:
 * primary assets by id, files of another root as {@code /Root/path} (issue 16). Naming a plugin it
 * does not depend on is a located error, for a load (what play does) and for the validator alike.
 */
class CrossRootReferencesTest {

  @TempDir Path temp;

  private static final String RESTLESS_TILE = """
      {
        "mapId": "Map:CoreMap",
        "experienceId": "Experience:Lobby",
        "tileIcon": "/Core/icons/core.png"
      }
      """;

  private Path content() {
    return Content.of()
        .file("experiences/Lobby.json", "{}")
        .file("plugins/Core/plugin.json", "{ \"version\": \"1.0.0\" }")
        .file("plugins/Core/maps/CoreMap.json", "{ \"title\": \"Core map\" }")
        .file("plugins/Core/icons/core.png", "not really a picture")
        .file("plugins/Arena/plugin.json", "{ \"version\": \"1.0.0\", \"dependencies\": [ { \"name\": \"Core\" } ] }")
        .file("plugins/Arena/experiences/Arena.json", "{ \"gameFeaturesToEnable\": [\"Arena\"] }")
        .file("plugins/Arena/ui/experiences/ArenaTile.json", """
            {
              "mapId": "Map:CoreMap",
              "experienceId": "Experience:Arena",
              "tileIcon": "/Core/icons/core.png"
            }
            """)
        .file("plugins/Restless/plugin.json", "{ \"version\": \"1.0.0\" }")
        .file("plugins/Restless/ui/experiences/RestlessTile.json", RESTLESS_TILE)
        .file("plugins/Restless/ui/experiences/RestlessMapTile.json", """
            { "experienceId": "Experience:Lobby", "mapId": "Map:CoreMap" }
            """)
        .writeTo(temp.resolve("game"));
  }

  private AssetManager assets(Path root) {
    return Experiences.register(AssetManager.builder()).contentRoot(AssetSource.directory(root)).build();
  }

  @Test
  void contentOfADependency_andOfTheGame_mayBeNamed_byIdAndAsRootAndPath() throws Exception {
    Path root = content();
    try (AssetManager assets = assets(root); GameFeatures features = GameFeatures.builder(assets).build()) {
      features.ready().join();

      UserFacingExperience tile = assets.loadPrimaryAsset(PrimaryAssetId.parse("UserFacingExperience:ArenaTile"), "client")
          .waitUntilComplete(Duration.ofSeconds(30)).get(PrimaryAssetId.parse("UserFacingExperience:ArenaTile"), UserFacingExperience.class);

      assertEquals("Core", tile.tileIcon().root(), "/Core/... names the Core plugin's root");
      assertEquals("icons/core.png", tile.tileIcon().path().value());
      ValidationReport report = Validator.builder(assets).features(features).build().run();
      assertEquals(List.of(), report.problems().stream().filter(p -> !p.asset().orElse("").contains("Restless")).toList(),
          report.format());
    }
  }

  @Test
  void contentOfAPluginItDoesNotDependOn_isALocatedError_forALoadAndForTheValidator() throws Exception {
    Path root = content();
    try (AssetManager assets = assets(root); GameFeatures features = GameFeatures.builder(assets).build()) {
      features.ready().join();
      String file = root + "/plugins/Restless/ui/experiences/RestlessTile.json";

      AssetLoadException load = assertThrows(AssetLoadException.class, () -> assets.loadPrimaryAsset(
          PrimaryAssetId.parse("UserFacingExperience:RestlessTile"), "client").waitUntilComplete(Duration.ofSeconds(30)));
      Problem icon = load.problems().get(0);
      assertEquals("Overture/UndeclaredDependency", icon.id());
      assertEquals("Refers to icons/core.png of \"Core\", which the content of \"Restless\" may not name: a plugin's content"
          + " names the game's, its own and that of the plugins it depends on; add \"Core\" to the dependencies of Restless"
          + " (may name: \"Game\", \"Restless\")", icon.message());
      assertEquals(file + ":4:15 (/tileIcon)", icon.location().orElseThrow().toString());

      ValidationReport report = Validator.builder(assets).features(features).build().run();
      String mapTile = root + "/plugins/Restless/ui/experiences/RestlessMapTile.json";
      assertEquals(List.of(mapTile + ":1:48 (/mapId)", file + ":4:15 (/tileIcon)"),
          report.errors().stream().map(problem -> problem.location().orElseThrow().toString()).sorted().toList(), report.format());
      assertEquals(List.of("Overture/UndeclaredDependency", "Overture/UndeclaredDependency"),
          report.errors().stream().map(Problem::id).toList());
    }
  }
}
