package dev.overture.benchmarks;

import dev.overture.asset.AssetManager;
import dev.overture.asset.LoadHandle;
import dev.overture.asset.PrimaryAssetId;
import dev.overture.asset.SoftRef;
import dev.overture.experience.ExperienceDefinition;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The calls game code makes every frame: {@code getAsset} on a loaded primary asset and on a loaded
 * secondary asset, parsing a {@code PrimaryAssetId}, and reading a load handle's progress. Setup
 * loads the experience of {@link GeneratedContent} with 100 items and checks that each looked-up
 * asset is there, so that a lookup that finds nothing cannot pass for a fast one.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar org.openjdk.jmh.Main HotPathBenchmark
 * </pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(2)
public class HotPathBenchmark {

  private Path root;
  private AssetManager manager;
  private LoadHandle handle;
  private PrimaryAssetId experience;
  private SoftRef<GeneratedContent.Item> item;
  // Not final and read from a field, so the parse cannot be folded into a constant.
  private String idText = "Experience:Everything";

  @Setup
  public void setUp() throws Exception {
    root = Files.createTempDirectory("overture-hot-");
    GeneratedContent.write(root, 100, 3);
    manager = GeneratedContent.assetManager(root).build();
    handle = manager.loadPrimaryAsset(GeneratedContent.EXPERIENCE, "client");
    handle.waitUntilComplete(Duration.ofMinutes(1));
    experience = PrimaryAssetId.parse(idText);
    List<SoftRef<GeneratedContent.Item>> items = ((GeneratedContent.Preload)
        manager.getAsset(experience, ExperienceDefinition.class).orElseThrow().actions().get(0)).items();
    item = items.get(items.size() / 2);
    if (manager.getAsset(item).isEmpty() || handle.progress() != 1.0) {
      throw new IllegalStateException("the benchmark's assets are not loaded");
    }
  }

  @TearDown
  public void tearDown() throws Exception {
    handle.release();
    manager.close();
    Rounds.deleteTree(root);
  }

  @Benchmark
  public Object getAsset() {
    return manager.getAsset(experience).orElseThrow();
  }

  @Benchmark
  public Object getAssetTyped() {
    return manager.getAsset(experience, ExperienceDefinition.class).orElseThrow();
  }

  @Benchmark
  public Object getSecondaryAsset() {
    return manager.getAsset(item).orElseThrow();
  }

  @Benchmark
  public PrimaryAssetId parseId() {
    return PrimaryAssetId.parse(idText);
  }

  @Benchmark
  public double progress() {
    return handle.progress();
  }
}
