package dev.overture.asset;

import static dev.overture.asset.TestAssets.id;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.asset.LoadHandle.Status;
import dev.overture.internal.StandardError;
import dev.overture.testing.ManualExecutor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link AssetTools#readAhead}: reads on the manager's workers for the loads that follow, logs and
 * locates nothing, and reads nothing on a host's executor.
 */
class ReadAheadTest {

  private static final Duration WAIT = Duration.ofSeconds(30);

  @TempDir Path temp;

  private CountingSource source() {
    return new CountingSource(AssetSource.directory(TestAssets.game().writeTo(temp.resolve("assets"))));
  }

  private static LoadHandle done(LoadHandle handle) {
    handle.future().exceptionally(failure -> null).join();
    return handle;
  }

  @Test
  void readAhead_readsOnTheWorkers_andTheLoadThatFollowsReadsNothingAgain() throws Exception {
    CountingSource source = source();
    try (AssetManager assets = TestAssets.builder(source).workerThreads(2).build()) {
      source.reset();
      LoadHandle ahead = done(assets.tools().readAhead(List.of(id("Mode:Elimination")), List.of("client")));
      int read = source.totalReads();
      assertTrue(read >= 3, "the mode, its pawn and what they reference in the client bundle: " + source.allReads());

      LoadHandle load = assets.loadPrimaryAsset(id("Mode:Elimination"), "client");
      LoadResult result = load.waitUntilComplete(WAIT);

      assertEquals(read, source.totalReads(), "read once: " + source.allReads());
      assertTrue(result.assets().containsKey(id("Mode:Elimination")));
      ahead.release();
      load.release();
      assertEquals(0, assets.stats().pinned());
    }
  }

  @Test
  void readAhead_logsNothing_whereTheLoadItPrecedesLogsWhatItMet() {
    CountingSource source = source();
    try (AssetManager assets = TestAssets.builder(source).workerThreads(2).build()) {
      AtomicReference<LoadHandle> ahead = new AtomicReference<>();
      String aheadLog = StandardError.during(() -> ahead.set(done(assets.tools().readAhead(List.of(id("Pawn:Hero")), List.of("clinet")))));
      AtomicReference<LoadHandle> load = new AtomicReference<>();
      String loadLog = StandardError.during(() -> load.set(done(assets.loadPrimaryAsset(id("Pawn:Hero"), "clinet"))));

      assertEquals("", aheadLog);
      assertTrue(loadLog.contains("Overture/UnknownBundle"), loadLog);
      assertEquals(Status.COMPLETED, ahead.get().status());
      ahead.get().release();
      load.get().release();
    }
  }

  @Test
  void readAhead_leavesItsProblemsUnlocated_soTheFileThatHasThemIsReadOnce() throws Exception {
    Path root = TestAssets.game().writeTo(temp.resolve("assets"));
    Files.writeString(root.resolve("modes/Base.json"), "{ \"title\": \"Base\", \"pawn\": \"Nobody\", \"maxPlayers\": 16 }");
    CountingSource source = new CountingSource(AssetSource.directory(root));
    try (AssetManager assets = TestAssets.builder(source).workerThreads(2).build()) {
      source.reset();
      LoadHandle ahead = done(assets.tools().readAhead(List.of(id("Mode:Base")), List.of("client")));

      assertEquals(Status.FAILED, ahead.status(), "a reference to no asset");
      assertEquals(1, source.reads("modes/Base.json"), "not read again to find the reference's line");
      LoadHandle load = done(assets.loadPrimaryAsset(id("Mode:Base"), "client"));
      assertEquals(2, source.reads("modes/Base.json"), "the load locates its problem, reading the file once more");
      assertTrue(load.problems().get(0).location().orElseThrow().toString().contains("modes/Base.json:1:"),
          load.problems().toString());
      ahead.release();
      load.release();
    }
  }

  @Test
  void readAhead_onAHostsExecutor_readsNothing_andIsDoneAtOnce() {
    CountingSource source = source();
    ManualExecutor workers = new ManualExecutor();
    try (AssetManager assets = TestAssets.builder(source).executor(workers).build()) {
      workers.runAll();
      source.reset();

      LoadHandle ahead = assets.tools().readAhead(List.of(id("Mode:Elimination")), List.of("client"));
      workers.runAll();

      assertEquals(Status.COMPLETED, ahead.status());
      assertEquals(0, source.totalReads(), "a host's queue may be bounded: reads it refused would fail the loads that join them");
      ahead.release();
    }
  }
}
