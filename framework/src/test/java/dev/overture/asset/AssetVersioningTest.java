package dev.overture.asset;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.core.Problem;
import dev.overture.core.SourceLocation;
import dev.overture.testing.Content;
import dev.overture.testing.ManualExecutor;
import dev.overture.version.CustomVersion;
import dev.overture.version.EngineVersion;
import dev.overture.version.Guid;
import dev.overture.version.JsonUpgrade;
import dev.overture.version.UpgradeStep;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Versioned assets: older ones upgraded, newer ones refused, resave rewriting only what changes. */
class AssetVersioningTest {

  record Hull(int armor) {}

  record Ship(
      String name, Double speed, Integer health, @AssetBundles("client") SoftRef<Hull> hull, PrimaryAssetId escort,
      java.math.BigDecimal price) {}

  /** Version 2: speed in m/s (was km/h). Version 3: hp is now health. */
  static final CustomVersion SHIPS = new CustomVersion(Guid.parse("0F1E2D3C-4B5A-6978-8796-A5B4C3D2E1F0"), 3, "Ships");

  static final String HEADER_V1 = """
      "$version": {
          "engine": "1.0.0-300",
          "compatible": "1.0.0-300",
          "custom": [ { "name": "Ships", "guid": "0F1E2D3C-4B5A-6978-8796-A5B4C3D2E1F0", "version": 1 } ]
        }""";

  @TempDir Path temp;
  private final ManualExecutor workers = new ManualExecutor();
  private AssetManager assets;
  private Path root;

  @AfterEach
  void tearDown() {
    if (assets != null) {
      assets.close();
    }
  }

  private static Content content() {
    return Content.of()
        .file("ships/Old.json", """
            {
              %s,
              "name": "Old",
              "speed": 36,
              "hp": 80,
              "colour": "red",
              "hull": "hulls/steel.json",
              "price": 12345678901234567890.10
            }
            """.formatted(HEADER_V1))
        .file("ships/Current.json", """
            {
              "$version": {
                "engine": "1.0.0-500",
                "compatible": "1.0.0-400",
                "custom": [
                  {
                    "name": "Ships",
                    "guid": "0F1E2D3C-4B5A-6978-8796-A5B4C3D2E1F0",
                    "version": 3
                  }
                ]
              },
              "name": "Current",
              "health": 100
            }
            """)
        .file("ships/Hand.json", """
            { "name": "Hand", "health": 50 }
            """)
        .file("ships/Newer.json", """
            {
              "$version": { "engine": "2.0.0-900", "compatible": "1.5.0-800", "custom": [] },
              "name": "Newer"
            }
            """)
        .file("ships/Future.json", """
            {
              "$version": {
                "engine": "1.0.0-400",
                "custom": [ { "name": "Ships", "guid": "0F1E2D3C-4B5A-6978-8796-A5B4C3D2E1F0", "version": 4 } ]
              },
              "name": "Future"
            }
            """)
        .file("ships/Dangling.json", """
            { "name": "Dangling", "hp": 1, "escort": "Ship:Ghost" }
            """)
        .file("hulls/steel.json", """
            { "armor": 7 }
            """);
  }

  private AssetManager open(Content content) {
    return open(content, source -> source);
  }

  private AssetManager open(Content content, java.util.function.UnaryOperator<AssetSource> wrap) {
    return open(content, wrap, JsonUpgrade.rename("/hp", "health"));
  }

  /** The ships of {@code content}, upgraded to version 3 by {@code toVersion3}. */
  private AssetManager open(Content content, java.util.function.UnaryOperator<AssetSource> wrap, JsonUpgrade toVersion3) {
    root = content.writeTo(temp.resolve("assets"));
    assets = AssetManager.builder()
        .contentRoot(wrap.apply(AssetSource.directory(root)))
        .scanRule(ScanRule.of("Ship", Ship.class, "ships"))
        .engineVersion(EngineVersion.parse("1.0.0-500"), EngineVersion.parse("1.0.0-400"))
        .customVersion(SHIPS, Ship.class)
        .upgrade(UpgradeStep.of(SHIPS, 2, Ship.class, "speed in m/s, was km/h", JsonUpgrade.scale("/speed", 1 / 3.6)))
        .upgrade(UpgradeStep.of(SHIPS, 3, Ship.class, "hp is now health", toVersion3))
        .executor(workers)
        .build();
    return assets;
  }

