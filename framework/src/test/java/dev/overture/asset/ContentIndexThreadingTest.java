package dev.overture.asset;

import static dev.overture.asset.TestAssets.id;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.testing.Content;
import dev.overture.testing.ManualExecutor;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 15: a content root's folders are scanned outside the index lock, and the result is merged
 * into the index as it is by then and published whole. A slow scan holds up neither readers nor
 * other changes, and no reader ever sees part of a root.
 */
class ContentIndexThreadingTest {

  private static final int CROWD = 40;
  private static final PrimaryAssetType CROWD_TYPE = PrimaryAssetType.of("Crowd");

  @TempDir Path temp;
  private final ManualExecutor workers = new ManualExecutor();
  private final ExecutorService threads = Executors.newCachedThreadPool();
  private AssetManager assets;
  private SlowSource slow;

  @AfterEach
  void tearDown() {
    if (slow != null) {
      slow.go.countDown();
    }
    threads.shutdownNow();
    if (assets != null) {
      assets.close();
    }
  }

  /** A source whose folder listing waits, once it has begun, until the test lets it go on. */
  static final class SlowSource extends CountingSource {
    final CountDownLatch listing = new CountDownLatch(1);
    final CountDownLatch go = new CountDownLatch(1);

    SlowSource(AssetSource delegate) {
      super(delegate);
    }

    @Override
    public List<String> list(AssetPath folder, boolean recursive) throws IOException {
      listing.countDown();
      try {
        go.await();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IOException("interrupted", e);
      }
      return super.list(folder, recursive);
    }
  }

  private Path game() {
    return TestAssets.game().writeTo(temp.resolve("assets"));
  }

  /** A plugin of {@value CROWD} assets of its own type Crowd, and (if given) one pawn (the game's rule for pawns applies). */
  private SlowSource crowd(String pawn) {
    Content content = Content.of().file("overture.json", """
        { "primaryAssetTypesToScan": [ { "type": "Crowd", "assetClass": "Arena", "directories": ["crowd"] } ] }
        """);
    for (int i = 0; i < CROWD; i++) {
      content = content.file("crowd/Member" + i + ".json", "{ \"name\": \"Member" + i + "\", \"tiles\": [] }");
    }
    if (pawn != null) {
      content = content.file("pawns/" + pawn + ".json", "{ \"name\": \"" + pawn + "\" }");
    }
    slow = new SlowSource(AssetSource.directory(content.writeTo(temp.resolve("plugins/Crowd"))));
    return slow;
  }

  private CompletableFuture<Void> addInBackground(ContentRoot root) {
    CompletableFuture<Void> adding = CompletableFuture.runAsync(() -> assets.addContentRoot(root), threads);
    await().atMost(Duration.ofSeconds(30)).until(() -> slow.listing.getCount() == 0);
    return adding;
  }

  private <T> T inBackground(java.util.function.Supplier<T> work) throws Exception {
    CompletableFuture<T> done = CompletableFuture.supplyAsync(work, threads);
    await().atMost(Duration.ofSeconds(30)).until(done::isDone); // would wait forever behind a scan holding the lock
    return done.get();
  }

  @Test
  void aSlowScan_holdsUpNeitherReadersNorOtherChanges_andTheRootLandsWhole() throws Exception {
    Path game = game();
    assets = TestAssets.builder(AssetSource.directory(game)).executor(workers).build();
    int before = assets.index().size();
    Set<Integer> crowdSizesSeen = ConcurrentHashMap.newKeySet();
    AtomicBoolean reading = new AtomicBoolean(true);
    CompletableFuture<Void> reader = CompletableFuture.runAsync(() -> {
      while (reading.get()) {
        AssetIndex index = assets.index();
        int crowd = index.ids(CROWD_TYPE).size();
        crowdSizesSeen.add(crowd);
        if (index.types().contains(CROWD_TYPE) != (crowd > 0)) {
          crowdSizesSeen.add(-1); // a type without its assets, or the reverse
        }
      }
    }, threads);

    CompletableFuture<Void> adding = addInBackground(ContentRoot.of("Crowd", crowd(null)));

    // While the scan waits in the middle of listing the plugin's folders:
    assertEquals(before, inBackground(() -> assets.index().size()), "readers see the index as it was");
    Files.writeString(game.resolve("pawns/Knight.json"), "{ \"name\": \"Knight\" }");
    assertEquals(IndexChange.ADDED, inBackground(() -> assets.tools().reindex(ContentRoot.GAME, AssetPath.parse("pawns/Knight.json"))),
        "another change goes ahead");
    LoadHandle knight = assets.loadPrimaryAsset(id("Pawn:Knight"));
    workers.runAll();
    assertEquals("Knight", knight.waitUntilComplete(Duration.ZERO).get(id("Pawn:Knight"), TestAssets.Pawn.class).name());
    knight.release();
    IllegalArgumentException twice =
        assertThrows(IllegalArgumentException.class, () -> assets.addContentRoot(ContentRoot.of("Crowd", AssetSource.directory(game))));
    assertEquals("content root Crowd is already added", twice.getMessage());

    slow.go.countDown();
    adding.get();
    reading.set(false);
    reader.get();

    assertEquals(before + 1 + CROWD, assets.index().size(), "the scan was merged into the index as it had become");
    assertTrue(assets.index().find(id("Pawn:Knight")).isPresent());
    assertEquals(List.of(ContentRoot.GAME, "Crowd"), assets.contentRoots().stream().map(ContentRoot::name).toList());
    assertTrue(Set.of(0, CROWD).containsAll(crowdSizesSeen), "a reader saw part of the root: " + crowdSizesSeen);
  }

  @Test
  void aClashWithAChangeMadeDuringTheScan_refusesTheRoot_andLeavesTheIndexAsItIs() throws Exception {
    Path game = game();
    assets = TestAssets.builder(AssetSource.directory(game)).executor(workers).build();
    CompletableFuture<Void> adding = addInBackground(ContentRoot.of("Crowd", crowd("Knight")));

    Files.writeString(game.resolve("pawns/Knight.json"), "{ \"name\": \"Knight\" }");
    assertEquals(IndexChange.ADDED, inBackground(() -> assets.tools().reindex(ContentRoot.GAME, AssetPath.parse("pawns/Knight.json"))));
    int withKnight = assets.index().size();
    slow.go.countDown();

    ExecutionException failed = assertThrows(ExecutionException.class, adding::get);
    AssetIndexException clash = assertInstanceOf(AssetIndexException.class, failed.getCause());
    assertEquals(1, clash.problems().size(), clash.getMessage());
    assertEquals(
        "Asset Pawn:Knight is defined twice: by " + game.resolve("pawns/Knight.json") + " and by "
            + slow.displayPath(AssetPath.parse("pawns/Knight.json")) + "; rename or remove one of them",
        clash.problems().get(0).message());
    assertEquals(withKnight, assets.index().size());
    assertFalse(assets.index().types().contains(CROWD_TYPE));
    assertEquals(List.of(ContentRoot.GAME), assets.contentRoots().stream().map(ContentRoot::name).toList());
    closeQuietly(slow); // a root that was not added stays its owner's to close
  }

  private static void closeQuietly(AssetSource source) {
    try {
      source.close();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
