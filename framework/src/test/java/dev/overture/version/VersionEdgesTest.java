package dev.overture.version;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.core.DataException;
import dev.overture.core.ProblemException;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Versions at the edges a build meets: the smallest and largest values each part accepts, files
 * exactly at the registered version, upgrades whose results sit on a boundary, and the registry's
 * and GUIDs' own rules.
 */
class VersionEdgesTest {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  record Ship(double speed, long crew) {}

  private static final CustomVersion SHIPS = new CustomVersion(Guid.parse("0A1B2C3D-4E5F-4061-8273-8495A6B7C8D9"), 2, "Ships");

  @Test
  void zero_isAValidVersionComponentAndChangelist() {
    EngineVersion zero = EngineVersion.of(0, 0, 0, 0, false, "");

    assertEquals("0.0.0-0", zero.toString());
    assertFalse(zero.hasChangelist());
    assertEquals("version components must not be negative: 1.-1.0",
        assertThrows(IllegalArgumentException.class, () -> EngineVersion.of(1, -1, 0, 0, false, "")).getMessage());
    assertThrows(IllegalArgumentException.class, () -> EngineVersion.of(-1, 0, 0, 0, false, ""));
    assertThrows(IllegalArgumentException.class, () -> EngineVersion.of(0, 0, -1, 0, false, ""));
    assertEquals("changelist must be 0 to 2147483647: -1",
        assertThrows(IllegalArgumentException.class, () -> EngineVersion.of(1, 0, 0, -1, false, "")).getMessage());
  }

  @Test
  void theLargestChangelist_fitsBesideTheLicenseeBit_andOneMoreDoesNot() {
    EngineVersion largest = EngineVersion.of(1, 2, 3, 2_147_483_647L, true, "Game");

    assertEquals("1.2.3-4294967295+Game", largest.toString());
    assertEquals(largest, EngineVersion.parse("1.2.3-4294967295+Game"), "the largest 32-bit changelist parses");
    assertEquals("changelist must be 0 to 2147483647: 2147483648",
        assertThrows(IllegalArgumentException.class, () -> EngineVersion.of(1, 2, 3, 2_147_483_648L, false, "")).getMessage());
    assertEquals("\"1.2.3-4294967296\": the changelist 4294967296 does not fit in 32 bits",
        assertThrows(IllegalArgumentException.class, () -> EngineVersion.parse("1.2.3-4294967296")).getMessage());
  }

  @Test
  void aParsedVersion_answersEachOfItsParts() {
    EngineVersion version = EngineVersion.parse("5.7.9-2147483650+Licensee+Main");

    assertEquals(5, version.major());
    assertEquals(7, version.minor());
    assertEquals(9, version.patch());
    assertEquals(2, version.changelist());
    assertTrue(version.isLicenseeVersion());
    assertEquals("Licensee+Main", version.branch());
    assertEquals("5.7.9-2 (licensee)", version.toDisplayString());
    assertFalse(EngineVersion.parse("5.7.9-2").isLicenseeVersion());
  }

  @Test
  void anotherChangelist_keepsTheVendorAndBranch_andEqualVersionsHashAlike() {
    EngineVersion version = EngineVersion.parse("1.0.0-2147483658+Game");
    EngineVersion next = version.withChangelist(11);

    assertEquals(EngineVersion.parse("1.0.0-2147483659+Game"), next);
    assertTrue(Set.of(EngineVersion.parse("1.0.0-5+A")).contains(EngineVersion.parse("1.0.0-5+A")));
    assertEquals(EngineVersion.parse("1.0.0-5+A").hashCode(), EngineVersion.of(1, 0, 0, 5, false, "A").hashCode());
    assertNotEquals(EngineVersion.parse("1.0.0-5+A"), EngineVersion.parse("1.0.0-5+B"), "the branch tells them apart as values");
  }

  @Test
  void aCustomVersionAtZero_isValid_andPrintsWithItsGuid() {
    CustomVersion zero = new CustomVersion(Guid.parse("0A1B2C3D-4E5F-4061-8273-8495A6B7C8D9"), 0, "Fresh");

    assertEquals("Fresh 0 (0A1B2C3D-4E5F-4061-8273-8495A6B7C8D9)", zero.toString());
    assertEquals("custom version Fresh: latest must not be negative: -1", assertThrows(IllegalArgumentException.class,
        () -> new CustomVersion(Guid.parse("0A1B2C3D-4E5F-4061-8273-8495A6B7C8D9"), -1, "Fresh")).getMessage());
  }

