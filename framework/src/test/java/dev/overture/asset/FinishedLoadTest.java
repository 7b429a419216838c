package dev.overture.asset;

import static dev.overture.asset.TestAssets.id;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.asset.LoadHandle.Status;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * What a load holds once it has finished (issue 20: a finished handle keeps only the slots it pins,
 * a loaded slot only its value): pins counted per handle, released once, what a stage read adopted
 * after the load finished, and the result's map of what the load reached.
 */
class FinishedLoadTest extends ManualLoadFixture {

  @Test
  void overlappingFinishedLoads_eachReleaseLetsGoOfItsOwnPinsOnce() {
    LoadHandle mode = assets.loadPrimaryAsset(id("Mode:Elimination"), "client");
    LoadHandle hero = assets.loadPrimaryAsset(id("Pawn:Hero"), "client");
    finish(mode);
    finish(hero);
    assertEquals(8, assets.stats().pinned());

    mode.release();
    mode.release();

    assertEquals(Status.RELEASED, mode.status());
    assertEquals(hero.totalCount(), assets.stats().pinned(), "what the hero's load reached stays pinned by it");
    assertFalse(assets.getAsset(id("Mode:Elimination")).isPresent());
    assertTrue(assets.getAsset(id("Pawn:Sidekick")).isPresent());

    hero.release();
    assertEquals(new AssetManager.Stats(0, 0, 0, 0, 0), assets.stats());
  }

  @Test
  void aFinishedLoadOfLoadedAssets_sharesTheirValues_andReadsNothing() {
    LoadHandle first = assets.loadPrimaryAsset(id("Mode:Elimination"), "client");
    LoadResult firstResult = finish(first);
    LoadHandle second = assets.loadPrimaryAsset(id("Mode:Elimination"), "client");

    LoadResult secondResult = finish(second);

    assertEquals(1, source.reads("modes/Elimination.json"));
    assertSame(firstResult.assets().get(id("Mode:Elimination")), secondResult.assets().get(id("Mode:Elimination")));
    first.release();
    assertEquals(8, assets.stats().pinned(), "the second load holds all of them");
    second.release();
    assertEquals(new AssetManager.Stats(0, 0, 0, 0, 0), assets.stats());
  }

  @Test
  void reached_holdsEveryBoundAssetWithItsValue_andCannotBeChanged() {
    LoadHandle handle = assets.loadPrimaryAsset(id("Mode:Elimination"), "client");
    LoadResult result = finish(handle);

    assertEquals(8, result.reached().size());
    assertSame(assets.getAsset(id("Pawn:Sidekick")).orElseThrow(), result.reached().get(id("Pawn:Sidekick")));
    TestAssets.Mode mode = result.get(id("Mode:Elimination"), TestAssets.Mode.class);
    assertSame(assets.getAsset(mode.icon()).orElseThrow(), result.reached().get(mode.icon()));
    assertThrows(UnsupportedOperationException.class, () -> result.reached().remove(id("Pawn:Sidekick")));
    handle.release();
    assertSame(mode, result.reached().get(id("Mode:Elimination")), "the result keeps what the load saw");
  }

  @Test
  void reached_firstAskedAfterTheRelease_isStillWhatTheLoadSaw_andOneMapForEveryCaller() throws Exception {
    LoadHandle handle = assets.loadPrimaryAsset(id("Mode:Elimination"), "client");
    LoadResult result = finish(handle);
    Object sidekick = assets.getAsset(id("Pawn:Sidekick")).orElseThrow();
    handle.release();
    assertFalse(assets.getAsset(id("Pawn:Sidekick")).isPresent());

    // The map is built when first asked for: several threads asking at once all get the same one.
    ExecutorService askers = Executors.newFixedThreadPool(4);
    try {
      CountDownLatch go = new CountDownLatch(1);
      List<Future<Map<AssetKey, Object>>> asked = new ArrayList<>();
      for (int i = 0; i < 4; i++) {
        asked.add(askers.submit(() -> {
          go.await();
          return result.reached();
        }));
      }
      go.countDown();
      Map<AssetKey, Object> first = asked.get(0).get();
      for (Future<Map<AssetKey, Object>> other : asked) {
        assertSame(first, other.get());
      }
      assertEquals(8, first.size());
      assertSame(sidekick, first.get(id("Pawn:Sidekick")));
      assertSame(first, result.reached());
    } finally {
      askers.shutdownNow();
    }
  }

  private ContentFile heroFile() {
    AssetEntry entry = assets.index().find(id("Pawn:Hero")).orElseThrow();
    return new ContentFile(entry.root(), entry.path());
  }

  @Test
  void aStagedLoad_pinsWhatTheStageReadOnlyOnCommit_andReleasesItOnce() throws IOException {
    Path hero = root.resolve("pawns/Hero.json");
    Files.writeString(hero, Files.readString(hero).replace("6.5", "7.5"));
    StagedContent stage = assets.tools().stage(List.of(heroFile()));
    LoadHandle handle = stage.load(List.of(id("Pawn:Hero")), Set.of("client"));
    finish(handle);
    int reached = handle.totalCount();
    assertEquals(reached - 1, assets.stats().pinned(), "the stage's Hero is not the manager's yet");

    stage.commit();

    assertEquals(reached, assets.stats().pinned());
    assertEquals(7.5, assets.getAsset(id("Pawn:Hero"), TestAssets.Pawn.class).orElseThrow().stats().get("speed"));
    handle.release();
    handle.release();
    assertEquals(new AssetManager.Stats(0, 0, 0, 0, 0), assets.stats());
  }

  @Test
  void aStagedLoadReleasedBeforeTheCommit_pinsNothingAfterIt() throws IOException {
    Path hero = root.resolve("pawns/Hero.json");
    Files.writeString(hero, Files.readString(hero).replace("6.5", "7.5"));
    StagedContent stage = assets.tools().stage(List.of(heroFile()));
    LoadHandle handle = stage.load(List.of(id("Pawn:Hero")), Set.of("client"));
    finish(handle);

    handle.release();
    stage.commit();

    assertEquals(new AssetManager.Stats(0, 0, 0, 0, 0), assets.stats());
  }
}
