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
import java.util.Map;
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

    assertEquals(new BuildVersion(4, 26, 2, 1200, 1100, true, false, "++Overture+Main", "", "nightly-7"), updated);
    assertEquals(updated, BuildVersion.read(file));
    String text = Files.readString(file);
    assertTrue(text.contains("\"Studio\": \"Overture\""), text);
    assertTrue(text.contains("\"BuildVersion\": \"nightly-7\""), text);
    assertEquals(List.of(), listOtherFiles(), "no temporary file left behind");
  }

  /**
   * Seed 000: "Build — Source Code의 BUILD_VERSION 매크로를 Update해 Engine의 Build Version String을
   * 변경". {@code -Build} sets the build version string; the BuildId is left as it is.
   */
  @Test
  void update_build_setsTheBuildVersionString_notTheBuildId() throws Exception {
    Path file = file(SEED.replace("\"Studio\"", "\"BuildId\": \"fixed-id\", \"Studio\""));

    BuildVersion updated = BuildVersion.update(file, new BuildVersion.Update(null, null, "Overture-0.2-nightly", false, null, null));

    assertEquals("Overture-0.2-nightly", updated.buildVersionString());
    assertEquals("Overture-0.2-nightly", updated.displayBuildVersion());
    assertEquals("fixed-id", updated.buildId(), "untouched");
    assertEquals("++UE4+Release-4.26-CL-0", BuildVersion.read(file(SEED)).displayBuildVersion(),
        "without a build version string, the branch and changelist stand for it");
  }

  /**
   * Seed 000: "BuildId — 보통은 공백으로 두는 편이 좋다. 공백으로 둘 경우 Compile 할 때마다 고유한 새 값이
   * 생성된다." An empty BuildId gets a new unique value at each build; one written in the file stays.
   */
  @Test
  void stamp_givesAnEmptyBuildIdANewUniqueValueEachBuild_andKeepsAWrittenOne() throws Exception {
    Path source = file(SEED);
    Path first = temp.resolve("out/first.version");
    Path second = temp.resolve("out/second.version");

    BuildVersion one = BuildVersion.stamp(source, first);
    BuildVersion two = BuildVersion.stamp(source, second);

    assertTrue(one.buildId().matches("[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}"), one.buildId());
    assertTrue(!one.buildId().equals(two.buildId()), "each build its own id");
    assertEquals(one, BuildVersion.read(first), "the shipped copy carries it");
    assertTrue(Files.readString(first).contains("\"Studio\": \"Overture\""), "fields it does not know are kept");
    assertEquals("", BuildVersion.read(source).buildId(), "the source file is left empty, for the next build");

    Path fixed = file(SEED.replace("\"Studio\"", "\"BuildId\": \"release-42\", \"Studio\""));
    assertEquals("release-42", BuildVersion.stamp(fixed, temp.resolve("out/fixed.version")).buildId());
    assertArrayEquals(Files.readAllBytes(fixed), Files.readAllBytes(temp.resolve("out/fixed.version")));
  }

  /** Issue 14: a named pipe is refused from its attributes, never opened (opening it would block). */
  @Test
  void aNamedPipeOrAFolder_isRefusedWithoutBeingOpened() throws Exception {
    Path pipe = temp.resolve("Pipe.version");
    Process mkfifo = new ProcessBuilder("mkfifo", pipe.toString()).start();
    assertEquals(0, mkfifo.waitFor());

    Problem problem = only(assertThrows(ProblemException.class, () -> BuildVersion.read(pipe)));
    assertEquals("Overture/NotARegularFile", problem.id());
    assertEquals(pipe + " is a named pipe, not a regular file; it was not opened", problem.message());
    assertEquals(SourceLocation.ofFile(pipe.toString()), problem.location().orElseThrow());

    Problem folder = only(assertThrows(ProblemException.class, () -> BuildVersion.read(temp)));
    assertEquals(temp + " is a folder, not a regular file; it was not opened", folder.message());
  }

  @Test
  void aFileLargerThanTheLimit_isRefusedBeforeItIsRead() throws Exception {
    Path huge = temp.resolve("Huge.version");
    try (var channel = java.nio.channels.FileChannel.open(huge, java.nio.file.StandardOpenOption.CREATE_NEW,
        java.nio.file.StandardOpenOption.WRITE)) {
      channel.write(java.nio.ByteBuffer.wrap(new byte[] {' '}), 5L * 1024 * 1024 * 1024);
    }

    Problem problem = only(assertThrows(ProblemException.class, () -> BuildVersion.read(huge)));
    assertEquals("Overture/LimitExceeded", problem.id());
    assertEquals(huge + " is 5368709121 bytes; the largest accepted is 65536 bytes (BuildVersion.MAX_FILE_BYTES)",
        problem.message());
  }

  /**
   * A hostile review: a file nested past Jackson's limit said "... (500, from
   * `StreamReadConstraints.getMaxNestingDepth()`)" without a place; content files say it as a limit,
   * located.
   */
  @Test
  void aFileNestedPastTheLimit_isALimitExceeded_atTheBracketThatPassesIt_withoutJacksonsSettingName() throws Exception {
    Path deep = file("{ \"MajorVersion\": 1,\n  \"Nested\": " + "[".repeat(600) + "]".repeat(600) + " }");

    Problem problem = only(assertThrows(ProblemException.class, () -> BuildVersion.read(deep)));

    assertEquals("Overture/LimitExceeded", problem.id());
    assertEquals("The JSON nests deeper than 500 levels of objects and arrays; a build version file holds one flat object",
        problem.message());
    assertEquals(new SourceLocation(deep.toString(), 2, 13 + 499, ""), problem.location().orElseThrow());

    // Lines end as the parser ends them: at "\r\n" once, and at a lone "\r" (an old Mac's file).
    Path windows = file("{ \"MajorVersion\": 1,\r\n  \"Nested\": " + "[".repeat(600) + "]".repeat(600) + " }");
    assertEquals(new SourceLocation(windows.toString(), 2, 13 + 499, ""),
        only(assertThrows(ProblemException.class, () -> BuildVersion.read(windows))).location().orElseThrow());
    Path oldMac = file("{\r \"MajorVersion\": 1,\r  \"Nested\": " + "[".repeat(600) + "]".repeat(600) + " }");
    assertEquals(new SourceLocation(oldMac.toString(), 3, 13 + 499, ""),
        only(assertThrows(ProblemException.class, () -> BuildVersion.read(oldMac))).location().orElseThrow());

    // Columns count characters, not bytes; and another of the parser's limits is said as itself.
    Path accented = file("{ \"MajorVersion\": 1,\n  \"é\": " + "[".repeat(600) + "]".repeat(600) + " }");
    assertEquals(8 + 499, only(assertThrows(ProblemException.class, () -> BuildVersion.read(accented))).location().orElseThrow()
        .column());
    Problem number = only(assertThrows(ProblemException.class, () -> BuildVersion.read(file("{ \"MajorVersion\": " + "9".repeat(1200)
        + " }"))));
    assertEquals("Overture/LimitExceeded", number.id());
    assertTrue(number.message().startsWith("Number value length"), number.message());
    assertFalse(number.message().contains("StreamReadConstraints"), number.message());
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
  void aJsonObjectWithoutTheVersionFields_isNotAVersionFile_andUpdateLeavesItUntouched() throws Exception {
    for (String json : List.of("{\"name\": \"my-app\", \"version\": \"1.0.0\"}", "{}",
        "{\"MajorVersion\": 1, \"MinorVersion\": 2}")) {
      Path file = file(json);

      Problem problem = only(assertThrows(ProblemException.class,
          () -> BuildVersion.update(file, new BuildVersion.Update(5L, null, null, false, null, "x"))));

      assertEquals("Overture/NotAVersionFile", problem.id());
      assertEquals(file + " gives no \"" + (json.contains("MinorVersion") ? "PatchVersion" : "MajorVersion") + "\": a build version"
          + " file gives \"MajorVersion\", \"MinorVersion\" and \"PatchVersion\"; is it one?", problem.message());
      assertEquals(json, Files.readString(file));
    }
  }

  @Test
  void problemsWithTheFile_nameItAndThePlace() throws Exception {
    Problem missing = only(assertThrows(ProblemException.class, () -> BuildVersion.read(temp.resolve("Nope.version"))));
    assertEquals("No build version file at " + temp.resolve("Nope.version"), missing.message());

    Path malformed = file("{ \"MajorVersion\": 4, }");
    Problem syntax = only(assertThrows(ProblemException.class, () -> BuildVersion.read(malformed)));
    assertEquals("Overture/MalformedJson", syntax.id());
    assertEquals(1, syntax.location().orElseThrow().line());
    Path marked = file("\uFEFF{ \"BranchName\": \"Überzweig\", }");
    Problem afterText = only(assertThrows(ProblemException.class, () -> BuildVersion.read(marked)));
    assertEquals(1, afterText.location().orElseThrow().line());
    assertEquals(30, afterText.location().orElseThrow().column(), "the column an editor shows: characters, no byte order mark");

    Path wrong = file("{ \"MajorVersion\": \"four\" }");
    Problem value = only(assertThrows(ProblemException.class, () -> BuildVersion.read(wrong)));
    assertEquals("\"MajorVersion\" must be a whole number from 0 to 2147483647, not \"four\"", value.message());
    assertEquals(SourceLocation.at(wrong.toString(), "/MajorVersion"), value.location().orElseThrow());
  }

  /**
   * A hostile review: a build version file's syntax errors were Jackson's own words, its advice to
   * turn on a parser feature and its "[Source: REDACTED ...]" included, where a settings or content
   * file says what JSON allows.
   */
  @Test
  void aSyntaxError_isSaidInTheWordsOfEveryOtherJsonFile_notInTheParsers() throws Exception {
    Map<String, String> said = new java.util.LinkedHashMap<>();
    for (String json : List.of("{ \"MajorVersion\": 0, // the next release\n \"MinorVersion\": 1 }",
        "{ \"MajorVersion\": 0, \"BranchName\": { \"x\": 1 ", "{ \"MajorVersion\": NaN }")) {
      Path file = file(json);
      said.put(json, only(assertThrows(ProblemException.class, () -> BuildVersion.read(file))).message());
    }

    assertEquals(List.of("Malformed JSON: Unexpected character ('/'): a comment, which JSON does not allow; remove it",
        "Malformed JSON: Unexpected end-of-input: expected close marker for Object",
        "Malformed JSON: 'NaN' is not a JSON number (JSON has no NaN or Infinity); write a number"), List.copyOf(said.values()));
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
