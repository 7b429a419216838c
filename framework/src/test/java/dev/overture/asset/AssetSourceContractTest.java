package dev.overture.asset;

import dev.overture.testing.Content;
import static dev.overture.asset.TestAssets.id;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.core.Problem;
import java.io.Closeable;
import java.io.IOException;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * One suite for every kind of asset source: each must list, read and refuse escapes the same way,
 * and an asset manager over it must index and load the same game.
 */
class AssetSourceContractTest {

  /** How a test's content becomes a source of each kind. */
  enum Kind {
    DIRECTORY {
      @Override
      AssetSource create(Content content, Path temp, List<Closeable> open) {
        return AssetSource.directory(content.writeTo(temp.resolve("assets")));
      }
    },
    ZIP {
      @Override
      AssetSource create(Content content, Path temp, List<Closeable> open) throws IOException {
        AssetSource source = AssetSource.zip(content.zip(temp.resolve("content.zip")));
        open.add(source::close);
        return source;
      }
    },
    CLASSPATH_JAR {
      @Override
      AssetSource create(Content content, Path temp, List<Closeable> open) {
        URLClassLoader loader = Content.loaderOf(content.jar(temp.resolve("game.jar"), "game"));
        open.add(loader);
        return AssetSource.classpath(loader, "game");
      }
    },
    CLASSPATH_FOLDER {
      @Override
      AssetSource create(Content content, Path temp, List<Closeable> open) {
        Path classes = temp.resolve("classes");
        content.writeTo(classes.resolve("game"));
        URLClassLoader loader = Content.loaderOf(classes);
        open.add(loader);
        return AssetSource.classpath(loader, "game");
      }
    },
    /** The test kit's in-memory content. */
    MEMORY {
      @Override
      AssetSource create(Content content, Path temp, List<Closeable> open) {
        return content.source();
      }
    },
    /** A plugin's folder inside a zip: the sub-folder view over an archive. */
    FOLDER_WITHIN_ZIP {
      @Override
      AssetSource create(Content content, Path temp, List<Closeable> open) throws IOException {
        Content nested = Content.of().file("README.txt", "not content");
        content.files().forEach((path, text) -> nested.entry("plugins/Game/" + path, text)); // as written, hostile names too
        AssetSource zip = AssetSource.zip(nested.zip(temp.resolve("plugins.zip")));
        open.add(zip::close);
        return AssetSource.within(zip, AssetPath.parse("plugins/Game"));
      }
    };

    abstract AssetSource create(Content content, Path temp, List<Closeable> open) throws IOException;

    boolean isArchive() {
      return this == ZIP || this == CLASSPATH_JAR || this == FOLDER_WITHIN_ZIP;
    }
  }

  @TempDir Path temp;
  private final List<Closeable> open = new ArrayList<>();

  @AfterEach
  void closeAll() throws IOException {
    for (Closeable closeable : open) {
      closeable.close();
    }
  }

  @ParameterizedTest
  @EnumSource(Kind.class)
  void list_givesFilesRelativeToTheRoot(Kind kind) throws IOException {
    AssetSource source = kind.create(TestAssets.game(), temp, open);

    assertEquals(
        new TreeSet<>(TestAssets.game().files().keySet()), new TreeSet<>(source.list(AssetPath.ROOT, true)));
    assertEquals(
        Set.of("modes/Elimination.json", "modes/Base.json"), Set.copyOf(source.list(AssetPath.parse("modes"), false)));
    assertEquals(List.of("overture.json"), source.list(AssetPath.ROOT, false));
    assertThrows(NoSuchFileException.class, () -> source.list(AssetPath.parse("missing"), true));
  }

  @ParameterizedTest
  @EnumSource(Kind.class)
  void read_givesTheBytesOrSaysWhatIsWrong(Kind kind) throws IOException {
    AssetSource source = kind.create(TestAssets.game(), temp, open);

    assertArrayEquals("RULES".getBytes(StandardCharsets.UTF_8), source.read(AssetPath.parse("server/rules.bin"), 100));
    assertTrue(source.exists(AssetPath.parse("server/rules.bin")));
    assertFalse(source.exists(AssetPath.parse("server/missing.bin")));
    assertThrows(NoSuchFileException.class, () -> source.read(AssetPath.parse("server/missing.bin"), 100));
    AssetTooLargeException tooLarge =
        assertThrows(AssetTooLargeException.class, () -> source.read(AssetPath.parse("server/rules.bin"), 4));
    assertEquals(4, tooLarge.limit());
  }

