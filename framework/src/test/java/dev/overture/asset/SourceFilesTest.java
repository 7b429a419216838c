package dev.overture.asset;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
}
