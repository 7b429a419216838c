package dev.overture.benchmarks;

import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

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
 * {@code Loaded}), {@code validate} and {@code list} (to exit); every run must exit 0. The timed
 * runs get this JVM's home as {@code JAVA_HOME}, the Java the archives were trained with: a launcher
 * that found another Java would run without its archive (an archive maps only for the JVM that wrote
 * it), and the comparison would blame the change.
 *
 * <p>Threading: runs on the main thread, one process at a time.
 */
final class StartupComparison {

  /** One command of both builds: the runs' milliseconds, pair by pair ({@code first[i]} and {@code second[i]} are round i's). */
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

    /** Rounds in which both took the same time, which the sign test leaves out. */
    int ties() {
      return (int) Arrays.stream(differences()).filter(difference -> difference == 0).count();
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
    int rounds = 40;
    for (int i = 0; i < args.length; i++) {
      if (args[i].equals("--rounds")) {
        if (i + 1 == args.length || !args[i + 1].matches("[1-9][0-9]{0,4}")) {
          throw new IllegalArgumentException("--rounds needs a number of rounds, 1 or more");
        }
        rounds = Integer.parseInt(args[++i]);
      } else {
        folders.add(args[i]);
      }
    }
    if (folders.size() != 2) {
      throw new IllegalArgumentException("usage: StartupComparison BEFORE AFTER [--rounds N]: two sample-game/target folders (got "
          + folders.size() + ")");
    }
    Path before = game(Path.of(folders.get(0)));
    Path after = game(Path.of(folders.get(1)));
    Path scratch = Files.createTempDirectory("overture-compare-");
    try {
      Path first = trained(before, scratch.resolve("first"));
      Path second = trained(after, scratch.resolve("second"));
      System.out.printf("first: %s, second: %s, %d rounds of each command, in turn%n%n", folders.get(0), folders.get(1), rounds);
      System.out.println("| command | first, median | second, median | second - first, median of pairs | second faster | ties | sign test p |");
      System.out.println("|---|---|---|---|---|---|---|");
      for (List<String> command : List.of(List.of("play", "--ticks", "0"), List.of("validate"), List.of("list"))) {
        Paired paired = compare(first, second, command, rounds);
        System.out.printf("| `%s` | %.0f ms | %.0f ms | %+.1f ms | %d of %d | %d | %.3f |%n", String.join(" ", command),
            median(paired.first()), median(paired.second()), median(paired.differences()), paired.secondFaster(), rounds,
            paired.ties(), paired.signTestP());
      }
    } finally {
      Rounds.deleteTree(scratch);
    }
  }

  /** {@code game}, when it holds a build: the jar and the launcher beside it. */
  private static Path game(Path game) {
    if (!Files.isRegularFile(game.resolve("overture.jar")) || !Files.isRegularFile(game.resolve("overture"))) {
      throw new IllegalArgumentException(game + " has no overture.jar and launcher overture beside it (a sample-game/target folder)");
    }
    return game;
  }

  /** Copies the build in {@code game} to {@code into} and trains its start-up archive there; returns the launcher. */
  static Path trained(Path game, Path into) throws IOException, InterruptedException {
    Path jar = game.resolve("overture.jar");
    Path launcher = game.resolve("overture");
    Files.createDirectories(into);
    Files.copy(jar, into.resolve("overture.jar"), StandardCopyOption.REPLACE_EXISTING);
    if (Files.isDirectory(game.resolve("plugins"))) {
      Rounds.copyTree(game.resolve("plugins"), into.resolve("plugins"));
    }
    Path copied = into.resolve("overture.jar");
    List<String> training = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp", copied.toString(),
        "dev.overture.sample.StartupArchive", copied.toString(), launcher.toAbsolutePath().toString(), into.resolve("training.log").toString());
    Path log = into.resolve("archive.log");
    Process process = new ProcessBuilder(training).directory(into.toFile()).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    try {
      if (!process.waitFor(10, TimeUnit.MINUTES)) {
        throw new IllegalStateException("training the start-up archive of " + jar + " took more than 10 minutes");
      }
    } finally {
      process.destroyForcibly();
    }
    // The build's step exits 0 with a warning when the JVM wrote no archive it can map: that build
    // would run without one, and the comparison would blame the change.
    if (process.exitValue() != 0 || !(Files.isRegularFile(into.resolve("overture.jsa")) || Files.isRegularFile(into.resolve("overture.aot")))) {
      throw new IllegalStateException("no start-up archive for " + jar + " (training exited " + process.exitValue() + "):\n"
          + Files.readString(log) + (Files.isRegularFile(into.resolve("training.log")) ? Files.readString(into.resolve("training.log")) : ""));
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
    List<String> line = new ArrayList<>(List.of("env", "JAVA_HOME=" + System.getProperty("java.home"), "sh", launcher.toString()));
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
    double p = 2 * new BigDecimal(count).divide(new BigDecimal(BigInteger.TWO.pow(n)), MathContext.DECIMAL64).doubleValue();
    return Math.min(1.0, p);
  }

  /** The median of {@code values}: the middle one, or the mean of the middle two. */
  static double median(double[] values) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    int middle = sorted.length / 2;
    return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  }
}
