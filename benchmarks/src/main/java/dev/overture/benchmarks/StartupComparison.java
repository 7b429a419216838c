package dev.overture.benchmarks;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

/**
 * Two builds of the sample game started in turn, so that a change of a few per cent in start-up can
 * be told from the machine's noise. Each command of each build is a fresh process; in one round the
 * first build goes first, in the next the second, and each round's two runs form a pair. The figure
 * is the median of the paired differences (second minus first), with the number of rounds in which
 * the second was faster and the two-sided sign test's p-value: the chance of so lopsided a count if
 * the builds were alike. Medians taken minutes apart resolve nothing on a machine whose speed wanders
 * by half within minutes (this project's two-core machines: the same build measured 370 and 465 ms to
 * {@code Loaded} three minutes apart); pairs do.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar dev.overture.benchmarks.StartupComparison BEFORE AFTER [--rounds 40]
 * </pre>
 *
 * <p>{@code BEFORE} and {@code AFTER} are folders as the build leaves {@code sample-game/target}: the
 * shaded {@code overture.jar}, the launcher {@code overture} beside it, and {@code plugins/}. A
 * start-up archive only maps for the path of the jar it was trained with, so each build is copied to
 * a folder of its own under the system's temporary folder and its archive trained there again, by
 * the build's own step ({@code dev.overture.sample.StartupArchive}). Every command runs in that
 * folder, so both read the content inside their jar. Runs {@code play --ticks 0} (to the line
 * {@code Loaded}), {@code validate} and {@code list} (to exit); every run must exit 0.
 */
final class StartupComparison {

  /** One command of both builds: the runs' milliseconds, pair by pair. */
  record Paired(String command, double[] first, double[] second) {

    Paired {
      if (first.length != second.length || first.length == 0) {
        throw new IllegalArgumentException("pairs need as many runs of each build, at least one: " + first.length + " and " + second.length);
      }
    }

    /** The second build's run minus the first's, round by round. */
    double[] differences() {
      double[] differences = new double[first.length];
      for (int i = 0; i < first.length; i++) {
        differences[i] = second[i] - first[i];
      }
      return differences;
    }

    /** Rounds in which the second build was faster. */
    int secondFaster() {
      return (int) Arrays.stream(differences()).filter(difference -> difference < 0).count();
    }

    /** Two-sided sign test over the rounds that differ: how likely so lopsided a count is by chance. */
    double signTestP() {
      double[] differences = differences();
      int faster = secondFaster();
      int slower = (int) Arrays.stream(differences).filter(difference -> difference > 0).count();
      return signTest(faster, slower);
    }
  }

  private StartupComparison() {}

