package dev.overture.asset;

import dev.overture.testing.Content;
import dev.overture.testing.ManualExecutor;
import static dev.overture.asset.TestAssets.id;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.core.Problem;
import dev.overture.core.Severity;
import dev.overture.core.SourceLocation;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every failure a content author can cause: exact message, location and valid choices. */
class AssetErrorsTest {

  private static final String NL = System.lineSeparator();

  @TempDir Path temp;
  private final ManualExecutor workers = new ManualExecutor();
  private AssetManager assets;

  @AfterEach
  void tearDown() {
    if (assets != null) {
      assets.close();
    }
  }

  /** The game plus {@code extra} files, on disk under {@code assets/}. */
  private AssetManager with(Content content) {
    assets = TestAssets.builder(AssetSource.directory(content.writeTo(temp.resolve("assets")))).executor(workers).build();
    return assets;
  }

  private AssetLoadException failure(LoadHandle handle) {
    workers.runAll();
    return assertThrows(AssetLoadException.class, () -> handle.waitUntilComplete(Duration.ZERO));
  }

  private static Problem only(AssetLoadException e) {
    assertEquals(1, e.problems().size(), e.getMessage());
    return e.problems().get(0);
  }

  private static SourceLocation at(String file, int line, int column, String pointer) {
    return new SourceLocation(file, line, column, pointer);
  }

  private String file(String path) {
    return temp.resolve("assets") + "/" + path;
  }

  @Test
  void unknownProperty_isAWarningNamingTheKnownOnes_andTheAssetLoads() throws Exception {
    with(TestAssets.game().file("pawns/Villain.json", """
        {
          "name": "Villain",
          "colour": "red"
        }
        """));
    LoadHandle handle = assets.loadPrimaryAsset(id("Pawn:Villain"));
    workers.runAll();

    LoadResult result = handle.waitUntilComplete(Duration.ZERO);
    Problem warning = result.warnings().get(0);
    assertEquals(Severity.WARNING, warning.severity());
    assertEquals("Overture/UnknownProperty", warning.id());
    assertEquals(
        "Unknown property \"colour\" in Pawn was ignored (known properties: \"friends\", \"name\", \"portrait\", \"stats\")",
        warning.message());
    assertEquals(at(file("pawns/Villain.json"), 3, 13, "/colour"), warning.location().orElseThrow());
    assertEquals("Pawn:Villain", warning.asset().orElseThrow());
  }

  @Test
  void malformedJson_givesTheLineAndColumn() {
    with(TestAssets.game().file("pawns/Villain.json", """
        {
          "name": "Villain"
          "friends": []
        }
        """));
    Problem problem = only(failure(assets.loadPrimaryAsset(id("Pawn:Villain"))));

    assertEquals("Overture/MalformedJson", problem.id());
    assertTrue(problem.message().startsWith("Malformed JSON: Unexpected character ('\"' (code 34)): was expecting comma"), problem.message());
    assertEquals(3, problem.location().orElseThrow().line());
    assertEquals(3, problem.location().orElseThrow().column());
  }

  @Test
  void wrongType_saysWhatWasExpectedAndFound() {
    with(TestAssets.game().file("modes/Base.json", """
        { "title": "Base", "maxPlayers": "sixteen" }
        """));
    Problem problem = only(failure(assets.loadPrimaryAsset(id("Mode:Base"))));

    assertEquals("Overture/WrongType", problem.id());
    assertEquals("Expected a whole number for \"maxPlayers\" but found a string", problem.message());
    assertEquals(at(file("modes/Base.json"), 1, 34, "/maxPlayers"), problem.location().orElseThrow());
  }

  @Test
  void aNumberWhereAStringBelongs_isNotQuietlyTurnedIntoText() {
    with(TestAssets.game().file("pawns/Villain.json", """
        { "name": 7 }
        """));
    Problem problem = only(failure(assets.loadPrimaryAsset(id("Pawn:Villain"))));

    assertEquals("Overture/WrongType", problem.id());
    assertEquals("Expected a string for \"name\" but found a whole number", problem.message());
    assertEquals(at(file("pawns/Villain.json"), 1, 11, "/name"), problem.location().orElseThrow());
  }

