package dev.overture.benchmarks;

import dev.overture.benchmarks.Rounds.Timing;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.EnumSet;
import java.util.Set;
import java.util.concurrent.Callable;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import picocli.CommandLine;

/**
 * Runs every comparison of issue 10 and prints one markdown table, each figure with its ratio,
 * its target and whether it meets it, ready to paste into {@code docs/benchmarks.md}. Progress goes
 * to standard error, the table to standard output.
 *
 * <pre>
 * mvn -B -q -DskipTests package &amp;&amp; java -jar benchmarks/target/benchmarks.jar [--quick] [--no-jmh] [--no-gdx] [--only startup,cold,bundle,scale,index,activation,switch,memory,jmh] [--game sample-game/target] [--assets assets] [--help]
 * </pre>
 *
 * <p>Side-by-side variants take turns round after round in this process, after unrecorded warm-up
 * rounds, and the table gives medians. The JMH hot paths run in forked JVMs launched from here
 * (one fork, medians of the iterations).
 *
 * <p>Runs on the main thread; the benchmarks it calls start and stop their own pools.
 */
public final class Runner {

  private record Row(String measurement, String figure, String ratio, String target, String result) {}

  private final List<Row> rows = new ArrayList<>();
  private final boolean quick;

  private Runner(boolean quick) {
    this.quick = quick;
  }

  /** The sections of the table, in the order they run. */
  enum Section {
    STARTUP,
    COLD,
    BUNDLE,
    SCALE,
    INDEX,
    ACTIVATION,
    SWITCH,
    MEMORY,
    JMH;

    /** The name {@code --only} takes. */
    @Override
    public String toString() {
      return name().toLowerCase(Locale.ROOT);
    }

    static Section parse(String name) {
      for (Section section : values()) {
        if (section.toString().equals(name)) {
          return section;
        }
      }
      throw new CommandLine.TypeConversionException(
          "no section '" + name + "': the sections are " + Arrays.toString(values()).replaceAll("[\\[\\]]", ""));
    }
  }

  /** The runner's command line. */
  @CommandLine.Command(name = "benchmarks", sortOptions = false,
      description = "Runs Overture's side-by-side benchmarks and prints one markdown table (progress on standard error).")
  static final class Arguments implements Callable<Integer> {
    @CommandLine.Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help and exit.")
    boolean help;

    @CommandLine.Option(names = "--quick", description = "Fewer rounds: a quick look, not figures to keep.")
    boolean quick;

    @CommandLine.Option(names = "--only", split = ",", paramLabel = "SECTION", converter = SectionConverter.class,
        description = "Only these sections: ${COMPLETION-CANDIDATES} (default: all).",
        completionCandidates = SectionNames.class)
    Set<Section> only = EnumSet.allOf(Section.class);

    @CommandLine.Option(names = "--no-jmh", description = "Leave out the JMH hot paths.")
    boolean noJmh;

    @CommandLine.Option(names = "--no-gdx", description = "Leave out libGDX in the bundle rows.")
    boolean noGdx;

    @CommandLine.Option(names = "--game", paramLabel = "DIR", description = "The sample's build folder (default: ${DEFAULT-VALUE}).")
    Path game = Path.of("sample-game/target");

    @CommandLine.Option(names = "--assets", paramLabel = "DIR", description = "The sample's content (default: ${DEFAULT-VALUE}).")
    Path assets = Path.of("assets");

    @CommandLine.Option(names = "--cold-items", paramLabel = "N", description = "Items of the cold loads (default: ${DEFAULT-VALUE}).")
    int coldItems = 10_000;

    @CommandLine.Option(names = "--index-files", paramLabel = "N",
        description = "Files of the index row; its scale row takes ten times as many (default: ${DEFAULT-VALUE}).")
    int indexFiles = 100_000;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    private String[] args = new String[0];

