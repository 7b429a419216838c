package dev.overture.experience;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.asset.AssetManager;
import dev.overture.asset.AssetSource;
import dev.overture.asset.LoadHandle;
import dev.overture.asset.LoadResult;
import dev.overture.asset.PrimaryAssetId;
import dev.overture.asset.ResaveReport;
import dev.overture.version.EngineVersion;
import dev.overture.testing.ManualExecutor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The experience formats as saved at each past version (src/test/resources/fixtures, frozen: never
 * edited) must always load, and load to what the current format gives.
 */
class FrozenFixturesTest {

  private static final List<PrimaryAssetId> ALL = List.of(
      PrimaryAssetId.parse("Experience:Arena"),
      PrimaryAssetId.parse("PawnData:Hero"),
      PrimaryAssetId.parse("ActionSet:Standard"),
      PrimaryAssetId.parse("UserFacingExperience:ArenaTile"),
      PrimaryAssetId.parse("Map:Dust"));

  @TempDir Path temp;

  private static Path fixture(String version) throws Exception {
    return Path.of(FrozenFixturesTest.class.getResource("/fixtures/Overture-Experience/" + version).toURI());
  }

  /** Every asset of the folder, bound, and the soft references' targets, by id or path. */
  private static Map<String, Object> loadAll(Path folder) throws Exception {
    ManualExecutor workers = new ManualExecutor();
    try (AssetManager assets = Experiences.register(AssetManager.builder()).contentRoot(AssetSource.directory(folder)).executor(workers).build()) {
      LoadHandle handle = assets.loadPrimaryAssets(ALL, List.of("equipped", "client", "server"));
      workers.runAll();
      LoadResult result = handle.waitUntilComplete(Duration.ZERO);
      assertTrue(result.warnings().isEmpty(), () -> folder + ": " + result.warnings());
      Map<String, Object> values = new LinkedHashMap<>();
      for (PrimaryAssetId id : ALL) {
        values.put(id.toString(), result.get(id, Object.class));
      }
      PawnData hero = result.get(PrimaryAssetId.parse("PawnData:Hero"), PawnData.class);
      values.put("camera", assets.getAsset(hero.defaultCameraMode()).orElseThrow());
      values.put("input", assets.getAsset(hero.inputConfig()).orElseThrow());
      values.put("abilities", assets.getAsset(hero.abilitySets().get(0)).orElseThrow());
      return values;
    }
  }

  @ParameterizedTest(name = "Overture-Experience {0}")
  @ValueSource(strings = {"1", "2", "unversioned"})
  void everyPastVersion_loadsToWhatTheCurrentFormatGives(String version) throws Exception {
    Map<String, Object> current = loadAll(fixture("2"));

    Map<String, Object> loaded = loadAll(fixture(version));

    assertEquals(current, loaded);
    assertEquals(new PawnData.CameraMode(4, 2, 80.0), loaded.get("camera"));
    assertEquals(8, ((UserFacingExperience) loaded.get("UserFacingExperience:ArenaTile")).maxPlayerCount());
    assertEquals("Dust", ((MapDefinition) loaded.get("Map:Dust")).title());
  }

  @Test
  void resavingTheOldestVersion_givesTheSameAssets_andASecondResaveChangesNothing() throws Exception {
    Path copy = temp.resolve("content");
    try (var files = Files.walk(fixture("1"))) {
      for (Path source : files.toList()) {
        Path target = copy.resolve(fixture("1").relativize(source).toString());
        if (Files.isDirectory(source)) {
          Files.createDirectories(target);
        } else {
          Files.copy(source, target);
        }
      }
    }
    ManualExecutor workers = new ManualExecutor();
    // Resaved by a build with a real changelist: one with changelist 0 would stamp files the seed
    // calls unsuitable for saved data, and loading them would warn.
    EngineVersion build = EngineVersion.parse("0.1.0-1000+++Overture+Main");
    try (AssetManager assets = Experiences.register(AssetManager.builder()).engineVersion(build, build)
        .contentRoot(AssetSource.directory(copy)).executor(workers).build()) {
      ResaveReport first = assets.tools().resave(false);
      assertEquals(8, first.changed().size(), "the five assets and the three files they reach: " + first.format());
      assertTrue(first.refused().isEmpty(), first.format());
      assertEquals(List.of(), assets.tools().resave(false).changed());
    }

    assertEquals(loadAll(fixture("2")), loadAll(copy));
    assertTrue(Files.readString(copy.resolve("pawns/Hero.json")).contains("\"defaultCameraMode\": \"cameras/third.json\""));
  }

  @Test
  void theNewestFixtureFolder_isTheCurrentVersion_soABumpNeedsANewFolder() throws Exception {
    assertTrue(Files.isDirectory(fixture(String.valueOf(Experiences.FORMAT.latest()))),
        "add fixtures/Overture-Experience/" + Experiences.FORMAT.latest() + " when bumping Experiences.FORMAT");
    assertTrue(FrozenFixturesTest.class.getResource("/fixtures/Overture-Experience/" + (Experiences.FORMAT.latest() + 1)) == null);
  }
}