  @Test
  void invalidEnumValue_listsTheValidValues() {
    with(TestAssets.game().file("arenas/Dust.json", """
        { "name": "Dust", "defaultTeam": "GREEN", "tiles": [] }
        """));
    Problem problem = only(failure(assets.loadPrimaryAsset(id("Arena:Dust"))));

    assertEquals("Overture/InvalidValue", problem.id());
    assertEquals("\"GREEN\" is not a valid defaultTeam value (valid values: \"RED\", \"BLUE\")", problem.message());
    assertEquals("/defaultTeam", problem.location().orElseThrow().pointer());
  }

  @Test
  void referenceToAnUnknownAsset_isReportedWhereItIsWritten() {
    with(TestAssets.game().file("modes/Base.json", """
        {
          "title": "Base",
          "pawn": "Heroo"
        }
        """));
    Problem problem = only(failure(assets.loadPrimaryAsset(id("Mode:Base"), "client")));

    assertEquals("Overture/UnknownAsset", problem.id());
    assertEquals(
        "No asset Pawn:Heroo is indexed (indexed: \"Pawn:Hero\", \"Pawn:Sidekick\", \"Pawn:Villain\")", problem.message());
    assertEquals(List.of("Pawn:Hero", "Pawn:Sidekick", "Pawn:Villain"), problem.choices());
    assertEquals(at(file("modes/Base.json"), 3, 11, "/pawn"), problem.location().orElseThrow());
    assertEquals("Mode:Base", problem.asset().orElseThrow());
  }

  @Test
  void referenceOfTheWrongType_namesTheAllowedTypes() {
    with(TestAssets.game().file("modes/Base.json", """
        { "title": "Base", "pawn": "Mode:Elimination" }
        """));
    Problem problem = only(failure(assets.loadPrimaryAsset(id("Mode:Base"))));

    assertEquals("Overture/WrongAssetType", problem.id());
    assertEquals(
        "Reference \"Mode:Elimination\" is of type Mode, which this field does not take (allowed: \"Pawn\")",
        problem.message());
    assertEquals(at(file("modes/Base.json"), 1, 28, "/pawn"), problem.location().orElseThrow());
  }

  @Test
  void malformedReference_showsTheExpectedForm() {
    with(TestAssets.game().file("modes/Base.json", """
        { "title": "Base", "includes": ["Mode:"] }
        """));
    Problem problem = only(failure(assets.loadPrimaryAsset(id("Mode:Base"))));

    assertEquals("Overture/InvalidReference", problem.id());
    assertEquals(
        "Invalid primary asset id \"Mode:\": the name is empty; expected \"Type:Name\", for example"
            + " \"Experience:Elimination\" (allowed: \"Mode\")",
        problem.message());
    assertEquals("/includes/0", problem.location().orElseThrow().pointer());
  }

  @Test
  void unknownKind_listsTheRegisteredKinds() {
    with(TestAssets.game().file("modes/Base.json", """
        {
          "title": "Base",
          "actions": [ { "action": "Spawn", "what": "bot", "count": 1 }, { "action": "Spwan" } ]
        }
        """));
    Problem problem = only(failure(assets.loadPrimaryAsset(id("Mode:Base"))));

    assertEquals("Overture/UnknownKind", problem.id());
    assertEquals("Unknown action \"Spwan\" for Action (known kinds: \"Grant\", \"Spawn\")", problem.message());
    assertEquals("/actions/1", problem.location().orElseThrow().pointer());
    assertEquals(3, problem.location().orElseThrow().line());
  }

  @Test
  void missingKind_saysWhichPropertyNamesIt() {
    with(TestAssets.game().file("modes/Base.json", """
        { "title": "Base", "actions": [ { "what": "bot" } ] }
        """));
    Problem problem = only(failure(assets.loadPrimaryAsset(id("Mode:Base"))));

    assertEquals("Overture/MissingKind", problem.id());
    assertEquals("Missing \"action\": name the kind of Action (known kinds: \"Grant\", \"Spawn\")", problem.message());
  }

