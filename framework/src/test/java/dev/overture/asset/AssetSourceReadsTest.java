package dev.overture.asset;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.testing.Content;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** What the built-in sources list and read, how they name files, and what they refuse. */
class AssetSourceReadsTest {

  @TempDir Path temp;

  private static byte[] bytes(int count, int fill) {
    byte[] bytes = new byte[count];
    Arrays.fill(bytes, (byte) fill);
    return bytes;
  }

  private static String tooLarge(String file, long size, long limit) {
    return "File \"" + file + "\" is " + (size >= 0 ? size + " bytes" : "larger than the limit") + "; the largest accepted is "
        + limit + " bytes (AssetLimits.maxDocumentBytes)";
  }

  // --- SourceFiles.readAtMost: the archive and jar reads ---

  @Test
  void readAtMost_acceptsExactlyTheLimit_whenTheSizeIsKnown() throws IOException {
    byte[] data = bytes(100, 7);
    assertArrayEquals(data, SourceFiles.readAtMost(new ByteArrayInputStream(data), 100, 100, "x.json"));
  }

  @Test
  void readAtMost_refusesAKnownSizeAboveTheLimit_withoutReading() {
    AssetTooLargeException e = assertThrows(AssetTooLargeException.class,
        () -> SourceFiles.readAtMost(new ByteArrayInputStream(bytes(101, 7)), 101, 100, "big.json"));
    assertEquals(tooLarge("big.json", 101, 100), e.getMessage());
    assertEquals(101, e.size());
    assertEquals(100, e.limit());
  }

  @Test
  void readAtMost_acceptsExactlyTheLimit_whenTheSizeIsUnknown() throws IOException {
    byte[] data = bytes(100, 3);
    assertArrayEquals(data, SourceFiles.readAtMost(new ByteArrayInputStream(data), -1, 100, "x.json"));
  }

  @Test
  void readAtMost_refusesOneByteMore_whenTheSizeIsUnknown_whateverThatByteIs() {
    byte[] data = bytes(101, 3);
    data[100] = 0;
    AssetTooLargeException e = assertThrows(AssetTooLargeException.class,
        () -> SourceFiles.readAtMost(new ByteArrayInputStream(data), -1, 100, "stream.json"));
    assertEquals(tooLarge("stream.json", -1, 100), e.getMessage());
    assertEquals(-1, e.size());
  }

  @Test
  void readAtMost_readsPastASizeHintThatIsTooSmall() throws IOException {
    byte[] data = new byte[300];
    for (int i = 0; i < data.length; i++) {
      data[i] = (byte) i;
    }
    assertArrayEquals(data, SourceFiles.readAtMost(new ByteArrayInputStream(data), 10, 1000, "x.json"));
    assertArrayEquals(data, SourceFiles.readAtMost(new ByteArrayInputStream(data), 0, 1000, "x.json"));
  }

  @Test
  void readAtMost_readsALargeStreamOfUnknownSize_inPieces() throws IOException {
    byte[] data = new byte[20_000];
    for (int i = 0; i < data.length; i++) {
      data[i] = (byte) (i * 31);
    }
    InputStream trickle = new ByteArrayInputStream(data) {
      @Override
      public synchronized int read(byte[] b, int off, int len) {
        return super.read(b, off, Math.min(len, 1000));
      }
    };
    assertArrayEquals(data, SourceFiles.readAtMost(trickle, -1, 1 << 20, "x.json"));
    assertArrayEquals(new byte[0], SourceFiles.readAtMost(new ByteArrayInputStream(new byte[0]), -1, 100, "x.json"));
  }

  // --- SourceFiles.relative and walk ---

  @Test
  void relative_ofTheRootItself_isEmpty_andOfAnotherTree_climbs() {
    Path root = Path.of("/game/assets");
    assertEquals("", SourceFiles.relative(root, root));
    assertEquals("../../x/y/z.json", SourceFiles.relative(Path.of("/a/b"), Path.of("/x/y/z.json")));
  }

