package dev.overture.asset;

import static dev.overture.asset.TestAssets.id;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.testing.ManualExecutor;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a world reads its assets through: an {@link AssetOverlay} answers from the values it fixes
 * and from the manager for everything else, and never closes the manager.
 */
class AssetOverlayTest {

  private static final SoftRef<TestAssets.Icon> HERO_ICON =
      SoftRef.of(ContentRoot.GAME, AssetPath.parse("icons/hero.json"), TestAssets.Icon.class);

  @TempDir Path temp;
  private final ManualExecutor workers = new ManualExecutor();
  private AssetManager assets;
  private final TestAssets.Mode fixedBase = new TestAssets.Mode("Fixed", null, null, null, null, null, 2);
  private final TestAssets.Icon fixedIcon = new TestAssets.Icon("fixed.png", 8, null);

  @BeforeEach
  void setUp() {
    Path root = TestAssets.game().writeTo(temp.resolve("assets"));
    assets = TestAssets.builder(AssetSource.directory(root)).executor(workers).build();
  }

  @AfterEach
  void tearDown() {
    assets.close();
  }

  private AssetOverlay overlay() {
    return AssetOverlay.of(assets, Map.of(id("Mode:Base"), fixedBase, HERO_ICON, fixedIcon));
  }

  @Test
  void getAsset_answersFromTheFixedValues_andFromTheManagerForOtherKeys() {
    LoadHandle elimination = assets.loadPrimaryAsset(id("Mode:Elimination"));
    LoadHandle base = assets.loadPrimaryAsset(id("Mode:Base"));
    workers.runAll();
    AssetOverlay seen = overlay();

    assertSame(fixedBase, seen.getAsset(id("Mode:Base")).orElseThrow());
    assertSame(fixedBase, seen.getAsset(id("Mode:Base"), TestAssets.Mode.class).orElseThrow());
    assertEquals("Base", assets.getAsset(id("Mode:Base"), TestAssets.Mode.class).orElseThrow().title(),
        "the manager itself is unchanged");
    assertEquals("Elimination", seen.getAsset(id("Mode:Elimination"), TestAssets.Mode.class).orElseThrow().title());
    assertEquals("Elimination", ((TestAssets.Mode) seen.getAsset(id("Mode:Elimination")).orElseThrow()).title());
    assertEquals(Optional.empty(), seen.getAsset(id("Pawn:Hero")), "neither fixed nor loaded");
    assertSame(fixedIcon, seen.getAsset(HERO_ICON).orElseThrow());
    assertEquals(Optional.empty(),
        seen.getAsset(SoftRef.of(ContentRoot.GAME, AssetPath.parse("icons/badge.json"), TestAssets.Icon.class)));
    elimination.release();
    base.release();
  }

  @Test
  void getAsset_ofAFixedValueAsTheWrongType_failsAsTheManagerDoes() {
    IllegalArgumentException wrong =
        assertThrows(IllegalArgumentException.class, () -> overlay().getAsset(id("Mode:Base"), TestAssets.Pawn.class));

    assertEquals("Mode:Base is a Mode, not a Pawn", wrong.getMessage());
  }

  @Test
  void blockingReads_useAFixedValue_unlessTheFileMustBeKept() {
    AssetOverlay seen = overlay();

    assertSame(fixedBase, seen.loadSynchronously(id("Mode:Base"), TestAssets.Mode.class));
    assertEquals(Optional.empty(), assets.bundleState(id("Mode:Base")), "a fixed value is not loaded again");
    assertSame(fixedIcon, seen.getAsset(HERO_ICON, false));

    TestAssets.Icon kept = seen.getAsset(HERO_ICON, true);
    assertEquals("hero.png", kept.texture(), "keeping a file in memory is the manager's load");
    assertEquals("Villain", seen.loadSynchronously(id("Pawn:Villain"), TestAssets.Pawn.class).name());
    assertTrue(assets.bundleState(id("Pawn:Villain")).isPresent());
  }

  @Test
  void anOverlayOfAnOverlay_sitsOnTheManager_withOnlyTheNewValues() {
    AssetOverlay seen = AssetOverlay.of(overlay(), Map.of(id("Mode:Elimination"), fixedBase));

    assertSame(assets, seen.manager());
    assertEquals(Map.of(id("Mode:Elimination"), fixedBase), seen.values());
    assertEquals(Optional.empty(), seen.getAsset(id("Mode:Base")), "the inner overlay's values are gone");
    assertTrue(seen.toString().startsWith("AssetOverlay[1 assets over AssetManager["), seen.toString());
  }

  @Test
  void everythingElse_isTheManagers_andCloseLeavesItOpen() {
    AssetOverlay seen = overlay();

    assertSame(assets.index(), seen.index());
    assertSame(assets.tools(), seen.tools());
    assertEquals(assets.contentRoots(), seen.contentRoots());
    assertEquals(assets.gameDataId(), seen.gameDataId());
    assertEquals(assets.defaultPawnData(), seen.defaultPawnData());

    LoadHandle load = seen.loadPrimaryAssets(List.of(id("Pawn:Villain")), List.of());
    workers.runAll();
    assertEquals("Villain", assets.getAsset(id("Pawn:Villain"), TestAssets.Pawn.class).orElseThrow().name());
    assertEquals(1, seen.stats().pinned());
    assertEquals(1, seen.snapshot().assets().size());
    load.release();

    seen.changeBundleState(List.of(id("Pawn:Villain")), List.of("client"), List.of());
    workers.runAll();
    assertEquals(Optional.of(java.util.Set.of("client")), assets.bundleState(id("Pawn:Villain")));
    assertEquals(Optional.of(java.util.Set.of("client")), seen.bundleState(id("Pawn:Villain")));
    assertEquals(1, seen.unload(List.of(id("Pawn:Villain"))));

    seen.close();
    assertEquals(0, assets.stats().pinned());
    seen.loadPrimaryAssets(List.of(id("Mode:Base")), List.of()).release(); // the manager is still open
  }
}
