package dev.overture.benchmarks;

import dev.overture.asset.AssetManager;
import dev.overture.asset.LoadHandle;
import dev.overture.asset.SoftRef;
import dev.overture.experience.ExperienceDefinition;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.Stream;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;

/**
 * The child JVM of the cold-load comparisons ({@link StartupBenchmark}): loads the generated items
 * under a folder once, in a fresh JVM, and prints the sum of their levels, so the parent can time
 * the whole process and check that every variant did the same work, then the CPU time the process
 * used ({@link ProcessCpu#line}). Both variants find the files themselves (Overture by indexing,
 * the loop by walking the folder).
 *
 * <pre>
 * java -cp benchmarks.jar dev.overture.benchmarks.ColdLoad overture|jackson|warm-overture|warm-limit|warm-keeping|warm-listing|timeline ROOT
 * </pre>
 *
 * <p>{@code warm-overture}, {@code warm-limit} and {@code warm-keeping} (the limit holding what it
 * binds until its load ends, as Overture does: {@link BundleLoadBenchmark#keeping}) load three
 * times first and print the nanoseconds of the fourth load instead of the sum: the figure of a JVM
 * that has loaded the content three times; then, on a second line, what the JVM spent meanwhile
 * ({@link LoadCosts}): a loop that keeps what it binds pays the collector for copying it, and every
 * variant pays for the compilations still running on the same two cores. {@code warm-listing} is
 * the keeping limit that, as a load does, first reads the experience to learn which files to load
 * (the other limits get the list before the clock starts): a JVM whose optimizing compiler built
 * Jackson's code from the items' profiles then meets the experience's 10,000-element list at each
 * load's start, and compiles that code again.
 *
 * <p>{@code timeline} is for reading by hand, not for the runner: it loads through Overture {@link
 * #TIMELINE_LOADS} times and prints a line per load (when it started in the JVM's uptime, how long
 * it took, what the compilers and the collector spent meanwhile), so a compilation log taken of
 * the same run ({@code -XX:+LogCompilation}, whose stamps are uptimes too) can be laid over the
 * loads. Given a folder without content, it only writes {@link #TIMELINE_ITEMS} items there (as
 * the runner does for its cold rows), to be loaded by the next run.
 */
final class ColdLoad {

  /** Loads before the timed one, for the warm variants. */
  static final int WARM_UPS = 3;

  /** Loads the {@code timeline} variant makes. */
  static final int TIMELINE_LOADS = 6;

  /** Items the {@code timeline} variant writes under a folder that has no experience yet. */
  static final int TIMELINE_ITEMS = 10_000;

  private ColdLoad() {}

