package dev.overture.asset;

import static dev.overture.asset.TestAssets.id;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.asset.LoadHandle.Status;
import dev.overture.internal.StandardError;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** {@link AssetTools#readAhead}: reads on the workers for the loads that follow, and logs nothing. */
class ReadAheadTest extends ManualLoadFixture {

  @Test
  void readAhead_returnsAtOnce_readsOnTheWorkers_andTheLoadThatFollowsReadsNothingAgain() {
    LoadHandle ahead = assets.tools().readAhead(List.of(id("Mode:Elimination")), List.of("client"));
    assertEquals(0, source.totalReads(), "nothing read on the calling thread");

    workers.runAll();
    int read = source.totalReads();
    assertTrue(read >= 2, "the mode and what it references in the client bundle: " + source.allReads());
    LoadHandle load = assets.loadPrimaryAsset(id("Mode:Elimination"), "client");
    LoadResult result = finish(load);

    assertEquals(read, source.totalReads(), "read once: " + source.allReads());
    assertTrue(result.assets().containsKey(id("Mode:Elimination")));
    ahead.release();
    load.release();
    assertEquals(0, assets.stats().pinned());
  }

  @Test
  void readAhead_logsNothing_whereTheLoadItPrecedesLogsWhatItMet() {
    String unknownBundle = "Overture/UnknownBundle";
    AtomicReference<LoadHandle> ahead = new AtomicReference<>();
    String aheadLog = StandardError.during(() -> {
      ahead.set(assets.tools().readAhead(List.of(id("Pawn:Hero")), List.of("clinet")));
      workers.runAll();
    });
    AtomicReference<LoadHandle> load = new AtomicReference<>();
    String loadLog = StandardError.during(() -> {
      load.set(assets.loadPrimaryAsset(id("Pawn:Hero"), "clinet"));
      workers.runAll();
    });

    assertEquals("", aheadLog);
    assertTrue(loadLog.contains(unknownBundle), loadLog);
    assertEquals(Status.COMPLETED, ahead.get().status());
    assertEquals(List.of(unknownBundle), ahead.get().problems().stream().map(problem -> problem.id()).toList(),
        "what it met is still its outcome's");
    ahead.get().release();
    load.get().release();
  }
}