  @Test
  void aGuid_isZeroOnlyWhenEveryWordIs() {
    assertTrue(new Guid(0, 0, 0, 0).isZero());
    assertFalse(new Guid(1, 0, 0, 0).isZero());
    assertFalse(new Guid(0, 1, 0, 0).isZero());
    assertFalse(new Guid(0, 0, 1, 0).isZero());
    assertFalse(new Guid(0, 0, 0, 1).isZero());
    assertEquals("custom version Broken needs a GUID other than zero",
        assertThrows(IllegalArgumentException.class, () -> new CustomVersion(new Guid(0, 0, 0, 0), 1, "Broken")).getMessage());
  }

  @Test
  void aRandomGuid_isNeverZero_andNewEachTime() {
    Guid first = Guid.random();
    Guid second = Guid.random();

    assertFalse(first.isZero());
    assertNotEquals(first, second);
    assertEquals(first, Guid.parse(first.toWordString()), "its word form reads back");
  }

  @Test
  void theRegistry_findsByName_andListsItsNames() {
    CustomVersionRegistry registry = new CustomVersionRegistry();
    CustomVersion maps = new CustomVersion(Guid.parse("11111111-2222-3333-4444-555555555555"), 1, "Maps");
    registry.register(SHIPS);
    registry.register(maps);

    assertEquals(Optional.of(maps), registry.find("Maps"));
    assertEquals(Optional.empty(), registry.find("Ports"));
    assertEquals(List.of(SHIPS, maps), registry.all());
    assertEquals("CustomVersionRegistry[Ships, Maps]", registry.toString());
  }

  private static AssetVersions ships() {
    return AssetVersions.builder()
        .engine(EngineVersion.parse("2.0.0-900"), EngineVersion.parse("2.0.0-800"))
        .customVersion(SHIPS, Ship.class)
        .upgrade(UpgradeStep.of(SHIPS, 2, Ship.class, "speed in m/s, was km/h", JsonUpgrade.scale("/speed", 1 / 3.6)))
        .build();
  }

  private static VersionHeader header(int ships) {
    return new VersionHeader(EngineVersion.parse("2.0.0-850"), EngineVersion.parse("2.0.0-800"),
        List.of(new VersionHeader.Entry(SHIPS.guid(), "Ships", ships)));
  }

  @Test
  void aFileAtTheRegisteredVersion_needsNoUpgrade_andOneBelowDoes() {
    assertTrue(ships().plan(header(2), Ship.class).isEmpty());
    AssetVersions.Upgrade older = ships().plan(header(1), Ship.class);
    assertFalse(older.isEmpty());
    assertEquals(1, older.changes().size());
  }

  @Test
  void theVersions_sayWhatTheBuildWritesAndRegisters() {
    AssetVersions versions = ships();

    assertEquals(EngineVersion.parse("2.0.0-900"), versions.current());
    assertEquals(EngineVersion.parse("2.0.0-800"), versions.compatible());
    assertEquals(List.of(SHIPS), versions.customVersions());
    assertEquals(EngineVersion.UNKNOWN, AssetVersions.none().current());
    assertEquals(List.of(), AssetVersions.none().customVersions());
  }

  @Test
  void theBuildVersionFile_setsBothEngineVersions() {
    BuildVersion build = new BuildVersion(2, 1, 0, 700, 650, false, true, "Main", "");
    AssetVersions versions = AssetVersions.builder().engine(build).build();

    assertEquals(build.engineVersion(), versions.current());
    assertEquals(build.compatibleVersion(), versions.compatible());
  }

  @Test
  void unversionedFiles_canBeReadAsAnyVersionFromZeroToTheLatest_andNothingElse() {
    AssetVersions.builder().customVersion(SHIPS, Ship.class).readUnversionedAs(SHIPS, 0).build();
    AssetVersions.builder().customVersion(SHIPS, Ship.class).readUnversionedAs(SHIPS, 2).build();

    assertEquals("unversioned files of Ships can be read as 0 to 2, not 3", assertThrows(IllegalArgumentException.class,
        () -> AssetVersions.builder().customVersion(SHIPS, Ship.class).readUnversionedAs(SHIPS, 3)).getMessage());
    assertEquals("unversioned files of Ships can be read as 0 to 2, not -1", assertThrows(IllegalArgumentException.class,
        () -> AssetVersions.builder().customVersion(SHIPS, Ship.class).readUnversionedAs(SHIPS, -1)).getMessage());
    assertThrows(IllegalArgumentException.class, () -> AssetVersions.builder().readUnversionedAs(SHIPS, 1),
        "a custom version that is not registered");
  }