    @Override
    public Integer call() throws Exception {
      for (var count : List.of(Map.entry("--cold-items", coldItems), Map.entry("--index-files", indexFiles))) {
        if (count.getValue() < 1) {
          throw new CommandLine.ParameterException(spec.commandLine(), count.getKey() + " must be at least 1: " + count.getValue());
        }
      }
      if (only.contains(Section.STARTUP)) {
        // Checked before any section runs: the start-up rows come first, but a run of every section lasts an hour.
        if (!Files.isExecutable(game.resolve("overture")) || !Files.isRegularFile(game.resolve("overture.jar"))) {
          throw new CommandLine.ParameterException(spec.commandLine(), "--game " + game + " holds no launcher (overture) and jar"
              + " (overture.jar): build them with mvn -B -q -DskipTests package, or name the folder that holds them");
        }
        if (!Files.isDirectory(assets)) {
          throw new CommandLine.ParameterException(spec.commandLine(), "--assets " + assets + " is not a folder: name the sample's"
              + " content (the project's assets folder)");
        }
      }
      run(this, args);
      return 0;
    }
  }

  static final class SectionConverter implements CommandLine.ITypeConverter<Section> {
    @Override
    public Section convert(String value) {
      return Section.parse(value);
    }
  }

  static final class SectionNames implements Iterable<String> {
    @Override
    public java.util.Iterator<String> iterator() {
      return Arrays.stream(Section.values()).map(Section::toString).iterator();
    }
  }

  public static void main(String[] args) {
    System.exit(commandLine(args).execute(args));
  }

  /** The runner's command line for {@code args} (kept to be printed under the table). */
  static CommandLine commandLine(String[] args) {
    Arguments options = new Arguments();
    options.args = args.clone();
    return new CommandLine(options);
  }

  private static void run(Arguments options, String[] args) throws Exception {
    Locale.setDefault(Locale.ROOT);
    Set<Section> only = options.only;
    Runner runner = new Runner(options.quick);
    if (only.contains(Section.STARTUP)) {
      runner.startup(options.game, options.assets);
    }
    if (only.contains(Section.COLD)) {
      runner.cold(options.coldItems);
    }
    if (only.contains(Section.BUNDLE)) {
      // A 1,000-item round lasts ~10 ms: 25 warm-up rounds left the JIT still compiling (medians of
      // 25 ms against 11 ms after 80), so this size warms up longer to measure the steady state.
      runner.bundle(1_000, options.quick ? 5 : 80, options.quick ? 5 : 40, !options.noGdx);
      runner.bundle(10_000, options.quick ? 2 : 10, options.quick ? 3 : 11, !options.noGdx);
    }
    if (only.contains(Section.SCALE)) {
      runner.scale();
    }
    if (only.contains(Section.INDEX)) {
      double perFile = runner.index(options.indexFiles);
      if (only.contains(Section.SCALE)) {
        runner.indexScale(perFile, options.indexFiles * 10);
      }
    }
    if (only.contains(Section.ACTIVATION)) {
      runner.activation();
    }
    if (only.contains(Section.SWITCH)) {
      runner.switches();
    }
    if (only.contains(Section.MEMORY)) {
      runner.memory();
    }
    if (only.contains(Section.JMH) && !options.noJmh) {
      runner.jmh();
    }
    runner.print(args);
  }

  private static void progress(String what) {
    System.err.println("[benchmarks] " + what);
  }