  @Test
  void missingReferencedFile_isReportedAtTheReference_withTheFilesThatAreThere() {
    with(TestAssets.game().file("pawns/Villain.json", """
        {
          "name": "Villain",
          "portrait": "icons/villian.json"
        }
        """).file("icons/villain.json", "{ \"texture\": \"v.png\", \"size\": 8 }"));
    Problem problem = only(failure(assets.loadPrimaryAsset(id("Pawn:Villain"), "client")));

    assertEquals("Overture/MissingFile", problem.id());
    assertEquals(
        "File " + file("icons/villian.json") + " does not exist, referenced by Pawn:Villain"
            + " (files there: \"badge.json\", \"elimination.json\", \"hero.json\", \"villain.json\")",
        problem.message());
    assertEquals(at(file("pawns/Villain.json"), 3, 15, "/portrait"), problem.location().orElseThrow());
  }

  /**
   * A reference written decomposed (NFD, as macOS hands out names) to a file named composed (NFC):
   * macOS finds the file, Linux does not, and the message named a missing file that looked the same
   * as the one it listed as there.
   */
  @Test
  void missingReferencedFile_whoseNameIsThereInAnotherUnicodeForm_saysSo() {
    String composed = "icons/na\u00efve.json";
    String decomposed = "icons/nai\u0308ve.json";
    with(TestAssets.game().file("pawns/Villain.json", "{ \"name\": \"Villain\", \"portrait\": \"" + decomposed + "\" }")
        .file(composed, "{ \"texture\": \"v.png\", \"size\": 8 }"));
    Problem problem = only(failure(assets.loadPrimaryAsset(id("Pawn:Villain"), "client")));

    assertEquals("Overture/MissingFile", problem.id());
    assertEquals(
        "File " + file(decomposed) + " does not exist (\"na\u00efve.json\" is there: the same name in other Unicode code"
            + " points, one composed (NFC) and the other decomposed (NFD), which some file systems tell apart; write the name in"
            + " the reference and the file alike, composed), referenced by Pawn:Villain (files there: \"badge.json\","
            + " \"elimination.json\", \"hero.json\", \"na\u00efve.json\")",
        problem.message());
  }

  @Test
  void duplicateKeys_trailingContent_andNull_areErrors() {
    with(TestAssets.game()
        .file("pawns/Villain.json", "{ \"name\": \"a\", \"name\": \"b\" }")
        .file("arenas/Dust.json", "{ \"name\": \"Dust\", \"tiles\": [] } {}")
        .file("modes/Base.json", "null"));

    assertEquals("Overture/MalformedJson", only(failure(assets.loadPrimaryAsset(id("Pawn:Villain")))).id());
    Problem trailing = only(failure(assets.loadPrimaryAsset(id("Arena:Dust"))));
    assertEquals("Overture/MalformedJson", trailing.id());
    assertEquals("Content after the end of the top-level value; a file holds one value", trailing.message());
    Problem nullFile = only(failure(assets.loadPrimaryAsset(id("Mode:Base"))));
    assertEquals("File holds null; expected an object for Mode", nullFile.message());
  }

  @Test
  void anEmptyFile_saysSo() {
    with(TestAssets.game().file("modes/Base.json", "  \n"));
    Problem problem = only(failure(assets.loadPrimaryAsset(id("Mode:Base"))));

    assertEquals("Overture/MalformedJson", problem.id());
    assertEquals("The file is empty; expected a JSON object", problem.message());
  }

  @Test
  void aNullInAList_isReportedWhereItIs() {
    with(TestAssets.game().file("modes/Base.json", """
        { "title": "Base", "includes": ["Elimination", null] }
        """));
    Problem problem = only(failure(assets.loadPrimaryAsset(id("Mode:Base"))));

    assertEquals("Overture/InvalidValue", problem.id());
    assertEquals("null is not allowed here", problem.message());
    assertEquals("/includes/1", problem.location().orElseThrow().pointer());
    assertEquals(1, problem.location().orElseThrow().line());
  }

  @Test
  void anUnknownClassName_listsTheRegisteredOnes() {
    assets =
        TestAssets.builder(AssetSource.directory(TestAssets.game()
                .file("rigs/Hero.json", "{ \"pawnClass\": \"Heroo\" }")
                .writeTo(temp.resolve("assets"))))
            .scanRule(ScanRule.of("Rig", Rig.class, "rigs"))
            .kind(Object.class, "Hero", HeroBody.class)
            .kind(Object.class, "Ghost", GhostBody.class)
            .executor(workers)
            .build();
    Problem problem = only(failure(assets.loadPrimaryAsset(id("Rig:Hero"))));

    assertEquals("Overture/UnknownClass", problem.id());
    assertEquals("Unknown Body class \"Heroo\" (registered: \"Ghost\", \"Hero\")", problem.message());
    assertEquals(new SourceLocation(file("rigs/Hero.json"), 1, 16, "/pawnClass"), problem.location().orElseThrow());
  }

