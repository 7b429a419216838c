package dev.overture.version;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.core.DataException;
import dev.overture.core.Problem;
import dev.overture.core.Severity;
import dev.overture.core.SourceLocation;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

class AssetVersionsTest {

  record Pawn(String name) {}

  record Map(String name) {}

  static final CustomVersion PAWNS = new CustomVersion(Guid.parse("11111111-2222-3333-4444-555555555555"), 3, "Pawns");
  static final CustomVersion MAPS = new CustomVersion(Guid.parse("66666666-7777-8888-9999-AAAAAAAAAAAA"), 1, "Maps");
  static final JsonMapper JSON = JsonMapper.builder().build();

  private static AssetVersions versions() {
    return AssetVersions.builder()
        .engine(EngineVersion.parse("1.0.0-500"), EngineVersion.parse("1.0.0-400"))
        .customVersion(PAWNS, Pawn.class)
        .customVersion(MAPS, Map.class)
        .upgrade(UpgradeStep.of(PAWNS, 3, Pawn.class, "hp is now health", JsonUpgrade.rename("/hp", "health")))
        .upgrade(UpgradeStep.of(PAWNS, 2, Pawn.class, "speed in m/s, was km/h", JsonUpgrade.scale("/speed", 1 / 3.6)))
        .build();
  }

  private static VersionHeader header(String engine, String compatible, int pawns) {
    return new VersionHeader(EngineVersion.parse(engine), EngineVersion.parse(compatible),
        List.of(new VersionHeader.Entry(PAWNS.guid(), "Pawns", pawns)));
  }

  @Test
  void anOlderFile_runsTheStepsInVersionOrder() {
    AssetVersions.Upgrade upgrade = versions().plan(header("1.0.0-100", "1.0.0-100", 1), Pawn.class);
    ObjectNode asset = (ObjectNode) JSON.readTree("{ \"name\": \"Ada\", \"hp\": 80, \"speed\": 36 }");

    upgrade.apply(asset);

    assertEquals("{\"name\":\"Ada\",\"health\":80,\"speed\":10.0}", asset.toString());
    assertEquals("[Pawns 1 -> 3: speed in m/s, was km/h; hp is now health]", upgrade.toString());
  }

  @Test
  void aFileThatPredatesACustomVersion_isAtVersionZero_andAHeaderlessOneAtTheLatest() {
    VersionHeader withoutPawns = new VersionHeader(EngineVersion.parse("1.0.0-100"), EngineVersion.parse("1.0.0-100"), List.of());

    assertEquals(0, versions().plan(withoutPawns, Pawn.class).changes().get(0).from());
    assertTrue(versions().plan(null, Pawn.class).isEmpty());
  }

  @Test
  void readUnversionedAs_upgradesHandWrittenFilesOfTheOldFormat() {
    AssetVersions versions = AssetVersions.builder()
        .customVersion(PAWNS, Pawn.class)
        .readUnversionedAs(PAWNS, 2)
        .upgrade(UpgradeStep.of(PAWNS, 3, Pawn.class, "hp is now health", JsonUpgrade.rename("/hp", "health")))
        .build();

    assertEquals("[Pawns 2 -> 3: hp is now health]", versions.plan(null, Pawn.class).toString());
  }

  @Test
  void newerData_isRefused_namingBothVersionsAndTheSystem() {
    AssetVersions versions = versions();

    DataException engine = assertThrows(DataException.class, () -> versions.plan(header("1.0.0-900", "1.0.0-800", 3), Pawn.class));
    assertEquals("Overture/NewerEngine", engine.problemId());
    assertEquals("Saved by engine 1.0.0-900, which needs 1.0.0-800 or newer to read it; this build is 1.0.0-500"
        + " (the file is left as it is)", engine.getMessage());
    assertEquals("/$version/compatible", engine.pointer());

    DataException custom = assertThrows(DataException.class, () -> versions.plan(header("1.0.0-100", "1.0.0-100", 4), Pawn.class));
    assertEquals("Overture/NewerCustomVersion", custom.problemId());
    assertEquals("Saved with Pawns version 4; this build reads Pawns up to version 3 (the file is left as it is)", custom.getMessage());
    assertEquals("/$version/custom/0/version", custom.pointer());

    VersionHeader stranger = new VersionHeader(EngineVersion.UNKNOWN, EngineVersion.UNKNOWN,
        List.of(new VersionHeader.Entry(Guid.parse("ABABABAB-0000-0000-0000-000000000001"), "Weather", 1)));
    DataException unknown = assertThrows(DataException.class, () -> versions.plan(stranger, Pawn.class));
    assertEquals("Saved with custom version Weather 1 (ABABABAB-0000-0000-0000-000000000001), which this build does not have"
        + " (the file is left as it is) (registered: \"Maps\", \"Pawns\")", unknown.toProblem().message());
  }