  private LoadResult load(String name) throws Exception {
    LoadHandle handle = assets.loadPrimaryAsset(PrimaryAssetId.parse("Ship:" + name), "client");
    workers.runAll();
    return handle.waitUntilComplete(Duration.ZERO);
  }

  private Problem failure(String name) {
    LoadHandle handle = assets.loadPrimaryAsset(PrimaryAssetId.parse("Ship:" + name));
    workers.runAll();
    AssetLoadException e = assertThrows(AssetLoadException.class, () -> handle.waitUntilComplete(Duration.ZERO));
    assertEquals(1, e.problems().size(), e.getMessage());
    return e.problems().get(0);
  }

  private String file(String path) {
    return root + "/" + path;
  }

  private Map<String, byte[]> snapshot() throws Exception {
    Map<String, byte[]> files = new LinkedHashMap<>();
    for (String path : content().files().keySet()) {
      files.put(path, Files.readAllBytes(root.resolve(path)));
    }
    return files;
  }

  @Test
  void anOlderAsset_isUpgradedBeforeBinding_andAFieldTheCodeDroppedIsAWarning() throws Exception {
    open(content());

    LoadResult result = load("Old");

    Ship old = result.get(PrimaryAssetId.parse("Ship:Old"), Ship.class);
    assertEquals(10.0, old.speed(), 1e-9, "36 km/h is 10 m/s");
    assertEquals(80, old.health(), "hp was renamed health");
    assertEquals(7, assets.getAsset(old.hull()).orElseThrow().armor());
    Problem warning = result.warnings().get(0);
    assertEquals("Overture/UnknownProperty", warning.id());
    assertEquals(new SourceLocation(file("ships/Old.json"), 10, 13, "/colour"), warning.location().orElseThrow(),
        "located in the file as written");
  }

  @Test
  void aCurrentAsset_andAHandWrittenOneWithoutAHeader_loadAsTheyAre() throws Exception {
    open(content());

    assertEquals(100, load("Current").get(PrimaryAssetId.parse("Ship:Current"), Ship.class).health());
    assertEquals(50, load("Hand").get(PrimaryAssetId.parse("Ship:Hand"), Ship.class).health());
  }

  @Test
  void anAssetSavedByANewerBuild_isRefused_atTheVersionItNeeds() {
    open(content());

    Problem problem = failure("Newer");

    assertEquals("Overture/NewerEngine", problem.id());
    assertEquals("Saved by engine 2.0.0-900, which needs 1.5.0-800 or newer to read it; this build is 1.0.0-500"
        + " (the file is left as it is)", problem.message());
    assertEquals(new SourceLocation(file("ships/Newer.json"), 2, 54, "/$version/compatible"), problem.location().orElseThrow());
  }

  @Test
  void anAssetSavedWithANewerCustomVersion_isRefused_namingTheSystem() {
    open(content());

    Problem problem = failure("Future");

    assertEquals("Overture/NewerCustomVersion", problem.id());
    assertEquals("Saved with Ships version 4; this build reads Ships up to version 3 (the file is left as it is)", problem.message());
    assertEquals("/$version/custom/0/version", problem.location().orElseThrow().pointer());
    assertEquals(4, problem.location().orElseThrow().line());
  }

  @Test
  void aHeaderThatIsNotTheFirstProperty_isAnError() {
    open(Content.of().file("ships/Late.json", """
        { "name": "Late", "$version": { "engine": "1.0.0-1" } }
        """));

    Problem problem = failure("Late");

    assertEquals("Overture/MisplacedVersionHeader", problem.id());
    assertEquals("The version header \"$version\" must be the first property of the file", problem.message());
    assertEquals("/$version", problem.location().orElseThrow().pointer());
    // A record buffers the property it does not know and replays it without a place: still located in the file.
    assertEquals(1, problem.location().orElseThrow().line());
    assertEquals(31, problem.location().orElseThrow().column());
  }

