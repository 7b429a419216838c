package dev.overture.benchmarks;

import dev.overture.asset.AssetManager;
import dev.overture.asset.LoadHandle;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.management.ObjectName;

/**
 * The classes a held load of the generated experience keeps, per loaded item: a class histogram
 * (what {@code jcmd PID GC.class_histogram} prints, taken in-process after a full GC) with the load
 * held, minus one taken after the same load was released. Classes that differ by less than a byte
 * an item are left out. The bound items' own classes are in it too; the rest is what the
 * {@link MemoryBenchmark}'s figure is made of.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar dev.overture.benchmarks.HeapHistogram 10000
 * </pre>
 */
public final class HeapHistogram {

  private HeapHistogram() {}

  public static void main(String[] args) throws Exception {
    int items = args.length > 0 ? Integer.parseInt(args[0]) : 10_000;
    Path root = Files.createTempDirectory("overture-histogram-");
    try {
      GeneratedContent.write(root, items, 11);
      try (AssetManager manager = GeneratedContent.assetManager(root).build()) {
        load(manager).release(); // class loading and caches in both histograms
        Map<String, long[]> released = histogram();
        LoadHandle held = load(manager);
        Map<String, long[]> loaded = histogram();
        print(released, loaded, items);
        held.release();
      }
    } finally {
      Rounds.deleteTree(root);
    }
  }

  private static LoadHandle load(AssetManager manager) throws Exception {
    LoadHandle handle = manager.loadPrimaryAsset(GeneratedContent.EXPERIENCE, "client");
    handle.waitUntilComplete(Duration.ofMinutes(5));
    return handle;
  }

  /** Class name to {instances, bytes}, after a full GC. */
  private static Map<String, long[]> histogram() throws Exception {
    String text = (String) ManagementFactory.getPlatformMBeanServer().invoke(
        new ObjectName("com.sun.management:type=DiagnosticCommand"), "gcClassHistogram",
        new Object[] {new String[0]}, new String[] {String[].class.getName()});
    Map<String, long[]> classes = new HashMap<>();
    for (String line : text.split("\n")) {
      String[] parts = line.trim().split("\\s+");
      if (parts.length >= 4 && parts[0].endsWith(":")) {
        classes.put(parts[3], new long[] {Long.parseLong(parts[1]), Long.parseLong(parts[2])});
      }
    }
    return classes;
  }

  private static void print(Map<String, long[]> before, Map<String, long[]> after, int items) {
    List<Map.Entry<String, long[]>> rows = new ArrayList<>();
    long total = 0;
    for (Map.Entry<String, long[]> entry : after.entrySet()) {
      long[] was = before.getOrDefault(entry.getKey(), new long[2]);
      long[] diff = {entry.getValue()[0] - was[0], entry.getValue()[1] - was[1]};
      total += diff[1];
      if (Math.abs(diff[1]) >= items) {
        rows.add(Map.entry(entry.getKey(), diff));
      }
    }
    rows.sort(Comparator.comparingLong((Map.Entry<String, long[]> row) -> row.getValue()[1]).reversed());
    for (Map.Entry<String, long[]> row : rows) {
      System.out.printf("%-60s %10d instances %12d B %8.1f B/item%n", row.getKey(), row.getValue()[0], row.getValue()[1],
          (double) row.getValue()[1] / items);
    }
    System.out.printf("all classes: %d B, %.1f B/item%n", total, (double) total / items);
  }
}
