package dev.overture.asset;

import dev.overture.testing.Content;
import dev.overture.testing.ManualExecutor;
import static dev.overture.asset.TestAssets.id;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.core.Problem;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AssetIndexTest {

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

  private Path root() {
    return temp.resolve("assets");
  }

  private AssetManager build(Content content) {
    assets = TestAssets.builder(AssetSource.directory(content.writeTo(root()))).executor(workers).build();
    return assets;
  }

  @Test
  void index_mapsFilesToIdsByTypeWithoutReadingThem() {
    CountingSource counting = new CountingSource(AssetSource.directory(TestAssets.game().writeTo(root())));
    assets = TestAssets.builder(counting).executor(workers).build();

    AssetIndex index = assets.index();
    assertEquals(Set.of(PrimaryAssetType.of("Arena"), PrimaryAssetType.of("Mode"), PrimaryAssetType.of("Pawn")), index.types());
    assertEquals(List.of(id("Pawn:Hero"), id("Pawn:Sidekick"), id("Pawn:Villain")), index.ids(PrimaryAssetType.of("Pawn")));
    assertEquals(6, index.size());
    AssetEntry hero = index.find(id("Pawn:Hero")).orElseThrow();
    assertEquals(AssetPath.parse("pawns/Hero.json"), hero.path());
    assertEquals(ContentRoot.GAME, hero.root());
    assertEquals(root() + "/pawns/Hero.json", hero.file());
    assertSame(TestAssets.Pawn.class, hero.assetClass());
    assertEquals(Set.of("overture.json"), counting.allReads().keySet(), "only the settings file was read");
    assertTrue(index.find(id("Pawn:Nobody")).isEmpty());
    assertEquals(List.of(), index.ids(PrimaryAssetType.of("Experience")));
  }

  @Test
  void unknownAsset_isTheProblemALoadGives_withTheClosestIdsOfItsType_orTheKnownTypes() {
    build(TestAssets.game());
    AssetIndex index = assets.index();

    assertEquals(Problem.error("Overture/UnknownAsset", "No asset Pawn:Hreo is indexed")
        .withChoices("indexed", List.of("Pawn:Hero", "Pawn:Sidekick", "Pawn:Villain")).withAsset("Pawn:Hreo"),
        index.unknownAsset(id("Pawn:Hreo")));
    assertEquals(Problem.error("Overture/UnknownAssetType", "No scan rule declares the type Weapon of Weapon:Axe")
        .withChoices("known types", List.of("Arena", "Mode", "Pawn")).withAsset("Weapon:Axe"),
        index.unknownAsset(id("Weapon:Axe")));
  }

  @Test
  void scanRules_honourRecursionAndExtension() {
    Content content = TestAssets.game()
        .file("pawns/old/Retired.json", "{ \"name\": \"Retired\" }")
        .file("pawns/notes.txt", "not an asset");
    assets = AssetManager.builder()
        .contentRoot(AssetSource.directory(content.writeTo(root())))
        .scanRule(ScanRule.of("Pawn", TestAssets.Pawn.class, "pawns").nonRecursive())
        .scanRule(ScanRule.of("Note", String.class, "pawns").withExtension("txt"))
        .assetClass("Arena", TestAssets.Arena.class)
        .executor(workers)
        .build();

    assertFalse(assets.index().find(id("Pawn:Retired")).isPresent());
    assertTrue(assets.index().find(id("Note:notes")).isPresent());
  }

  @Test
  void duplicateIds_areAnErrorNamingBothFiles() {
    Content content = TestAssets.game().file("pawns/old/Hero.json", "{ \"name\": \"Old hero\" }");

    AssetIndexException e = assertThrows(AssetIndexException.class, () -> build(content));

    assertEquals(
        "Could not index content root Game (" + root() + "), see the following problem:" + NL
            + NL
            + "1) [Overture/DuplicateAsset] Asset Pawn:Hero is defined twice: by " + root() + "/pawns/Hero.json and by "
            + root() + "/pawns/old/Hero.json; rename or remove one of them" + NL
            + "   at " + root() + "/pawns/old/Hero.json" + NL
            + NL
            + "1 problem",
        e.getMessage());
  }

  /** A directory source that lists in the reverse of name order, whatever order the disk walks in. */
  private AssetSource listedInReverse(Content content) {
    return new CountingSource(AssetSource.directory(content.writeTo(root()))) {
      @Override
      public List<String> list(AssetPath folder, boolean recursive) throws IOException {
        List<String> files = new ArrayList<>(super.list(folder, recursive));
        files.sort(Comparator.reverseOrder());
        return files;
      }
    };
  }

  @Test
  void ids_areSortedWhateverOrderTheSourceListsFilesIn() {
    assets = TestAssets.builder(listedInReverse(TestAssets.game())).executor(workers).build();

    assertEquals(
        List.of(id("Pawn:Hero"), id("Pawn:Sidekick"), id("Pawn:Villain")), assets.index().ids(PrimaryAssetType.of("Pawn")));
  }

  @Test
  void duplicateIds_areEachReportedAgainstTheFileListedFirst() {
    Content content = TestAssets.game()
        .file("pawns/a/Twin.json", "{}")
        .file("pawns/b/Twin.json", "{}")
        .file("pawns/c/Twin.json", "{}");

    AssetIndexException e =
        assertThrows(AssetIndexException.class, () -> TestAssets.builder(listedInReverse(content)).executor(workers).build());

    assertEquals(
        List.of(
            "Asset Pawn:Twin is defined twice: by " + root() + "/pawns/c/Twin.json and by " + root()
                + "/pawns/a/Twin.json; rename or remove one of them",
            "Asset Pawn:Twin is defined twice: by " + root() + "/pawns/c/Twin.json and by " + root()
                + "/pawns/b/Twin.json; rename or remove one of them"),
        e.problems().stream().map(Problem::message).toList());
  }

  @Test
  void allIndexProblems_areReportedAtOnce() {
    Content content = TestAssets.game()
        .file("pawns/old/Hero.json", "{}")
        .file("pawns/Bad Name.json", "{}")
        .file("overture.json", """
            {
              "primaryAssetTypesToScan": [
                { "type": "Arena", "assetClass": "Arean", "directories": ["arenas"] },
                { "type": "Ghost", "assetClass": "Arena", "directories": ["ghosts"] },
                { "type": "Pawn2", "assetClass": "Arena", "directories": ["pawns"] }
              ]
            }
            """);

    AssetIndexException e = assertThrows(AssetIndexException.class, () -> build(content));

    assertEquals(
        List.of("Overture/UnknownAssetClass", "Overture/AmbiguousScanRule", "Overture/InvalidAssetName",
            "Overture/AmbiguousScanRule", "Overture/AmbiguousScanRule", "Overture/AmbiguousScanRule",
            "Overture/AmbiguousScanRule", "Overture/DuplicateAsset"),
        e.problems().stream().map(Problem::id).toList());
    Problem unknownClass = e.problems().get(0);
    assertEquals("Asset class \"Arean\" is not registered (registered: \"Arena\")", unknownClass.message());
    assertEquals(root() + "/overture.json:3:38 (/primaryAssetTypesToScan/0/assetClass)", unknownClass.location().orElseThrow().toString());
    assertEquals(
        "File name \"Bad Name.json\" cannot be the name of a Pawn asset: ' ' is not allowed in a name"
            + " (use letters, digits, '_', '-' and '.')",
        e.problems().stream().filter(p -> p.id().equals("Overture/InvalidAssetName")).findFirst().orElseThrow().message());
  }

  @Test
  void aRuleFolderThatDoesNotExist_isAWarning() {
    Content content = TestAssets.game().file("overture.json", """
        { "primaryAssetTypesToScan": [ { "type": "Arena", "assetClass": "Arena", "directories": ["maps"] } ] }
        """);
    build(content);

    Problem warning = assets.index().warnings().get(0);
    assertEquals("Overture/MissingFolder", warning.id());
    assertEquals("Scan rule for Arena names folder \"maps\", which does not exist in " + root(), warning.message());
  }

  @Test
  void brokenSettingsFile_isReportedWithItsLocation() {
    Content content = TestAssets.game().file("overture.json", """
        { "primaryAssetTypesToScan": [ { "type": "Arena", "directories": ["arenas"] } ] }
        """);

    AssetIndexException e = assertThrows(AssetIndexException.class, () -> build(content));

    Problem problem = e.problems().get(0);
    assertEquals("Overture/MissingProperty", problem.id());
    assertEquals("Missing \"assetClass\": name the registered class the files bind to", problem.message());
    assertEquals("/primaryAssetTypesToScan/0", problem.location().orElseThrow().pointer());
  }

  @Test
  void reindex_addsUpdatesAndRemovesOneEntry() throws Exception {
    build(TestAssets.game());
    AssetIndex before = assets.index();
    AssetPath ranger = AssetPath.parse("pawns/Ranger.json");

    Files.writeString(root().resolve(ranger.value()), "{ \"name\": \"Ranger\" }");
    assertEquals(IndexChange.ADDED, assets.tools().reindex(ContentRoot.GAME, ranger));
    assertTrue(assets.index().find(id("Pawn:Ranger")).isPresent());
    assertSame(before.find(id("Pawn:Hero")).orElseThrow(), assets.index().find(id("Pawn:Hero")).orElseThrow(), "other entries untouched");
    assertFalse(before.find(id("Pawn:Ranger")).isPresent(), "an index view is a consistent snapshot");

    assertEquals(IndexChange.UPDATED, assets.tools().reindex(ContentRoot.GAME, ranger));
    Files.delete(root().resolve(ranger.value()));
    assertEquals(IndexChange.REMOVED, assets.tools().reindex(ContentRoot.GAME, ranger));
    assertFalse(assets.index().find(id("Pawn:Ranger")).isPresent());
    assertEquals(IndexChange.UNCHANGED, assets.tools().reindex(ContentRoot.GAME, ranger));
    assertEquals(IndexChange.UNCHANGED, assets.tools().reindex(ContentRoot.GAME, AssetPath.parse("icons/hero.json")));
  }

  @Test
  void reindex_refusesADuplicate_andLeavesTheIndexAsItWas() throws IOException {
    build(TestAssets.game());
    Files.createDirectories(root().resolve("pawns/copies"));
    Files.writeString(root().resolve("pawns/copies/Hero.json"), "{}");
    AssetIndex before = assets.index();

    AssetIndexException e =
        assertThrows(AssetIndexException.class, () -> assets.tools().reindex(ContentRoot.GAME, AssetPath.parse("pawns/copies/Hero.json")));

    assertEquals("Overture/DuplicateAsset", e.problems().get(0).id());
    assertSame(before, assets.index());
  }

  @Test
  void reindex_ofAChangedFile_makesTheNextLoadReadIt() throws Exception {
    assets = TestAssets.builder(AssetSource.directory(TestAssets.game().writeTo(root())))
        .executor(workers)
        .retention(RetentionPolicy.maximumSize(10))
        .build();
    LoadHandle first = assets.loadPrimaryAsset(id("Pawn:Villain"));
    workers.runAll();
    first.release();
    Files.writeString(root().resolve("pawns/Villain.json"), "{ \"name\": \"Arch-villain\" }");

    assertEquals(IndexChange.UPDATED, assets.tools().reindex(ContentRoot.GAME, AssetPath.parse("pawns/Villain.json")));
    LoadHandle second = assets.loadPrimaryAsset(id("Pawn:Villain"));
    workers.runAll();

    assertEquals("Arch-villain", second.waitUntilComplete(Duration.ZERO).get(id("Pawn:Villain"), TestAssets.Pawn.class).name());
  }

  @Test
  void pluginContentRoots_addTheirAssets_andTheirReferencesStayInside() throws Exception {
    build(TestAssets.game());
    Path pluginFolder = Content.of()
        .file("overture.json", "{ \"primaryAssetTypesToScan\": [ { \"type\": \"Arena\", \"assetClass\": \"Arena\", \"directories\": [\"maps\"] } ] }")
        .file("modes/Arena.json", "{ \"title\": \"Arena\", \"icon\": \"icons/arena.json\", \"includes\": [\"Base\"] }")
        .file("icons/arena.json", "{ \"texture\": \"arena.png\", \"size\": 128 }")
        .file("maps/Pit.json", "{ \"name\": \"Pit\", \"tiles\": [] }")
        .writeTo(temp.resolve("plugins/TopDown"));

    assets.addContentRoot(ContentRoot.of("TopDown", AssetSource.directory(pluginFolder)));

    assertTrue(assets.index().find(id("Arena:Pit")).isPresent(), "the plugin's own settings file applies to it");
    assertEquals("TopDown", assets.index().find(id("Mode:Arena")).orElseThrow().root());
    LoadHandle handle = assets.loadPrimaryAsset(id("Mode:Arena"), "client");
    workers.runAll();
    TestAssets.Mode arena = handle.waitUntilComplete(Duration.ZERO).get(id("Mode:Arena"), TestAssets.Mode.class);
    assertEquals("TopDown", arena.icon().root());
    assertEquals(128, assets.getAsset(arena.icon()).orElseThrow().size());
    assertTrue(assets.getAsset(id("Mode:Base")).isPresent(), "references across roots by id work");
    handle.release();

    assertTrue(assets.removeContentRoot("TopDown"));
    assertFalse(assets.index().find(id("Mode:Arena")).isPresent());
    assertFalse(assets.removeContentRoot("TopDown"));
    assertEquals(List.of(ContentRoot.GAME), assets.contentRoots().stream().map(ContentRoot::name).toList());
  }

  @Test
  void removingARoot_dropsItsRetainedCopies_andReAddingItReadsAfresh() throws Exception {
    assets = TestAssets.builder(AssetSource.directory(TestAssets.game().writeTo(root())))
        .executor(workers)
        .retention(RetentionPolicy.maximumSize(100))
        .build();
    Path plugin = Content.of()
        .file("pawns/Golem.json", "{ \"name\": \"old\", \"portrait\": \"icons/golem.json\" }")
        .file("icons/golem.json", "{ \"texture\": \"golem.png\", \"size\": 8 }")
        .writeTo(temp.resolve("plugins/Golems"));
    CountingSource golems = new CountingSource(AssetSource.directory(plugin));
    assets.addContentRoot(ContentRoot.of("Golems", golems));
    LoadHandle first = assets.loadPrimaryAssets(List.of(id("Pawn:Golem"), id("Pawn:Villain")), List.of("client"));
    workers.runAll();
    first.release();
    SoftRef<TestAssets.Icon> golemIcon = SoftRef.of("Golems", AssetPath.parse("icons/golem.json"), TestAssets.Icon.class);
    SoftRef<TestAssets.Icon> heroIcon = SoftRef.of(ContentRoot.GAME, AssetPath.parse("icons/hero.json"), TestAssets.Icon.class);
    LoadHandle hero = assets.loadPrimaryAsset(id("Pawn:Hero"), "client");
    workers.runAll();
    hero.release();
    assertTrue(assets.getAsset(id("Pawn:Golem")).isPresent(), "retained");
    assertTrue(assets.getAsset(golemIcon).isPresent(), "retained");

    assertTrue(assets.removeContentRoot("Golems"));
    assertTrue(assets.getAsset(id("Pawn:Golem")).isEmpty(), "no copy outlives its root");
    assertTrue(assets.getAsset(golemIcon).isEmpty(), "nor a copy of one of its files");
    assertTrue(assets.getAsset(id("Pawn:Villain")).isPresent(), "the game's own stay retained");
    assertTrue(assets.getAsset(heroIcon).isPresent(), "the game's own files stay retained");
    assertEquals(1, golems.closes(), "the manager closes the source of a root it removes");

    Files.writeString(plugin.resolve("pawns/Golem.json"), "{ \"name\": \"new\" }");
    assets.addContentRoot(ContentRoot.of("Golems", AssetSource.directory(plugin)));
    LoadHandle second = assets.loadPrimaryAsset(id("Pawn:Golem"));
    workers.runAll();
    assertEquals("new", second.waitUntilComplete(Duration.ZERO).get(id("Pawn:Golem"), TestAssets.Pawn.class).name());
  }

  /**
   * Review C, defect 3: a plugin's asset a handle still held was served, bound by the plugin's old
   * class loader, after the plugin registered again. The holder keeps its copy; the manager does not.
   */
  @Test
  void removingARoot_dropsItsPinnedCopiesToo_theHolderKeepsItsOwn_andReAddingItReadsAfresh() throws Exception {
    build(TestAssets.game());
    Path plugin = Content.of()
        .file("pawns/Golem.json", "{ \"name\": \"old\", \"portrait\": \"icons/golem.json\" }")
        .file("icons/golem.json", "{ \"texture\": \"golem.png\", \"size\": 8 }")
        .writeTo(temp.resolve("plugins/Golems"));
    assets.addContentRoot(ContentRoot.of("Golems", AssetSource.directory(plugin)));
    LoadHandle held = assets.loadPrimaryAsset(id("Pawn:Golem"), "client");
    workers.runAll();
    LoadResult loaded = held.waitUntilComplete(Duration.ZERO);
    SoftRef<TestAssets.Icon> golemIcon = SoftRef.of("Golems", AssetPath.parse("icons/golem.json"), TestAssets.Icon.class);
    assertTrue(assets.getAsset(golemIcon).isPresent(), "pinned by the handle");

    assertTrue(assets.removeContentRoot("Golems"));
    assertTrue(assets.getAsset(id("Pawn:Golem")).isEmpty(), "no copy outlives its root, pinned or not");
    assertTrue(assets.getAsset(golemIcon).isEmpty(), "nor a pinned copy of one of its files");
    assertEquals("old", loaded.get(id("Pawn:Golem"), TestAssets.Pawn.class).name(), "the holder keeps what it loaded");

    Files.writeString(plugin.resolve("pawns/Golem.json"), "{ \"name\": \"new\" }");
    assets.addContentRoot(ContentRoot.of("Golems", AssetSource.directory(plugin)));
    LoadHandle again = assets.loadPrimaryAsset(id("Pawn:Golem"));
    workers.runAll();
    assertEquals("new", again.waitUntilComplete(Duration.ZERO).get(id("Pawn:Golem"), TestAssets.Pawn.class).name());
    held.release();
    assertEquals("new", assets.getAsset(id("Pawn:Golem"), TestAssets.Pawn.class).orElseThrow().name(),
        "releasing the old handle leaves the new copy alone");
    again.release();
  }

  /**
   * A file of a plugin kept with {@code getAsset(ref, true)} stayed in the manager's kept files after
   * its root was removed, holding the old copy (and the plugin's classes): the root added again then
   * could not keep its own copy, which was read afresh on every call and dropped after each.
   */
  @Test
  void aFileKeptInMemory_isLetGoWithItsRoot_andTheRootAddedAgainKeepsItsOwnCopy() throws Exception {
    build(TestAssets.game());
    Path plugin = Content.of().file("icons/golem.json", "{ \"texture\": \"old.png\", \"size\": 8 }").writeTo(temp.resolve("plugins/Golems"));
    assets.addContentRoot(ContentRoot.of("Golems", AssetSource.directory(plugin)));
    SoftRef<TestAssets.Icon> golemIcon = SoftRef.of("Golems", AssetPath.parse("icons/golem.json"), TestAssets.Icon.class);
    assertEquals("old.png", assets.getAsset(golemIcon, true).texture());

    assertTrue(assets.removeContentRoot("Golems"));
    assertEquals(new AssetManager.Stats(0, 0, 0, 0, 0), assets.stats(), "the kept copy goes with its root");
    Files.writeString(plugin.resolve("icons/golem.json"), "{ \"texture\": \"new.png\", \"size\": 8 }");
    assets.addContentRoot(ContentRoot.of("Golems", AssetSource.directory(plugin)));

    assertEquals("new.png", assets.getAsset(golemIcon, true).texture());
    assertEquals("new.png", assets.getAsset(golemIcon).orElseThrow().texture(), "kept in memory");
    assertEquals(1, assets.stats().pinned());
  }

  /** A hostile review: a root removed while getAsset(ref, true) read its file left that copy kept, and the root added again could not keep its own. */
  @Test
  void aFileKeptInMemory_whoseRootIsRemovedWhileItLoads_isNotKept() throws Exception {
    build(TestAssets.game());
    Path plugin = Content.of().file("icons/golem.json", "{ \"texture\": \"old.png\", \"size\": 8 }").writeTo(temp.resolve("plugins/Golems"));
    CountDownLatch reading = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    AssetSource slow = new ForwardingSource(AssetSource.directory(plugin)) {
      @Override
      public byte[] read(AssetPath path, int maxBytes) throws IOException {
        reading.countDown();
        try {
          release.await();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
        return super.read(path, maxBytes);
      }
    };
    assets.addContentRoot(ContentRoot.of("Golems", slow));
    SoftRef<TestAssets.Icon> golemIcon = SoftRef.of("Golems", AssetPath.parse("icons/golem.json"), TestAssets.Icon.class);
    CompletableFuture<TestAssets.Icon> kept = CompletableFuture.supplyAsync(() -> assets.getAsset(golemIcon, true));
    reading.await();
    assertTrue(assets.removeContentRoot("Golems"));
    release.countDown();
    assertEquals("old.png", kept.get(10, TimeUnit.SECONDS).texture(), "the caller gets what it waited for");

    assertEquals(0, assets.stats().pinned(), "nothing of the gone root is kept");
    Files.writeString(plugin.resolve("icons/golem.json"), "{ \"texture\": \"new.png\", \"size\": 8 }");
    CountingSource again = new CountingSource(AssetSource.directory(plugin));
    assets.addContentRoot(ContentRoot.of("Golems", again));
    assertEquals("new.png", assets.getAsset(golemIcon, true).texture());
    assertEquals("new.png", assets.getAsset(golemIcon).orElseThrow().texture(), "kept in memory");
    assertEquals(1, again.reads("icons/golem.json"));
  }

  @Test
  void aPluginRootThatClashes_isRefusedWhole() {
    build(TestAssets.game());
    Path pluginFolder = Content.of()
        .file("modes/Fresh.json", "{}")
        .file("pawns/Hero.json", "{}")
        .writeTo(temp.resolve("plugins/Clash"));

    AssetIndexException e =
        assertThrows(AssetIndexException.class, () -> assets.addContentRoot(ContentRoot.of("Clash", AssetSource.directory(pluginFolder))));

    assertEquals("Overture/DuplicateAsset", e.problems().get(0).id());
    assertFalse(assets.index().find(id("Mode:Fresh")).isPresent(), "nothing of the root was added");
  }

  @Test
  void typesBoundToTwoClasses_areRefused() {
    build(TestAssets.game());
    Path pluginFolder = Content.of().file("modes/Other.json", "{}").writeTo(temp.resolve("plugins/Other"));

    AssetIndexException e =
        assertThrows(
            AssetIndexException.class,
            () -> assets.addContentRoot(
                new ContentRoot("Other", AssetSource.directory(pluginFolder), List.of(ScanRule.of("Mode", TestAssets.Arena.class, "modes")))));

    assertEquals("Overture/ConflictingScanRule", e.problems().get(0).id());
  }

  @Test
  void bindFile_readsAFileOutsideTheIndexAsStrictlyAsAssets() throws Exception {
    build(TestAssets.game().file("extra/settings.json", "{ \"name\": \"Extra\", \"colour\": 1 }"));
    AssetSource source = assets.contentRoots().get(0).source();

    BoundFile<TestAssets.Pawn> bound =
        assets.tools().bindFile(source, ContentRoot.GAME, AssetPath.parse("extra/settings.json"), TestAssets.Pawn.class);

    assertEquals("Extra", bound.value().name());
    assertEquals("Overture/UnknownProperty", bound.warnings().get(0).id());
    assertEquals(root() + "/extra/settings.json:1:30 (/colour)", bound.warnings().get(0).location().orElseThrow().toString());
    AssetLoadException missing =
        assertThrows(
            AssetLoadException.class,
            () -> assets.tools().bindFile(source, ContentRoot.GAME, AssetPath.parse("extra/none.json"), TestAssets.Pawn.class));
    assertEquals("Overture/MissingFile", missing.problems().get(0).id());
  }

  @Test
  void builder_checksItsSettings() {
    AssetManager.Builder builder = AssetManager.builder();
    assertEquals(
        "an asset manager needs at least one content root",
        assertThrows(IllegalStateException.class, builder::build).getMessage());
    builder.retention(RetentionPolicy.none());
    assertEquals(
        "the retention policy was already set",
        assertThrows(IllegalStateException.class, () -> builder.retention(RetentionPolicy.none())).getMessage());
    assertEquals(
        "worker threads < 1: 0", assertThrows(IllegalArgumentException.class, () -> builder.workerThreads(0)).getMessage());
    assertEquals(
        "maximum size must not be negative: -1",
        assertThrows(IllegalArgumentException.class, () -> RetentionPolicy.maximumSize(-1)).getMessage());
    IllegalArgumentException badName =
        assertThrows(IllegalArgumentException.class, () -> builder.kind(TestAssets.Action.class, "9Spawn", TestAssets.Spawn.class));
    assertEquals("Invalid kind name \"9Spawn\": expected a letter followed by letters, digits or '_'", badName.getMessage());
    builder.kind(TestAssets.Action.class, "Spawn", TestAssets.Spawn.class);
    IllegalArgumentException twice =
        assertThrows(IllegalArgumentException.class, () -> builder.kind(TestAssets.Action.class, "Spawn", TestAssets.Grant.class));
    assertTrue(twice.getMessage().startsWith("Kind \"Spawn\" of Action is already registered for"), twice.getMessage());
  }
}
