package dev.overture.reliability;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.asset.AssetIndexException;
import dev.overture.asset.AssetLimits;
import dev.overture.asset.AssetLoadException;
import dev.overture.asset.AssetManager;
import dev.overture.asset.AssetSource;
import dev.overture.asset.LoadHandle;
import dev.overture.asset.PrimaryAssetId;
import dev.overture.asset.ResaveReport;
import dev.overture.core.Problem;
import dev.overture.core.SourceLocation;
import dev.overture.experience.Experiences;
import dev.overture.experience.PawnData;
import dev.overture.internal.JsonLayout;
import dev.overture.testing.Content;
import dev.overture.validation.ValidationReport;
import dev.overture.validation.Validator;
import dev.overture.version.CustomVersion;
import dev.overture.version.EngineVersion;
import dev.overture.version.Guid;
import dev.overture.version.UpgradeStep;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Rules of every content read (issue 14): loading, validating, resaving and indexing refuse a
 * special file without opening it, read nothing past a documented limit, refuse a number that is
 * not finite, and say where and what in words, never with a Java class name. Each rule is checked
 * through the paths a user takes: a load, the validator (what {@code overture validate} runs) and
 * resave.
 */
class ContentReliabilityTest {

  /** A Java class name in a message: a package-qualified name, or a type named for an exception or error. */
  static final Pattern CLASS_NAME =
      Pattern.compile("\\b(?:java|javax|jdk|sun|tools|com|org|dev)\\.[a-z]\\w*\\.|\\b[A-Z]\\w*(?:Exception|Error)\\b");

  private static final CustomVersion CAMERAS =
      new CustomVersion(Guid.parse("6A1F2E3D-4C5B-4A69-8778-96A5B4C3D2E1"), 2, "Test-Cameras");
  private static final String CAMERAS_V1 =
      "\"$version\": { \"engine\": \"1.0.0-100\", \"custom\": [ { \"name\": \"Test-Cameras\","
          + " \"guid\": \"6A1F2E3D-4C5B-4A69-8778-96A5B4C3D2E1\", \"version\": 1 } ] }";
  private static final PrimaryAssetId HERO = PrimaryAssetId.parse("PawnData:Hero");

  @TempDir Path temp;
  private AssetManager assets;

  @AfterEach
  void close() {
    if (assets != null) {
      assets.close();
    }
  }

  private Path root() {
    return temp.resolve("content");
  }

  private String file(String path) {
    return root().resolve(path).toString();
  }

  private static void mkfifo(Path pipe) throws Exception {
    Files.createDirectories(pipe.getParent());
    assertEquals(0, new ProcessBuilder("mkfifo", pipe.toString()).start().waitFor(), "mkfifo");
  }

  /** The content's manager at engine 1.0.0-500, with the cameras' custom version and its overflowing step. */
  private AssetManager open(Content content, Consumer<AssetManager.Builder> more) {
    content.writeTo(root());
    AssetManager.Builder builder = Experiences.register(AssetManager.builder())
        .contentRoot(AssetSource.directory(root()))
        .engineVersion(EngineVersion.parse("1.0.0-500"), EngineVersion.parse("1.0.0-400"))
        .customVersion(CAMERAS, PawnData.CameraMode.class)
        .upgrade(UpgradeStep.of(CAMERAS, 2, PawnData.CameraMode.class, "distance is in micrometres", camera -> {
          if (camera.path("distance").isNumber()) {
            camera.put("distance", camera.get("distance").asDouble() * 1e6); // unchecked, as a game's step may be
          }
        }));
    more.accept(builder);
    assets = builder.build();
    return assets;
  }

  private AssetManager open(Content content) {
    return open(content, builder -> {});
  }

  private static Content hero(String camera) {
    return Content.of()
        .file("pawns/Hero.json", "{\n  \"pawnClass\": \"Pawn\",\n  \"defaultCameraMode\": \"" + camera + "\"\n}\n");
  }

  private ValidationReport validate() {
    return Validator.builder(assets).build().run();
  }

