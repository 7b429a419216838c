package dev.overture.asset;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.core.Problem;
import dev.overture.core.SourceLocation;
import dev.overture.testing.Content;
import dev.overture.version.EngineVersion;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Seed 000, "Engine Version": "An asset saved with a newer engine version does not appear in the
 * Content Browser. References to that asset are treated as null. Saving the asset then is not
 * recommended, since the unrecognized reference would be corrupted." (issue 18)
 */
class NewerAssetsTest {

  record Ship(String name) {}

  record Flag(String colour) {}

  record Fleet(
      @AssetBundles(AssetBundles.ALWAYS) @AllowedTypes("Ship") List<PrimaryAssetId> ships,
      @AssetBundles(AssetBundles.ALWAYS) SoftRef<Flag> flag) {
    Fleet {
      ships = ships == null ? List.of() : List.copyOf(ships);
    }
  }

  private static final String NEWER = "\"$version\": { \"engine\": \"2.0.0-900\", \"compatible\": \"1.5.0-800\", \"custom\": [] }";
  private static final PrimaryAssetId HOME = PrimaryAssetId.parse("Fleet:Home");
  private static final PrimaryAssetId FUTURE = PrimaryAssetId.parse("Ship:Future");

  @TempDir Path temp;
  private AssetManager assets;
  private Path root;

  @AfterEach
  void close() {
    if (assets != null) {
      assets.close();
    }
  }

  private AssetManager open() {
    root = Content.of()
        .file("fleets/Home.json", "{\n  \"ships\": [\"Old\", \"Future\"],\n  \"flag\": \"flags/new.json\"\n}\n")
        .file("ships/Old.json", "{ \"name\": \"Old\" }")
        .file("ships/Future.json", "{ " + NEWER + ",\n  \"name\": \"Future\" }")
        .file("flags/new.json", "{ " + NEWER + ",\n  \"colour\": \"teal\" }")
        .writeTo(temp.resolve("assets"));
    assets = AssetManager.builder()
        .contentRoot(AssetSource.directory(root))
        .scanRule(ScanRule.of("Ship", Ship.class, "ships"))
        .scanRule(ScanRule.of("Fleet", Fleet.class, "fleets"))
        .engineVersion(EngineVersion.parse("1.0.0-500"), EngineVersion.parse("1.0.0-400"))
        .build();
    return assets;
  }

  private String file(String path) {
    return root.resolve(path).toString();
  }

  private static final String FUTURE_NEEDS = "Saved by engine 2.0.0-900, which needs 1.5.0-800 or newer to read it; this build is"
      + " 1.0.0-500 (the file is left as it is)";

  @Test
  void anAssetSavedByANewerEngine_doesNotAppearInTheListings_onceItsHeaderIsRead() {
    open();
    assertTrue(assets.index().ids().contains(FUTURE), "the index lists files without reading them");

    Map<PrimaryAssetId, Problem> newer = assets.tools().checkVersions();

    AssetIndex index = assets.index();
    assertEquals(List.of(HOME, PrimaryAssetId.parse("Ship:Old")), index.ids());
    assertEquals(List.of(PrimaryAssetId.parse("Ship:Old")), index.ids(PrimaryAssetType.of("Ship")));
    assertTrue(index.find(FUTURE).isEmpty());
    assertEquals(2, index.size());
    assertEquals(Map.of(FUTURE, Problem.error("Overture/NewerEngine", FUTURE_NEEDS).withAsset("Ship:Future")
        .at(new SourceLocation(file("ships/Future.json"), 1, 54, "/$version/compatible"))), newer);
    assertEquals(newer, index.newerAssets());
  }

  @Test
  void checkingOneType_readsOnlyThatTypesHeaders_andHidesWhatTheWholeCheckWould() {
    open();

    assertEquals(Map.of(), assets.tools().checkVersions(PrimaryAssetType.of("Fleet")));
    assertTrue(assets.index().ids().contains(FUTURE), "a ship's header is not read for the fleets");

    Map<PrimaryAssetId, Problem> ships = assets.tools().checkVersions(PrimaryAssetType.of("Ship"));

    assertEquals(Map.of(FUTURE, Problem.error("Overture/NewerEngine", FUTURE_NEEDS).withAsset("Ship:Future")
        .at(new SourceLocation(file("ships/Future.json"), 1, 54, "/$version/compatible"))), ships);
    assertEquals(List.of(HOME, PrimaryAssetId.parse("Ship:Old")), assets.index().ids());
    assertEquals(ships, assets.tools().checkVersions(), "the whole check finds nothing more");
    assertEquals(ships, assets.tools().checkVersions(PrimaryAssetType.of("Flag")), "a type nothing is listed under: the same answer");
  }

