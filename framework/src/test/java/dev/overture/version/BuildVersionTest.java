package dev.overture.version;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.core.Problem;
import dev.overture.core.ProblemException;
import dev.overture.core.SourceLocation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BuildVersionTest {

  /** The seed's Build.version, plus a field this class does not know. */
  private static final String SEED = """
      {
        "MajorVersion": 4,
        "MinorVersion": 26,
        "PatchVersion": 2,
        "Changelist": 0,
        "CompatibleChangelist": 14830424,
        "IsLicenseeVersion": 0,
        "IsPromotedBuild": 0,
        "BranchName": "++UE4+Release-4.26",
        "Studio": "Overture"
      }
      """;

  @TempDir Path temp;

  private Path file(String text) throws Exception {
    Path file = temp.resolve("Build.version");
    Files.writeString(file, text);
    return file;
  }

  @Test
  void theSeedsFile_reads() throws Exception {
    BuildVersion build = BuildVersion.read(file(SEED));

    assertEquals(new BuildVersion(4, 26, 2, 0, 14830424, false, false, "++UE4+Release-4.26", ""), build);
    assertEquals("4.26.2-0+++UE4+Release-4.26", build.engineVersion().toString());
    assertEquals("4.26.2-0+++UE4+Release-4.26", build.compatibleVersion().toString(),
        "a local build (changelist 0) stamps what it saves as readable by every build");
  }

  @Test
  void theCompatibleVersion_isTheEffectiveCompatibleChangelist_asUnrealComputesIt() {
    assertEquals(1100, new BuildVersion(1, 0, 0, 1200, 1100, false, true, "", "").compatibleVersion().changelist());
    assertEquals(1200, new BuildVersion(1, 0, 0, 1200, 0, false, true, "", "").compatibleVersion().changelist(),
        "without a compatible changelist, a promoted build's data needs that build");
    assertEquals("CompatibleChangelist 2000 is above Changelist 1000: this build could not read what it saves",
        assertThrows(IllegalArgumentException.class, () -> new BuildVersion(1, 0, 0, 1000, 2000, false, true, "", "")).getMessage());
  }

  @Test
  void update_doesWhatUpdateLocalVersionDoes_andKeepsUnknownFields() throws Exception {
    Path file = file(SEED);

    BuildVersion updated = BuildVersion.update(file,
        new BuildVersion.Update(1200L, 1100L, "nightly-7", true, 0, "//Overture/Main"));

    assertEquals(new BuildVersion(4, 26, 2, 1200, 1100, true, false, "++Overture+Main", "nightly-7"), updated);
    assertEquals(updated, BuildVersion.read(file));
    String text = Files.readString(file);
    assertTrue(text.contains("\"Studio\": \"Overture\""), text);
    assertEquals(List.of(), listOtherFiles(), "no temporary file left behind");
  }

  @Test
  void update_writesBothFlagsEveryTime_andLeavesWhatItIsNotGiven() throws Exception {
    Path file = file(SEED.replace("\"IsLicenseeVersion\": 0", "\"IsLicenseeVersion\": 1"));

    BuildVersion updated = BuildVersion.update(file, new BuildVersion.Update(null, null, null, false, null, null));

    assertFalse(updated.licensee(), "absent --licensee means 0, as in Unreal");
    assertEquals(0, updated.changelist());
    assertEquals(14830424, updated.compatibleChangelist());
    assertEquals("++UE4+Release-4.26", updated.branchName());
    assertTrue(updated.promoted(), "without --promoted, IsPromotedBuild is 1, as in Unreal");
    assertFalse(BuildVersion.update(file, new BuildVersion.Update(null, null, null, false, 0, null)).promoted());
    assertTrue(BuildVersion.update(file, new BuildVersion.Update(null, null, null, false, 3, null)).promoted(),
        "any number but 0 means promoted");
  }

  @Test
  void aValueOutOfRange_isRefused_andTheFileIsUnchanged() throws Exception {
    Path file = file(SEED);
    byte[] before = Files.readAllBytes(file);

    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> BuildVersion.update(file, new BuildVersion.Update(3_000_000_000L, null, null, false, null, null)));

    assertEquals("changelist must be 0 to 2147483647: 3000000000", e.getMessage());
    assertArrayEquals(before, Files.readAllBytes(file));
  }

  @Test
  void problemsWithTheFile_nameItAndThePlace() throws Exception {
    Problem missing = only(assertThrows(ProblemException.class, () -> BuildVersion.read(temp.resolve("Nope.version"))));
    assertEquals("No build version file at " + temp.resolve("Nope.version"), missing.message());

    Path malformed = file("{ \"MajorVersion\": 4, }");
    Problem syntax = only(assertThrows(ProblemException.class, () -> BuildVersion.read(malformed)));
    assertEquals("Overture/MalformedJson", syntax.id());
    assertEquals(1, syntax.location().orElseThrow().line());

    Path wrong = file("{ \"MajorVersion\": \"four\" }");
    Problem value = only(assertThrows(ProblemException.class, () -> BuildVersion.read(wrong)));
    assertEquals("\"MajorVersion\" must be a whole number from 0 to 2147483647, not \"four\"", value.message());
    assertEquals(SourceLocation.at(wrong.toString(), "/MajorVersion"), value.location().orElseThrow());
  }

  private static Problem only(ProblemException e) {
    assertEquals(1, e.problems().size(), e.getMessage());
    return e.problems().get(0);
  }

  private List<Path> listOtherFiles() throws Exception {
    try (var files = Files.list(temp)) {
      return files.filter(path -> !path.getFileName().toString().equals("Build.version")).toList();
    }
  }
}
