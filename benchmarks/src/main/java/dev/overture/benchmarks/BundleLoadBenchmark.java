package dev.overture.benchmarks;

import dev.overture.asset.AssetManager;
import dev.overture.asset.LoadHandle;
import dev.overture.asset.SoftRef;
import dev.overture.benchmarks.Rounds.Timing;
import dev.overture.benchmarks.Rounds.Variant;
import dev.overture.experience.ExperienceDefinition;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;

/**
 * Loads an experience whose {@code client} bundle references N generated ~1 KB JSON items with
 * Overture, and in the same process loads the same files with a plain sequential Jackson loop
 * (what a user writes by hand), with libGDX's {@code AssetManager} (headless, an asynchronous
 * loader) and with a bare parallel loop on every core (the machine's limit, no bookkeeping). Every
 * variant sums the items' levels, and the sums must agree each round.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar dev.overture.benchmarks.BundleLoadBenchmark [--assets 10000] [--rounds 15] [--warmup 25] [--no-gdx]
 * </pre>
 *
 * The runner ({@code Runner}) runs it for 1,000 and 10,000 items as part of the full table.
 */
public final class BundleLoadBenchmark {

  static final String OVERTURE = "Overture";
  static final String SEQUENTIAL = "Jackson readValue, sequential loop";
  static final String GDX = "libGDX AssetManager, async loader";
  static final String LIMIT = "limit: parallel read+bind";
  static final String KEEPING = "limit that keeps its items: parallel read+bind into an array";

  private BundleLoadBenchmark() {}

  public static void main(String[] args) throws Exception {
    int assets = Rounds.intOption(args, "--assets", 10_000);
    List<Timing> timings = run(assets, Rounds.intOption(args, "--warmup", 25), Rounds.intOption(args, "--rounds", 15),
        !Rounds.hasFlag(args, "--no-gdx"));
    Timing overture = timings.get(0);
    System.out.printf("| %-36s | %10s | %9s | %11s | %s%n", "variant", "median ms", "us/asset", "vs Overture", "all rounds (ms)");
    System.out.printf("|%s|%s|%s|%s|%s|%n", "-".repeat(38), "-".repeat(12), "-".repeat(11), "-".repeat(13), "-".repeat(17));
    for (Timing timing : timings) {
      System.out.printf("| %-36s | %10.1f | %9.2f | %10.2fx | %s%n", timing.name(), timing.median() / 1e6,
          timing.median() / 1e3 / assets, (double) timing.median() / overture.median(), timing.all());
    }
  }

  /**
   * Writes {@code assets} items, then measures the variants in turn; the first timing is
   * Overture's, then the sequential loop, libGDX (when {@code gdx}) and the limit.
   */
  static List<Timing> run(int assets, int warmup, int rounds, boolean gdx) throws Exception {
    int cores = Runtime.getRuntime().availableProcessors();
    Path root = Files.createTempDirectory("overture-bench-");
    ExecutorService pool = Executors.newFixedThreadPool(cores);
    try {
      List<Path> files = GeneratedContent.write(root, assets, 7);
      ObjectMapper plain = JsonMapper.builder().build();
      long expected = sequential(files, plain);
      try (AssetManager manager = GeneratedContent.assetManager(root).build();
          GdxLoading libgdx = gdx ? new GdxLoading(files, plain) : null) {
        List<Variant> variants = new ArrayList<>();
        variants.add(new Variant(OVERTURE + " (" + cores + " workers)", () -> overture(manager, assets)));
        variants.add(new Variant(SEQUENTIAL, () -> sequential(files, plain)));
        if (libgdx != null) {
          variants.add(new Variant(GDX, libgdx::load));
        }
        variants.add(new Variant(LIMIT + " (" + cores + " threads)", () -> parallel(pool, cores, files, plain)));
        return Rounds.measure(variants, warmup, rounds, Rounds.ResultCheck.equalTo(expected));
      }
    } finally {
      pool.shutdownNow();
      Rounds.deleteTree(root);
    }
  }

  /**
   * Overture and a loop that keeps what it loads, in turn, on {@code assets} items, for the scale
   * rows: the first timing is Overture's, the second {@link #keeping}'s. Overture holds every
   * bound item until the load is released, so its baseline must hold them too: with the items of
   * a 100,000-item load alive (about 200 MB), the collector copies them between generations,
   * which costs any loader that keeps its assets, and the loop shows how much.
   */
  static List<Timing> scale(int assets, int warmup, int rounds) throws Exception {
    int cores = Runtime.getRuntime().availableProcessors();
    Path root = Files.createTempDirectory("overture-scale-");
    ExecutorService pool = Executors.newFixedThreadPool(cores);
    try {
      List<Path> files = GeneratedContent.write(root, assets, 7);
      ObjectMapper plain = JsonMapper.builder().build();
      long expected = sequential(files, plain);
      try (AssetManager manager = GeneratedContent.assetManager(root).build()) {
        return Rounds.measure(List.of(new Variant(OVERTURE, () -> overture(manager, assets)),
                new Variant(KEEPING + " (" + cores + " threads)", () -> keeping(pool, cores, files, plain))),
            warmup, rounds, Rounds.ResultCheck.equalTo(expected));
      }
    } finally {
      pool.shutdownNow();
      Rounds.deleteTree(root);
    }
  }

  /** Loads the experience with its client bundle, sums the items' levels, releases it. */
  private static long overture(AssetManager manager, int assets) {
    LoadHandle handle = manager.loadPrimaryAsset(GeneratedContent.EXPERIENCE, "client");
    try {
      handle.waitUntilComplete(Duration.ofMinutes(5));
      if (handle.totalCount() != assets + 1) {
        throw new IllegalStateException("loaded " + handle.totalCount() + " assets, expected " + (assets + 1));
      }
      ExperienceDefinition experience =
          manager.getAsset(GeneratedContent.EXPERIENCE, ExperienceDefinition.class).orElseThrow();
      long checksum = 0;
      for (SoftRef<GeneratedContent.Item> item : ((GeneratedContent.Preload) experience.actions().get(0)).items()) {
        checksum += manager.getAsset(item).orElseThrow().level();
      }
      return checksum;
    } catch (Exception e) {
      throw new IllegalStateException(e);
    } finally {
      handle.release();
    }
  }

  static long sequential(List<Path> files, ObjectMapper mapper) {
    long checksum = 0;
    for (Path file : files) {
      checksum += mapper.readValue(readAll(file), GeneratedContent.Item.class).level();
    }
    return checksum;
  }

  static long parallel(ExecutorService pool, int cores, List<Path> files, ObjectMapper mapper) {
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

  /**
   * The limit, holding what it loads as Overture does until its load is released: every item is
   * bound into one array, which lives until the last is bound and only then is summed and dropped.
   */
  static long keeping(ExecutorService pool, int cores, List<Path> files, ObjectMapper mapper) {
    GeneratedContent.Item[] items = new GeneratedContent.Item[files.size()];
    List<Future<?>> parts = new ArrayList<>();
    for (int c = 0; c < cores; c++) {
      int first = c;
      parts.add(pool.submit(() -> {
        for (int i = first; i < files.size(); i += cores) {
          items[i] = mapper.readValue(readAll(files.get(i)), GeneratedContent.Item.class);
        }
      }));
    }
    for (Future<?> part : parts) {
      try {
        part.get();
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    }
    long checksum = 0;
    for (GeneratedContent.Item item : items) {
      checksum += item.level();
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
}