  public static void main(String[] args) throws Exception {
    if (args.length != 2) {
      throw new IllegalArgumentException("usage: ColdLoad overture|jackson|warm-overture|warm-limit|warm-keeping|warm-listing|timeline ROOT");
    }
    Path root = Path.of(args[1]);
    switch (args[0]) {
      case "overture" -> {
        long checksum;
        try (AssetManager manager = GeneratedContent.assetManager(root).build()) {
          checksum = overture(manager);
        }
        System.out.println(checksum);
        System.out.println(ProcessCpu.now().line());
      }
      case "jackson" -> {
        System.out.println(BundleLoadBenchmark.sequential(files(root), JsonMapper.builder().build()));
        System.out.println(ProcessCpu.now().line());
      }
      case "warm-overture" -> {
        try (AssetManager manager = GeneratedContent.assetManager(root).build()) {
          for (int i = 0; i < WARM_UPS; i++) {
            overture(manager);
          }
          LoadCosts before = LoadCosts.now();
          long start = System.nanoTime();
          overture(manager);
          long nanos = System.nanoTime() - start;
          System.out.println(nanos);
          System.out.println(LoadCosts.now().since(before).line());
        }
      }
      case "warm-limit" -> fourthLoad(BundleLoadBenchmark::parallel, files(root));
      case "warm-keeping" -> fourthLoad(BundleLoadBenchmark::keeping, files(root));
      case "warm-listing" -> fourthLoad(
          (pool, cores, unused, mapper) -> BundleLoadBenchmark.keeping(pool, cores, listed(root, mapper), mapper), List.of());
      case "timeline" -> {
        if (!Files.isDirectory(root.resolve("experiences"))) {
          GeneratedContent.write(root, TIMELINE_ITEMS, 42);
          System.err.println("wrote " + TIMELINE_ITEMS + " items and their experience under " + root
              + "; run again to load them in a JVM that has done nothing else");
          return;
        }
        try (AssetManager manager = GeneratedContent.assetManager(root).build()) {
          for (int load = 1; load <= TIMELINE_LOADS; load++) {
            LoadCosts before = LoadCosts.now();
            long uptime = java.lang.management.ManagementFactory.getRuntimeMXBean().getUptime();
            long start = System.nanoTime();
            long checksum = overture(manager);
            long millis = (System.nanoTime() - start) / 1_000_000;
            LoadCosts spent = LoadCosts.now().since(before);
            System.out.printf("load %d: from %d ms of uptime, %d ms, compilers %d ms, collector pauses %d ms (sum %d)%n",
                load, uptime, millis, spent.compileMillis(), spent.pauseMillis(), checksum);
          }
        }
      }
      default -> throw new IllegalArgumentException(
          "no variant " + args[0] + " (overture, jackson, warm-overture, warm-limit, warm-keeping, warm-listing, timeline)");
    }
  }

  /** One of the limit's parallel loops over {@code files}, returning the sum of the items' levels. */
  private interface Loop {
    long run(ExecutorService pool, int cores, List<Path> files, ObjectMapper mapper);
  }

  /** Runs {@code loop} three times, then prints the nanoseconds of its fourth run and what the JVM spent meanwhile. */
  private static void fourthLoad(Loop loop, List<Path> files) {
    int cores = Runtime.getRuntime().availableProcessors();
    ExecutorService pool = Executors.newFixedThreadPool(cores);
    try {
      ObjectMapper mapper = JsonMapper.builder().build();
      for (int i = 0; i < WARM_UPS; i++) {
        loop.run(pool, cores, files, mapper);
      }
      LoadCosts before = LoadCosts.now();
      long start = System.nanoTime();
      loop.run(pool, cores, files, mapper);
      long nanos = System.nanoTime() - start;
      System.out.println(nanos);
      System.out.println(LoadCosts.now().since(before).line());
    } finally {
      pool.shutdownNow();
    }
  }

  /** Loads the experience's client bundle, sums the items' levels, releases it. */
  private static long overture(AssetManager manager) throws Exception {
    LoadHandle handle = manager.loadPrimaryAsset(GeneratedContent.EXPERIENCE, "client");
    try {
      handle.waitUntilComplete(Duration.ofMinutes(5));
      ExperienceDefinition experience = manager.getAsset(GeneratedContent.EXPERIENCE, ExperienceDefinition.class).orElseThrow();
      long checksum = 0;
      for (SoftRef<GeneratedContent.Item> item : ((GeneratedContent.Preload) experience.actions().get(0)).items()) {
        checksum += manager.getAsset(item).orElseThrow().level();
      }
      return checksum;
    } finally {
      handle.release();
    }
  }

  /** The experience's one action as the listing limit reads it: its name and the items' paths. */
  record ListedAction(String action, List<String> items) {}

  /** The generated experience as the listing limit reads it. */
  record Listing(List<ListedAction> actions) {}

  /** The items the generated experience lists, read from its file as a load reads it. */
  static List<Path> listed(Path root, ObjectMapper mapper) {
    try {
      Listing listing = mapper.readValue(Files.readAllBytes(root.resolve("experiences/Everything.json")), Listing.class);
      return listing.actions().get(0).items().stream().map(root::resolve).toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static List<Path> files(Path root) {
    try (Stream<Path> walk = Files.walk(root.resolve("items"))) {
      return walk.filter(Files::isRegularFile).sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
