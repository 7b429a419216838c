package dev.overture.asset;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SourceFilesTest {

  @TempDir Path temp;

  @Test
  void relative_isTheSlashSeparatedPathBelowTheRoot() {
    Path root = Path.of("/game/assets");
    assertEquals("items/a/b.json", SourceFiles.relative(root, root.resolve("items/a/b.json")));
    assertEquals("b.json", SourceFiles.relative(Path.of("/"), Path.of("/b.json")));
    // A sibling folder whose name starts with the root's is not below it.
    assertEquals("../assets2/x.json", SourceFiles.relative(root, Path.of("/game/assets2/x.json")));
  }

  @Test
  void walk_listsNestedFilesRelativeToTheRoot() throws Exception {
    Files.createDirectories(temp.resolve("items/01/02"));
    Files.writeString(temp.resolve("items/01/02/item-1.json"), "{}");
    Files.writeString(temp.resolve("items/top.json"), "{}");

    List<String> files = SourceFiles.walk(temp, temp.resolve("items"), true);

    assertEquals(List.of("items/01/02/item-1.json", "items/top.json"), files.stream().sorted().toList());
  }

  @Test
  void readAtMost_refusesAStreamOfUnknownSizeOverALimitBelowTheFirstBuffer() throws Exception {
    // A zip entry stored without its size reads with no hint; a limit of 10 bytes holds below 64.
    AssetTooLargeException e = assertThrows(AssetTooLargeException.class,
        () -> SourceFiles.readAtMost(new ByteArrayInputStream(new byte[20]), -1, 10, "maps/Big.json"));
    assertEquals(new AssetTooLargeException("maps/Big.json", -1, 10).getMessage(), e.getMessage());
    assertArrayEquals(new byte[10], SourceFiles.readAtMost(new ByteArrayInputStream(new byte[10]), -1, 10, "maps/Ten.json"));
    assertArrayEquals(new byte[0], SourceFiles.readAtMost(new ByteArrayInputStream(new byte[0]), -1, 0, "maps/Empty.json"));
    assertThrows(AssetTooLargeException.class,
        () -> SourceFiles.readAtMost(new ByteArrayInputStream(new byte[1]), -1, 0, "maps/One.json"));
    // Larger streams, with and without a hint, are read whole up to the limit.
    assertArrayEquals(new byte[20_000], SourceFiles.readAtMost(new ByteArrayInputStream(new byte[20_000]), -1, 20_000, "a"));
    assertArrayEquals(new byte[100], SourceFiles.readAtMost(new ByteArrayInputStream(new byte[100]), 100, 1_000, "b"));
  }
}
