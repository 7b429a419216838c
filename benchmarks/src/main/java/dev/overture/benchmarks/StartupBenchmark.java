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
 *   <li>Start-up: a JVM that prints hello; the hand-written loop a game would otherwise run at
 *       start (a Jackson mapper binding each of the sample's content files into a map, one after the
 *       other, with a start-up archive of its own and the launcher's flags); the sample's launcher ({@code sample-game/target/overture},
 *       with its start-up archive) and {@code java -jar overture.jar}, each running {@code play
 *       --ticks 0}, timed to the moment it prints the state {@code Loaded} and to its exit, and
 *       {@code validate}, timed to its exit.
 *   <li>Cold load: a fresh JVM loading N generated items through Overture against a fresh JVM
 *       running the sequential Jackson loop over the same files; with the JVM's defaults, and again
 *       both started as the launcher starts a command (an archive of their own, the quick compiler
 *       only).
 *   <li>Warm load: a fresh JVM that loads the items three times, then is timed on the fourth load,
 *       for Overture, for the limit (the bare parallel loop) and for the limit keeping what it
 *       binds until its load ends; here the figure is the child's own timing of that load.
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
   * What a game would write without a framework: a Jackson mapper binding every JSON file under a
   * folder (not its {@code schemas}) into a map, one after the other, and a line saying how many.
   */
  static final class HandWritten {
    private HandWritten() {}

    public static void main(String[] args) throws IOException {
      tools.jackson.databind.ObjectMapper mapper = tools.jackson.databind.json.JsonMapper.builder().build();
      Path root = Path.of(args[0]);
      List<Path> files;
      try (java.util.stream.Stream<Path> walk = Files.walk(root)) {
        files = walk.filter(file -> file.toString().endsWith(".json") && !root.relativize(file).startsWith("schemas")).sorted().toList();
      }
      int properties = 0;
      for (Path file : files) {
        properties += mapper.readValue(Files.readAllBytes(file), java.util.Map.class).size();
      }
      System.out.println(files.size() + " files, " + properties + " properties");
    }
  }

  static final String HAND_WRITTEN = "hand-written loop: Jackson binding the sample's content files into maps (archive of its own,"
      + " the launcher's flags)";

  /**
   * One whole process to time; with a marker, also the moment it prints a line that is the marker
   * (trimmed). It runs in {@code directory}, or in this process's own when that is null.
   */
  record Command(String name, List<String> command, String marker, Path directory) {
    Command(String name, List<String> command, String marker) {
      this(name, command, marker, null);
    }
  }

  /** A command's medians: to the marker line (or to exit when it has none), and to exit. */
  record CommandTiming(String name, Timing toMarker, Timing toExit) {}

  /**
   * Times the sample's commands: hello and the hand-written loop over {@code assets}, then for each of {@code commands} the launcher and {@code
   * java -jar}, each to the line {@code marker} (when not null) and to exit. The game is the folder
   * holding {@code overture} and {@code overture.jar}.
   */
  static List<CommandTiming> commands(Path game, Path assets, List<List<String>> commands, List<String> markers, int warmup, int rounds) {
    Path launcher = game.resolve("overture").toAbsolutePath();
    Path jar = game.resolve("overture.jar").toAbsolutePath();
    if (!Files.isExecutable(launcher) || !Files.isRegularFile(jar)) {
      throw new IllegalStateException("no launcher and jar in " + game.toAbsolutePath() + "; build with mvn -B -q -DskipTests package");
    }
    List<Command> all = new ArrayList<>();
    all.add(new Command(HELLO, List.of(java(), "-cp", ownJar(), Hello.class.getName()), null));
    all.add(new Command(HAND_WRITTEN, handWritten(assets), null));
    for (int c = 0; c < commands.size(); c++) {
      List<String> command = commands.get(c);
      String shown = String.join(" ", command);
      List<String> viaLauncher = new ArrayList<>(List.of(launcher.toString()));
      viaLauncher.addAll(command);
      all.add(new Command("`overture " + shown + "` (launcher)", viaLauncher, markers.get(c)));
      List<String> viaJar = new ArrayList<>(List.of(java(), "-jar", jar.toString()));
      viaJar.addAll(command);
      all.add(new Command("`java -jar overture.jar " + shown + "`", viaJar, markers.get(c)));
    }
    long[][] toMarker = new long[all.size()][rounds];
    long[][] toExit = new long[all.size()][rounds];
    for (int round = 0; round < warmup + rounds; round++) {
      for (int v = 0; v < all.size(); v++) {
        long[] times = time(all.get(v));
        if (round >= warmup) {
          toMarker[v][round - warmup] = times[0];
          toExit[v][round - warmup] = times[1];
        }
      }
    }
    List<CommandTiming> timings = new ArrayList<>();
    for (int v = 0; v < all.size(); v++) {
      String name = all.get(v).name();
      timings.add(new CommandTiming(name, new Timing(name, toMarker[v]), new Timing(name, toExit[v])));
    }
    return timings;
  }

  /**
   * The options the sample's launcher ({@code sample-game/src/launcher/overture}) gives the JVM
   * besides its start-up archive: the quick compiler only and fewer compilations ({@link #hugePages}
   * adds the heap's pages where the system offers them). The launcher is a shell script, so they are
   * written here again; {@code StartupBenchmarkTest} fails when the two differ.
   */
  static final List<String> LAUNCHER_OPTIONS = List.of("-XX:TieredStopAtLevel=1", "-XX:CompileThresholdScaling=3");

  /**
   * The launcher's option for the heap's pages, as it decides it: transparent huge pages where the
   * system's setting ({@code /sys/kernel/mm/transparent_hugepage/enabled}) names madvise or always
   * as the mode in force; none elsewhere.
   */
  static List<String> hugePages() {
    try {
      String mode = Files.readString(Path.of("/sys/kernel/mm/transparent_hugepage/enabled"));
      return mode.contains("[madvise]") || mode.contains("[always]") ? List.of("-XX:+UseTransparentHugePages") : List.of();
    } catch (IOException | RuntimeException e) {
      return List.of();
    }
  }

  /** The launcher's silence about huge pages a system does not offer (the JVM would print a warning to the output). */
  private static final String QUIET_PAGES = "-Xlog:pagesize=off";

  /**
   * The hand-written loop over {@code assets}, run as the launcher runs the game: with a start-up
   * archive of its own and the launcher's options ({@link #asLauncher}).
   */
  private static List<String> handWritten(Path assets) {
    if (!Files.isDirectory(assets)) {
      throw new IllegalStateException("no content folder " + assets.toAbsolutePath() + " for the hand-written loop (--assets DIR)");
    }
    return asLauncher("hand-written", List.of("-cp", ownJar(), HandWritten.class.getName(), assets.toString()));
  }

  /**
   * {@code java} with {@code arguments}, started as the sample's launcher starts a command: with
   * {@link #LAUNCHER_OPTIONS} and a start-up archive of its own, made here by a first run of the
   * same command ({@code -XX:ArchiveClassesAtExit}). A JVM that writes no archive runs without
   * one.
   */
  static List<String> asLauncher(String name, List<String> arguments) {
    List<String> flags = new ArrayList<>();
    try {
      Path archive = Files.createTempDirectory("overture-" + name + "-").resolve(name + ".jsa");
      archive.toFile().deleteOnExit();
      archive.getParent().toFile().deleteOnExit();
      List<String> training = new ArrayList<>(List.of(java(), "-XX:ArchiveClassesAtExit=" + archive, QUIET_PAGES));
      training.addAll(LAUNCHER_OPTIONS);
      training.addAll(hugePages());
      training.addAll(arguments);
      output(training);
      if (Files.isRegularFile(archive)) {
        flags.addAll(List.of("-XX:SharedArchiveFile=" + archive, "-Xlog:cds=off", "-Xlog:cds+dynamic=off"));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    List<String> command = new ArrayList<>(List.of(java(), QUIET_PAGES));
    command.addAll(flags);
    command.addAll(LAUNCHER_OPTIONS);
    command.addAll(hugePages());
    command.addAll(arguments);
    return command;
  }

  /** The sample's files that {@link #manyAssets} copies: an action set and a map, each a primary asset of its own. */
  static final List<String> COPIED = List.of("actionsets/StandardHUD.json", "maps/Outpost.json");

  /**
   * A copy of the sample's content under {@code into} with {@code copies} more of each file of
   * {@link #COPIED} (as {@code HUD1.json}, {@code Outpost1.json}, ...): a project of many assets for
   * {@code validate}, which loads every one. Returns the folder.
   *
   * @throws IllegalStateException when the sample's content lacks a file to copy
   */
  static Path manyAssets(Path assets, Path into, int copies) throws IOException {
    Path root = into.resolve("assets");
    Rounds.copyTree(assets, root);
    for (String file : COPIED) {
      Path original = root.resolve(file);
      if (!Files.isRegularFile(original)) {
        throw new IllegalStateException("the sample's content has no " + file + " to copy; change StartupBenchmark.COPIED");
      }
      String name = original.getFileName().toString();
      String stem = name.substring(0, name.length() - ".json".length()).replace("StandardHUD", "HUD");
      for (int i = 1; i <= copies; i++) {
        Files.copy(original, original.resolveSibling(stem + i + ".json"));
      }
    }
    return root;
  }

  /** Nanoseconds from starting {@code command} to its marker line (to exit without one) and to its exit; it must exit 0. */
  static long[] time(Command command) {
    try {
      long start = System.nanoTime();
      ProcessBuilder builder = new ProcessBuilder(command.command()).redirectErrorStream(true);
      if (command.directory() != null) {
        builder.directory(command.directory().toFile());
      }
      Process process = builder.start();
      long marked = -1;
      StringBuilder output = new StringBuilder();
      try (java.io.BufferedReader lines = process.inputReader(StandardCharsets.UTF_8)) {
        String line;
        while ((line = lines.readLine()) != null) {
          if (marked < 0 && command.marker() != null && line.trim().equals(command.marker())) {
            marked = System.nanoTime() - start;
          }
          output.append(line).append('\n');
        }
      }
      if (!process.waitFor(5, TimeUnit.MINUTES)) {
        process.destroyForcibly();
        throw new IllegalStateException(command.name() + " did not finish within 5 minutes");
      }
      long exited = System.nanoTime() - start;
      if (process.exitValue() != 0 || (command.marker() != null && marked < 0)) {
        throw new IllegalStateException(command.name() + " exited " + process.exitValue()
            + (command.marker() != null && marked < 0 ? " without printing " + command.marker() : "") + ":\n" + output);
      }
      return new long[] {command.marker() != null ? marked : exited, exited};
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** A cold variant's wall times, and the medians of the CPU time its processes said they used. */
  record ColdTiming(Timing wall, ProcessCpu cpu) {}

  /**
   * A fresh JVM loading the items under {@code root} through Overture, against the sequential loop:
   * both with the JVM's defaults, then both started as the launcher starts a command ({@link
   * #asLauncher}), the four taking turns.
   */
  static List<ColdTiming> coldLoad(Path root, int warmup, int rounds, long expected) {
    List<String> names = List.of("Overture, fresh JVM", "Jackson readValue, sequential loop, fresh JVM",
        "Overture, fresh JVM as the launcher starts one",
        "Jackson readValue, sequential loop, fresh JVM as the launcher starts one");
    List<List<String>> commands = List.of(child("overture", root), child("jackson", root),
        asLauncher("cold-overture", childArguments("overture", root)), asLauncher("cold-loop", childArguments("jackson", root)));
    List<List<ProcessCpu>> cpu = new ArrayList<>();
    List<Variant> variants = new ArrayList<>();
    for (int v = 0; v < names.size(); v++) {
      List<ProcessCpu> used = new ArrayList<>();
      cpu.add(used);
      List<String> command = commands.get(v);
      variants.add(new Variant(names.get(v), () -> {
        String out = output(command);
        used.add(ProcessCpu.parse(out));
        return Long.parseLong(out.lines().findFirst().orElse("").trim());
      }));
    }
    List<Timing> walls = Rounds.measure(variants, warmup, rounds, Rounds.ResultCheck.equalTo(expected));
    List<ColdTiming> timings = new ArrayList<>();
    for (int v = 0; v < walls.size(); v++) {
      List<ProcessCpu> used = cpu.get(v);
      timings.add(new ColdTiming(walls.get(v), ProcessCpu.median(used.subList(warmup, used.size()))));
    }
    return timings;
  }

  /** A variant's fourth loads, and the medians of what its JVMs spent during them ({@link LoadCosts}). */
  record WarmTiming(Timing wall, LoadCosts costs) {}

  /**
   * The fourth load in a fresh JVM, as each child timed it: Overture, the limit, and the limit
   * holding what it binds until its load ends (as a load holds its assets until released).
   */
  static List<WarmTiming> warmLoad(Path root, int rounds) {
    List<String> names = List.of("Overture, 4th load in a fresh JVM", "limit: parallel read+bind, 4th load in a fresh JVM",
        "keeping limit: the same, holding each item until the last is bound, 4th load in a fresh JVM",
        "listing limit: the keeping limit reading its list of files from the experience first, as a load does,"
            + " 4th load in a fresh JVM");
    List<List<String>> children = List.of(child("warm-overture", root), child("warm-limit", root), child("warm-keeping", root),
        child("warm-listing", root));
    long[][] nanos = new long[children.size()][rounds];
    List<List<LoadCosts>> costs = new ArrayList<>();
    children.forEach(child -> costs.add(new ArrayList<>()));
    for (int round = 0; round < rounds; round++) {
      for (int v = 0; v < children.size(); v++) {
        String out = output(children.get(v));
        nanos[v][round] = Long.parseLong(out.lines().findFirst().orElse("").trim());
        costs.get(v).add(LoadCosts.parse(out));
      }
    }
    List<WarmTiming> timings = new ArrayList<>();
    for (int v = 0; v < children.size(); v++) {
      timings.add(new WarmTiming(new Timing(names.get(v), nanos[v]), LoadCosts.median(costs.get(v))));
    }
    return timings;
  }

  private static List<String> child(String variant, Path root) {
    List<String> command = new ArrayList<>(List.of(java()));
    command.addAll(childArguments(variant, root));
    return command;
  }

  private static List<String> childArguments(String variant, Path root) {
    return List.of("-cp", ownJar(), ColdLoad.class.getName(), variant, root.toString());
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
