package dev.overture.asset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.overture.core.Problem;
import dev.overture.testing.Content;
import dev.overture.testing.ManualExecutor;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Review exp, finding 9: ids that differ only in case ({@code pawns/Hero.json} beside {@code
 * pawns/hero.json}, or a plugin's file beside the game's) were both indexed; a checkout on a file
 * system that ignores case keeps one of the files, and a reference in the other case finds another
 * asset. Now the index refuses them, at each of the two files, naming the other, wherever they meet:
 * in one root, across roots, and when a file is reindexed.
 */
class AssetIdCaseTest {

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

  private static List<String> described(List<Problem> problems) {
    return problems.stream().map(problem -> "[" + problem.id() + "] " + problem.message() + " at " + problem.location().orElseThrow()).toList();
  }

  private List<String> expected(String first, String firstFile, String second, String secondFile) {
    return List.of(
        "[Overture/DuplicateAsset] Asset " + first + " differs from " + second + " (" + secondFile + ") only in case: a file"
            + " system that ignores case keeps one of the two files, and a reference in either case may find the other;"
            + " rename or remove one of them at " + firstFile,
        "[Overture/DuplicateAsset] Asset " + second + " differs from " + first + " (" + firstFile + ") only in case: a file"
            + " system that ignores case keeps one of the two files, and a reference in either case may find the other;"
            + " rename or remove one of them at " + secondFile);
  }

  @Test
  void idsDifferingOnlyInCase_inOneRoot_areRefusedAtBothFiles() {
    Content content = TestAssets.game().file("pawns/hero.json", "{ \"name\": \"lower\" }");

    AssetIndexException e = assertThrows(AssetIndexException.class, () -> build(content));

    assertEquals(expected("Pawn:Hero", root() + "/pawns/Hero.json", "Pawn:hero", root() + "/pawns/hero.json"),
        described(e.problems()));
  }

  /**
   * The names were compared lowered as whole words, where a capital sigma at the end becomes the
   * final sigma: {@code ΑΣ} and {@code ασ} were both indexed, though a file system that ignores case
   * holds one file for the two names.
   */
  @Test
  void idsDifferingOnlyInTheCaseOfASigma_areRefused_butDottedAndPlainIStayApart() {
    Content content = TestAssets.game().file("pawns/ΑΣ.json", "{}").file("pawns/ασ.json", "{}")
        .file("pawns/İ.json", "{}").file("pawns/i.json", "{}");

    AssetIndexException e = assertThrows(AssetIndexException.class, () -> build(content));

    assertEquals(expected("Pawn:ΑΣ", root() + "/pawns/ΑΣ.json", "Pawn:ασ", root() + "/pawns/ασ.json"), described(e.problems()));
  }

  @Test
  void idsDifferingOnlyInCase_acrossRoots_areRefused_andTheRootIsNotAdded() {
    build(TestAssets.game());
    Path plugin = Content.of().file("pawns/HERO.json", "{}").file("modes/Fresh.json", "{}").writeTo(temp.resolve("plugins/Loud"));

    AssetIndexException e =
        assertThrows(AssetIndexException.class, () -> assets.addContentRoot(ContentRoot.of("Loud", AssetSource.directory(plugin))));

    assertEquals(expected("Pawn:Hero", root() + "/pawns/Hero.json", "Pawn:HERO", plugin + "/pawns/HERO.json"),
        described(e.problems()));
    assertFalse(assets.index().find(TestAssets.id("Mode:Fresh")).isPresent());
  }

  @Test
  void aFileReindexed_whoseIdDiffersOnlyInCase_isRefused_andTheIndexStaysAsItWas() throws IOException {
    build(TestAssets.game());
    Files.writeString(root().resolve("pawns/hERO.json"), "{}");
    AssetIndex before = assets.index();

    AssetIndexException e = assertThrows(AssetIndexException.class,
        () -> assets.tools().reindex(ContentRoot.GAME, AssetPath.parse("pawns/hERO.json")));

    assertEquals(expected("Pawn:Hero", root() + "/pawns/Hero.json", "Pawn:hERO", root() + "/pawns/hERO.json"),
        described(e.problems()));
    assertSame(before, assets.index());
  }
}