  @Test
  void aLicenseeBuild_readsEpicData_butNotTheReverse() {
    AssetVersions epic = AssetVersions.builder().engine(EngineVersion.parse("1.0.0-500"), EngineVersion.parse("1.0.0-500")).build();
    VersionHeader licensee = new VersionHeader(EngineVersion.of(1, 0, 0, 3, true, ""), EngineVersion.of(1, 0, 0, 3, true, ""), List.of());

    assertThrows(DataException.class, () -> epic.plan(licensee, Pawn.class));
  }

  @Test
  void registrationMistakes_areRefusedWithTheirReason() {
    AssetVersions.Builder builder = AssetVersions.builder().customVersion(PAWNS, Pawn.class);

    assertEquals("Custom version GUID 11111111-2222-3333-4444-555555555555 is registered twice: by Pawns and by Other;"
            + " each system needs a GUID of its own (Guid.random() makes one)",
        assertThrows(IllegalArgumentException.class,
            () -> builder.customVersion(new CustomVersion(PAWNS.guid(), 1, "Other"), Map.class)).getMessage());
    assertEquals("Custom version name \"Pawns\" is registered twice: with GUID 11111111-2222-3333-4444-555555555555 and with "
            + MAPS.guid(),
        assertThrows(IllegalArgumentException.class,
            () -> builder.customVersion(new CustomVersion(MAPS.guid(), 1, "Pawns"), Map.class)).getMessage());
    assertEquals("Custom version Maps is not registered; register it with customVersion(...) first",
        assertThrows(IllegalArgumentException.class,
            () -> builder.upgrade(UpgradeStep.of(MAPS, 1, Map.class, "x", asset -> {}))).getMessage());
    assertEquals("An upgrade step of Pawns is for Map, which does not use that custom version (it is used by [Pawn])",
        assertThrows(IllegalArgumentException.class,
            () -> builder.upgrade(UpgradeStep.of(PAWNS, 2, Map.class, "x", asset -> {}))).getMessage());
    builder.upgrade(UpgradeStep.of(PAWNS, 2, Pawn.class, "first", asset -> {}));
    assertEquals("Two upgrade steps lead Pawn to Pawns version 2: \"first\" and \"second\"",
        assertThrows(IllegalArgumentException.class,
            () -> builder.upgrade(UpgradeStep.of(PAWNS, 2, Pawn.class, "second", asset -> {}))).getMessage());
    assertEquals("An upgrade step of Pawns must lead to a version from 1 to its latest (3), not 4",
        assertThrows(IllegalArgumentException.class, () -> UpgradeStep.of(PAWNS, 4, Pawn.class, "x", asset -> {})).getMessage());
    assertEquals("unversioned files of Pawns can be read as 0 to 3, not 5",
        assertThrows(IllegalArgumentException.class, () -> builder.readUnversionedAs(PAWNS, 5)).getMessage());
  }

  @Test
  void theHeader_readsWhatItWrites_andRefusesWhatItCannotRead() {
    VersionHeader header = versions().headerFor(Pawn.class);

    assertEquals(header, VersionHeader.fromJson(header.toJson()));
    assertEquals("{\"engine\":\"1.0.0-500\",\"compatible\":\"1.0.0-400\",\"custom\":[{\"name\":\"Pawns\","
        + "\"guid\":\"11111111-2222-3333-4444-555555555555\",\"version\":3}]}", header.toJson().toString());

    DataException bad = assertThrows(DataException.class,
        () -> VersionHeader.fromJson(JSON.readTree("{ \"engine\": \"1.0\" }")));
    assertEquals("/$version/engine", bad.pointer());
    DataException entry = assertThrows(DataException.class,
        () -> VersionHeader.fromJson(JSON.readTree("{ \"custom\": [ { \"guid\": \"x\", \"version\": 1 } ] }")));
    assertEquals("/$version/custom/0/guid", entry.pointer());
  }