  public static void main(String[] args) throws Exception {
    List<String> folders = new ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      if (args[i].equals("--rounds")) {
        i++;
      } else {
        folders.add(args[i]);
      }
    }
    int rounds = Rounds.intOption(args, "--rounds", 40);
    if (folders.size() != 2 || rounds < 1) {
      throw new IllegalArgumentException("usage: StartupComparison BEFORE AFTER [--rounds N]: two sample-game/target folders");
    }
    Path scratch = Files.createTempDirectory("overture-compare-");
    try {
      Path first = trained(Path.of(folders.get(0)), scratch.resolve("first"));
      Path second = trained(Path.of(folders.get(1)), scratch.resolve("second"));
      System.out.printf("first: %s, second: %s, %d rounds of each command, in turn%n%n", folders.get(0), folders.get(1), rounds);
      System.out.println("| command | first, median | second, median | second - first, median of pairs | second faster | sign test p |");
      System.out.println("|---|---|---|---|---|---|");
      for (List<String> command : List.of(List.of("play", "--ticks", "0"), List.of("validate"), List.of("list"))) {
        Paired paired = compare(first, second, command, rounds);
        System.out.printf("| `%s` | %.0f ms | %.0f ms | %+.1f ms | %d of %d | %.3f |%n", String.join(" ", command),
            median(paired.first()), median(paired.second()), median(paired.differences()), paired.secondFaster(), rounds,
            paired.signTestP());
      }
    } finally {
      Rounds.deleteTree(scratch);
    }
  }

  /** Copies the build in {@code game} to {@code into} and trains its start-up archive there; returns the launcher. */
  static Path trained(Path game, Path into) throws IOException, InterruptedException {
    Path jar = game.resolve("overture.jar");
    Path launcher = game.resolve("overture");
    if (!Files.isRegularFile(jar) || !Files.isRegularFile(launcher)) {
      throw new IllegalArgumentException(game + " has no overture.jar and launcher overture beside it (a sample-game/target folder)");
    }
    Files.createDirectories(into);
    Files.copy(jar, into.resolve("overture.jar"), StandardCopyOption.REPLACE_EXISTING);
    Path plugins = game.resolve("plugins");
    if (Files.isDirectory(plugins)) {
      try (Stream<Path> files = Files.walk(plugins)) {
        for (Path file : files.toList()) {
          Path target = into.resolve("plugins").resolve(plugins.relativize(file).toString());
          if (Files.isDirectory(file)) {
            Files.createDirectories(target);
          } else {
            Files.copy(file, target, StandardCopyOption.REPLACE_EXISTING);
          }
        }
      }
    }
    Path copied = into.resolve("overture.jar");
    List<String> training = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp", copied.toString(),
        "dev.overture.sample.StartupArchive", copied.toString(), launcher.toAbsolutePath().toString(), into.resolve("training.log").toString());
    Process process = new ProcessBuilder(training).directory(into.toFile()).redirectErrorStream(true)
        .redirectOutput(into.resolve("archive.log").toFile()).start();
    if (process.waitFor() != 0) {
      throw new IllegalStateException("training the start-up archive of " + jar + " failed; see " + into.resolve("archive.log")
          + ":\n" + Files.readString(into.resolve("archive.log")));
    }
    return into.resolve("overture");
  }

  /** {@code rounds} pairs of runs of {@code command}, the first build first in even rounds and second in odd ones. */
  static Paired compare(Path first, Path second, List<String> command, int rounds) {
    String marker = command.get(0).equals("play") ? "Loaded" : null;
    StartupBenchmark.Command a = launch("first", first, command, marker);
    StartupBenchmark.Command b = launch("second", second, command, marker);
    StartupBenchmark.time(a);
    StartupBenchmark.time(b);
    double[] firstMillis = new double[rounds];
    double[] secondMillis = new double[rounds];
    for (int round = 0; round < rounds; round++) {
      if (round % 2 == 0) {
        firstMillis[round] = StartupBenchmark.time(a)[0] / 1e6;
        secondMillis[round] = StartupBenchmark.time(b)[0] / 1e6;
      } else {
        secondMillis[round] = StartupBenchmark.time(b)[0] / 1e6;
        firstMillis[round] = StartupBenchmark.time(a)[0] / 1e6;
      }
    }
    return new Paired(String.join(" ", command), firstMillis, secondMillis);
  }

  private static StartupBenchmark.Command launch(String name, Path launcher, List<String> command, String marker) {
    List<String> line = new ArrayList<>(List.of("sh", launcher.toString()));
    line.addAll(command);
    return new StartupBenchmark.Command(name + " " + String.join(" ", command), line, marker, launcher.getParent());
  }

  /**
   * The two-sided sign test: with {@code one + other} rounds that differ and each direction equally
   * likely, the probability of a split at least as uneven as this one.
   */
  static double signTest(int one, int other) {
    int n = one + other;
    if (n == 0) {
      return 1.0;
    }
    int tail = Math.min(one, other);
    BigInteger count = BigInteger.ZERO;
    BigInteger choose = BigInteger.ONE;
    for (int k = 0; k <= tail; k++) {
      count = count.add(choose);
      choose = choose.multiply(BigInteger.valueOf(n - k)).divide(BigInteger.valueOf(k + 1));
    }
    double p = 2 * new java.math.BigDecimal(count).divide(new java.math.BigDecimal(BigInteger.TWO.pow(n)), java.math.MathContext.DECIMAL64)
        .doubleValue();
    return Math.min(1.0, p);
  }

  static double median(double[] values) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    int middle = sorted.length / 2;
    return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  }
}