  @Test
  void anInfinityDeepInsideAnUpgradedAsset_isFoundAtItsEscapedPointer() {
    CustomVersion fleet = new CustomVersion(Guid.parse("22222222-3333-4444-5555-666666666666"), 2, "Fleet");
    AssetVersions versions = AssetVersions.builder()
        .customVersion(fleet, Ship.class)
        .upgrade(UpgradeStep.of(fleet, 2, Ship.class, "overflow", asset -> ((ObjectNode) asset.get("a/b~c").get(1))
            .put("x", Double.POSITIVE_INFINITY)))
        .build();
    ObjectNode asset = (ObjectNode) JSON.readTree("{ \"ok\": [1.5, {\"y\": 2.5}], \"a/b~c\": [0, {\"x\": 1.0}] }");
    VersionHeader header = new VersionHeader(EngineVersion.UNKNOWN, EngineVersion.UNKNOWN,
        List.of(new VersionHeader.Entry(fleet.guid(), "Fleet", 1)));

    DataException e = assertThrows(DataException.class, () -> versions.plan(header, Ship.class).apply(asset));

    assertEquals("/a~1b~0c/1/x", e.pointer());
    assertEquals("Overture/UpgradeFailed", e.problemId());
    assertTrue(e.getMessage().endsWith("made /a~1b~0c/1/x Infinity, which is not a finite number (the conversion overflowed)"),
        e.getMessage());
  }

  @Test
  void scalingToAWholeResult_keepsTheNumberWhole_upToTheLargest64BitValue() {
    ObjectNode halved = (ObjectNode) JSON.readTree("{ \"crew\": 10 }");
    JsonUpgrade.scale("/crew", 0.5).upgrade(halved);
    assertTrue(halved.get("crew").isIntegralNumber(), halved.toString());
    assertEquals(5, halved.get("crew").asLong());

    ObjectNode largest = (ObjectNode) JSON.readTree("{ \"crew\": " + Long.MAX_VALUE + " }");
    JsonUpgrade.scale("/crew", 1).upgrade(largest);
    assertEquals(Long.MAX_VALUE, largest.get("crew").asLong());
  }

  @Test
  void aVersionHeaderEntry_atVersionZero_reads_andANegativeOneDoesNot() {
    String zero = "{\"engine\": \"1.0.0-5\", \"compatible\": \"1.0.0-5\", \"custom\": [{\"name\": \"Ships\", \"guid\": \""
        + SHIPS.guid() + "\", \"version\": 0}]}";
    assertEquals(0, VersionHeader.fromJson(JSON.readTree(zero)).version(SHIPS.guid()).orElseThrow());

    DataException negative = assertThrows(DataException.class, () -> VersionHeader.fromJson(JSON.readTree(zero.replace("\"version\": 0",
        "\"version\": -1"))));
    assertEquals("/$version/custom/0", negative.pointer());
  }

  /** A rename says where the value it moved was, for locating problems in files saved before it; a chain, through every step. */
  @Test
  void aRename_mapsItsNewPointerBackToTheOldName_andAChainMapsThroughEveryStep() {
    JsonUpgrade rename = JsonUpgrade.rename("/stats/hp", "health");
    assertEquals("/stats/hp", rename.pointerBefore("/stats/health"));
    assertEquals("/stats/hp/max", rename.pointerBefore("/stats/health/max"));
    assertEquals("/stats/healthy", rename.pointerBefore("/stats/healthy"));
    assertEquals("/health", rename.pointerBefore("/health"));

    JsonUpgrade chain = JsonUpgrade.rename("/a", "b").andThen(JsonUpgrade.scale("/b", 2)).andThen(JsonUpgrade.rename("/b", "c/d"));
    assertEquals("/a", chain.pointerBefore("/c~1d"));
    assertEquals("/x", chain.pointerBefore("/x"));
    assertEquals("/x", ((JsonUpgrade) asset -> { }).pointerBefore("/x"), "an upgrade of its own moves nothing");
  }

  /** The schemas say a custom version's name is a string: the loader refuses any other name, at the name, as they do. */
  @Test
  void aVersionHeaderEntry_namedByANonString_isRefusedAtTheName_andANamelessOneReadsUnderItsGuid() {
    String nameless = "{\"custom\": [{\"guid\": \"" + SHIPS.guid() + "\", \"version\": 1}]}";
    assertEquals(List.of(new VersionHeader.Entry(SHIPS.guid(), SHIPS.guid().toString(), 1)),
        VersionHeader.fromJson(JSON.readTree(nameless)).custom());

    for (String refused : List.of("5", "null", "[\"Ships\"]", "{}", "true")) {
      DataException e = assertThrows(DataException.class, () -> VersionHeader.fromJson(JSON.readTree(
          nameless.replace("[{", "[{\"name\": " + refused + ", "))), refused);
      assertEquals("/$version/custom/0/name", e.pointer(), refused);
      assertEquals("\"name\" is the custom version's friendly name, a string such as \"Overture-Experience\", not " + refused
          .replace(" ", ""), e.getMessage(), refused);
    }
  }

