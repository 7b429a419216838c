package dev.overture.asset;

import static dev.overture.asset.TestAssets.id;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.core.Problem;
import dev.overture.testing.Content;
import dev.overture.version.EngineVersion;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Indexing content roots: adding, removing and reindexing them, and what the index then says. */
class SourcesIndexTest {

  record Relic(String name) {}

  private static final String NEWER = "\"$version\": { \"engine\": \"2.0.0-900\", \"compatible\": \"1.5.0-800\", \"custom\": [] }";

  @TempDir Path temp;
  private AssetManager assets;

  @AfterEach
  void close() {
    if (assets != null) {
      assets.close();
    }
  }

  private static Set<String> typeNames(AssetIndex index) {
    return index.types().stream().map(PrimaryAssetType::name).collect(java.util.stream.Collectors.toSet());
  }

  @Test
  void removingAPlugin_keepsTheTypesOfTheRootsThatStay_andDropsItsOwn() {
    assets = TestAssets.builder(TestAssets.game().source()).build();
    assets.addContentRoot(new ContentRoot("Relics", Content.of().file("relics/Crown.json", "{ \"name\": \"Crown\" }").source(),
        List.of(ScanRule.of("Relic", Relic.class, "relics"))));
    assertEquals(Set.of("Arena", "Mode", "Pawn", "Relic"), typeNames(assets.index()));

    assertTrue(assets.removeContentRoot("Relics"));

    assertEquals(Set.of("Arena", "Mode", "Pawn"), typeNames(assets.index()));
    assertFalse(assets.index().ids().contains(id("Relic:Crown")));
    assertFalse(assets.removeContentRoot("Relics"), "it is gone");
    assertFalse(assets.removeContentRoot("Nothing"));
  }

  @Test
  void scanRules_areTheGlobalOnes_thenEachRootsOwn_thenItsSettings() {
    ScanRule relics = ScanRule.of("Relic", Relic.class, "relics");
    assets = TestAssets.builder(TestAssets.game().source()).build();
    assets.addContentRoot(new ContentRoot("Relics", Content.of().file("relics/Crown.json", "{}").source(), List.of(relics)));

    List<ScanRule> rules = assets.tools().scanRules();

    assertEquals(List.of("Mode", "Pawn", "Arena", "Relic"), rules.stream().map(rule -> rule.type().name()).toList());
    assertEquals(relics, rules.get(3));
  }

