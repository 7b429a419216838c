package dev.overture.version;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class EngineVersionTest {

  /** A licensee changelist as written: the number with the top bit set. */
  private static final long L = EngineVersion.LICENSEE_BIT;

  @Test
  void theSeedsVersion_parsesAndFormatsBackUnchanged() {
    EngineVersion version = EngineVersion.parse("5.0.3-20979098+++UE5+Release-5.0");

    assertEquals(5, version.major());
    assertEquals(0, version.minor());
    assertEquals(3, version.patch());
    assertEquals(20979098, version.changelist());
    assertFalse(version.isLicenseeVersion());
    assertEquals("++UE5+Release-5.0", version.branch());
    assertEquals("5.0.3-20979098+++UE5+Release-5.0", version.toString());
  }

  /**
   * Seed 000: "[MajorVersion].[MinorVersion].[PatchVersion].[ChangeListNumber][BranchName] —
   * 5.0.3.20979098+++UE5+Release-5.0". The seed writes a dot before the changelist, Unreal a dash:
   * both read to the same version, which always prints with the dash.
   */
  @Test
  void theSeedsDottedForm_readsAsUnrealsDashedOne_andPrintsInTheOneCanonicalForm() {
    EngineVersion dotted = EngineVersion.parse("5.0.3.20979098+++UE5+Release-5.0");

    assertEquals(EngineVersion.parse("5.0.3-20979098+++UE5+Release-5.0"), dotted);
    assertEquals(20979098, dotted.changelist());
    assertEquals("++UE5+Release-5.0", dotted.branch());
    assertEquals("5.0.3-20979098+++UE5+Release-5.0", dotted.toString());
    assertEquals(EngineVersion.of(1, 2, 3, 4, false, ""), EngineVersion.parse("1.2.3.4"));
    assertEquals(EngineVersion.of(5, 0, 3, 100, true, ""), EngineVersion.parse("5.0.3." + (L + 100)), "the licensee bit too");
  }

  @Test
  void aLicenseeChangelist_keepsItsFlagThroughText_andIsShownWithoutIt() {
    EngineVersion version = EngineVersion.of(5, 0, 3, 100, true, "Game");

    assertEquals("5.0.3-" + (L + 100) + "+Game", version.toString());
    assertEquals(version, EngineVersion.parse(version.toString()));
    assertEquals("5.0.3-100 (licensee)", version.toDisplayString());
  }

  @Test
  void theChangelistAndBranchMayBeLeftOut() {
    assertEquals(EngineVersion.of(1, 2, 3, 0, false, ""), EngineVersion.parse("1.2.3"));
    assertEquals(EngineVersion.of(1, 2, 3, 0, false, "Main"), EngineVersion.parse("1.2.3+Main"));
  }

  @ParameterizedTest(name = "\"{0}\"")
  @CsvSource(delimiter = '|', value = {
    "5.0",
    "5.0.3.20979098.1",
    "5.0.3-20979098.1",
    "v5.0.3",
    "5.0.-3",
    "5.0.3-abc",
  })
  void malformedVersions_areRefusedShowingTheForm(String text) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> EngineVersion.parse(text));
    assertEquals("\"" + text + "\" is not an engine version; expected major.minor.patch-changelist+branch, for example"
        + " 5.0.3-20979098+++UE5+Release-5.0", e.getMessage());
  }

  @Test
  void aChangelistBeyond32Bits_isRefused() {
    assertEquals("\"1.0.0-4294967296\": the changelist 4294967296 does not fit in 32 bits",
        assertThrows(IllegalArgumentException.class, () -> EngineVersion.parse("1.0.0-4294967296")).getMessage());
  }

  /** first | second | which is newer (first, second, neither) | the deciding component. */
  @ParameterizedTest(name = "{0} vs {1}: {2} by {3}")
  @CsvSource(delimiter = '|', value = {
    "4.27.2-500         | 5.0.0-100          | second  | MAJOR",
    "5.1.0-100          | 5.0.9-900          | first   | MINOR",
    "5.0.3-900          | 5.0.4-1            | second  | PATCH",
    "5.0.3-100          | 5.0.3-200          | second  | CHANGELIST",
    "5.0.3-200+A        | 5.0.3-100+B        | first   | CHANGELIST",
    "5.0.3-100+Release  | 5.0.3-100+Main     | neither | NONE",
    "5.0.3-0            | 5.0.3-200          | neither | NONE",
    "5.0.3-200          | 5.0.3-0            | neither | NONE",
    "5.0.4-0            | 5.0.3-200          | first   | PATCH",
    "5.0.3-2147483748   | 5.0.3-900          | first   | CHANGELIST",
    "5.0.3-900          | 5.0.3-2147483748   | second  | CHANGELIST",
    "5.0.3-2147483748   | 5.0.3-2147483848   | second  | CHANGELIST",
  })
  void newest_comparesComponentsInOrder_licenseeBeatsEpic_branchNeverCounts(
      String first, String second, String newer, EngineVersion.Component component) {
    EngineVersion a = EngineVersion.parse(first);
    EngineVersion b = EngineVersion.parse(second);

    EngineVersion.Newest result = EngineVersion.newest(a, b);

    assertEquals(switch (newer) {
      case "first" -> a;
      case "second" -> b;
      default -> null;
    }, result.newer());
    assertEquals(component, result.component());
  }

  /** the running build | the version the data needs | whether it can read the data. */
  @ParameterizedTest(name = "{0} reading data for {1}: {2}")
  @CsvSource(delimiter = '|', value = {
    "5.0.3-200          | 5.0.3-100          | true",
    "5.0.3-100          | 5.0.3-100          | true",
    "5.0.3-100          | 5.0.3-200          | false",
    "5.0.3-0            | 9.9.9-999          | true",
    "5.0.3-100          | 9.9.9-0            | true",
    "5.0.3-100+Mine     | 5.0.3-100+Theirs   | true",
    "5.1.0-100          | 5.0.9-900          | true",
    "5.0.9-900          | 5.1.0-100          | false",
    "5.0.3-999          | 5.0.3-2147483649   | false",
    "5.0.3-2147483649   | 5.0.3-999          | true",
  })
  void isCompatibleWith_readsDataUnlessItNeedsANewerBuild(String build, String needs, boolean compatible) {
    assertEquals(compatible, EngineVersion.parse(build).isCompatibleWith(EngineVersion.parse(needs)));
  }

  /**
   * A branch is free text: {@code BuildVersion} reads any {@code BranchName}, and {@code
   * update-local-version} refuses control characters but not U+2028. The header a build stamps on
   * what it saves must read back, or the build refuses its own saves ({@code Overture/InvalidVersionHeader}).
   */
  @ParameterizedTest
  @ValueSource(strings = {"Main\nLine", "Main\rLine", "Main\u2028Line", "Main\u2029Line", "Main\u0085Line", "Main\r\n"})
  void aBranchWithALineTerminator_readsBackFromTheHeaderItsBuildStamps(String branch) {
    BuildVersion build = new BuildVersion(0, 1, 0, 1000, 1000, false, true, branch, "");
    AssetVersions versions = AssetVersions.builder().engine(build).build();

    VersionHeader read = VersionHeader.fromJson(versions.headerFor(Object.class).toJson());

    assertEquals(build.engineVersion(), read.savedBy());
    assertEquals(branch, read.savedBy().branch());
    assertEquals(EngineVersion.parse(build.engineVersion().toString()), build.engineVersion());
  }

  @Test
  void theUnknownVersion_readsEverything() {
    assertTrue(EngineVersion.UNKNOWN.isCompatibleWith(EngineVersion.parse("99.0.0-123456")));
    assertEquals("0.0.0-0", EngineVersion.UNKNOWN.toString());
  }

  @Test
  void guids_parseAndFormatAsUnrealWritesThem() {
    Guid guid = new Guid(0x2EB5FDBD, 0x01AC4D10, 0x8136F38F, 0x3393A5DA);

    assertEquals("2EB5FDBD-01AC-4D10-8136-F38F3393A5DA", guid.toString());
    assertEquals(guid, Guid.parse("2eb5fdbd-01ac-4d10-8136-f38f3393a5da"));
    assertEquals(guid, Guid.parse("2EB5FDBD01AC4D108136F38F3393A5DA"));
    assertEquals("\"2EB5FDBD\" is not a GUID; expected 8-4-4-4-12 hex digits, for example 2EB5FDBD-01AC-4D10-8136-F38F3393A5DA",
        assertThrows(IllegalArgumentException.class, () -> Guid.parse("2EB5FDBD")).getMessage());
  }
}
