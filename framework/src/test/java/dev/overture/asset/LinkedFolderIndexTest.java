package dev.overture.asset;

import static dev.overture.asset.TestAssets.id;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.core.Problem;
import dev.overture.testing.ManualExecutor;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Symbolic links to folders in content: a listing does not follow them (a link back up would never
 * end), so the index says so ({@code Overture/LinkedFolder}, at the link, naming where it leads) for
 * a rule's folder and for every folder below a recursive rule's, in every source of folders on disk;
 * and a reindex of a file behind one leaves it out, as the whole index does.
 */
class LinkedFolderIndexTest {

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

  /** A rule folder that is a link to a folder indexed nothing, and said nothing: every asset in it was missing unexplained. */
  @Test
  void aRuleFolderThatIsASymbolicLink_isAWarningNamingWhereItLeads() throws IOException {
    Path content = TestAssets.game().writeTo(root());
    Files.move(content.resolve("pawns"), content.resolve("characters"));
    Files.createSymbolicLink(content.resolve("pawns"), Path.of("characters"));

    assets = TestAssets.builder(AssetSource.directory(content)).executor(workers).build();

    assertEquals(List.of(Problem.warning("Overture/LinkedFolder", "Scan rule for Pawn names folder \"pawns\", which is a symbolic"
            + " link in " + root() + " (to \"characters\"); links to folders are not followed, so none of its files are indexed:"
            + " name the folder it leads to in the rule, or put the folder itself there")
        .at(dev.overture.core.SourceLocation.ofFile(root().toString()))), assets.index().warnings());
  }

  /** A folder below a rule's folder that is a link to a folder: its files were left out without a word. */
  @Test
  void aFolderBelowARuleFolderThatIsASymbolicLink_isAWarningAtTheLink() throws IOException {
    Path content = TestAssets.game().writeTo(root());
    Files.createDirectories(temp.resolve("extra"));
    Files.writeString(temp.resolve("extra/Ranger.json"), "{ \"name\": \"Ranger\" }");
    Files.createSymbolicLink(content.resolve("pawns/more"), Path.of("../../extra"));

    assets = TestAssets.builder(AssetSource.directory(content)).executor(workers).build();

    assertEquals(List.of(Problem.warning("Overture/LinkedFolder", "Folder \"pawns/more\", under the scan rule for Pawn's"
            + " folder \"pawns\", is a symbolic link (to \"../../extra\"); links to folders are not followed, so none of its"
            + " files are indexed: put the folder itself there, or name the folder it leads to in a scan rule")
        .at(dev.overture.core.SourceLocation.ofFile(root() + "/pawns/more"))), assets.index().warnings());
    assertEquals(List.of(id("Pawn:Hero"), id("Pawn:Sidekick"), id("Pawn:Villain")), assets.index().ids(PrimaryAssetType.of("Pawn")));
  }

  /** A link back up to a folder above is not followed (the listing ends) and is said once, though two of a rule's folders list it. */
  @Test
  void aLinkBackUpBelowTwoFoldersOfARule_isOneWarning_andTheIndexEnds() throws IOException {
    Path content = TestAssets.game().file("pawns/sub/Ranger.json", "{ \"name\": \"Ranger\" }").writeTo(root());
    Files.createSymbolicLink(content.resolve("pawns/sub/loop"), Path.of("../.."));

    assets = AssetManager.builder().contentRoot(AssetSource.directory(content)).executor(workers)
        .assetClass("Arena", TestAssets.Arena.class)
        .scanRule(ScanRule.of("Pawn", TestAssets.Pawn.class, "pawns", "pawns/sub"))
        .build();

    assertEquals(List.of(Problem.warning("Overture/LinkedFolder", "Folder \"pawns/sub/loop\", under the scan rule for Pawn's"
            + " folder \"pawns\", is a symbolic link (to \"../..\"); links to folders are not followed, so none of its"
            + " files are indexed: put the folder itself there, or name the folder it leads to in a scan rule")
        .at(dev.overture.core.SourceLocation.ofFile(root() + "/pawns/sub/loop"))), assets.index().warnings());
    assertTrue(assets.index().find(id("Pawn:Ranger")).isPresent());
  }

  /** A plugin's content root is a folder of another source: a link below its rule's folder is said there too, at its own path. */
  @Test
  void aLinkedFolderInAFolderSource_isAWarningAtItsPathInTheParent() throws IOException {
    Path content = TestAssets.game().writeTo(root());
    Files.createDirectories(temp.resolve("extra"));
    Files.createSymbolicLink(content.resolve("pawns/more"), temp.resolve("extra"));

    assets = TestAssets.builder(AssetSource.within(AssetSource.directory(temp), AssetPath.parse("assets")))
        .executor(workers).build();

    Problem warning = assets.index().warnings().get(0);
    assertEquals("Overture/LinkedFolder", warning.id());
    assertTrue(warning.message().startsWith("Folder \"pawns/more\", under the scan rule for Pawn's folder \"pawns\""), warning.message());
    assertEquals(dev.overture.core.SourceLocation.ofFile(temp + "/assets/pawns/more"), warning.location().orElseThrow());
  }