  @ParameterizedTest
  @EnumSource(Kind.class)
  void assetManager_indexesAndLoadsTheSameGame(Kind kind) throws Exception {
    try (AssetManager assets = TestAssets.builder(kind.create(TestAssets.game(), temp, open)).workerThreads(2).build()) {
      assertEquals(
          List.of(id("Arena:Dust"), id("Mode:Base"), id("Mode:Elimination"), id("Pawn:Hero"), id("Pawn:Sidekick"), id("Pawn:Villain")),
          assets.index().ids());

      LoadResult result = assets.loadPrimaryAsset(id("Mode:Elimination"), "client").waitUntilComplete(Duration.ofSeconds(10));

      TestAssets.Mode mode = result.get(id("Mode:Elimination"), TestAssets.Mode.class);
      assertEquals(8, mode.maxPlayers());
      assertEquals("hero.png", assets.getAsset(assets.getAsset(id("Pawn:Hero"), TestAssets.Pawn.class).orElseThrow().portrait()).orElseThrow().texture());
      assertTrue(assets.getAsset(id("Pawn:Sidekick")).isPresent());
      assertTrue(assets.getAsset(id("Mode:Base")).isPresent(), "always-bundle includes are loaded");
      assertEquals(9, assets.getAsset(assets.getAsset(mode.icon()).orElseThrow().image()).orElseThrow().size());
      assertFalse(assets.getAsset(mode.serverData().get(0)).isPresent(), "server bundle was not requested");
      assertFalse(assets.getAsset(id("Pawn:Villain")).isPresent());
    }
  }

  @ParameterizedTest
  @EnumSource(Kind.class)
  void referencesThatLeaveTheRoot_areRefusedWhereTheyAreWritten(Kind kind) throws Exception {
    Content content =
        TestAssets.game().file("modes/Sneaky.json", "{ \"title\": \"Sneaky\", \"icon\": \"../../outside/secret.json\" }");
    try (AssetManager assets = TestAssets.builder(kind.create(content, temp, open)).workerThreads(2).build()) {
      AssetLoadException e =
          assertThrows(
              AssetLoadException.class,
              () -> assets.loadPrimaryAsset(id("Mode:Sneaky"), "client").waitUntilComplete(Duration.ofSeconds(10)));
      Problem problem = e.problems().get(0);
      assertEquals("Overture/InvalidPath", problem.id());
      assertEquals(
          "Asset path \"../../outside/secret.json\" escapes the content root: a \"..\" climbs above it", problem.message());
      assertEquals(1, problem.location().orElseThrow().line());
      assertEquals(30, problem.location().orElseThrow().column());
      assertEquals("/icon", problem.location().orElseThrow().pointer());
    }
  }

  @ParameterizedTest
  @EnumSource(value = Kind.class, names = {"ZIP", "CLASSPATH_JAR", "FOLDER_WITHIN_ZIP", "MEMORY"})
  void archiveEntriesThatClimbOutOfTheRoot_areRefusedByTheIndex(Kind kind) {
    Content content = TestAssets.game().entry("modes/../../Evil.json", "{}");

    AssetIndexException e =
        assertThrows(AssetIndexException.class, () -> TestAssets.builder(kind.create(content, temp, open)).build());

    assertEquals(List.of("Overture/InvalidPath"), e.problems().stream().map(Problem::id).toList());
    assertEquals(
        "Asset path \"modes/../../Evil.json\" escapes the content root: a \"..\" climbs above it; the content root is refused"
            + " while it holds this file",
        e.problems().get(0).message());
  }

  /**
   * Review nit: an absolute entry name in a plugin jar (a zip source) was missed without a word,
   * where "..", "./", "//" and "\\" were refused. (The class-path jar and in-memory sources still
   * skip such a name: not yet held to this.)
   */
  @ParameterizedTest
  @EnumSource(value = Kind.class, names = {"ZIP"})
  void anAbsoluteArchiveEntry_isRefusedByTheIndex_asTheOtherOddNamesAre(Kind kind) {
    Content content = TestAssets.game().entry("/modes/Abs.json", "{}");

    AssetIndexException e =
        assertThrows(AssetIndexException.class, () -> TestAssets.builder(kind.create(content, temp, open)).build());

    assertEquals(List.of("Overture/InvalidPath"), e.problems().stream().map(Problem::id).toList());
    assertTrue(e.problems().get(0).message().startsWith("Asset path \"/modes/Abs.json\""), e.problems().get(0).message());
  }

