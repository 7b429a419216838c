package dev.overture.asset;

import static dev.overture.asset.TestAssets.id;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.asset.LoadHandle.Status;
import dev.overture.core.Problem;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Handles combined with {@code LoadHandle.combine}: completion, progress, failure and cancellation of the whole and its parts. */
class CombinedLoadTest extends ManualLoadFixture {

  @Test
  void combine_completesWhenEveryPartHas_andSumsProgress() {
    LoadHandle first = assets.loadPrimaryAsset(id("Mode:Elimination"), "client");
    LoadHandle second = assets.loadPrimaryAsset(id("Pawn:Villain"));
    LoadHandle both = LoadHandle.combine(List.of(first, second));
    List<Double> updates = new ArrayList<>();
    both.onUpdate(gameThread, updates::add);

    assertEquals(Status.LOADING, both.status());
    LoadResult result = finish(both);

    assertEquals(List.of(id("Mode:Elimination"), id("Pawn:Villain")), List.copyOf(result.assets().keySet()));
    assertEquals(9, both.totalCount());
    assertEquals(1.0, updates.get(updates.size() - 1));
    assertEquals(1, updates.stream().filter(value -> value == 1.0).count());
    both.release();
    assertEquals(Status.RELEASED, first.status());
    assertEquals(0, assets.stats().pinned());
  }

  @Test
  void combine_cancelReportsOnce_andAPartCancelledAloneCancelsTheWhole() {
    LoadHandle first = assets.loadPrimaryAsset(id("Mode:Elimination"), "client");
    LoadHandle second = assets.loadPrimaryAsset(id("Pawn:Villain"));
    LoadHandle both = LoadHandle.combine(List.of(first, second));

    first.cancel();

    assertEquals(Status.CANCELLED, both.status(), "without waiting for the other part");
    assertEquals(Status.CANCELLED, second.status());
    assertFalse(both.cancel(), "already cancelled");
  }

  @Test
  void combine_failsWithTheProblemsOfEveryFailedPart() throws Exception {
    LoadHandle first = assets.loadPrimaryAsset(id("Mode:Nowhere"));
    LoadHandle second = assets.loadPrimaryAssets(List.of(id("Pawn:Villain"), id("Pawn:Ghost")), List.of("client"));
    LoadHandle both = LoadHandle.combine(List.of(first, second));
    List<String> calls = new ArrayList<>();
    both.onComplete(gameThread, result -> calls.add("complete"));
    both.onFailure(gameThread, failure -> calls.add("failed: " + failure.problems().size() + " problems"));

    workers.runAll();
    gameThread.runAll();

    assertEquals(Status.FAILED, both.status());
    assertEquals(List.of("failed: 2 problems"), calls);
    assertEquals(List.of(id("Mode:Nowhere"), id("Pawn:Villain"), id("Pawn:Ghost")), both.requested());
    assertEquals(Set.of("client"), both.bundles());
    AssetLoadException failure = assertThrows(AssetLoadException.class, () -> both.waitUntilComplete(Duration.ofSeconds(5)));
    assertEquals(List.of("No asset Mode:Nowhere is indexed (indexed: \"Mode:Base\", \"Mode:Elimination\")",
            "No asset Pawn:Ghost is indexed (indexed: \"Pawn:Hero\", \"Pawn:Sidekick\", \"Pawn:Villain\")"),
        failure.problems().stream().map(Problem::message).toList());
    assertEquals(failure.problems(), both.problems());
    assertTrue(failure.getMessage().startsWith("Could not load 3 assets [Mode:Nowhere, Pawn:Villain, Pawn:Ghost]"), failure.getMessage());
    assertEquals(1.0, both.progress(), "failed is done");
    assertEquals("LoadHandle[combined 2 handles, FAILED, " + both.loadedCount() + "/" + both.totalCount() + "]", both.toString());
    assertFalse(both.cancel(), "a failed load is not cancelled");
    both.release();
    assertEquals(Status.RELEASED, both.status());
    assertEquals(0, assets.stats().pinned());
  }

  @Test
  void combine_ofCompletedParts_mergesTheirResults_andTakesTheLongestElapsed() throws Exception {
    LoadHandle first = assets.loadPrimaryAsset(id("Mode:Base"));
    ticker.advance(Duration.ofSeconds(3));
    LoadHandle second = assets.loadPrimaryAsset(id("Pawn:Villain"));
    workers.runAll();
    LoadHandle both = LoadHandle.combine(List.of(second, first));

    LoadResult result = both.waitUntilComplete(Duration.ofSeconds(5));

    assertEquals(Status.COMPLETED, both.status());
    assertEquals(List.of(id("Pawn:Villain"), id("Mode:Base")), List.copyOf(result.assets().keySet()));
    assertEquals(Duration.ofSeconds(3), first.elapsed());
    assertEquals(Duration.ofSeconds(3), both.elapsed());
    assertEquals(Duration.ofSeconds(3), result.elapsed());
    assertEquals(2, both.loadedCount());
    assertEquals(1.0, both.progress());
    both.release();
  }