  @Test
  void reindexOfAnUnknownRoot_namesTheRootsThereAre() {
    assets = TestAssets.builder(TestAssets.game().source()).build();
    assets.addContentRoot(ContentRoot.of("Extra", Content.of().source()));

    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> assets.tools().reindex("Nope", AssetPath.parse("modes/Base.json")));
    assertEquals("No content root \"Nope\" (content roots: \"Game\", \"Extra\")", e.getMessage());
  }

  @Test
  void anEmptyRoot_canBeIndexed_andHasNoFiles() {
    assets = AssetManager.builder().contentRoot(Content.of().source()).build();
    assertEquals(0, assets.index().size());
    assertEquals(IndexChange.UNCHANGED, assets.tools().reindex(ContentRoot.GAME, AssetPath.parse("modes/Base.json")));
    assertNull(IndexSnapshot.EMPTY.idAt(ContentRoot.GAME, AssetPath.parse("a.json")));
  }

  @Test
  void reindexing_keepsTheTypes_andAnswersForAnEmptyTypeAsAnUnknownAsset() throws IOException {
    Path root = TestAssets.game().writeTo(temp.resolve("assets"));
    assets = TestAssets.builder(AssetSource.directory(root)).build();
    Files.writeString(root.resolve("pawns/Rogue.json"), "{ \"name\": \"Rogue\" }");

    assertEquals(IndexChange.ADDED, assets.tools().reindex(ContentRoot.GAME, AssetPath.parse("pawns/Rogue.json")));

    assertEquals(Set.of("Arena", "Mode", "Pawn"), typeNames(assets.index()));
    assertTrue(assets.index().ids().contains(id("Pawn:Rogue")));
    Files.delete(root.resolve("arenas/Dust.json"));
    assertEquals(IndexChange.REMOVED, assets.tools().reindex(ContentRoot.GAME, AssetPath.parse("arenas/Dust.json")));
    assertEquals(Set.of("Arena", "Mode", "Pawn"), typeNames(assets.index()), "a type with no asset left is still declared");

    AssetLoadException e = assertThrows(AssetLoadException.class,
        () -> assets.loadPrimaryAsset(id("Arena:Dust")).waitUntilComplete(Duration.ofSeconds(30)));
    assertEquals(List.of("Overture/UnknownAsset"), e.problems().stream().map(Problem::id).toList());
  }

  @Test
  void reindexingAChangedFile_dropsTheCopyLoadedBefore() throws Exception {
    Path root = TestAssets.game().writeTo(temp.resolve("assets"));
    assets = TestAssets.builder(AssetSource.directory(root)).build();
    LoadHandle handle = assets.loadPrimaryAsset(id("Pawn:Villain"));
    assertEquals("Villain", handle.waitUntilComplete(Duration.ofSeconds(30)).get(id("Pawn:Villain"), TestAssets.Pawn.class).name());
    handle.release();
    Files.writeString(root.resolve("pawns/Villain.json"), "{ \"name\": \"Arch-villain\" }");

    assertEquals(IndexChange.UPDATED, assets.tools().reindex(ContentRoot.GAME, AssetPath.parse("pawns/Villain.json")));

    assertTrue(assets.getAsset(id("Pawn:Villain")).isEmpty(), "the old copy is dropped");
    LoadHandle again = assets.loadPrimaryAsset(id("Pawn:Villain"));
    assertEquals("Arch-villain", again.waitUntilComplete(Duration.ofSeconds(30)).get(id("Pawn:Villain"), TestAssets.Pawn.class).name());
    again.release();
  }

  @Test
  void unknownAsset_listsTheIndexedOnes_whenThereAreNoMoreThanEight() {
    Content content = Content.of();
    for (int i = 1; i <= 8; i++) {
      content.file("pawns/P" + i + ".json", "{}");
    }
    assets = AssetManager.builder().contentRoot(content.source()).scanRule(ScanRule.of("Pawn", TestAssets.Pawn.class, "pawns")).build();

    AssetLoadException e = assertThrows(AssetLoadException.class,
        () -> assets.loadPrimaryAsset(id("Pawn:P9")).waitUntilComplete(Duration.ofSeconds(30)));

    Problem problem = e.problems().get(0);
    assertEquals("Overture/UnknownAsset", problem.id());
    assertTrue(problem.message().startsWith("No asset Pawn:P9 is indexed (indexed: "), problem.message());
    assertEquals(8, problem.choices().size());
  }

  @Test
  void duplicateNames_inFoldersListedApart_areReported() {
    Content content = Content.of()
        .file("a/X.json", "{}")
        .file("b/Y.json", "{}")
        .file("c/X.json", "{}");
    AssetManager.Builder builder = AssetManager.builder().contentRoot(content.source())
        .scanRule(ScanRule.of("Pawn", TestAssets.Pawn.class, "a", "b", "c"));

    AssetIndexException e = assertThrows(AssetIndexException.class, builder::build);

    assertEquals(List.of("Overture/DuplicateAsset"), e.problems().stream().map(Problem::id).toList());
    assertTrue(e.problems().get(0).message().startsWith("Asset Pawn:X is defined twice: by "), e.problems().get(0).message());
  }

  @Test
  void aSettingsFileThatDoesNotBind_isReported() {
    Content content = Content.of().file("overture.json", "{ \"primaryAssetTypesToScan\": 5 }");
    AssetManager.Builder builder = AssetManager.builder().contentRoot(content.source());

    AssetIndexException e = assertThrows(AssetIndexException.class, builder::build);
    assertFalse(e.problems().isEmpty());
  }

  @Test
  void aClosedIndex_refusesRoots_evenOneWhoseScanWasUnderWay() {
    Indexer indexer = new Indexer(List.of(ScanRule.of("Pawn", Object.class, "pawns")),
        new AssetJson(AssetLimits.defaults(), new KindRegistry(), dev.overture.version.AssetVersions.none()), AssetLimits.defaults());
    ContentIndex closed = new ContentIndex(indexer);
    closed.close();
    IllegalStateException before = assertThrows(IllegalStateException.class,
        () -> closed.add(ContentRoot.of("Game", Content.of().file("pawns/A.json", "{}").source())));
    assertEquals("the asset manager is closed", before.getMessage());

    ContentIndex index = new ContentIndex(indexer);
    AssetSource closesWhileListed = new ForwardingSource(Content.of().file("pawns/A.json", "{}").source()) {
      @Override
      public String name() {
        return "closing";
      }

      @Override
      public List<String> list(AssetPath folder, boolean recursive) throws IOException {
        index.close();
        return super.list(folder, recursive);
      }
    };
    IllegalStateException during = assertThrows(IllegalStateException.class,
        () -> index.add(ContentRoot.of("Game", closesWhileListed)));
    assertEquals("the asset manager is closed", during.getMessage());
    assertEquals(List.of(), index.rootNames());
    assertEquals(0, index.snapshot().size());
  }

  private Path newerContent(String name, String ship) {
    return Content.of()
        .file("ships/" + ship + ".json", "{ " + NEWER + ",\n  \"name\": \"" + ship + "\" }")
        .file("ships/Old" + ship + ".json", "{ " + NEWER + ",\n  \"name\": \"Old\" }")
        .writeTo(temp.resolve(name));
  }

  @Test
  void hiddenNewerAssets_leaveWithTheirRootOrFileOnly() throws IOException {
    Path game = newerContent("game", "Future");
    Path plugin = newerContent("plugin", "Beyond");
    assets = AssetManager.builder()
        .contentRoot(AssetSource.directory(game))
        .contentRoot(ContentRoot.of("Fleet", AssetSource.directory(plugin)))
        .scanRule(ScanRule.of("Ship", NewerAssetsTest.Ship.class, "ships"))
        .engineVersion(EngineVersion.parse("1.0.0-500"), EngineVersion.parse("1.0.0-400"))
        .build();
    assets.tools().checkVersions();
    assertEquals(Set.of(id("Ship:Future"), id("Ship:OldFuture"), id("Ship:Beyond"), id("Ship:OldBeyond")),
        assets.index().newerAssets().keySet());

    Files.delete(game.resolve("ships/Future.json"));
    assertEquals(IndexChange.REMOVED, assets.tools().reindex(ContentRoot.GAME, AssetPath.parse("ships/Future.json")));
    assertEquals(Set.of(id("Ship:OldFuture"), id("Ship:Beyond"), id("Ship:OldBeyond")), assets.index().newerAssets().keySet());

    assertTrue(assets.removeContentRoot("Fleet"));
    assertEquals(Set.of(id("Ship:OldFuture")), assets.index().newerAssets().keySet());
  }
}