  @Test
  void scale_keepsWholeNumbersWhole_whenTheResultIsWhole() {
    ObjectNode asset = (ObjectNode) JSON.readTree("{ \"count\": 5, \"odd\": 3, \"speed\": 36.0 }");

    JsonUpgrade.scale("/count", 2).andThen(JsonUpgrade.scale("/odd", 0.5)).andThen(JsonUpgrade.scale("/speed", 0.5))
        .andThen(JsonUpgrade.scale("/absent", 2)).upgrade(asset);

    assertEquals("{\"count\":10,\"odd\":1.5,\"speed\":18.0}", asset.toString());
  }

  @Test
  void aHeaderListingASystemTwice_isRefused_andPropertiesANewerBuildAdded_areIgnored() {
    DataException twice = assertThrows(DataException.class, () -> VersionHeader.fromJson(JSON.readTree(
        "{ \"custom\": [ { \"guid\": \"" + PAWNS.guid() + "\", \"version\": 1 }, { \"guid\": \"" + PAWNS.guid()
            + "\", \"version\": 2 } ] }")));
    assertEquals("/$version/custom/1/guid", twice.pointer());

    VersionHeader newer = VersionHeader.fromJson(JSON.readTree("{ \"engine\": \"1.0.0-1\", \"signature\": \"abc\" }"));
    assertEquals(List.of("signature"), newer.ignored());
  }

  @Test
  void aNewerEngineWithoutACompatibleVersion_isLocatedAtTheEngine() {
    VersionHeader header = VersionHeader.fromJson(JSON.readTree("{ \"engine\": \"1.0.0-900\" }"));

    assertEquals("/$version/engine",
        assertThrows(DataException.class, () -> versions().plan(header, Pawn.class)).pointer());
  }

  // ---- seed 000: "Changelist 0이 포함된 Engine Version은 다른 모든 Engine Version과 호환되는 것으로 간주한다.
  //      Engineer 입장에서는 Engine 개발이 간편해지는 측면이 있지만, Disk에 저장하는 관점에서는 부적합하다."

  @Test
  void dataSavedWithChangelistZero_loads_butIsWarnedAbout_asUnsuitableForSavedData() {
    VersionHeader local = header("1.0.0-0", "1.0.0-0", 3);

    assertTrue(versions().plan(local, Pawn.class).isEmpty(), "compatible with everything: it loads");
    List<Problem> warnings = versions().warnings(local, "pawns/Ada.json");

    assertEquals(1, warnings.size());
    Problem warning = warnings.get(0);
    assertEquals(AssetVersions.ZERO_CHANGELIST, warning.id());
    assertEquals("Overture/ZeroChangelist", warning.id(), "a stable id");
    assertEquals(Severity.WARNING, warning.severity());
    assertEquals("Saved with engine version 1.0.0-0, whose changelist is 0: such a version counts as compatible with every"
        + " version, which eases engine development but is unsuitable for data saved to disk; save content with a promoted"
        + " build, so it records its real version and no data is lost", warning.message());
    assertEquals(SourceLocation.at("pawns/Ada.json", "/$version/engine"), warning.location().orElseThrow());
  }

  @Test
  void aZeroCompatibleChangelist_isWarnedAboutAtItsEntry_andAPromotedOneOrNoHeaderIsNot() {
    assertEquals(SourceLocation.at("f.json", "/$version/compatible"),
        versions().warnings(header("1.0.0-300", "1.0.0-0", 3), "f.json").get(0).location().orElseThrow());
    assertEquals(List.of(), versions().warnings(header("1.0.0-300", "1.0.0-300", 3), "f.json"));
    assertEquals(List.of(), versions().warnings(null, "f.json"), "a hand-written file is read as this build's");
  }

  /** Seed 000: "이 Warning을 비활성화 하려면, [Core.System] Section에 ZeroEngineVersionWarning=0을 추가". */
  @Test
  void theZeroChangelistWarning_canBeTurnedOff_asZeroEngineVersionWarningDoes() {
    AssetVersions quiet = AssetVersions.builder().zeroChangelistWarning(false).build();

    assertEquals(List.of(), quiet.warnings(header("1.0.0-0", "1.0.0-0", 3), "f.json"));
  }