  @Test
  void combine_reportsProgressAsItsPartsLoad_andCallsOnCompleteOnce() {
    LoadHandle first = assets.loadPrimaryAsset(id("Mode:Base"));
    LoadHandle second = assets.loadPrimaryAsset(id("Pawn:Villain"));
    LoadHandle both = LoadHandle.combine(List.of(first, second));
    List<Double> updates = new ArrayList<>();
    List<String> calls = new ArrayList<>();
    both.onUpdate(gameThread, updates::add);
    both.onComplete(gameThread, result -> calls.add("complete " + result.assets().keySet()));
    both.onCancel(gameThread, () -> calls.add("cancel"));

    assertEquals(0.0, both.progress());
    assertTrue(workers.runNext(), "the read of Mode:Base");
    gameThread.runAll();
    assertEquals(1, both.loadedCount());
    assertEquals(2, both.totalCount());
    assertEquals(0.5, both.progress(), "one of two assets");
    assertEquals(List.of(), calls);

    finish(both);

    assertEquals(List.of("complete [Mode:Base, Pawn:Villain]"), calls);
    assertEquals(List.of(0.5, 1.0), updates);
    both.release();
  }

  @Test
  void combine_cancelled_callsOnCancelOnce_andNeverOnComplete() {
    LoadHandle both = LoadHandle.combine(List.of(assets.loadPrimaryAsset(id("Mode:Base")), assets.loadPrimaryAsset(id("Pawn:Villain"))));
    List<String> calls = new ArrayList<>();
    both.onComplete(gameThread, result -> calls.add("complete"));
    both.onCancel(gameThread, () -> calls.add("cancel"));

    assertTrue(both.cancel());
    assertFalse(both.cancel());
    workers.runAll();
    gameThread.runAll();

    assertEquals(List.of("cancel"), calls);
    assertEquals(Status.CANCELLED, both.status());
  }

  @Test
  void combine_cancelsEveryPart() {
    LoadHandle first = assets.loadPrimaryAsset(id("Mode:Elimination"), "client");
    LoadHandle second = assets.loadPrimaryAsset(id("Pawn:Villain"));
    LoadHandle both = LoadHandle.combine(List.of(first, second));

    assertTrue(both.cancel());
    workers.runAll();

    assertEquals(Status.CANCELLED, both.status());
    assertEquals(Status.CANCELLED, first.status());
    assertEquals(Status.CANCELLED, second.status());
    assertEquals(0, source.totalReads());
  }

  /** A part that had completed kept its pins after the whole was cancelled: cancelled, yet the asset stayed in memory. */
  @Test
  void combine_cancelledAfterAPartCompleted_releasesThatPart_andPinsNothing() {
    LoadHandle first = assets.loadPrimaryAsset(id("Pawn:Villain"));
    workers.runAll();
    LoadHandle second = assets.loadPrimaryAsset(id("Mode:Base"));
    LoadHandle both = LoadHandle.combine(List.of(first, second));

    assertTrue(both.cancel());
    workers.runAll();

    assertEquals(Status.CANCELLED, both.status());
    assertEquals(Status.RELEASED, first.status());
    assertEquals(Status.CANCELLED, second.status());
    assertEquals(0, assets.stats().pinned());
    assertEquals(0, assets.stats().loaded());
  }

  /** A load of a tile list of 154 headed its failure with all 154 ids on one line, before the one problem that mattered. */
  @Test
  void aFailedLoadOfManyAssets_isHeadedByItsFirstFiveIds_andACountOfTheRest() {
    List<PrimaryAssetId> seven = List.of(id("Mode:Nowhere"), id("Pawn:Villain"), id("Pawn:Hero"), id("Pawn:Sidekick"), id("Mode:Base"),
        id("Mode:Elimination"), id("Pawn:Ghost"));
    LoadHandle load = assets.loadPrimaryAssets(seven, List.of("client"));
    LoadHandle combined = LoadHandle.combine(List.of(assets.loadPrimaryAssets(seven.subList(0, 3), List.of()),
        assets.loadPrimaryAssets(seven.subList(3, 7), List.of())));

    workers.runAll();

    AssetLoadException failure = assertThrows(AssetLoadException.class, () -> load.waitUntilComplete(Duration.ofSeconds(5)));
    assertTrue(failure.getMessage().startsWith("Could not load 7 assets [Mode:Nowhere, Pawn:Villain, Pawn:Hero, Pawn:Sidekick,"
        + " Mode:Base and 2 more] with bundles [client]"), failure.getMessage());
    assertEquals(2, failure.problems().size(), "the problems name the assets that failed");
    AssetLoadException whole = assertThrows(AssetLoadException.class, () -> combined.waitUntilComplete(Duration.ofSeconds(5)));
    assertTrue(whole.getMessage().startsWith("Could not load 7 assets [Mode:Nowhere, Pawn:Villain, Pawn:Hero, Pawn:Sidekick,"
        + " Mode:Base and 2 more]"), whole.getMessage());
    load.release();
    combined.release();
  }
}