  /** A rule of one level lists no folder's files below it, linked or not: nothing to say. */
  @Test
  void aLinkedFolderBelowARuleOfOneLevel_isNoWarning() throws IOException {
    Path content = TestAssets.game().writeTo(root());
    Files.createDirectories(temp.resolve("extra"));
    Files.createSymbolicLink(content.resolve("pawns/more"), temp.resolve("extra"));

    assets = AssetManager.builder().contentRoot(AssetSource.directory(content)).executor(workers)
        .assetClass("Arena", TestAssets.Arena.class)
        .scanRule(new ScanRule(PrimaryAssetType.of("Pawn"), TestAssets.Pawn.class, List.of(AssetPath.parse("pawns")), false, "json"))
        .build();

    assertEquals(List.of(), assets.index().warnings());
  }

  /**
   * A reindex (live content), of one file or of a change's many, agrees with the index of the whole
   * root: a file behind a link to a folder, below a rule's folder or that folder itself, is left out
   * (the index's Overture/LinkedFolder warning says so); it was added, read through the link.
   */
  @Test
  void aFileBehindALinkedFolder_isLeftOutByAReindexToo_asByTheWholeIndex() throws IOException {
    Path content = TestAssets.game().file("shared/Ranger.json", "{ \"name\": \"Ranger\" }").writeTo(root());
    Files.createSymbolicLink(content.resolve("pawns/more"), Path.of("../shared"));
    Files.move(content.resolve("modes"), content.resolve("allModes"));
    Files.createSymbolicLink(content.resolve("modes"), Path.of("allModes"));
    assets = TestAssets.builder(AssetSource.directory(content)).executor(workers).build();
    assertEquals(List.of("Overture/LinkedFolder", "Overture/LinkedFolder"), assets.index().warnings().stream().map(Problem::id).toList());
    AssetPath ranger = AssetPath.parse("pawns/more/Ranger.json");
    AssetPath base = AssetPath.parse("modes/Base.json");

    assertEquals(IndexChange.UNCHANGED, assets.tools().reindex(ContentRoot.GAME, ranger));
    assertEquals(IndexChange.UNCHANGED, assets.tools().reindex(ContentRoot.GAME, base));
    assertEquals(java.util.Map.of(ranger, IndexChange.UNCHANGED, base, IndexChange.UNCHANGED),
        assets.tools().reindex(ContentRoot.GAME, List.of(ranger, base)));

    assertTrue(assets.index().find(id("Pawn:Ranger")).isEmpty(), "behind pawns/more");
    assertTrue(assets.index().find(id("Mode:Base")).isEmpty(), "behind modes");
    assertTrue(assets.index().find(id("Pawn:Hero")).isPresent());
  }

  /** The same in a folder of another source (a plugin's content root). */
  @Test
  void aFileBehindALinkedFolderOfAFolderSource_isLeftOutByAReindexToo() throws IOException {
    Path content = TestAssets.game().file("shared/Ranger.json", "{ \"name\": \"Ranger\" }").writeTo(root());
    Files.createSymbolicLink(content.resolve("pawns/more"), Path.of("../shared"));
    assets = TestAssets.builder(AssetSource.within(AssetSource.directory(temp), AssetPath.parse("assets")))
        .executor(workers).build();

    assertEquals(IndexChange.UNCHANGED, assets.tools().reindex(ContentRoot.GAME, AssetPath.parse("pawns/more/Ranger.json")));
    assertTrue(assets.index().find(id("Pawn:Ranger")).isEmpty());
    assertEquals(IndexChange.UPDATED, assets.tools().reindex(ContentRoot.GAME, AssetPath.parse("pawns/Hero.json")));
  }

