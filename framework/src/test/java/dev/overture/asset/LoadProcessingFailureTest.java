package dev.overture.asset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.core.Problem;
import dev.overture.internal.StandardError;
import dev.overture.testing.Content;
import dev.overture.testing.ManualExecutor;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A load whose processing of one asset fails (here, a record accessor that throws while its
 * references are scanned) ends, failed, with the failure named, whether the asset was processed
 * by the worker that read it or queued behind references that were already loaded; nothing it
 * reached is left pinned.
 */
class LoadProcessingFailureTest {

  /** An asset whose bundle reference cannot be read back: scanning it throws. */
  record Trap(@AssetBundles("client") SoftRef<TestAssets.Icon> icon) {
    @Override
    public SoftRef<TestAssets.Icon> icon() {
      throw new IllegalStateException("this accessor refuses");
    }
  }

  /** Holds icons and the trap, in that order. */
  record Shelf(
      @AssetBundles("client") List<SoftRef<TestAssets.Icon>> icons,
      @AssetBundles("client") @AllowedTypes("Trap") List<PrimaryAssetId> traps) {}

  /** Holds the icons alone: its load keeps them loaded. */
  record Rack(@AssetBundles("client") List<SoftRef<TestAssets.Icon>> icons) {}

  @TempDir Path temp;
  private final ManualExecutor workers = new ManualExecutor();
  private AssetManager assets;

  @BeforeEach
  void setUp() {
    Path root = Content.of()
        .file("traps/Snare.json", """
            { "icon": "icons/a.json" }
            """)
        .file("shelves/Full.json", """
            { "icons": ["icons/a.json", "icons/b.json"], "traps": ["Trap:Snare"] }
            """)
        .file("racks/Icons.json", """
            { "icons": ["icons/a.json", "icons/b.json"] }
            """)
        .file("icons/a.json", """
            { "texture": "a.png", "size": 8 }
            """)
        .file("icons/b.json", """
            { "texture": "b.png", "size": 8 }
            """)
        .writeTo(temp.resolve("assets"));
    assets = AssetManager.builder()
        .contentRoot(AssetSource.directory(root))
        .executor(workers)
        .scanRule(ScanRule.of("Trap", Trap.class, "traps"))
        .scanRule(ScanRule.of("Shelf", Shelf.class, "shelves"))
        .scanRule(ScanRule.of("Rack", Rack.class, "racks"))
        .build();
    workers.runAll(); // the start-up index
  }

  @AfterEach
  void tearDown() {
    assets.close();
  }

  @Test
  void anAssetThatCannotBeProcessed_failsTheLoad_namingIt() {
    LoadHandle load = assets.loadPrimaryAsset(PrimaryAssetId.parse("Trap:Snare"), "client");
    String log = StandardError.during(workers::runAll);

    assertFailedOnTheTrap(load);
    assertTrue(log.contains("ERROR dev.overture.asset.LoadHandle - Processing Trap:Snare failed"), log);
  }

  @Test
  void aFailureBehindLoadedReferences_stillEndsTheLoad_andReleasesEverything() {
    // The icons are loaded and kept by another load first, so the shelf finds them done and queues
    // them behind itself; the trap is read afterwards and fails on the worker that read it.
    LoadHandle icons = assets.loadPrimaryAsset(PrimaryAssetId.parse("Rack:Icons"), "client");
    workers.runAll();
    assertEquals(LoadHandle.Status.COMPLETED, icons.status(), () -> icons.problems().toString());

    LoadHandle load = assets.loadPrimaryAsset(PrimaryAssetId.parse("Shelf:Full"), "client");
    String log = StandardError.during(workers::runAll);

    assertFailedOnTheTrap(load);
    assertTrue(log.contains("Processing Trap:Snare failed"), log);
    assertEquals(4, load.totalCount(), "the shelf, two icons and the trap were reached");
    load.release();
    icons.release();
    assertEquals(0, assets.stats().pinned(), "nothing is left pinned");
  }

  private static void assertFailedOnTheTrap(LoadHandle load) {
    assertEquals(LoadHandle.Status.FAILED, load.status());
    List<String> errors = load.problems().stream().filter(Problem::isError).map(Problem::toString).toList();
    assertEquals(1, errors.size(), errors::toString);
    assertTrue(errors.get(0).contains("Overture/InternalError") && errors.get(0).contains("Processing Trap:Snare failed")
        && errors.get(0).contains("icon"), errors.get(0));
  }
}