  @ParameterizedTest
  @EnumSource(value = Kind.class, names = {"DIRECTORY", "CLASSPATH_FOLDER"})
  void symbolicLinksOutOfTheRoot_areRefused(Kind kind) throws Exception {
    Path outside =
        Files.writeString(Files.createDirectories(temp.resolve("outside")).resolve("secret.json"), "{\"title\":\"stolen\"}");
    AssetSource source = kind.create(TestAssets.game(), temp, open);
    Path root = kind == Kind.DIRECTORY ? temp.resolve("assets") : temp.resolve("classes/game");
    Files.createSymbolicLink(root.resolve("modes/Linked.json"), outside);
    Files.createSymbolicLink(root.resolve("icons/linked.json"), outside);
    Files.writeString(root.resolve("modes/Inside.json"), "{ \"title\": \"Inside\", \"icon\": \"icons/linked.json\" }");

    InvalidAssetPathException direct =
        assertThrows(InvalidAssetPathException.class, () -> source.read(AssetPath.parse("modes/Linked.json"), 1000));
    assertTrue(direct.getMessage().contains("resolves outside its content root through a symbolic link"), direct.getMessage());

    try (AssetManager assets = TestAssets.builder(source).workerThreads(2).build()) {
      AssetLoadException asPrimary =
          assertThrows(
              AssetLoadException.class,
              () -> assets.loadPrimaryAsset(id("Mode:Linked")).waitUntilComplete(Duration.ofSeconds(10)));
      assertEquals("Overture/PathEscapesRoot", asPrimary.problems().get(0).id());

      AssetLoadException asReference =
          assertThrows(
              AssetLoadException.class,
              () -> assets.loadPrimaryAsset(id("Mode:Inside"), "client").waitUntilComplete(Duration.ofSeconds(10)));
      Problem problem = asReference.problems().get(0);
      assertEquals("Overture/PathEscapesRoot", problem.id());
      assertTrue(problem.message().endsWith(", referenced by Mode:Inside"), problem.message());
      assertEquals("/icon", problem.location().orElseThrow().pointer());
      assertEquals(1, problem.location().orElseThrow().line());
    }
  }

  @ParameterizedTest
  @EnumSource(value = Kind.class, names = {"DIRECTORY", "CLASSPATH_FOLDER"})
  void aFolderLinkedOutOfTheRoot_isRefused_afterAFileBesideItWasRead(Kind kind) throws Exception {
    Path outside = Files.createDirectories(temp.resolve("outside"));
    Files.writeString(outside.resolve("secret.json"), "{\"title\":\"stolen\"}");
    AssetSource source = kind.create(TestAssets.game(), temp, open);
    Path root = kind == Kind.DIRECTORY ? temp.resolve("assets") : temp.resolve("classes/game");
    Files.writeString(root.resolve("modes/Inside.json"), "{ \"title\": \"Inside\" }");
    Files.writeString(root.resolve("top.json"), "{}");
    Files.createSymbolicLink(root.resolve("modes/out"), outside);

    assertEquals("{ \"title\": \"Inside\" }", new String(source.read(AssetPath.parse("modes/Inside.json"), 1000), UTF_8));
    assertEquals("{}", new String(source.read(AssetPath.parse("top.json"), 1000), UTF_8));
    InvalidAssetPathException linked =
        assertThrows(InvalidAssetPathException.class, () -> source.read(AssetPath.parse("modes/out/secret.json"), 1000));
    assertTrue(linked.getMessage().contains("resolves outside its content root through a symbolic link"), linked.getMessage());
    // Asked again, the folder's answer comes from what was checked.
    assertThrows(InvalidAssetPathException.class, () -> source.read(AssetPath.parse("modes/out/secret.json"), 1000));
    assertEquals("{}", new String(source.read(AssetPath.parse("top.json"), 1000), UTF_8));
  }
}