  private static List<Problem> loadFailure(AssetManager assets, PrimaryAssetId id) throws Exception {
    LoadHandle handle = assets.loadPrimaryAsset(id, "client");
    try {
      return assertThrows(AssetLoadException.class, () -> handle.waitUntilComplete(Duration.ofSeconds(30))).problems();
    } finally {
      handle.release();
    }
  }

  // ---------------------------------------------------------------- special files

  @Test
  void aNamedPipe_whereAnAssetOrAReferenceIsExpected_isRefusedByName_withoutBeingOpened() throws Exception {
    Content content = hero("cameras/far.json");
    content.writeTo(root());
    mkfifo(root().resolve("cameras/far.json"));
    mkfifo(root().resolve("pawns/Ghost.json"));
    open(content);

    List<Problem> problems = validate().errors();

    assertEquals(List.of(
            Problem.error("Overture/NotARegularFile", file("pawns/Ghost.json") + " is a named pipe, not a regular file; it was not opened")
                .withAsset("PawnData:Ghost")
                .at(SourceLocation.ofFile(file("pawns/Ghost.json"))),
            Problem.error("Overture/NotARegularFile", file("cameras/far.json") + " is a named pipe, not a regular file; it was not"
                    + " opened, referenced by PawnData:Hero")
                .withAsset("PawnData:Hero")
                .at(new SourceLocation(file("pawns/Hero.json"), 3, 24, "/defaultCameraMode"))).toString(),
        problems.toString());
    ResaveReport resave = assets.tools().resave(true);
    assertEquals(List.of("Overture/NotARegularFile", "Overture/NotARegularFile"),
        resave.refused().stream().map(entry -> entry.problems().get(0).id()).toList(), resave.format());
  }

  @Test
  void aNamedPipe_inPlaceOfOvertureJson_stopsTheIndex_byName() throws Exception {
    mkfifo(root().resolve("overture.json"));

    AssetIndexException e = assertThrows(AssetIndexException.class, () -> open(hero("cameras/far.json")));

    assertEquals(List.of(Problem.error("Overture/NotARegularFile", file("overture.json") + " is a named pipe, not a regular file; it"
            + " was not opened").at(SourceLocation.ofFile(file("overture.json")))), e.problems());
  }

  // ---------------------------------------------------------------- limits

  @Test
  void aFilePastTheSizeLimit_isRefusedAtTheFile_whereverItIsRead() throws Exception {
    open(hero("cameras/far.json").file("cameras/far.json", "{ \"distance\": 4, \"height\": 2, \"x\": \"" + "x".repeat(3000) + "\" }"),
        builder -> builder.limits(AssetLimits.defaults().withMaxDocumentBytes(2048)));

    Problem problem = validate().errors().get(0);

    assertEquals("Overture/LimitExceeded", problem.id());
    assertEquals("File \"" + file("cameras/far.json") + "\" is " + Files.size(root().resolve("cameras/far.json"))
        + " bytes; the largest accepted is 2048 bytes (AssetLimits.maxDocumentBytes)", problem.message());
    assertEquals(SourceLocation.ofFile(file("cameras/far.json")), problem.location().orElseThrow());
    assertEquals("Overture/LimitExceeded", assets.tools().resave(true).refused().get(0).problems().get(0).id());
  }

