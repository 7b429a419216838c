package dev.overture.asset;

import static dev.overture.asset.TestAssets.id;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.testing.FakeTicker;
import dev.overture.testing.ManualExecutor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 19: the asset manager's snapshot for the inspector: assets with pins, kept bundles and memory, loads in flight. */
class AssetSnapshotTest {

  @TempDir Path temp;
  private Path root;
  private final ManualExecutor workers = new ManualExecutor();
  private final FakeTicker ticker = new FakeTicker();
  private AssetManager assets;

  @BeforeEach
  void setUp() {
    root = TestAssets.game().writeTo(temp.resolve("assets"));
    assets = TestAssets.builder(AssetSource.directory(root)).executor(workers).ticker(ticker).build();
  }

  @AfterEach
  void tearDown() {
    assets.close();
  }

  private Map<String, AssetSnapshot.Asset> byName(AssetSnapshot snapshot) {
    return snapshot.assets().stream().collect(Collectors.toMap(AssetSnapshot.Asset::name, Function.identity()));
  }

  @Test
  void aLoadInFlight_showsItsAssetsLoadingAndItsProgress() {
    LoadHandle handle = assets.loadPrimaryAsset(id("Pawn:Hero"), "client");
    ticker.advance(Duration.ofMillis(30));

    AssetSnapshot snapshot = assets.snapshot();

    assertEquals(1, snapshot.loads().size());
    AssetSnapshot.Load load = snapshot.loads().get(0);
    assertEquals(List.of(id("Pawn:Hero")), load.requested());
    assertEquals(Set.of("client"), load.bundles());
    assertEquals(0, load.loaded());
    assertEquals(1, load.total());
    assertEquals(Duration.ofMillis(30), load.elapsed());
    AssetSnapshot.Asset hero = byName(snapshot).get("Pawn:Hero");
    assertEquals(new AssetSnapshot.Asset("Pawn:Hero", "Pawn", AssetSnapshot.State.LOADING, 1, Set.of(), "", 0), hero);
    handle.release();
  }

  @Test
  void loadedAssets_showTheirPinsFileAndSize_andTheLoadIsNoLongerInFlight() throws Exception {
    LoadHandle first = assets.loadPrimaryAsset(id("Pawn:Hero"), "client");
    LoadHandle second = assets.loadPrimaryAsset(id("Pawn:Hero"));
    workers.runAll();

    AssetSnapshot snapshot = assets.snapshot();

    assertEquals(List.of(), snapshot.loads());
    AssetSnapshot.Asset hero = byName(snapshot).get("Pawn:Hero");
    assertEquals(AssetSnapshot.State.LOADED, hero.state());
    assertEquals(2, hero.pins());
    assertTrue(hero.file().endsWith("pawns/Hero.json"), hero.file());
    assertEquals(Files.size(root.resolve("pawns/Hero.json")), hero.bytes());
    AssetSnapshot.Asset portrait = byName(snapshot).get("Game:/icons/hero.json");
    assertEquals("Icon", portrait.type());
    assertEquals(1, portrait.pins());
    assertEquals(snapshot.assets().stream().mapToLong(AssetSnapshot.Asset::bytes).sum(), snapshot.bytes());

    first.release();
    second.release();
    assertEquals(List.of(), assets.snapshot().assets(), "released assets leave memory, and the snapshot");
  }

  @Test
  void keptAssets_showTheBundlesTheManagerKeeps() {
    assets.changeBundleState(List.of(id("Mode:Base")), List.of("client", "server"), List.of());
    workers.runAll();

    AssetSnapshot.Asset base = byName(assets.snapshot()).get("Mode:Base");

    assertEquals(Set.of("client", "server"), base.keptBundles());
    assertEquals(1, base.pins());
  }

  @Test
  void aFailedRead_showsAsFailedUntilTheNextTry() throws Exception {
    Files.writeString(root.resolve("pawns/Villain.json"), "{ \"name\": ");
    LoadHandle broken = assets.loadPrimaryAsset(id("Pawn:Villain"));
    LoadHandle other = assets.loadPrimaryAsset(id("Pawn:Villain"));
    workers.runAll();
    broken.release();

    assertEquals(AssetSnapshot.State.FAILED, byName(assets.snapshot()).get("Pawn:Villain").state());
    other.release();
  }
}
