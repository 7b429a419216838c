package dev.overture.asset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.core.Problem;
import dev.overture.testing.ManualExecutor;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reindexing many files of a root at once ({@link AssetTools#reindex(String, java.util.Collection)}):
 * live content reindexed a change one file at a time, each copying the whole index and folding
 * every id of its type, so a pack of 6,000 assets unpacked into a watched folder took 44 s to
 * apply and 50,000 would have taken hours. At once, each file is still checked against the index
 * as the files before it left it.
 */
class ReindexManyFilesTest {

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

  private void build() {
    assets = TestAssets.builder(AssetSource.directory(TestAssets.game().writeTo(root()))).executor(workers).build();
  }

  private AssetPath write(String path) throws IOException {
    Files.createDirectories(root().resolve(path).getParent());
    Files.writeString(root().resolve(path), "{}");
    return AssetPath.parse(path);
  }

  private static List<String> described(List<Problem> problems) {
    return problems.stream().map(problem -> "[" + problem.id() + "] " + problem.message() + " at " + problem.location().orElseThrow()).toList();
  }

  @Test
  void twentyThousandNewFiles_areAllAdded() throws IOException {
    build();
    int before = assets.index().size();
    List<AssetPath> paths = new ArrayList<>();
    for (int i = 0; i < 20_000; i++) {
      paths.add(write("pawns/pack/P" + i + ".json"));
    }

    Map<AssetPath, IndexChange> changes = assets.tools().reindex(ContentRoot.GAME, paths);

    assertEquals(20_000, changes.size());
    assertTrue(changes.values().stream().allMatch(IndexChange.ADDED::equals), changes.toString().substring(0, 200));
    assertEquals(before + 20_000, assets.index().size());
    assertEquals(root().resolve("pawns/pack/P19999.json").toString(), assets.index().find(TestAssets.id("Pawn:P19999")).orElseThrow().file());
  }

  @Test
  void eachFile_isCheckedAgainstTheFilesBeforeIt_andOnlyTheFilesThatCannotBeIndexedStayOut() throws IOException {
    build();
    AssetPath twin = write("pawns/a/Twin.json");
    AssetPath otherTwin = write("pawns/b/Twin.json");
    AssetPath variant = write("pawns/c/tWIN.json");
    AssetPath fresh = write("pawns/Fresh.json");
    Files.delete(root().resolve("pawns/Villain.json"));
    AssetPath villain = AssetPath.parse("pawns/Villain.json");
    AssetPath villainMoved = write("pawns/moved/Villain.json");

    AssetIndexException e = assertThrows(AssetIndexException.class,
        () -> assets.tools().reindex(ContentRoot.GAME, List.of(twin, otherTwin, variant, fresh, villain, villainMoved)));

    String a = root() + "/pawns/a/Twin.json";
    String c = root() + "/pawns/c/tWIN.json";
    String suffix = " only in case: a file system that ignores case keeps one of the two files, and a reference in either case"
        + " may find the other; rename or remove one of them at ";
    assertEquals(List.of(
        "[Overture/DuplicateAsset] Asset Pawn:Twin is defined twice: by " + a + " and by " + root() + "/pawns/b/Twin.json;"
            + " rename or remove one of them at " + root() + "/pawns/b/Twin.json",
        "[Overture/DuplicateAsset] Asset Pawn:Twin differs from Pawn:tWIN (" + c + ")" + suffix + a,
        "[Overture/DuplicateAsset] Asset Pawn:tWIN differs from Pawn:Twin (" + a + ")" + suffix + c), described(e.problems()));
    assertEquals(a, assets.index().find(TestAssets.id("Pawn:Twin")).orElseThrow().file());
    assertFalse(assets.index().find(TestAssets.id("Pawn:tWIN")).isPresent());
    assertTrue(assets.index().find(TestAssets.id("Pawn:Fresh")).isPresent());
    assertEquals(root() + "/pawns/moved/Villain.json", assets.index().find(TestAssets.id("Pawn:Villain")).orElseThrow().file(),
        "the file deleted before the one that takes its id");
  }
}