  /** The same in a class folder: a link below the rule's folder is passed over by the listing and by a reindex. */
  @Test
  void aFileBehindALinkedFolderOfAClassFolder_isLeftOutByAReindexToo() throws IOException {
    Path content = TestAssets.game().file("shared/Ranger.json", "{ \"name\": \"Ranger\" }").writeTo(temp.resolve("classes/game"));
    Files.createSymbolicLink(content.resolve("pawns/more"), Path.of("../shared"));
    try (java.net.URLClassLoader loader = new java.net.URLClassLoader(new java.net.URL[] {temp.resolve("classes").toUri().toURL()}, null)) {
      assets = TestAssets.builder(AssetSource.classpath(loader, "game")).executor(workers).build();
      assertEquals(List.of("Overture/LinkedFolder"), assets.index().warnings().stream().map(Problem::id).toList());

      assertEquals(IndexChange.UNCHANGED, assets.tools().reindex(ContentRoot.GAME, AssetPath.parse("pawns/more/Ranger.json")));
      assertTrue(assets.index().find(id("Pawn:Ranger")).isEmpty());
      assertEquals(IndexChange.UPDATED, assets.tools().reindex(ContentRoot.GAME, AssetPath.parse("pawns/Hero.json")));
      assets.close();
    }
  }

  /**
   * A link made after the index (while live content watches) was left out by its reindex without a
   * word, until a restart's whole index warned of it. Now the reindex of the link warns as the whole
   * index does, once however often it is reindexed, and the warning goes when the link does.
   */
  @Test
  void aLinkMadeAfterTheIndex_isWarnedOfByItsReindex_asByTheWholeIndex_untilItIsGone() throws IOException {
    Path content = TestAssets.game().file("shared/Ranger.json", "{ \"name\": \"Ranger\" }").writeTo(root());
    assets = TestAssets.builder(AssetSource.directory(content)).executor(workers).build();
    assertEquals(List.of(), assets.index().warnings());
    Files.createSymbolicLink(content.resolve("pawns/more"), Path.of("../shared"));
    Files.move(content.resolve("modes"), content.resolve("allModes"));
    Files.createSymbolicLink(content.resolve("modes"), Path.of("allModes"));
    List<AssetPath> changed = List.of(AssetPath.parse("pawns/more"), AssetPath.parse("modes"), AssetPath.parse("modes/Base.json"));

    assets.tools().reindex(ContentRoot.GAME, changed);
    assets.tools().reindex(ContentRoot.GAME, AssetPath.parse("pawns/more"));

    List<Problem> whole = wholeIndexWarnings(AssetSource.directory(content));
    assertEquals(2, whole.size(), whole.toString());
    assertEquals(java.util.Set.copyOf(whole), java.util.Set.copyOf(assets.index().warnings()));
    assertEquals(2, assets.index().warnings().size(), "each link said once");
    assertTrue(assets.index().find(id("Mode:Base")).isEmpty());

    Files.delete(content.resolve("pawns/more"));
    Files.delete(content.resolve("modes"));
    Files.move(content.resolve("allModes"), content.resolve("modes"));
    assets.tools().reindex(ContentRoot.GAME, changed);

    assertEquals(List.of(), assets.index().warnings());
    assertTrue(assets.index().find(id("Mode:Base")).isPresent());
  }

  /** The same in a folder of another source (a plugin's content root) and in a class folder: the warning the whole index gives. */
  @Test
  void aLinkMadeAfterTheIndex_inAFolderSourceOrAClassFolder_isWarnedOfAsByTheWholeIndex() throws IOException {
    Path content = TestAssets.game().file("shared/Ranger.json", "{ \"name\": \"Ranger\" }").writeTo(root());
    AssetSource within = AssetSource.within(AssetSource.directory(temp), AssetPath.parse("assets"));
    assets = TestAssets.builder(within).executor(workers).build();
    Files.createSymbolicLink(content.resolve("pawns/more"), Path.of("../shared"));
    assets.tools().reindex(ContentRoot.GAME, AssetPath.parse("pawns/more"));
    assertEquals(wholeIndexWarnings(AssetSource.within(AssetSource.directory(temp), AssetPath.parse("assets"))),
        assets.index().warnings());
    assertEquals(1, assets.index().warnings().size());
    assets.close();

    Path classes = TestAssets.game().file("shared/Ranger.json", "{ \"name\": \"Ranger\" }").writeTo(temp.resolve("classes/game"));
    try (java.net.URLClassLoader loader = new java.net.URLClassLoader(new java.net.URL[] {temp.resolve("classes").toUri().toURL()}, null)) {
      assets = TestAssets.builder(AssetSource.classpath(loader, "game")).executor(workers).build();
      Files.createSymbolicLink(classes.resolve("pawns/more"), Path.of("../shared"));
      assets.tools().reindex(ContentRoot.GAME, AssetPath.parse("pawns/more"));
      assertEquals(wholeIndexWarnings(AssetSource.classpath(loader, "game")), assets.index().warnings());
      assertEquals(1, assets.index().warnings().size());
      assets.close();
    }
  }

  /** The warnings of a new index of {@code source}: what a restart says. */
  private List<Problem> wholeIndexWarnings(AssetSource source) {
    try (AssetManager fresh = TestAssets.builder(source).executor(workers).build()) {
      return fresh.index().warnings();
    }
  }
}