  @Test
  void noFileIsHeldAsATreeOfMoreTokensThanTheLimit_byAnUpgradeOrAResave() throws Exception {
    String many = "[" + "0, ".repeat(300) + "0]";
    open(hero("cameras/old.json")
            .file("cameras/old.json", "{ " + CAMERAS_V1 + ",\n  \"distance\": 4, \"height\": 2,\n  \"junk\": " + many + " }")
            .file("cameras/long.json", "{ \"distance\": 4, \"height\": 2,\n  \"note\": \"" + "y".repeat(300) + "\" }")
            .file("pawns/Other.json", "{ \"pawnClass\": \"Pawn\", \"defaultCameraMode\": \"cameras/long.json\" }"),
        builder -> builder.limits(AssetLimits.defaults().withMaxTokenCount(200).withMaxStringLength(200)));
    byte[] longBefore = Files.readAllBytes(root().resolve("cameras/long.json"));

    Problem tokens = loadFailure(assets, HERO).get(0);
    ResaveReport resave = assets.tools().resave(false);

    assertEquals("Overture/LimitExceeded", tokens.id());
    assertEquals("The file holds more than 200 tokens (names, values and brackets); the most accepted is 200"
        + " (AssetLimits.maxTokenCount), and this is where it went past", tokens.message());
    assertEquals(file("cameras/old.json"), tokens.location().orElseThrow().file());
    assertEquals(3, tokens.location().orElseThrow().line());
    Problem longString = resave.refused().stream().filter(entry -> entry.file().equals(file("cameras/long.json")))
        .findFirst().orElseThrow().problems().get(0);
    assertEquals(Problem.error("Overture/LimitExceeded", "This string is longer than 200 characters, the longest accepted"
            + " (AssetLimits.maxStringLength)").withAsset("Game:/cameras/long.json")
        .at(new SourceLocation(file("cameras/long.json"), 2, 11, "/note")), longString);
    assertArrayEquals(longBefore, Files.readAllBytes(root().resolve("cameras/long.json")), "a refused file is left as it is");
  }

  @Test
  void aStringOverTheLimit_isRefusedByALoadToo_evenInAPropertyTheLoadIgnores() throws Exception {
    // Found by the content fuzzer: an unknown property's value is skipped, and skipping a string
    // does not read it, so its length went unchecked while the same file's resave refused it.
    open(Content.of()
            .file("pawns/Hero.json", "{ \"pawnClass\": \"Pawn\",\n  \"inputConfg\": \"" + "y".repeat(300) + "\" }")
            .file("cameras/long.json", "{ \"distance\": 4, \"height\": 2,\n  \"notes\": [ { \"text\": \"" + "y".repeat(300) + "\" } ] }")
            .file("pawns/Other.json", "{ \"pawnClass\": \"Pawn\", \"defaultCameraMode\": \"cameras/long.json\" }"),
        builder -> builder.limits(AssetLimits.defaults().withMaxStringLength(200)));

    Problem problem = loadFailure(assets, HERO).get(0);
    Problem nested = loadFailure(assets, PrimaryAssetId.parse("PawnData:Other")).get(0);

    assertEquals(Problem.error("Overture/LimitExceeded", "This string is longer than 200 characters, the longest accepted"
            + " (AssetLimits.maxStringLength)").withAsset("PawnData:Hero")
        .at(new SourceLocation(file("pawns/Hero.json"), 2, 17, "/inputConfg")), problem);
    assertEquals(Problem.error("Overture/LimitExceeded", "This string is longer than 200 characters, the longest accepted"
            + " (AssetLimits.maxStringLength)").withAsset("Game:/cameras/long.json")
        .at(new SourceLocation(file("cameras/long.json"), 2, 24, "/notes/0/text")), nested);
  }

  @Test
  void theNestingLimit_namesTheLineColumnAndPointer_ofTheBracketThatGoesTooDeep() throws Exception {
    open(hero("cameras/deep.json")
        .file("cameras/deep.json", "{ \"distance\": 4, \"height\": 2,\n  \"deep\": " + "[".repeat(70) + "]".repeat(70) + " }"));

    Problem problem = loadFailure(assets, HERO).get(0);

    assertEquals(Problem.error("Overture/LimitExceeded", "Objects and arrays nest more than 64 levels deep here; the deepest"
            + " accepted is 64 (AssetLimits.maxNestingDepth)").withAsset("Game:/cameras/deep.json")
        .at(new SourceLocation(file("cameras/deep.json"), 2, 74, "/deep" + "/0".repeat(63))), problem);
  }