  /** The schemas say "integer", which takes 2.0 (JSON Schema counts a number by its value): the loader takes it too. */
  @Test
  void aVersionHeaderEntry_writtenAsAWholeDecimal_reads_andAFractionOrOneBeyond31BitsDoesNot() {
    String two = "{\"custom\": [{\"guid\": \"" + SHIPS.guid() + "\", \"version\": 2.0}]}";
    assertEquals(2, VersionHeader.fromJson(JSON.readTree(two)).version(SHIPS.guid()).orElseThrow());

    for (String refused : List.of("2.5", "2147483648", "1e10", "\"2\"")) {
      DataException e = assertThrows(DataException.class,
          () -> VersionHeader.fromJson(JSON.readTree(two.replace("2.0", refused))), refused);
      assertEquals("/$version/custom/0", e.pointer(), refused);
    }
  }

  @Test
  void aCompatibleChangelistEqualToTheChangelist_isFine_andAboveItIsRefused() {
    assertEquals(700, new BuildVersion(2, 1, 0, 700, 700, false, true, "Main", "").compatibleVersion().changelist());
    assertEquals("CompatibleChangelist 701 is above Changelist 700: this build could not read what it saves",
        assertThrows(IllegalArgumentException.class, () -> new BuildVersion(2, 1, 0, 700, 701, false, true, "Main", ""))
            .getMessage());
  }

  @Test
  void aShippedVersionFile_ofExactlyTheLimit_reads_andOneByteMoreIsRefused() throws Exception {
    String json = "{\"MajorVersion\": 1, \"MinorVersion\": 0, \"PatchVersion\": 0, \"Changelist\": 5, \"BranchName\": \"M\"}";
    byte[] exact = (json + " ".repeat(BuildVersion.MAX_FILE_BYTES - json.length())).getBytes(StandardCharsets.UTF_8);
    byte[] over = (json + " ".repeat(BuildVersion.MAX_FILE_BYTES + 1 - json.length())).getBytes(StandardCharsets.UTF_8);

    assertEquals(5, BuildVersion.read(new ByteArrayInputStream(exact), "Build.version").changelist());
    ProblemException e = assertThrows(ProblemException.class,
        () -> BuildVersion.read(new ByteArrayInputStream(over), "Build.version"));
    assertEquals("Overture/LimitExceeded", e.problems().get(0).id());
    assertEquals("Build.version is larger than 65536 bytes (BuildVersion.MAX_FILE_BYTES)", e.problems().get(0).message());
  }
  @Test
  void aRenameToTheNameItHas_orAPointerToNoProperty_isRefusedWhenTheStepIsMade_notByLosingTheValue() {
    IllegalArgumentException same = assertThrows(IllegalArgumentException.class, () -> JsonUpgrade.rename("/a", "a"));
    assertEquals("rename of /a to \"a\": that is its name already", same.getMessage());
    IllegalArgumentException whole = assertThrows(IllegalArgumentException.class, () -> JsonUpgrade.rename("", "b"));
    assertEquals("\"\" names no property: give one, such as \"/speed\"", whole.getMessage());
    assertThrows(IllegalArgumentException.class, () -> JsonUpgrade.scale("", 2));
    IllegalArgumentException notAPointer = assertThrows(IllegalArgumentException.class, () -> JsonUpgrade.scale("speed", 2));
    assertTrue(notAPointer.getMessage().startsWith("\"speed\" is not a JSON pointer"), notAPointer.getMessage());
    ObjectNode kept = (ObjectNode) JSON.readTree("{\"a\": 1, \"b\": 2}");
    JsonUpgrade.rename("/a", "c").upgrade(kept);
    assertEquals("{\"c\":1,\"b\":2}", kept.toString());
  }

  @Test
  void aCustomVersionRegisteredWithANullClass_isRefused_andLeavesTheBuilderAsItWas() {
    CustomVersion fmt = new CustomVersion(Guid.parse("CEB9B655-6F46-4DE7-AFE1-31D0FC46BFC4"), 4, "Fmt");
    AssetVersions.Builder builder = AssetVersions.builder();
    assertThrows(NullPointerException.class, () -> builder.customVersion(fmt, String.class, null));
    builder.customVersion(fmt, String.class); // not "registered twice"
    builder.upgrade(UpgradeStep.of(fmt, 2, String.class, "x", asset -> {}));
  }

  @Test
  void aBuildVersionPast64Bits_isRefusedNamingTheFieldAndTheFile() {
    ProblemException e = assertThrows(ProblemException.class, () -> BuildVersion.read(new ByteArrayInputStream(
        "{\"MajorVersion\":0,\"MinorVersion\":1,\"PatchVersion\":0,\"Changelist\":99999999999999999999999}"
            .getBytes(StandardCharsets.UTF_8)), "Build.version"));
    assertTrue(e.getMessage().contains("\"Changelist\" must be a whole number from 0 to "), e.getMessage());
    assertTrue(e.getMessage().contains("Build.version"), e.getMessage());
  }
}