  /** Whole processes of the sample: its launcher and java -jar, against a JVM printing hello. */
  private void startup(Path game, Path assets) {
    int warmup = quick ? 1 : 2;
    int rounds = quick ? 3 : 21;
    progress(String.format("start-up of the sample, whole processes (%d + %d rounds)", warmup, rounds));
    List<StartupBenchmark.CommandTiming> timings = StartupBenchmark.commands(game, assets,
        List.of(List.of("play", "--ticks", "0"), List.of("validate")), java.util.Arrays.asList("Loaded", null), warmup, rounds);
    Timing hello = timings.get(0).toExit();
    rows.add(new Row("Start-up: " + hello.name() + ", process start to exit", millis(hello.median()), "", "", ""));
    Timing hand = timings.get(1).toExit();
    rows.add(new Row("Start-up: " + hand.name() + ", process start to exit", millis(hand.median()),
        String.format("%.1fx hello", (double) hand.median() / hello.median()), "report only", ""));
    long[] targets = {350_000_000L, 500_000_000L};
    String[] to = {"to Loaded", "to exit"};
    for (int c = 0; c < 2; c++) {
      StartupBenchmark.CommandTiming launcher = timings.get(2 + 2 * c);
      StartupBenchmark.CommandTiming jar = timings.get(3 + 2 * c);
      Timing judged = launcher.toMarker();
      rows.add(new Row("Start-up: " + launcher.name() + ", process start " + to[c],
          millis(judged.median()) + String.format(" (p90 %s; to exit %s)", millis(Rounds.percentile(judged.nanos(), 90)),
              millis(launcher.toExit().median())),
          String.format("%.1fx hello, %.1fx the hand-written loop", (double) judged.median() / hello.median(),
              (double) judged.median() / hand.median()),
          "≤ " + millis(targets[c]), verdict(judged.median() <= targets[c])));
      rows.add(new Row("Start-up: " + jar.name() + ", process start " + to[c],
          millis(jar.toMarker().median()) + (c == 0 ? String.format(" (to exit %s)", millis(jar.toExit().median())) : ""),
          String.format("launcher %.2fx faster", (double) jar.toMarker().median() / judged.median()), "report only", ""));
    }
    validateAtScale(game, assets, hello);
  }

  /**
   * {@code validate} of a project of many assets: the sample's content and 5,000 copies each of an
   * action set and a map. Validation loads every asset; the workers read ahead of its loads.
   */
  private void validateAtScale(Path game, Path assets, Timing hello) {
    int copies = quick ? 1_000 : 5_000;
    int rounds = quick ? 1 : 5;
    progress(String.format("validate of the sample and %,d more assets (%d rounds)", StartupBenchmark.COPIED.size() * copies, rounds));
    Path folder = null;
    try {
      folder = Files.createTempDirectory("overture-validate-");
      Path many = StartupBenchmark.manyAssets(assets, folder, copies);
      List<String> command = List.of(game.resolve("overture").toAbsolutePath().toString(), "validate", "--assets", many.toString());
      StartupBenchmark.Command validate = new StartupBenchmark.Command("validate", command, null);
      StartupBenchmark.time(validate); // the files into the page cache, as in the sample's rows' warm-up
      long[] nanos = new long[rounds];
      for (int r = 0; r < rounds; r++) {
        nanos[r] = StartupBenchmark.time(validate)[1];
      }
      Timing timing = new Timing("validate", nanos);
      int total = StartupBenchmark.COPIED.size() * copies;
      rows.add(new Row(String.format("Validate at scale: `overture validate` (launcher) of the sample's content and %,d more assets"
              + " (copies of an action set and a map), process start to exit", total),
          millis(timing.median()),
          String.format("%.1fx hello", (double) timing.median() / hello.median()), "report only", ""));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } finally {
      if (folder != null) {
        try {
          Rounds.deleteTree(folder);
        } catch (IOException e) {
          progress("could not delete " + folder + ": " + e);
        }
      }
    }
  }