  /**
   * Links that lead to no file are listed too (a hostile review: a dangling or looping link named
   * like an asset was skipped, and validate passed content whose asset was silently missing): a
   * read says what the file is, instead of reporting it missing while it shows in its folder.
   */
  @Test
  void list_givesFilesAndLinksToFilesOrToNothing_notFoldersOrLinksToFolders() throws IOException {
    Path root = temp.resolve("assets");
    Files.createDirectories(root.resolve("modes/sub"));
    Files.writeString(root.resolve("modes/a.json"), "{}");
    Files.writeString(root.resolve("modes/sub/b.json"), "{}");
    Files.createDirectories(root.resolve("other"));
    Files.writeString(root.resolve("other/c.json"), "{}");
    Files.createSymbolicLink(root.resolve("modes/link.json"), root.resolve("other/c.json"));
    Files.createSymbolicLink(root.resolve("modes/folderLink"), root.resolve("other"));
    Files.createSymbolicLink(root.resolve("modes/dangling.json"), root.resolve("missing.json"));
    AssetSource source = AssetSource.directory(root);

    Files.createSymbolicLink(root.resolve("modes/loop.json"), root.resolve("modes/loop.json"));

    assertEquals(List.of("modes/a.json", "modes/dangling.json", "modes/link.json", "modes/loop.json"),
        source.list(AssetPath.parse("modes"), false).stream().sorted().toList());
    assertEquals(List.of("modes/a.json", "modes/dangling.json", "modes/link.json", "modes/loop.json", "modes/sub/b.json"),
        source.list(AssetPath.parse("modes"), true).stream().sorted().toList());
    assertEquals(root + "/modes/dangling.json is a symbolic link to nothing (to \"" + root.resolve("missing.json")
            + "\", which does not exist), not a regular file; it was not opened",
        assertThrows(dev.overture.internal.NotARegularFileException.class, () -> source.read(AssetPath.parse("modes/dangling.json"), 1000))
            .getMessage());
    assertEquals(root + "/modes/loop.json is a symbolic link that does not lead to a file (to \"" + root.resolve("modes/loop.json")
            + "\": a loop of links, or one too many), not a regular file; it was not opened",
        assertThrows(dev.overture.internal.NotARegularFileException.class, () -> source.read(AssetPath.parse("modes/loop.json"), 1000))
            .getMessage());
  }

  // --- DirectorySource ---

  @Test
  void directoryRead_acceptsAFileOfExactlyTheLimit_andRefusesOneByteMore() throws IOException {
    Path root = Files.createDirectories(temp.resolve("assets"));
    byte[] data = bytes(5000, 'x');
    Files.write(root.resolve("five.json"), data);
    AssetSource source = AssetSource.directory(root);

    assertArrayEquals(data, source.read(AssetPath.parse("five.json"), 5000));
    AssetTooLargeException e = assertThrows(AssetTooLargeException.class, () -> source.read(AssetPath.parse("five.json"), 4999));
    assertEquals(tooLarge(root + "/five.json", 5000, 4999), e.getMessage());
  }

  @Test
  void directoryRead_ofABigFile_givesEveryByte() throws IOException {
    Path root = Files.createDirectories(temp.resolve("assets"));
    byte[] data = new byte[300_000];
    for (int i = 0; i < data.length; i++) {
      data[i] = (byte) (i * 7);
    }
    Files.write(root.resolve("big.bin"), data);
    assertArrayEquals(data, AssetSource.directory(root).read(AssetPath.parse("big.bin"), 1 << 20));
    Files.write(root.resolve("empty.bin"), new byte[0]);
    assertArrayEquals(new byte[0], AssetSource.directory(root).read(AssetPath.parse("empty.bin"), 10));
  }

  @Test
  void directoryAtTheFileSystemRoot_showsAbsolutePaths() {
    AssetSource source = AssetSource.directory(Path.of("/"));
    assertEquals("/etc/hosts", source.displayPath(AssetPath.parse("etc/hosts")));
  }

