package dev.overture.benchmarks;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.function.LongSupplier;
import java.util.stream.Stream;

/**
 * Measurement helpers shared by the side-by-side benchmarks: variants run in turn, round after
 * round, so that the machine's noise and the JIT's progress fall on all of them alike; the first
 * rounds are not recorded (on two cores the compiler threads compete with the workers for a long
 * while). Each variant returns a count or checksum, which the caller checks, so that nothing is
 * optimized away and a variant that skipped its work is caught.
 */
final class Rounds {

  /** One contender: its name and one full run of it, returning a count or checksum. */
  record Variant(String name, LongSupplier run) {}

  /** The times of one variant's measured rounds, in nanoseconds. */
  record Timing(String name, long[] nanos) {
    long median() {
      return Rounds.median(nanos);
    }

    String all() {
      StringBuilder out = new StringBuilder();
      for (long n : nanos) {
        out.append(out.length() == 0 ? "" : " ").append(String.format("%.1f", n / 1e6));
      }
      return out.toString();
    }
  }

  private Rounds() {}

  /**
   * Runs {@code variants} in turn for {@code warmup + rounds} rounds and returns the measured
   * rounds of each; {@code check} is given each variant's result every round and throws when it
   * is wrong.
   */
  static List<Timing> measure(List<Variant> variants, int warmup, int rounds, ResultCheck check) {
    long[][] nanos = new long[variants.size()][rounds];
    for (int round = 0; round < warmup + rounds; round++) {
      for (int v = 0; v < variants.size(); v++) {
        Variant variant = variants.get(v);
        long start = System.nanoTime();
        long result = variant.run().getAsLong();
        long elapsed = System.nanoTime() - start;
        check.check(variant.name(), result);
        if (round >= warmup) {
          nanos[v][round - warmup] = elapsed;
        }
      }
    }
    List<Timing> timings = new ArrayList<>();
    for (int v = 0; v < variants.size(); v++) {
      timings.add(new Timing(variants.get(v).name(), nanos[v]));
    }
    return timings;
  }

  /** Checks one variant's result. */
  interface ResultCheck {
    void check(String variant, long result);

    /** Every variant must return exactly {@code expected}. */
    static ResultCheck equalTo(long expected) {
      return (variant, result) -> {
        if (result != expected) {
          throw new IllegalStateException(variant + " returned " + result + ", expected " + expected);
        }
      };
    }
  }

  static long median(long[] values) {
    long[] sorted = values.clone();
    Arrays.sort(sorted);
    return sorted[sorted.length / 2];
  }

  static long percentile(long[] values, int percent) {
    long[] sorted = values.clone();
    Arrays.sort(sorted);
    return sorted[Math.min(sorted.length - 1, sorted.length * percent / 100)];
  }

  /** Used heap after several full collections (the smallest seen), in bytes. */
  static long heapAfterGc() {
    long used = Long.MAX_VALUE;
    for (int i = 0; i < 5; i++) {
      System.gc();
      used = Math.min(used, ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed());
    }
    return used;
  }

  /** Copies the folder {@code from}, files and subfolders, to {@code to}, which need not exist yet. */
  static void copyTree(Path from, Path to) throws IOException {
    try (Stream<Path> files = Files.walk(from)) {
      for (Path file : (Iterable<Path>) files::iterator) {
        Path target = to.resolve(from.relativize(file).toString());
        if (Files.isDirectory(file)) {
          Files.createDirectories(target);
        } else {
          Files.copy(file, target);
        }
      }
    }
  }

  static void deleteTree(Path root) throws IOException {
    try (Stream<Path> walk = Files.walk(root)) {
      walk.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
    }
  }

  static boolean hasFlag(String[] args, String name) {
    return Arrays.asList(args).contains(name);
  }

  static int intOption(String[] args, String name, int fallback) {
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