  /** A fresh JVM loading the items, against a fresh JVM running the loop; then three loads in, against the limit. */
  private void cold(int assets) throws Exception {
    Path root = Files.createTempDirectory("overture-cold-");
    try {
      List<Path> files = GeneratedContent.write(root, assets, 7);
      long expected = BundleLoadBenchmark.sequential(files, tools.jackson.databind.json.JsonMapper.builder().build());
      int rounds = quick ? 3 : 11;
      progress(String.format("cold loads of %,d items, fresh JVMs (1 + %d rounds)", assets, rounds));
      List<StartupBenchmark.ColdTiming> cold = StartupBenchmark.coldLoad(root, 1, rounds, expected);
      String label = String.format("Cold load, %,d items: ", assets);
      rows.add(new Row(label + cold.get(0).wall().name() + ", process start to exit", coldFigure(cold.get(0)), "", "", ""));
      double ratio = (double) cold.get(0).wall().median() / cold.get(1).wall().median();
      rows.add(new Row(label + cold.get(1).wall().name() + ", process start to exit", coldFigure(cold.get(1)),
          String.format("Overture takes %.2fx", ratio), "≤ 1.0x, both with the JVM's defaults", verdict(ratio <= 1.0)));
      rows.add(new Row(label + cold.get(2).wall().name() + " (an archive of its own, the launcher's options), process start to exit",
          coldFigure(cold.get(2)), "", "", ""));
      // The same target, judged as the sample ships a command (issue 20's "do it earlier": an archive
      // made at package time, started by a launcher), with the loop given the same archive and options.
      double launched = (double) cold.get(2).wall().median() / cold.get(3).wall().median();
      rows.add(new Row(label + cold.get(3).wall().name() + " (the same), process start to exit", coldFigure(cold.get(3)),
          String.format("Overture takes %.2fx", launched), "≤ 1.0x, both started the launcher's way", verdict(launched <= 1.0)));
      int warmRounds = quick ? 3 : 9;
      progress(String.format("the 4th load of %,d items in fresh JVMs (%d rounds)", assets, warmRounds));
      List<StartupBenchmark.WarmTiming> warm = StartupBenchmark.warmLoad(root, warmRounds);
      String warmLabel = String.format("After %d loads, %,d items: ", ColdLoad.WARM_UPS, assets);
      Timing overture = warm.get(0).wall();
      Timing limit = warm.get(1).wall();
      Timing keeping = warm.get(2).wall();
      rows.add(new Row(warmLabel + overture.name(), warmFigure(warm.get(0), assets), "", "", ""));
      double within = (double) overture.median() / limit.median();
      rows.add(new Row(warmLabel + limit.name(), warmFigure(warm.get(1), assets),
          String.format("Overture takes %.2fx", within), "≤ 1.25x", verdict(within <= 1.25)));
      rows.add(new Row(warmLabel + keeping.name(), warmFigure(warm.get(2), assets),
          String.format("Overture takes %.2fx", (double) overture.median() / keeping.median()), "report only", ""));
      // What the two limits above leave out of their clock and a load cannot: reading the experience
      // for the list of files, whose 10,000-element list makes the optimizing compiler redo the code
      // it built from the items' profiles (docs/startup-log.md, 2026-12-05).
      Timing listing = warm.get(3).wall();
      rows.add(new Row(warmLabel + listing.name(), warmFigure(warm.get(3), assets),
          String.format("Overture takes %.2fx", (double) overture.median() / listing.median()), "report only", ""));
    } finally {
      Rounds.deleteTree(root);
    }
  }

  /**
   * A 4th load's median wall time, with the collector's pauses and the compilers' work during it:
   * a loop that keeps what it binds has the collector copy it, a loop that drops it does not.
   */
  private static String warmFigure(StartupBenchmark.WarmTiming timing, int assets) {
    return millis(timing.wall().median()) + perAsset(timing.wall(), assets) + timing.costs().describe();
  }

  /**
   * A cold row's median wall time, and the medians of the CPU its processes used: on two cores
   * both JVMs are bound by CPU, so the CPU beside the compilers' is what a ratio of wall times
   * comes from.
   */
  private static String coldFigure(StartupBenchmark.ColdTiming timing) {
    return millis(timing.wall().median()) + timing.cpu().describe(timing.wall().median());
  }

