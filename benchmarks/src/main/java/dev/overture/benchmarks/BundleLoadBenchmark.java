package dev.overture.benchmarks;

import dev.overture.asset.AssetManager;
import dev.overture.asset.AssetSource;
import dev.overture.asset.LoadHandle;
import dev.overture.asset.PrimaryAssetId;
import dev.overture.asset.ScanRule;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.LongSupplier;
import java.util.stream.Stream;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;

/**
 * Loads N generated ~1 KB JSON assets through one bundle with Overture, and in the same process
 * reads and binds the same files with a plain sequential Jackson loop (what a user writes by hand)
 * and with a bare parallel loop on every core (the machine's limit, no bookkeeping). Each variant
 * runs in turn, round after round, first unrecorded warm-up rounds, then measured ones; the table
 * gives medians and ratios.
 *
 * <pre>
 * java -jar benchmarks/target/benchmarks.jar [--assets 10000] [--rounds 15] [--warmup 25] [--overture-only]
 * </pre>
 */
public final class BundleLoadBenchmark {

  private BundleLoadBenchmark() {}

  public static void main(String[] args) throws Exception {
    int assets = intOption(args, "--assets", 10_000);
    int rounds = intOption(args, "--rounds", 15);
    int warmup = intOption(args, "--warmup", 25);
    int cores = Runtime.getRuntime().availableProcessors();
    Path root = Files.createTempDirectory("overture-bench-");
    try {
      List<Path> files = GeneratedContent.write(root, assets, 7);
      long bytes = 0;
      for (Path file : files) {
        bytes += Files.size(file);
      }
      System.out.printf("Bundle load: %,d assets, %,d bytes (%.0f bytes each), %d cores, Java %s%n%n",
          assets, bytes, (double) bytes / assets, cores, System.getProperty("java.version"));

      ObjectMapper plain = JsonMapper.builder().build();
      PrimaryAssetId catalog = PrimaryAssetId.of("Catalog", "Everything");
      ExecutorService pool = Executors.newFixedThreadPool(cores);
      try (AssetManager manager = AssetManager.builder()
              .contentRoot(AssetSource.directory(root))
              .scanRule(ScanRule.of("Catalog", GeneratedContent.Catalog.class, "catalogs"))
              .build()) {
        LongSupplier overture = () -> {
          LoadHandle handle = manager.loadPrimaryAsset(catalog, "client");
          try {
            handle.waitUntilComplete(Duration.ofMinutes(5));
            if (handle.totalCount() != assets + 1) {
              throw new IllegalStateException("loaded " + handle.totalCount() + " assets, expected " + (assets + 1));
            }
            return handle.totalCount();
          } catch (Exception e) {
            throw new IllegalStateException(e);
          } finally {
            handle.release();
          }
        };
        LongSupplier sequential = () -> {
          long checksum = 0;
          for (Path file : files) {
            checksum += plain.readValue(readAll(file), GeneratedContent.Item.class).level();
          }
          return checksum;
        };
        LongSupplier limit = () -> parallel(pool, cores, files, plain);

        List<String> names = List.of(
            "Overture (bundle, " + cores + " workers)",
            "Jackson readValue, sequential loop",
            "Limit: parallel read+bind, no bookkeeping");
        List<LongSupplier> variants = hasFlag(args, "--overture-only") ? List.of(overture) : List.of(overture, sequential, limit);
        print(measure(names, variants, warmup, rounds), assets);
      } finally {
        pool.shutdownNow();
      }
    } finally {
      try (Stream<Path> walk = Files.walk(root)) {
        walk.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
      }
    }
  }

  private record Row(String name, long[] nanos) {
    long median() {
      long[] sorted = nanos.clone();
      Arrays.sort(sorted);
      return sorted[sorted.length / 2];
    }
  }

  /**
   * Runs the variants in turn, round after round, so that the machine's noise and the JIT's
   * progress fall on all of them alike; the first {@code warmup} rounds are not recorded (on two
   * cores the compiler threads compete with the workers for a long while).
   */
  private static List<Row> measure(List<String> names, List<LongSupplier> variants, int warmup, int rounds) {
    long[][] nanos = new long[variants.size()][rounds];
    long sink = 0;
    for (int round = 0; round < warmup + rounds; round++) {
      for (int v = 0; v < variants.size(); v++) {
        long start = System.nanoTime();
        sink += variants.get(v).getAsLong();
        long elapsed = System.nanoTime() - start;
        if (round >= warmup) {
          nanos[v][round - warmup] = elapsed;
        }
      }
    }
    if (sink == 42) {
      System.out.print("");
    }
    List<Row> rows = new ArrayList<>();
    for (int v = 0; v < variants.size(); v++) {
      rows.add(new Row(names.get(v), nanos[v]));
    }
    return rows;
  }

  private static long parallel(ExecutorService pool, int cores, List<Path> files, ObjectMapper mapper) {
    List<Future<Long>> parts = new ArrayList<>();
    for (int c = 0; c < cores; c++) {
      int first = c;
      parts.add(pool.submit(() -> {
        long checksum = 0;
        for (int i = first; i < files.size(); i += cores) {
          checksum += mapper.readValue(readAll(files.get(i)), GeneratedContent.Item.class).level();
        }
        return checksum;
      }));
    }
    long checksum = 0;
    for (Future<Long> part : parts) {
      try {
        checksum += part.get();
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    }
    return checksum;
  }

  private static byte[] readAll(Path file) {
    try {
      return Files.readAllBytes(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void print(List<Row> rows, int assets) {
    Row overture = rows.get(0);
    System.out.printf("| %-44s | %10s | %9s | %11s | %s%n", "variant", "median ms", "us/asset", "vs Overture", "all rounds (ms)");
    System.out.printf("|%s|%s|%s|%s|%s|%n", "-".repeat(46), "-".repeat(12), "-".repeat(11), "-".repeat(13), "-".repeat(17));
    for (Row row : rows) {
      StringBuilder all = new StringBuilder();
      for (long n : row.nanos) {
        all.append(all.length() == 0 ? "" : " ").append(String.format("%.0f", n / 1e6));
      }
      System.out.printf("| %-44s | %10.1f | %9.2f | %10.2fx | %s%n",
          row.name, row.median() / 1e6, row.median() / 1e3 / assets, (double) row.median() / overture.median(), all);
    }
    if (rows.size() == 3) {
      System.out.println();
      System.out.printf("Overture: %.2fx faster than the sequential loop; %.2fx the time of the limit.%n",
          (double) rows.get(1).median() / overture.median(), (double) overture.median() / rows.get(2).median());
    }
  }

  private static boolean hasFlag(String[] args, String name) {
    return Arrays.asList(args).contains(name);
  }

  private static int intOption(String[] args, String name, int fallback) {
    for (int i = 0; i + 1 < args.length; i++) {
      if (args[i].equals(name)) {
        int value = Integer.parseInt(args[i + 1]);
        if (value < 1) {
          throw new IllegalArgumentException(name + " must be at least 1: " + value);
        }
        return value;
      }
    }
    return fallback;
  }
}