  // ---------------------------------------------------------------- numbers

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', textBlock = """
      NaN as a string        | "distance": "NaN", "height": 2                                        | /distance                  | Expected a finite number but found "NaN"
      Infinity as a string   | "distance": 4, "height": 2, "fieldOfView": "Infinity"                 | /fieldOfView               | Expected a finite number but found "Infinity"
      a literal too large    | "distance": 1e999, "height": 2                                        | /distance                  | 1e999 is too large for a number here (it would be Infinity); write a finite number
      """)
  void aNumberThatIsNotFinite_isRefusedWhereItIs_byLoadAndValidate(String name, String members, String pointer, String message)
      throws Exception {
    open(hero("cameras/bad.json").file("cameras/bad.json", "{\n  " + members + "\n}\n"));

    Problem loaded = loadFailure(assets, HERO).get(0);
    Problem validated = validate().errors().get(0);

    Problem expected = Problem.error("Overture/InvalidValue", message).withAsset("Game:/cameras/bad.json")
        .at(new SourceLocation(file("cameras/bad.json"), 2, 3 + members.indexOf(pointer.substring(1)) + pointer.length() + 2,
            pointer));
    assertEquals(expected, loaded);
    assertEquals(expected.message(), validated.message());
    assertEquals(expected.location(), validated.location());
  }

  @Test
  void aNotFiniteNumber_inAMapOrAList_isRefusedToo() throws Exception {
    open(Content.of()
        .file("pawns/Hero.json", "{ \"pawnClass\": \"Pawn\", \"abilitySets\": [\"abilities/set.json\"] }")
        .file("abilities/set.json", "{ \"grantedAttributes\": [ { \"attributeSet\": \"Health\",\n"
            + "  \"initialValues\": { \"max\": 100, \"regen\": \"-Infinity\" } } ] }"));

    Problem problem = validate().errors().get(0);

    assertEquals("Expected a finite number but found \"-Infinity\"", problem.message());
    assertEquals(new SourceLocation(file("abilities/set.json"), 2, 43, "/grantedAttributes/0/initialValues/regen"),
        problem.location().orElseThrow());
  }

  @Test
  void aDecimalWhoseExponentNoNumberHolds_inAnOlderFormat_isRefusedWhereItIs_byLoadAndResave() throws Exception {
    // An older format is read as a tree of exact decimals, where Jackson's own failure has no place (found by fuzzing).
    open(hero("cameras/old.json").file("cameras/old.json", "{ " + CAMERAS_V1 + ",\n  \"distance\": 1.5e30888888888,\n  \"height\": 2 }"));
    byte[] before = Files.readAllBytes(root().resolve("cameras/old.json"));

    Problem loaded = loadFailure(assets, HERO).get(0);
    ResaveReport resave = assets.tools().resave(false);

    assertEquals(Problem.error("Overture/OutOfRange", "1.5e30888888888 has an exponent too large for any number; write a number"
            + " of ordinary size").withAsset("Game:/cameras/old.json")
        .at(new SourceLocation(file("cameras/old.json"), 2, 15, "/distance")), loaded);
    assertEquals("Overture/OutOfRange", resave.refused().get(0).problems().get(0).id());
    assertArrayEquals(before, Files.readAllBytes(root().resolve("cameras/old.json")), "a refused file is left as it is");
  }

  @Test
  void anUpgradeStepThatOverflows_isRefusedAtTheValue_byLoadValidateAndResave_andNothingIsWritten() throws Exception {
    open(hero("cameras/old.json").file("cameras/old.json", "{ " + CAMERAS_V1 + ",\n  \"distance\": 1e303,\n  \"height\": 2 }"));
    byte[] before = Files.readAllBytes(root().resolve("cameras/old.json"));

    Problem loaded = loadFailure(assets, HERO).get(0);
    Problem validated = validate().errors().get(0);
    ResaveReport resave = assets.tools().resave(false);

    Problem expected = Problem.error("Overture/UpgradeFailed", "The upgrade step \"distance is in micrometres\" (Test-Cameras 1 -> 2)"
            + " made /distance Infinity, which is not a finite number (the conversion overflowed)")
        .withAsset("Game:/cameras/old.json")
        .at(new SourceLocation(file("cameras/old.json"), 2, 15, "/distance"));
    assertEquals(expected, loaded);
    assertEquals(expected, validated);
    assertEquals(List.of(expected), resave.refused().stream().filter(entry -> entry.file().equals(file("cameras/old.json")))
        .findFirst().orElseThrow().problems());
    assertArrayEquals(before, Files.readAllBytes(root().resolve("cameras/old.json")));
  }

  @Test
  void noNumberThatIsNotFinite_isEverWritten() {
    ObjectNode tree = JsonMapper.builder().build().createObjectNode();
    tree.putObject("camera").put("distance", Double.POSITIVE_INFINITY);

    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> JsonLayout.toBytes(tree));

    assertEquals("Not written: /camera/distance is Infinity, which is not a finite number (JSON has none)", e.getMessage());
  }

  // ---------------------------------------------------------------- messages

  @Test
  void noProblem_namesAJavaClass_whateverWentWrong() throws Exception {
    Content content = hero("cameras/far.json")
        .file("pawns/Missing.json", "{ \"pawnClass\": \"Pawn\", \"defaultCameraMode\": \"cameras/none.json\" }")
        .file("pawns/Large.json", "{ \"pawnClass\": \"Pawn\", \"displayName\": \"" + "x".repeat(5000) + "\" }")
        .file("pawns/Malformed.json", "{ \"pawnClass\": ")
        .file("pawns/Thrown.json", "{ \"pawnClass\": \"Pawn\", \"defaultCameraMode\": \"cameras/thrown.json\" }")
        .file("cameras/thrown.json", "{ " + CAMERAS_V1 + ", \"distance\": \"text\", \"height\": 2 }")
        .file("pawns/ReadOnly.json", "{ \"pawnClass\": \"Pawn\" }");
    content.writeTo(root());
    mkfifo(root().resolve("cameras/far.json"));
    Files.setPosixFilePermissions(root().resolve("pawns/ReadOnly.json"), PosixFilePermissions.fromString("r--r--r--"));
    assets = Experiences.register(AssetManager.builder())
        .contentRoot(AssetSource.directory(root()))
        .limits(AssetLimits.defaults().withMaxDocumentBytes(4096))
        .customVersion(CAMERAS, PawnData.CameraMode.class)
        .upgrade(UpgradeStep.of(CAMERAS, 2, PawnData.CameraMode.class, "a step with a bug", camera -> {
          String missing = null;
          camera.put("length", missing.length()); // a bug: the message Java writes names no class of ours
        }))
        .build();

    List<Problem> problems = new ArrayList<>(validate().problems());
    assets.tools().resave(false).refused().forEach(entry -> problems.addAll(entry.problems()));

    List<String> ids = problems.stream().map(Problem::id).distinct().sorted().toList();
    assertTrue(ids.containsAll(List.of("Overture/LimitExceeded", "Overture/MalformedJson", "Overture/MissingFile",
        "Overture/NotARegularFile", "Overture/UpgradeFailed", "Overture/WriteFailed")), ids.toString());
    for (Problem problem : problems) {
      assertFalse(CLASS_NAME.matcher(problem.message()).find(), problem.toString());
    }
  }

  @Test
  void aFileSavedWithChangelistZero_isWarnedAboutOnce_byValidate_howeverManyAssetsReachIt() {
    String zero = "\"$version\": { \"engine\": \"1.0.0-0\", \"custom\": [] }";
    open(hero("cameras/dev.json")
        .file("pawns/Twin.json", "{ \"pawnClass\": \"Pawn\", \"defaultCameraMode\": \"cameras/dev.json\" }")
        .file("cameras/dev.json", "{ " + zero + ",\n  \"distance\": 4, \"height\": 2 }"));

    List<Problem> warnings = validate().warnings();

    assertEquals(1, warnings.size(), warnings.toString());
    assertEquals("Overture/ZeroChangelist", warnings.get(0).id());
    assertEquals(new SourceLocation(file("cameras/dev.json"), 1, 27, "/$version/engine"), warnings.get(0).location().orElseThrow());
    assertTrue(warnings.get(0).message().startsWith("Saved with engine version 1.0.0-0, whose changelist is 0"), warnings.get(0).message());
  }
}