  /**
   * Overture's warm bundle load at 1,000, 10,000 and 100,000 items, per item, beside a loop that
   * keeps what it loads as Overture does: Overture's cost per item over the loop's must not grow
   * with the count. The raw cost per item is reported too; what it gains at 100,000 items is the
   * collector copying the live items, which the loop pays alike.
   */
  private void scale() throws Exception {
    int[] counts = {1_000, 10_000, 100_000};
    int[][] plan = quick ? new int[][] {{5, 5}, {2, 3}, {1, 2}} : new int[][] {{80, 21}, {10, 11}, {2, 5}};
    double previous = Double.NaN;
    double previousRatio = Double.NaN;
    for (int i = 0; i < counts.length; i++) {
      progress(String.format("scale: bundle loading, %,d items, Overture and the keeping loop in turn (%d + %d rounds)",
          counts[i], plan[i][0], plan[i][1]));
      List<Timing> timings = BundleLoadBenchmark.scale(counts[i], plan[i][0], plan[i][1]);
      Timing overture = timings.get(0);
      Timing keeping = timings.get(1);
      double perItem = (double) overture.median() / counts[i];
      Row raw = growthRow(String.format("Scale: bundle load, %,d items, Overture", counts[i]), millis(overture.median()),
          perItem, previous, "item");
      rows.add(new Row(raw.measurement(), raw.figure(), raw.ratio(), raw.target().isEmpty() ? "" : "report only", ""));
      double ratio = (double) overture.median() / keeping.median();
      String keepingCost = String.format("%s (%.2f µs/item)", millis(keeping.median()), (double) keeping.median() / counts[i] / 1e3);
      if (Double.isNaN(previousRatio)) {
        rows.add(new Row(String.format("Scale: bundle load, %,d items, %s", counts[i], keeping.name()), keepingCost,
            String.format("Overture takes %.2fx", ratio), "", ""));
      } else {
        double growth = ratio / previousRatio;
        rows.add(new Row(String.format("Scale: bundle load, %,d items, %s", counts[i], keeping.name()), keepingCost,
            String.format("Overture takes %.2fx; %.2fx the ratio of the count before", ratio, growth), "≤ 1.2x (no growth)",
            verdict(growth <= 1.2)));
      }
      previous = perItem;
      previousRatio = ratio;
    }
  }

  private void indexScale(double perFileAtSmaller, int files) throws Exception {
    progress(String.format("scale: indexing %,d files", files));
    List<Timing> timings = IndexBenchmark.run(files, 1, quick ? 1 : 3);
    Timing overture = timings.get(0);
    double perFile = (double) overture.median() / files;
    rows.add(growthRow(String.format("Scale: index %,d files, Overture", files), millis(overture.median()), perFile,
        perFileAtSmaller, "file"));
    rows.add(new Row(String.format("Scale: index %,d files, %s", files, timings.get(1).name()), millis(timings.get(1).median()),
        String.format("Overture takes %.2fx", (double) overture.median() / timings.get(1).median()), "report only", ""));
  }

  /** A row of per-item cost, judged against the next smaller count's: at most 1.2x (noise), so it does not grow. */
  private static Row growthRow(String measurement, String figure, double nanosPerItem, double previous, String unit) {
    String cost = String.format("%s (%.2f µs/%s)", figure, nanosPerItem / 1e3, unit);
    if (Double.isNaN(previous)) {
      return new Row(measurement, cost, "", "", "");
    }
    double growth = nanosPerItem / previous;
    return new Row(measurement, cost, String.format("%.2fx per %s of the count before", growth, unit), "≤ 1.2x (no growth)",
        verdict(growth <= 1.2));
  }

