package dev.overture.benchmarks;

import dev.overture.benchmarks.Rounds.Timing;
import dev.overture.benchmarks.Rounds.Variant;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Whole processes, timed from the outside, side by side: each variant is a fresh JVM, the variants
 * take turns round after round (so the machine's noise falls on all of them alike), and the figure
 * is the median wall time from starting the process to its exit. Every run must exit 0 (and the
 * cold loads must print the same checksum), or the benchmark fails.
 *
 * <ul>
 *   <li>Start-up: a JVM that prints hello; the sample's launcher ({@code sample-game/target/overture},
 *       with its start-up archive) and {@code java -jar overture.jar}, each running {@code play
 *       --ticks 0} (to Loaded, then the result and exit) and {@code validate}.
 *   <li>Cold load: a fresh JVM loading N generated items through Overture against a fresh JVM
 *       running the sequential Jackson loop over the same files.
 *   <li>Warm load: a fresh JVM that loads the items three times, then is timed on the fourth load,
 *       for Overture and for the limit (the bare parallel loop); here the figure is the child's own
 *       timing of that load.
 * </ul>
 */
final class StartupBenchmark {

  static final String HELLO = "JVM printing hello";

  private StartupBenchmark() {}

  /** Prints hello: the JVM's own start-up and exit, the floor under every other row. */
  static final class Hello {
    private Hello() {}

    public static void main(String[] args) {
      System.out.println("hello");
    }
  }

  /**
   * Times the sample's commands: hello, then for each of {@code commands} the launcher and {@code
   * java -jar}. The game is the folder holding {@code overture} and {@code overture.jar}.
   */
  static List<Timing> commands(Path game, List<List<String>> commands, int warmup, int rounds) {
    Path launcher = game.resolve("overture").toAbsolutePath();
    Path jar = game.resolve("overture.jar").toAbsolutePath();
    if (!Files.isExecutable(launcher) || !Files.isRegularFile(jar)) {
      throw new IllegalStateException("no launcher and jar in " + game.toAbsolutePath() + "; build with mvn -B -q -DskipTests package");
    }
    List<Variant> variants = new ArrayList<>();
    variants.add(process(HELLO, List.of(java(), "-cp", ownJar(), Hello.class.getName())));
    for (List<String> command : commands) {
      String shown = String.join(" ", command);
      List<String> viaLauncher = new ArrayList<>(List.of(launcher.toString()));
      viaLauncher.addAll(command);
      variants.add(process("`overture " + shown + "` (launcher)", viaLauncher));
      List<String> viaJar = new ArrayList<>(List.of(java(), "-jar", jar.toString()));
      viaJar.addAll(command);
      variants.add(process("`java -jar overture.jar " + shown + "`", viaJar));
    }
    return Rounds.measure(variants, warmup, rounds, Rounds.ResultCheck.equalTo(0));
  }

  /** A fresh JVM loading the items under {@code root} through Overture, against the sequential loop. */
  static List<Timing> coldLoad(Path root, int warmup, int rounds, long expected) {
    List<Variant> variants = List.of(
        process("Overture, fresh JVM", child("overture", root), true),
        process("Jackson readValue, sequential loop, fresh JVM", child("jackson", root), true));
    return Rounds.measure(variants, warmup, rounds, Rounds.ResultCheck.equalTo(expected));
  }

  /** The fourth load in a fresh JVM, Overture against the limit, as each child timed it. */
  static List<Timing> warmLoad(Path root, int rounds) {
    List<String> names = List.of("Overture, 4th load in a fresh JVM", "limit: parallel read+bind, 4th load in a fresh JVM");
    List<List<String>> children = List.of(child("warm-overture", root), child("warm-limit", root));
    long[][] nanos = new long[2][rounds];
    for (int round = 0; round < rounds; round++) {
      for (int v = 0; v < 2; v++) {
        nanos[v][round] = Long.parseLong(output(children.get(v)).trim());
      }
    }
    return List.of(new Timing(names.get(0), nanos[0]), new Timing(names.get(1), nanos[1]));
  }

  private static List<String> child(String variant, Path root) {
    return List.of(java(), "-cp", ownJar(), ColdLoad.class.getName(), variant, root.toString());
  }

  private static Variant process(String name, List<String> command) {
    return process(name, command, false);
  }

  /** Runs {@code command} once per round: returns its exit code, or (with {@code checksum}) the number it printed. */
  private static Variant process(String name, List<String> command, boolean checksum) {
    return new Variant(name, () -> {
      if (checksum) {
        return Long.parseLong(output(command).trim());
      }
      try {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        if (!process.waitFor(5, TimeUnit.MINUTES)) {
          process.destroyForcibly();
          throw new IllegalStateException(name + " did not finish within 5 minutes");
        }
        return process.exitValue();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException(e);
      }
    });
  }

  /** What {@code command} printed; fails unless it exited 0. */
  private static String output(List<String> command) {
    try {
      Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
      String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!process.waitFor(5, TimeUnit.MINUTES) || process.exitValue() != 0) {
        throw new IllegalStateException(String.join(" ", command) + " failed: " + out);
      }
      return out;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  private static String java() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }

  /** The benchmarks jar this runs from: the children are started from it too. */
  private static String ownJar() {
    try {
      return Path.of(StartupBenchmark.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    } catch (java.net.URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }
}