  @Test
  void directory_isTheRealFolder_andWritable() throws IOException {
    Path real = Files.createDirectories(temp.resolve("real"));
    Path link = Files.createSymbolicLink(temp.resolve("linked"), real);
    AssetSource source = AssetSource.directory(link);

    assertEquals(Optional.of(real.toRealPath()), source.folder());
    assertTrue(source.isWritable());
    assertEquals(link.toString(), source.name());
  }

  @Test
  void directoryWrite_createsAndReplacesFiles() throws IOException {
    Path root = Files.createDirectories(temp.resolve("assets"));
    Files.writeString(root.resolve("a.json"), "old");
    AssetSource source = AssetSource.directory(root);

    source.write(AssetPath.parse("a.json"), "new".getBytes(UTF_8));
    source.write(AssetPath.parse("b.json"), "created".getBytes(UTF_8));

    assertEquals("new", Files.readString(root.resolve("a.json")));
    assertEquals("created", Files.readString(root.resolve("b.json")));
  }

  @Test
  void directoryWrite_throughALink_rewritesWhatItShowsInsideTheRoot_andRefusesOutside() throws IOException {
    Path root = Files.createDirectories(temp.resolve("assets"));
    Files.createDirectories(root.resolve("shared"));
    Files.writeString(root.resolve("shared/target.json"), "old");
    Path inside = Files.createSymbolicLink(root.resolve("alias.json"), root.resolve("shared/target.json"));
    Path outsideFile = Files.writeString(temp.resolve("outside.json"), "secret");
    Files.createSymbolicLink(root.resolve("escape.json"), outsideFile);
    AssetSource source = AssetSource.directory(root);

    source.write(AssetPath.parse("alias.json"), "new".getBytes(UTF_8));

    assertEquals("new", Files.readString(root.resolve("shared/target.json")));
    assertTrue(Files.isSymbolicLink(inside), "the link stays a link");
    InvalidAssetPathException e = assertThrows(InvalidAssetPathException.class,
        () -> source.write(AssetPath.parse("escape.json"), "x".getBytes(UTF_8)));
    assertEquals(root + "/escape.json links to " + outsideFile.toRealPath() + ", outside the content root; it is not rewritten",
        e.getMessage());
    assertEquals("secret", Files.readString(outsideFile));
  }

  // --- FolderSource ---

  @Test
  void folderOfADirectory_isNamedAndWrittenInsideItsParent() throws IOException {
    Path root = Content.of().file("plugins/Weapons/items/sword.json", "{}").file("top.json", "{}").writeTo(temp.resolve("assets"));
    AssetSource parent = AssetSource.directory(root);
    AssetSource plugin = AssetSource.within(parent, AssetPath.parse("plugins/Weapons"));

    assertEquals(root + "/plugins/Weapons", plugin.name());
    assertEquals(root + "/plugins/Weapons/items/sword.json", plugin.displayPath(AssetPath.parse("items/sword.json")));
    assertEquals(Optional.of(root.toRealPath().resolve("plugins/Weapons")), plugin.folder());
    assertTrue(plugin.isWritable());

    plugin.write(AssetPath.parse("items/axe.json"), "{\"axe\":1}".getBytes(UTF_8));

    assertEquals("{\"axe\":1}", Files.readString(root.resolve("plugins/Weapons/items/axe.json")));
    assertEquals(List.of("items/axe.json", "items/sword.json"), plugin.list(AssetPath.ROOT, true).stream().sorted().toList());
    NoSuchFileException missing = assertThrows(NoSuchFileException.class, () -> plugin.read(AssetPath.parse("gone.json"), 100));
    assertTrue(missing.getMessage().contains("plugins/Weapons/gone.json"), missing.getMessage());
  }

