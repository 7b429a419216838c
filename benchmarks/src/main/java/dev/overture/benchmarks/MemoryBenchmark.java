package dev.overture.benchmarks;

import dev.overture.asset.AssetManager;
import dev.overture.asset.LoadHandle;
import java.io.IOException;
import java.lang.ref.Reference;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;

/**
 * What Overture keeps per loaded asset beyond the bound object itself: the heap after GC while a
 * handle holds the experience and its N items, minus the heap after GC while a plain list holds
 * the same N items bound by Jackson, divided by N. Both are measured against a baseline taken with
 * the asset manager built and nothing loaded.
 */
final class MemoryBenchmark {

  /**
   * The result.
   *
   * @param assets how many items were loaded
   * @param boundBytes the heap the plain list of bound items takes
   * @param overtureBytes the heap the loaded experience and items take
   */
  record Result(int assets, long boundBytes, long overtureBytes) {
    double overheadPerAsset() {
      return (double) (overtureBytes - boundBytes) / assets;
    }

    double boundPerAsset() {
      return (double) boundBytes / assets;
    }
  }

  private MemoryBenchmark() {}

  public static void main(String[] args) throws Exception {
    Result result = run(Rounds.intOption(args, "--assets", 10_000));
    System.out.printf("Bound item: %.0f bytes; Overture keeps %.0f bytes more per loaded asset%n",
        result.boundPerAsset(), result.overheadPerAsset());
  }

  static Result run(int assets) throws IOException, Exception {
    Path root = Files.createTempDirectory("overture-memory-");
    try {
      List<Path> files = GeneratedContent.write(root, assets, 11);
      ObjectMapper mapper = JsonMapper.builder().build();
      try (AssetManager manager = GeneratedContent.assetManager(root).build()) {
        // Warm both paths once so that class loading and caches are in the baselines.
        warm(manager, files, mapper);
        long base = Rounds.heapAfterGc();
        List<GeneratedContent.Item> items = new ArrayList<>(assets);
        for (Path file : files) {
          items.add(mapper.readValue(Files.readAllBytes(file), GeneratedContent.Item.class));
        }
        long bound = Rounds.heapAfterGc() - base;
        Reference.reachabilityFence(items);
        items = null;

        base = Rounds.heapAfterGc();
        LoadHandle handle = manager.loadPrimaryAsset(GeneratedContent.EXPERIENCE, "client");
        handle.waitUntilComplete(Duration.ofMinutes(5));
        if (handle.totalCount() != assets + 1 || manager.stats().loaded() != assets + 1) {
          throw new IllegalStateException("loaded " + manager.stats().loaded() + ", expected " + (assets + 1));
        }
        long overture = Rounds.heapAfterGc() - base;
        handle.release();
        return new Result(assets, bound, overture);
      }
    } finally {
      Rounds.deleteTree(root);
    }
  }

  private static void warm(AssetManager manager, List<Path> files, ObjectMapper mapper) throws Exception {
    LoadHandle handle = manager.loadPrimaryAsset(GeneratedContent.EXPERIENCE, "client");
    handle.waitUntilComplete(Duration.ofMinutes(5));
    handle.release();
    BundleLoadBenchmark.sequential(files, mapper);
  }
}