  @Test
  void resaveDryRun_saysWhatWouldChange_andWritesNothing() throws Exception {
    open(content());
    Map<String, byte[]> before = snapshot();

    ResaveReport report = assets.tools().resave(true);

    assertEquals(Map.of(
            "Ship:Hand", List.of("adds the version header"),
            "Game:/hulls/steel.json", List.of("adds the version header"),
            "Ship:Old", List.of(
                "engine 1.0.0-300 -> 1.0.0-500",
                "Ships 1 -> 3: speed in m/s, was km/h; hp is now health",
                "drops /colour (the code no longer has it)")),
        Map.copyOf(report.changed().stream().collect(java.util.stream.Collectors.toMap(ResaveReport.Entry::asset, ResaveReport.Entry::changes))));
    assertEquals(List.of("Ship:Dangling", "Ship:Future", "Ship:Newer"), report.refused().stream().map(ResaveReport.Entry::asset).toList());
    Problem dangling = report.refused().get(0).problems().get(0);
    assertEquals("Not saved: it refers to Ship:Ghost, which is not indexed; saving would lose the reference", dangling.message());
    assertEquals(new SourceLocation(file("ships/Dangling.json"), 1, 42, "/escort"), dangling.location().orElseThrow());
    assertEquals(1, report.unchanged(), "Current");
    assertTrue(report.format().endsWith("3 to rewrite, 3 refused, 1 already current (dry run: nothing was written)"), report.format());
    Map<String, byte[]> after = snapshot();
    before.forEach((path, bytes) -> assertArrayEquals(bytes, after.get(path), path));
  }

  @Test
  void resave_leavesAFileAnEditorSavedWhileItWasBeingResaved_asTheEditorSavedIt() throws Exception {
    String edited = "{ \"name\": \"Old\", \"health\": 99 }\n";
    java.util.concurrent.atomic.AtomicBoolean resaving = new java.util.concurrent.atomic.AtomicBoolean();
    open(content(), directory -> new ForwardingSource(directory) {
      private int reads;

      @Override
      public byte[] read(AssetPath path, int maxBytes) throws java.io.IOException {
        // The editor saves Old.json between resave's read of it and its write: resave reads each
        // file's version first, then the file to upgrade it, then again just before it writes.
        if (resaving.get() && path.value().equals("ships/Old.json") && ++reads == 3) {
          Files.writeString(root.resolve("ships/Old.json"), edited);
        }
        return super.read(path, maxBytes);
      }

      @Override
      public boolean isWritable() {
        return true;
      }

      @Override
      public void write(AssetPath path, byte[] bytes) throws java.io.IOException {
        delegate.write(path, bytes);
      }
    });

    resaving.set(true);
    ResaveReport report = assets.tools().resave(false);

    assertEquals(edited, Files.readString(root.resolve("ships/Old.json")), "the editor's save is kept");
    ResaveReport.Entry refused = report.refused().stream().filter(entry -> entry.asset().equals("Ship:Old")).findFirst().orElseThrow();
    assertEquals("Overture/ChangedMeanwhile", refused.problems().get(0).id());
    assertEquals("Not saved: the file changed while it was being resaved, so it was left as it now is; run resave again to upgrade"
        + " it", refused.problems().get(0).message());
    assertEquals(List.of("Ship:Hand", "Game:/hulls/steel.json"), report.changed().stream().map(ResaveReport.Entry::asset).toList());
  }

  @Test
  void resave_rewritesOnlyWhatChanges_leavesRefusedFilesByteForByte_andIsIdempotent() throws Exception {
    open(content());
    Map<String, byte[]> before = snapshot();

    ResaveReport first = assets.tools().resave(false);

    assertEquals(List.of("Ship:Hand", "Ship:Old", "Game:/hulls/steel.json"),
        first.changed().stream().map(ResaveReport.Entry::asset).toList());
    assertEquals("""
        {
          "$version": {
            "engine": "1.0.0-500",
            "compatible": "1.0.0-400",
            "custom": [
              {
                "name": "Ships",
                "guid": "0F1E2D3C-4B5A-6978-8796-A5B4C3D2E1F0",
                "version": 3
              }
            ]
          },
          "name": "Old",
          "speed": 10.0,
          "health": 80,
          "hull": "hulls/steel.json",
          "price": 12345678901234567890.10
        }
        """, Files.readString(root.resolve("ships/Old.json")), "every number as written, but the one the upgrade converted");
    for (String untouched : List.of("ships/Current.json", "ships/Newer.json", "ships/Future.json", "ships/Dangling.json")) {
      assertArrayEquals(before.get(untouched), Files.readAllBytes(root.resolve(untouched)), untouched);
    }

    ResaveReport second = assets.tools().resave(false);
    assertEquals(List.of(), second.changed(), "nothing left to change");
    assertEquals(4, second.unchanged(), "Current, Hand, Old and the hull");
    assertEquals(10.0, load("Old").get(PrimaryAssetId.parse("Ship:Old"), Ship.class).speed(), 1e-9, "upgraded once, not twice");
  }