  @Test
  void folderOfAZip_isNamedAfterTheArchive_andCannotBeWritten() throws IOException {
    Path archive = Content.of().file("plugins/Weapons/items/sword.json", "{}").zip(temp.resolve("plugins.zip"));
    try (AssetSource zip = AssetSource.zip(archive)) {
      AssetSource plugin = AssetSource.within(zip, AssetPath.parse("plugins/Weapons"));

      assertEquals(archive + "!/plugins/Weapons", plugin.name());
      assertEquals(archive + "!/plugins/Weapons/items/sword.json", plugin.displayPath(AssetPath.parse("items/sword.json")));
      assertEquals(Optional.empty(), plugin.folder());
      assertFalse(plugin.isWritable());
      UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class,
          () -> plugin.write(AssetPath.parse("items/axe.json"), new byte[0]));
      assertEquals(archive + " cannot be written (it is not a folder on disk)", e.getMessage());
    }
  }

  // --- ZipSource ---

  @Test
  void zip_namesFilesAfterTheArchive() throws IOException {
    Path archive = Content.of().file("modes/a.json", "{}").zip(temp.resolve("content.zip"));
    try (AssetSource zip = AssetSource.zip(archive)) {
      assertEquals(archive.toString(), zip.name());
      assertEquals(archive + "!/modes/a.json", zip.displayPath(AssetPath.parse("modes/a.json")));
      NoSuchFileException e = assertThrows(NoSuchFileException.class, () -> zip.read(AssetPath.parse("modes/b.json"), 100));
      assertEquals(archive + "!/modes/b.json", e.getMessage());
    }
  }

  @Test
  void zipListing_ofOneFolder_leavesOutEntriesBelowIt_evenOddlyNamedOnes() throws IOException {
    Path archive = temp.resolve("odd.zip");
    try (OutputStream out = Files.newOutputStream(archive); ZipOutputStream zip = new ZipOutputStream(out)) {
      for (String name : List.of("modes/a.json", "modes//odd.json", "modes/sub/b.json", "/abs.json", "top.json")) {
        zip.putNextEntry(new ZipEntry(name));
        zip.write("{}".getBytes(UTF_8));
        zip.closeEntry();
      }
    }
    try (AssetSource zip = AssetSource.zip(archive)) {
      assertEquals(List.of("modes/a.json"), zip.list(AssetPath.parse("modes"), false));
      // An absolute entry is listed where it would be, so that the index refuses it (InvalidPath) instead of missing it.
      assertEquals(List.of("/abs.json", "top.json"), zip.list(AssetPath.ROOT, false));
    }
  }

  @Test
  void zip_onceClosed_readsNoMore() throws IOException {
    Path archive = Content.of().file("modes/a.json", "{}").zip(temp.resolve("content.zip"));
    AssetSource zip = AssetSource.zip(archive);
    assertArrayEquals("{}".getBytes(UTF_8), zip.read(AssetPath.parse("modes/a.json"), 100));

    zip.close();

    assertThrows(IllegalStateException.class, () -> zip.read(AssetPath.parse("modes/a.json"), 100));
  }

  // --- ClasspathSource ---

  @ParameterizedTest
  @ValueSource(strings = {"game", "/game", "game/", "//game//"})
  void classpathRoot_isNamedWithoutItsSlashes(String root) throws IOException {
    Path classes = temp.resolve("classes");
    Content.of().file("modes/a.json", "{\"a\":1}").writeTo(classes.resolve("game"));
    try (URLClassLoader loader = Content.loaderOf(classes)) {
      AssetSource source = AssetSource.classpath(loader, root);
      assertEquals("classpath:game", source.name());
      assertEquals("classpath:game/modes/a.json", source.displayPath(AssetPath.parse("modes/a.json")));
      assertArrayEquals("{\"a\":1}".getBytes(UTF_8), source.read(AssetPath.parse("modes/a.json"), 100));
      NoSuchFileException e = assertThrows(NoSuchFileException.class, () -> source.read(AssetPath.parse("modes/b.json"), 100));
      assertEquals("classpath:game/modes/b.json", e.getMessage());
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "/", "///"})
  void classpathRoot_needsAFolderName(String root) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> AssetSource.classpath(AssetSourceReadsTest.class.getClassLoader(), root));
    assertEquals("A classpath content root needs a folder name, for example \"assets\" (got \"" + root + "\")", e.getMessage());
  }

  @Test
  void classpathFolder_refusesALinkOutOfTheRoot_evenIntoTheRestOfTheClassFolder() throws IOException {
    Path classes = temp.resolve("classes");
    Path game = Content.of().file("modes/a.json", "{}").writeTo(classes.resolve("game"));
    Path outside = Files.writeString(classes.resolve("outside.json"), "{\"secret\":1}");
    Files.createSymbolicLink(game.resolve("leak.json"), outside);
    Files.createSymbolicLink(game.resolve("modes/leak.json"), outside);
    try (URLClassLoader loader = Content.loaderOf(classes)) {
      AssetSource source = AssetSource.classpath(loader, "game");

      InvalidAssetPathException top = assertThrows(InvalidAssetPathException.class, () -> source.read(AssetPath.parse("leak.json"), 100));
      assertEquals("Asset path \"classpath:game/leak.json\" resolves outside its content root through a symbolic link (to \""
          + outside.toRealPath() + "\")", top.getMessage());
      InvalidAssetPathException nested =
          assertThrows(InvalidAssetPathException.class, () -> source.read(AssetPath.parse("modes/leak.json"), 100));
      assertTrue(nested.getMessage().startsWith("Asset path \"classpath:game/modes/leak.json\" resolves outside"), nested.getMessage());
      assertArrayEquals("{}".getBytes(UTF_8), source.read(AssetPath.parse("modes/a.json"), 100));
    }
  }

  @Test
  void classpathJar_readsExactlyTheLimit_andRefusesMore() throws IOException {
    Path jar = Content.of().file("modes/a.json", "0123456789").jar(temp.resolve("game.jar"), "game");
    try (URLClassLoader loader = Content.loaderOf(jar)) {
      AssetSource source = AssetSource.classpath(loader, "game");
      assertEquals(List.of("modes/a.json"), source.list(AssetPath.parse("modes"), false));
      assertArrayEquals("0123456789".getBytes(UTF_8), source.read(AssetPath.parse("modes/a.json"), 10));
      AssetTooLargeException e = assertThrows(AssetTooLargeException.class, () -> source.read(AssetPath.parse("modes/a.json"), 9));
      assertTrue(e.getMessage().startsWith("File \"classpath:game/modes/a.json\" is "), e.getMessage());
    }
  }

  /** A hostile review: a jar holding plugin.json twice was read by its last copy, without a word. */
  @org.junit.jupiter.api.Test
  void anArchiveHoldingAFileTwice_isRefused_namingTheFile() throws Exception {
    java.nio.file.Path archive = temp.resolve("twice.jar");
    try (java.util.zip.ZipOutputStream out = new java.util.zip.ZipOutputStream(java.nio.file.Files.newOutputStream(archive))) {
      for (String name : java.util.List.of("plugin.json", "plugin.jsoX")) {
        out.putNextEntry(new java.util.zip.ZipEntry(name));
        out.write(("{ \"name\": \"" + name + "\" }").getBytes(java.nio.charset.StandardCharsets.UTF_8));
        out.closeEntry();
      }
    }
    // The same name twice, as a hand-made archive can hold it (ZipOutputStream refuses to write one).
    byte[] bytes = java.nio.file.Files.readAllBytes(archive);
    String text = new String(bytes, java.nio.charset.StandardCharsets.ISO_8859_1).replace("plugin.jsoX", "plugin.json");
    java.nio.file.Files.write(archive, text.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));

    java.util.zip.ZipException refused =
        org.junit.jupiter.api.Assertions.assertThrows(java.util.zip.ZipException.class, () -> AssetSource.zip(archive));

    org.junit.jupiter.api.Assertions.assertEquals(archive.toString().replace('\\', '/') + " holds plugin.json twice, and which"
        + " one is read depends on the program reading it; build the archive again with each file once", refused.getMessage());
  }
}
