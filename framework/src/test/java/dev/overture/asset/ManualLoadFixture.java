package dev.overture.asset;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.testing.FakeTicker;
import dev.overture.testing.ManualExecutor;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fixture of the tests that drive an asset manager by hand: the test game's content written to
 * a temporary folder and read through a {@link CountingSource} (its counts start at zero once the
 * manager is built, so indexing's reads are not counted), asset workers and a game thread that run
 * only when the test runs them, and a ticker that moves only when the test moves it. The manager
 * is closed after each test.
 */
abstract class ManualLoadFixture {

  @TempDir Path temp;
  Path root;
  CountingSource source;
  final ManualExecutor workers = new ManualExecutor();
  final ManualExecutor gameThread = new ManualExecutor();
  final FakeTicker ticker = new FakeTicker();
  AssetManager assets;

  @BeforeEach
  void buildManager() {
    root = TestAssets.game().writeTo(temp.resolve("assets"));
    source = new CountingSource(AssetSource.directory(root));
    assets = TestAssets.builder(source).executor(workers).ticker(ticker).build();
    source.reset();
  }

  @AfterEach
  void closeManager() {
    assets.close();
  }

  /** Runs the workers and the game thread until nothing is queued, and returns the load's result, which must be done by then. */
  LoadResult finish(LoadHandle handle) {
    workers.runAll();
    gameThread.runAll();
    assertTrue(handle.isDone(), "still loading: " + handle);
    return handle.future().join();
  }
}
