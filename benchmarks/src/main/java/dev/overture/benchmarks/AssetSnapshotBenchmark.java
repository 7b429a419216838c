package dev.overture.benchmarks;

import dev.overture.asset.AssetManager;
import dev.overture.asset.AssetSnapshot;
import dev.overture.asset.LoadHandle;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What the inspector pays to look at the asset manager: one {@link AssetManager#snapshot()} with
 * {@code items} loaded items (and the experience that references them), which the inspector takes
 * at most four times a second while a page is open (issue 19). Setup checks that the snapshot
 * holds every asset, so that an empty one cannot pass for a fast one.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar org.openjdk.jmh.Main AssetSnapshotBenchmark
 * </pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class AssetSnapshotBenchmark {

  @Param({"1000", "10000"})
  public int items;

  private Path root;
  private AssetManager manager;
  private LoadHandle handle;

  @Setup
  public void setUp() throws Exception {
    root = Files.createTempDirectory("overture-snapshot-");
    GeneratedContent.write(root, items, 3);
    manager = GeneratedContent.assetManager(root).build();
    handle = manager.loadPrimaryAsset(GeneratedContent.EXPERIENCE, "client");
    handle.waitUntilComplete(Duration.ofMinutes(2));
    int inMemory = manager.snapshot().assets().size();
    if (inMemory <= items) {
      throw new IllegalStateException("the snapshot holds " + inMemory + " assets, not the " + items + " items and the experience");
    }
  }

  @TearDown
  public void tearDown() throws Exception {
    handle.release();
    manager.close();
    Rounds.deleteTree(root);
  }

  @Benchmark
  public AssetSnapshot snapshot() {
    return manager.snapshot();
  }
}