  // ---- issue 14: an upgrade step that overflows is refused, located, in our words

  private static AssetVersions scaling(double factor) {
    return AssetVersions.builder()
        .customVersion(MAPS, Map.class)
        .upgrade(UpgradeStep.of(MAPS, 1, Map.class, "size in millimetres", JsonUpgrade.scale("/layout/size", factor)))
        .build();
  }

  private static DataException upgradeFailure(AssetVersions versions, String json) {
    ObjectNode asset = (ObjectNode) JSON.readTree(json);
    AssetVersions.Upgrade upgrade = versions.plan(new VersionHeader(EngineVersion.UNKNOWN, EngineVersion.UNKNOWN, List.of()), Map.class);
    return assertThrows(DataException.class, () -> upgrade.apply(asset));
  }

  @Test
  void aStepThatRunsAwayOrFailsAnAssertion_isAnUpgradeFailureNamingTheStep() {
    for (Error thrown : List.<Error>of(new StackOverflowError(), new AssertionError("walked off the tree"))) {
      AssetVersions versions = AssetVersions.builder()
          .customVersion(MAPS, Map.class)
          .upgrade(UpgradeStep.of(MAPS, 1, Map.class, "walk the layout", asset -> {
            throw thrown;
          }))
          .build();
      DataException e = upgradeFailure(versions, "{ \"layout\": { \"size\": 1 } }");
      assertEquals("Overture/UpgradeFailed", e.problemId());
      assertTrue(e.getMessage().contains("walk the layout"), e.getMessage());
    }
  }

  @Test
  void aScaleThatOverflowsADouble_isRefusedAtTheValue_namingTheStep() {
    DataException e = upgradeFailure(scaling(1000), "{ \"layout\": { \"size\": 1e306 } }");

    assertEquals("Overture/UpgradeFailed", e.problemId());
    assertEquals("/layout/size", e.pointer());
    assertEquals("The upgrade step \"size in millimetres\" (Maps 0 -> 1) failed: 1.0E306 x 1000.0 is beyond the range of a double",
        e.getMessage());
  }

  @Test
  void aScaleOfAWholeNumberBeyond64Bits_isRefusedAtTheValue() {
    DataException e = upgradeFailure(scaling(1000), "{ \"layout\": { \"size\": 9223372036854775807 } }");

    assertEquals("/layout/size", e.pointer());
    assertEquals("The upgrade step \"size in millimetres\" (Maps 0 -> 1) failed: 9223372036854775807 x 1000.0 ="
        + " 9223372036854775807000 does not fit a 64-bit whole number", e.getMessage());
  }

  @Test
  void aStepOfItsOwnThatLeavesAnInfinity_isRefusedAtTheValue() {
    AssetVersions versions = AssetVersions.builder()
        .customVersion(MAPS, Map.class)
        .upgrade(UpgradeStep.of(MAPS, 1, Map.class, "speeds in degrees", asset ->
            ((ObjectNode) asset.get("speeds")).put("turn", asset.get("speeds").get("turn").asDouble() * 360)))
        .build();

    DataException e = upgradeFailure(versions, "{ \"speeds\": { \"turn\": 1e307 } }");

    assertEquals("/speeds/turn", e.pointer());
    assertEquals("The upgrade step \"speeds in degrees\" (Maps 0 -> 1) made /speeds/turn Infinity, which is not a finite"
        + " number (the conversion overflowed)", e.getMessage());
  }

  @Test
  void aStepThatThrows_isReportedAsThatStepFailing() {
    AssetVersions versions = AssetVersions.builder()
        .customVersion(MAPS, Map.class)
        .upgrade(UpgradeStep.of(MAPS, 1, Map.class, "split the name", asset -> {
          throw new IllegalStateException("no name");
        }))
        .build();

    DataException e = upgradeFailure(versions, "{}");

    assertEquals("", e.pointer());
    assertEquals("The upgrade step \"split the name\" (Maps 0 -> 1) failed: no name", e.getMessage());
  }

  @Test
  void aScaleByANonFiniteFactor_isRefusedWhenDeclared() {
    assertEquals("factor must be a finite number: NaN",
        assertThrows(IllegalArgumentException.class, () -> JsonUpgrade.scale("/size", Double.NaN)).getMessage());
  }
}