  interface Body {}

  static final class HeroBody implements Body {}

  static final class GhostBody implements Body {}

  record Rig(ClassRef<Body> pawnClass) {}

  @Test
  void limits_refuseOversizedAndTooDeepFiles() {
    String deep = "[".repeat(80) + "]".repeat(80);
    Content content = TestAssets.game()
        .file("arenas/Dust.json", "{ \"name\": \"Dust\", \"tiles\": [], \"notes\": " + deep + " }")
        .file("pawns/Villain.json", "{ \"name\": \"" + "x".repeat(5000) + "\" }");
    assets = TestAssets.builder(AssetSource.directory(content.writeTo(temp.resolve("assets"))))
        .executor(workers)
        .limits(AssetLimits.defaults().withMaxDocumentBytes(4096))
        .build();

    Problem tooDeep = only(failure(assets.loadPrimaryAsset(id("Arena:Dust"))));
    assertEquals("Overture/LimitExceeded", tooDeep.id());
    assertEquals("Objects and arrays nest more than 64 levels deep here; the deepest accepted is 64 (AssetLimits.maxNestingDepth)",
        tooDeep.message());
    assertEquals(new SourceLocation(file("arenas/Dust.json"), 1, 104, "/notes" + "/0".repeat(63)), tooDeep.location().orElseThrow(),
        "the line, column and pointer of the bracket that goes one level too deep (issue 14)");

    Problem tooLarge = only(failure(assets.loadPrimaryAsset(id("Pawn:Villain"))));
    assertEquals("Overture/LimitExceeded", tooLarge.id());
    assertEquals(
        "File \"" + file("pawns/Villain.json") + "\" is 5014 bytes; the largest accepted is 4096 bytes"
            + " (AssetLimits.maxDocumentBytes)",
        tooLarge.message());
  }

  @Test
  void unknownType_namesTheKnownTypes() {
    with(TestAssets.game());
    Problem problem = only(failure(assets.loadPrimaryAsset(id("Experience:Elimination"))));

    assertEquals("Overture/UnknownAssetType", problem.id());
    assertEquals(
        "No scan rule declares the type Experience of Experience:Elimination (known types: \"Arena\", \"Mode\", \"Pawn\")",
        problem.message());
  }

  @Test
  void aBundleWithSeveralBadAssets_reportsThemAllNumbered_andTheGoodOnesStayUsable() {
    with(TestAssets.game()
        .file("modes/Elimination.json", """
            {
              "title": "Elimination",
              "pawn": "Hero",
              "icon": "icons/missing.json",
              "includes": ["Base"]
            }
            """)
        .file("modes/Base.json", """
            { "title": "Base", "maxPlayers": 1.5 }
            """)
        .file("pawns/Hero.json", """
            { "name": "Hero", "friends": ["Sidekick", "Ghost"] }
            """));
    LoadHandle handle = assets.loadPrimaryAsset(id("Mode:Elimination"), "client");
    AssetLoadException e = failure(handle);

    assertEquals(
        "Could not load Mode:Elimination with bundles [client], see the following problems:" + NL
            + NL
            + "1) [Overture/WrongType] Expected a whole number for \"maxPlayers\" but found a decimal number" + NL
            + "   at " + file("modes/Base.json") + ":1:34 (/maxPlayers)" + NL
            + NL
            + "2) [Overture/MissingFile] File " + file("icons/missing.json") + " does not exist, referenced by"
            + " Mode:Elimination (files there: \"badge.json\", \"elimination.json\", \"hero.json\")" + NL
            + "   at " + file("modes/Elimination.json") + ":4:11 (/icon)" + NL
            + NL
            + "3) [Overture/UnknownAsset] No asset Pawn:Ghost is indexed (indexed: \"Pawn:Hero\", \"Pawn:Sidekick\","
            + " \"Pawn:Villain\")" + NL
            + "   at " + file("pawns/Hero.json") + ":1:43 (/friends/1)" + NL
            + NL
            + "3 problems",
        e.getMessage());
    assertTrue(assets.getAsset(id("Pawn:Hero")).isPresent());
    assertTrue(assets.getAsset(id("Pawn:Sidekick")).isPresent());
    assertTrue(assets.getAsset(id("Mode:Elimination")).isPresent());
    handle.release();
    assertEquals(0, assets.stats().loaded());
  }