  @Test
  void referencesToIt_areTreatedAsNull_withAWarningThatNamesBothFiles() throws Exception {
    open();

    LoadHandle handle = assets.loadPrimaryAsset(HOME);
    LoadResult result = handle.waitUntilComplete(Duration.ofSeconds(30));

    Fleet home = result.get(HOME, Fleet.class);
    assertEquals(List.of(PrimaryAssetId.parse("Ship:Old"), FUTURE), home.ships(), "the reference is still there, as written");
    assertTrue(assets.getAsset(FUTURE).isEmpty(), "and it loads as null");
    assertTrue(assets.getAsset(home.flag()).isEmpty());
    assertTrue(assets.getAsset(PrimaryAssetId.parse("Ship:Old")).isPresent());
    assertEquals(List.of(
            Problem.warning("Overture/NewerAssetReference", "Ship:Future (" + file("ships/Future.json") + ") was saved by a newer"
                    + " engine, so this reference to it is treated as null: " + FUTURE_NEEDS)
                .withAsset("Fleet:Home").at(new SourceLocation(file("fleets/Home.json"), 2, 20, "/ships/1")),
            Problem.warning("Overture/NewerAssetReference", "Game:/flags/new.json (" + file("flags/new.json") + ") was saved by a"
                    + " newer engine, so this reference to it is treated as null: " + FUTURE_NEEDS)
                .withAsset("Fleet:Home").at(new SourceLocation(file("fleets/Home.json"), 3, 11, "/flag"))),
        result.warnings());
    assertFalse(assets.index().ids().contains(FUTURE), "reading it took it out of the listings");
    handle.release();

    LoadResult again = assets.loadPrimaryAsset(HOME).waitUntilComplete(Duration.ofSeconds(30));
    assertEquals(result.warnings(), again.warnings(), "the same warnings once it is known, without reading it again");
  }

  @Test
  void askedForById_itIsReportedAsNeedingANewerEngine_listedOrNot() throws Exception {
    open();
    Problem expected = Problem.error("Overture/NewerEngine", FUTURE_NEEDS).withAsset("Ship:Future")
        .at(new SourceLocation(file("ships/Future.json"), 1, 54, "/$version/compatible"));

    AssetLoadException beforeKnown =
        assertThrows(AssetLoadException.class, () -> assets.loadPrimaryAsset(FUTURE).waitUntilComplete(Duration.ofSeconds(30)));
    AssetLoadException afterHidden =
        assertThrows(AssetLoadException.class, () -> assets.loadPrimaryAsset(FUTURE).waitUntilComplete(Duration.ofSeconds(30)));

    assertEquals(List.of(expected), beforeKnown.problems());
    assertEquals(List.of(expected), afterHidden.problems());
    assertFalse(assets.index().ids().contains(FUTURE));
  }

  @Test
  void resave_refusesAnAssetThatHoldsSuchAReference_andLeavesEveryFileAsItIs() throws Exception {
    open();
    byte[] home = Files.readAllBytes(root.resolve("fleets/Home.json"));
    byte[] future = Files.readAllBytes(root.resolve("ships/Future.json"));

    ResaveReport report = assets.tools().resave(false);

    List<Problem> homeProblems = report.refused().stream().filter(entry -> entry.asset().equals("Fleet:Home")).findFirst()
        .orElseThrow().problems();
    assertEquals(List.of(
            Problem.error("Overture/UnresolvedReference", "Not saved: it refers to Ship:Future (" + file("ships/Future.json")
                    + "), which a newer engine saved and this build reads as null; saving would lose the reference")
                .withAsset("Fleet:Home").at(new SourceLocation(file("fleets/Home.json"), 2, 20, "/ships/1")),
            Problem.error("Overture/UnresolvedReference", "Not saved: it refers to " + file("flags/new.json") + ", which a newer"
                    + " engine saved and this build reads as null; saving would lose the reference")
                .withAsset("Fleet:Home").at(new SourceLocation(file("fleets/Home.json"), 3, 11, "/flag"))),
        homeProblems);
    assertEquals(List.of("Fleet:Home", "Game:/flags/new.json", "Ship:Future"),
        report.refused().stream().map(ResaveReport.Entry::asset).sorted().toList(), report.format());
    assertArrayEquals(home, Files.readAllBytes(root.resolve("fleets/Home.json")));
    assertArrayEquals(future, Files.readAllBytes(root.resolve("ships/Future.json")));
    assertEquals(List.of(file("ships/Old.json")), report.changed().stream().map(ResaveReport.Entry::file).toList());
  }

  @Test
  void onceThisBuildCanReadItAgain_reindexingListsItAgain() throws Exception {
    open();
    assets.tools().checkVersions();
    Files.writeString(root.resolve("ships/Future.json"), "{ \"name\": \"Future\" }");

    IndexChange change = assets.tools().reindex(ContentRoot.GAME, AssetPath.parse("ships/Future.json"));

    assertEquals(IndexChange.UPDATED, change);
    assertTrue(assets.index().ids().contains(FUTURE));
    assertEquals(Map.of(), assets.index().newerAssets());
    assertEquals("Future", assets.loadSynchronously(FUTURE, Ship.class).name());
  }
}