  private void bundle(int assets, int warmup, int rounds, boolean gdx) throws Exception {
    progress(String.format("bundle loading, %,d items (%d + %d rounds)", assets, warmup, rounds));
    List<Timing> timings = BundleLoadBenchmark.run(assets, warmup, rounds, gdx);
    Timing overture = timings.get(0);
    String label = String.format("Bundle load, %,d items: ", assets);
    rows.add(new Row(label + overture.name(), millis(overture.median()) + perAsset(overture, assets), "", "", ""));
    for (Timing other : timings.subList(1, timings.size())) {
      double ratio = (double) other.median() / overture.median();
      if (other.name().startsWith(BundleLoadBenchmark.SEQUENTIAL)) {
        rows.add(new Row(label + other.name(), millis(other.median()) + perAsset(other, assets),
            faster(ratio), "≥ 1.7x faster", verdict(ratio >= 1.7)));
      } else if (other.name().startsWith(BundleLoadBenchmark.GDX)) {
        rows.add(new Row(label + other.name(), millis(other.median()) + perAsset(other, assets),
            faster(ratio), "≥ 3x faster", verdict(ratio >= 3)));
      } else {
        double within = 1 / ratio;
        rows.add(new Row(label + other.name(), millis(other.median()) + perAsset(other, assets),
            String.format("Overture takes %.2fx", within), "≤ 1.15x", verdict(within <= 1.15)));
      }
    }
  }

  /** Returns Overture's median per file, for the scale row. */
  private double index(int files) throws Exception {
    progress(String.format("indexing %,d files", files));
    List<Timing> timings = IndexBenchmark.run(files, quick ? 1 : 3, quick ? 3 : 7);
    Timing overture = timings.get(0);
    Timing walk = timings.get(1);
    double ratio = (double) overture.median() / walk.median();
    String label = String.format("Index %,d files: ", files);
    rows.add(new Row(label + overture.name(), millis(overture.median()), "", "", ""));
    rows.add(new Row(label + walk.name(), millis(walk.median()), String.format("Overture takes %.2fx", ratio), "≤ 1.2x",
        verdict(ratio <= 1.2)));
    return (double) overture.median() / files;
  }

  private void activation() throws Exception {
    progress("activation, no IO");
    long[] nanos = ActivationBenchmark.run(quick ? 20 : 100, quick ? 20 : 100);
    long median = Rounds.median(nanos);
    rows.add(new Row(String.format("Activation, %d plugins and %d actions, request to Loaded (no IO)",
            ActivationBenchmark.PLUGINS, ActivationBenchmark.ACTIONS),
        millis(median) + String.format(" (p90 %s)", millis(Rounds.percentile(nanos, 90))), "", "< 5 ms", verdict(median < 5_000_000)));
  }

  private void switches() throws Exception {
    progress("switching experiences 1,000 times");
    SwitchBenchmark.Result result = SwitchBenchmark.run(1000, (after, heap) -> {});
    rows.add(new Row("Switch between two experiences (deactivate one, load the other, from disk)",
        millis(Rounds.median(result.nanos())) + " per switch" + String.format(" (p90 %s)", millis(Rounds.percentile(result.nanos(), 90))),
        "", "", ""));
    boolean flat = result.growth() < 64 * 1024 && result.clean();
    rows.add(new Row("Heap after GC, switch 100 to 1,000 (then deactivated)",
        String.format("%,d → %,d KiB (%+,d KiB)", result.heapAt100() / 1024, result.heapAtEnd() / 1024, result.growth() / 1024),
        result.clean() ? "nothing left behind" : "left: " + result.leftBehind(), "no growth (< 64 KiB, GC noise)", verdict(flat)));
  }

  private void memory() throws Exception {
    progress("retained heap per loaded asset");
    MemoryBenchmark.Result result = MemoryBenchmark.run(10_000);
    rows.add(new Row("Retained heap per loaded asset beyond the bound object (10,000 items)",
        String.format("%,.0f B", result.overheadPerAsset()),
        String.format("bound item: %,.0f B", result.boundPerAsset()), "≤ 256 B", verdict(result.overheadPerAsset() <= 256)));
  }