  @Test
  void acyclicReferencesThatLoop_failWithTheChain() {
    with(TestAssets.game()
        .file("modes/A.json", "{ \"title\": \"A\", \"includes\": [\"B\"] }")
        .file("modes/B.json", "{ \"title\": \"B\",\n  \"includes\": [\"C\"] }")
        .file("modes/C.json", "{ \"title\": \"C\", \"includes\": [\"A\"] }"));
    Problem problem = only(failure(assets.loadPrimaryAsset(id("Mode:A"))));

    assertEquals("Overture/ReferenceCycle", problem.id());
    assertEquals("Reference cycle: Mode:A -> Mode:B -> Mode:C -> Mode:A; these references must not loop", problem.message());
    assertEquals(at(file("modes/C.json"), 1, 30, "/includes/0"), problem.location().orElseThrow());
  }

  @Test
  void selfInclusion_isACycleToo() {
    with(TestAssets.game().file("modes/Base.json", "{ \"title\": \"Base\", \"includes\": [\"Base\"] }"));
    Problem problem = only(failure(assets.loadPrimaryAsset(id("Mode:Base"))));

    assertEquals("Reference cycle: Mode:Base -> Mode:Base; these references must not loop", problem.message());
  }

  /**
   * A column is where the author's editor puts the cursor on the line: characters as Java counts
   * them, not the bytes Jackson counts (an "é" is two of them, a "→" three, a "𝄞" four, and one
   * character of an editor's is two of Java's there), and a byte order mark is no column at all. Each
   * case reaches a place by another path: binding, a warning, a reference found again in the file, a
   * malformed file, a limit.
   */
  static Stream<Arguments> placesAfterCharactersBeyondAscii() {
    return Stream.of(
        Arguments.of("a wrong type", "modes/Base.json", "Mode:Base",
            "{ \"title\": \"Bâse → 𝄞\", \"maxPlayers\": \"sixteen\" }\n", "Overture/WrongType", 1, 39),
        Arguments.of("a byte order mark", "modes/Base.json", "Mode:Base",
            "\uFEFF{ \"title\": \"Base\", \"maxPlayers\": \"sixteen\" }\n", "Overture/WrongType", 1, 34),
        Arguments.of("an unknown property", "pawns/Villain.json", "Pawn:Villain",
            "{ \"name\": \"Vïllain ☃\", \"colour\": \"red\" }\n", "Overture/UnknownProperty", 1, 34),
        Arguments.of("an unknown asset", "modes/Base.json", "Mode:Base",
            "{ \"title\": \"Bâse\", \"pawn\": \"Heroo\" }\n", "Overture/UnknownAsset", 1, 28),
        Arguments.of("malformed JSON", "modes/Base.json", "Mode:Base",
            "{\r\n  \"title\": \"Ünïcode\" \"maxPlayers\": 2\r\n}\r\n", "Overture/MalformedJson", 2, 22),
        // Where the parser stood when the number crossed the limit: just after it (136 in bytes).
        Arguments.of("a number past the limit", "modes/Base.json", "Mode:Base",
            "{ \"title\": \"é→\", \"maxPlayers\": " + "1".repeat(101) + " }\n", "Overture/LimitExceeded", 1, 133));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("placesAfterCharactersBeyondAscii")
  void aColumnCountsCharacters_asTheEditorShowsThem(String what, String path, String asset, String json, String problemId,
      int line, int column) throws Exception {
    with(TestAssets.game().file(path, json));
    LoadHandle handle = assets.loadPrimaryAsset(id(asset), "client");
    workers.runAll();

    List<Problem> problems;
    try {
      problems = handle.waitUntilComplete(Duration.ZERO).warnings();
    } catch (AssetLoadException e) {
      problems = e.problems();
    }
    Problem problem = problems.get(0);
    assertEquals(problemId, problem.id(), problem.toString());
    assertEquals(line, problem.location().orElseThrow().line(), problem.toString());
    assertEquals(column, problem.location().orElseThrow().column(), problem.toString());
  }
}
