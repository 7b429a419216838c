package dev.overture.asset;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The progress of one load: an update callback added at any moment gets 1.0 once the load has
 * finished, even when it is added while the load finishes (a loading screen waiting for 1.0 would
 * otherwise wait forever).
 */
class LoadProgressTest {

  @Test
  void aCallbackAddedAfterTheLoadFinished_whileTheHandleStillLookedLoading_getsOnePointZeroOnce() {
    boolean[] loading = {true};
    LoadProgress progress = new LoadProgress("Pawn:Hero", () -> loading[0]);
    progress.reached();
    progress.processed();
    // The handle has finished (no longer loading) and told its callbacks; then a caller that read
    // its status a moment earlier adds one.
    loading[0] = false;
    progress.finished();
    List<Double> values = new ArrayList<>();

    progress.onUpdate(Runnable::run, values::add);
    progress.finished();

    assertEquals(List.of(1.0), values);
  }

  @Test
  void aCallbackAddedWhileLoading_getsTheFractionsThenOnePointZero_neverGoingBack() {
    boolean[] loading = {true};
    LoadProgress progress = new LoadProgress("Pawn:Hero", () -> loading[0]);
    List<Double> values = new ArrayList<>();
    progress.reached();
    progress.reached();
    progress.onUpdate(Runnable::run, values::add);
    progress.processed();
    progress.reached();
    progress.reached();
    progress.processed();
    loading[0] = false;
    progress.finished();

    assertEquals(List.of(0.0, 0.5, 1.0), values, "2/4 is not above 1/2: not sent again");
  }
}