  private void jmh() throws Exception {
    progress("JMH hot paths (forked JVMs)");
    Options options = new OptionsBuilder()
        .include(HotPathBenchmark.class.getName() + "|" + ObjectConstructionBenchmark.class.getName())
        .forks(1)
        .warmupIterations(quick ? 2 : 5)
        .warmupTime(TimeValue.seconds(1))
        .measurementIterations(quick ? 3 : 7)
        .measurementTime(TimeValue.seconds(1))
        .build();
    Collection<RunResult> results = new org.openjdk.jmh.runner.Runner(options).run();
    Map<String, Double> medians = new LinkedHashMap<>();
    for (RunResult result : results) {
      String name = result.getParams().getBenchmark();
      List<Double> scores = new ArrayList<>();
      result.getBenchmarkResults().forEach(b -> {
        for (IterationResult iteration : b.getIterationResults()) {
          scores.add(iteration.getPrimaryResult().getScore());
        }
      });
      scores.sort(null);
      medians.put(name.substring(name.lastIndexOf('.') + 1), scores.get(scores.size() / 2));
    }
    for (String getter : List.of("getAsset", "getAssetTyped", "getSecondaryAsset")) {
      double ns = medians.getOrDefault(getter, Double.NaN);
      rows.add(new Row("JMH `" + getter + "` on a loaded asset", nanos(ns), "", "< 50 ns", verdict(ns < 50)));
    }
    rows.add(new Row("JMH `PrimaryAssetId.parse`", nanos(medians.getOrDefault("parseId", Double.NaN)), "", "report only", ""));
    rows.add(new Row("JMH load handle `progress()`", nanos(medians.getOrDefault("progress", Double.NaN)), "", "report only", ""));
    double plain = medians.getOrDefault("plainNew", Double.NaN);
    rows.add(new Row("JMH actor with 5 default subobjects: plain `new`", nanos(plain), "", "", ""));
    for (String factory : List.of("factory", "factoryWithArchetype")) {
      double ns = medians.getOrDefault(factory, Double.NaN);
      rows.add(new Row("JMH actor with 5 default subobjects: `ObjectFactory` (" + factory + ")", nanos(ns),
          String.format("%.1fx plain `new`", ns / plain), "report only", ""));
    }
  }

  private void print(String[] args) {
    Runtime runtime = Runtime.getRuntime();
    System.out.println();
    System.out.printf("Machine: %d cores, %s %s, Java %s (%s), max heap %,d MiB, load average %.2f at the end; %s.%n",
        runtime.availableProcessors(), System.getProperty("os.name"), System.getProperty("os.arch"),
        System.getProperty("java.version"), System.getProperty("java.vm.name"), runtime.maxMemory() >> 20,
        ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(), LocalDate.now());
    System.out.println("Command: `mvn -B -q -DskipTests package && java -jar benchmarks/target/benchmarks.jar"
        + (args.length == 0 ? "" : " " + String.join(" ", args)) + "`");
    System.out.println();
    System.out.println("| measurement | median | ratio | target | result |");
    System.out.println("|---|---|---|---|---|");
    for (Row row : rows) {
      System.out.printf("| %s | %s | %s | %s | %s |%n", row.measurement(), row.figure(), row.ratio(), row.target(), row.result());
    }
  }

  /** {@code other / overture} as words. */
  private static String faster(double ratio) {
    return ratio >= 1 ? String.format("Overture %.2fx faster", ratio) : String.format("Overture %.2fx slower", 1 / ratio);
  }

  private static String verdict(boolean pass) {
    return pass ? "pass" : "**miss**";
  }

  private static String millis(long nanos) {
    return String.format("%.2f ms", nanos / 1e6);
  }

  private static String nanos(double nanos) {
    return String.format("%.1f ns", nanos);
  }

  private static String perAsset(Timing timing, int assets) {
    return String.format(" (%.1f µs/item)", timing.median() / 1e3 / assets);
  }
}