  @Test
  void resave_keepsAFilesPermissions_writesThroughLinks_andRefusesReadOnlyFiles() throws Exception {
    open(content());
    Path old = root.resolve("ships/Old.json");
    Files.setPosixFilePermissions(old, java.nio.file.attribute.PosixFilePermissions.fromString("rw-rw-r--"));
    Path hand = root.resolve("ships/Hand.json");
    Files.setPosixFilePermissions(hand, java.nio.file.attribute.PosixFilePermissions.fromString("r--r--r--"));
    byte[] handBefore = Files.readAllBytes(hand);
    Path real = root.resolve("hulls/real-steel.json");
    Files.move(root.resolve("hulls/steel.json"), real);
    Files.createSymbolicLink(root.resolve("hulls/steel.json"), real);

    ResaveReport report = assets.tools().resave(false);

    assertEquals("rw-rw-r--", java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(old)));
    Problem readOnly = report.refused().stream().filter(entry -> entry.asset().equals("Ship:Hand")).findFirst().orElseThrow()
        .problems().get(0);
    assertEquals("Overture/WriteFailed", readOnly.id());
    assertTrue(readOnly.message().endsWith("the file is read-only"), readOnly.message());
    assertArrayEquals(handBefore, Files.readAllBytes(hand));
    assertTrue(Files.isSymbolicLink(root.resolve("hulls/steel.json")), "the link stays a link");
    assertTrue(Files.readString(real).startsWith("{\n  \"$version\""), "the file it shows was rewritten");
    List<String> leftovers;
    try (var files = Files.list(root.resolve("ships"))) {
      leftovers = files.map(path -> path.getFileName().toString()).filter(name -> name.endsWith(".tmp")).toList();
    }
    assertEquals(List.of(), leftovers, "no temporary file left behind");
  }

  @Test
  void aHeaderlessFileReadAsAnOlderVersion_isUpgraded_andItsMisplacedHeaderRefused() throws Exception {
    root = Content.of()
        .file("ships/Hand.json", "{ \"name\": \"Hand\", \"hp\": 5 }")
        .file("ships/Late.json", "{ \"name\": \"Late\", \"$version\": { \"engine\": \"9.0.0-900\" } }")
        .file("ships/List.json", "[1, 2]")
        .writeTo(temp.resolve("assets"));
    assets = AssetManager.builder()
        .contentRoot(AssetSource.directory(root))
        .scanRule(ScanRule.of("Ship", Ship.class, "ships"))
        .customVersion(SHIPS, Ship.class)
        .readUnversionedAs(SHIPS, 2)
        .upgrade(UpgradeStep.of(SHIPS, 3, Ship.class, "hp is now health", JsonUpgrade.rename("/hp", "health")))
        .executor(workers)
        .build();

    assertEquals(5, load("Hand").get(PrimaryAssetId.parse("Ship:Hand"), Ship.class).health());
    assertEquals("Overture/MisplacedVersionHeader", failure("Late").id(), "refused, not silently upgraded");
    assertEquals("File holds an array; expected an object for Ship", failure("List").message());
  }

  @Test
  void resave_refusesContentThatCannotBeWritten() throws Exception {
    Path zip = Content.of().file("ships/Hand.json", "{ \"name\": \"Hand\" }").zip(temp.resolve("content.zip"));
    assets = AssetManager.builder()
        .contentRoot(AssetSource.zip(zip))
        .scanRule(ScanRule.of("Ship", Ship.class, "ships"))
        .customVersion(SHIPS, Ship.class)
        .executor(workers)
        .build();

    ResaveReport report = assets.tools().resave(false);

    Problem problem = report.refused().get(0).problems().get(0);
    assertEquals("Overture/ReadOnlyContent", problem.id());
    assertTrue(problem.message().startsWith("Not saved: content root Game ("), problem.message());
  }

  /**
   * Review exp, finding 13: a rename whose new name the file already had dropped the old field's
   * value without a word, and resave deleted it from the file. Now different values are refused (a
   * load, and so validate and play, at the old field; resave leaves the file as it is); the same
   * value twice loses nothing and is upgraded.
   */
  @Test
  void aRenameOntoAFieldTheFileHas_withAnotherValue_isRefused_andResaveKeepsTheFile() throws Exception {
    root = Content.of()
        .file("ships/Both.json", "{ \"name\": \"Both\",\n  \"hp\": 5, \"health\": 7 }")
        .file("ships/Same.json", "{ \"name\": \"Same\", \"hp\": 5, \"health\": 5 }")
        .writeTo(temp.resolve("assets"));
    assets = AssetManager.builder()
        .contentRoot(AssetSource.directory(root))
        .scanRule(ScanRule.of("Ship", Ship.class, "ships"))
        .customVersion(SHIPS, Ship.class)
        .readUnversionedAs(SHIPS, 2)
        .upgrade(UpgradeStep.of(SHIPS, 3, Ship.class, "hp is now health", JsonUpgrade.rename("/hp", "health")))
        .executor(workers)
        .build();
    byte[] before = Files.readAllBytes(root.resolve("ships/Both.json"));

    Problem refused = failure("Both");
    assertEquals("Overture/UpgradeFailed", refused.id());
    assertTrue(refused.message().endsWith("\"hp\" is renamed \"health\" in this version, and the file has both, with different"
        + " values (5 and 7); keep the one you mean and remove the other"), refused.message());
    assertEquals(SourceLocation.at(file("ships/Both.json"), "/hp").withPosition(2, 9), refused.location().orElseThrow());
    assertEquals(5, load("Same").get(PrimaryAssetId.parse("Ship:Same"), Ship.class).health());

    ResaveReport report = assets.tools().resave(false);
    assertEquals(List.of("Ship:Both"), report.refused().stream().map(ResaveReport.Entry::asset).toList());
    assertArrayEquals(before, Files.readAllBytes(root.resolve("ships/Both.json")), "left byte for byte");
  }
  /**
   * A problem of a field an upgrade renamed, in a file saved before the rename: the problem names
   * the field as the code has it ("/health"), and the file has it under its old name ("hp"). It was
   * said at the file and the pointer alone, with no line and column; it is at the old field's value.
   */
  @Test
  void aProblemOfARenamedField_inAFileSavedBeforeTheRename_isAtTheOldFieldsLine() throws Exception {
    open(content().file("ships/Wrong.json", """
        {
          %s,
          "name": "Wrong",
          "hp": "lots"
        }
        """.formatted(HEADER_V1)));

    Problem problem = failure("Wrong");

    assertEquals(new SourceLocation(file("ships/Wrong.json"), 8, 9, "/health"), problem.location().orElseThrow(), problem.toString());
  }

  /**
   * The same for references a load and a resave check after binding: a missing file and an unknown
   * id, in fields the file has under their old names, are at those fields' lines.
   */
  @Test
  void referencesInRenamedFields_areAtTheOldFieldsLines_inALoadAndInAResave() throws Exception {
    open(content().file("ships/Guarded.json", """
            {
              %s,
              "name": "Guarded",
              "frame": "hulls/none.json",
              "guard": "Ship:Ghost"
            }
            """.formatted(HEADER_V1)), source -> source,
        JsonUpgrade.rename("/hp", "health").andThen(JsonUpgrade.rename("/frame", "hull")).andThen(JsonUpgrade.rename("/guard", "escort")));

    LoadHandle handle = assets.loadPrimaryAsset(PrimaryAssetId.parse("Ship:Guarded"), "client");
    workers.runAll();
    AssetLoadException loaded = assertThrows(AssetLoadException.class, () -> handle.waitUntilComplete(Duration.ZERO));
    List<Problem> resaved = assets.tools().resave(true).refused().stream().filter(entry -> entry.asset().equals("Ship:Guarded"))
        .findFirst().orElseThrow().problems();

    assertEquals(new SourceLocation(file("ships/Guarded.json"), 8, 12, "/hull"), loaded.problems().get(0).location().orElseThrow(),
        loaded.getMessage());
    assertEquals(List.of(new SourceLocation(file("ships/Guarded.json"), 8, 12, "/hull"),
            new SourceLocation(file("ships/Guarded.json"), 9, 12, "/escort")),
        resaved.stream().map(problem -> problem.location().orElseThrow()).toList(), resaved.toString());
  }
}
