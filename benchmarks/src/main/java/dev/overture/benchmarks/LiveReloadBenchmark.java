package dev.overture.benchmarks;

import dev.overture.asset.AssetSource;
import dev.overture.asset.PrimaryAssetId;
import dev.overture.experience.ExperienceManager;
import dev.overture.experience.LoadState;
import dev.overture.experience.MapDefinition;
import dev.overture.inject.Overture;
import dev.overture.live.LiveContent;
import dev.overture.object.ObjectArchetype;
import dev.overture.sample.game.ArenaGameState;
import dev.overture.sample.game.ArenaLevel;
import dev.overture.sample.game.ArenaMatch;
import dev.overture.version.BuildVersion;
import dev.overture.version.CustomVersion;
import dev.overture.version.Guid;
import dev.overture.world.NetMode;
import dev.overture.world.World;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * Live content on the sample's content (issue 17): a copy of {@code assets/} is played as {@code
 * overture play} plays it (Experience:Elimination on Map:Arena, ShooterCore's code), and the score
 * limit in {@code experiences/Elimination.json} is edited again and again. Two measures:
 *
 * <ul>
 *   <li><b>write to in force</b>: from just before the file is written until the world's match runs
 *       with the new limit, with the real watcher, the default quiet period (40 ms) and the world
 *       ticking at 60 Hz on this thread, as a game's loop does;
 *   <li><b>reload against cold start</b>: a reload with the watcher off (the change announced) and a
 *       1 ms quiet period, from the announcement to in force with the world ticked as fast as it
 *       goes, against building a runtime, a world and its map and loading the experience to {@code
 *       Loaded} with the match started.
 * </ul>
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar dev.overture.benchmarks.LiveReloadBenchmark [--edits 200] [--assets assets]
 * </pre>
 */
public final class LiveReloadBenchmark {

  private static final PrimaryAssetId EXPERIENCE = PrimaryAssetId.parse("Experience:Elimination");
  private static final PrimaryAssetId MAP = PrimaryAssetId.parse("Map:Arena");
  private static final String FILE = "experiences/Elimination.json";
  private static final CustomVersion HERO_FORMAT = new CustomVersion(Guid.parse("CEB9B655-6F46-4DE7-AFE1-31D0FC46BFC4"), 2, "Sample-Hero");
  private static final long FRAME_NANOS = TimeUnit.SECONDS.toNanos(1) / 60;
  private static final int WARMUP = 20;
  private static final long TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(30);

  private LiveReloadBenchmark() {}

  public static void main(String[] args) throws Exception {
    int edits = Rounds.intOption(args, "--edits", 200);
    Path source = Path.of(option(args, "--assets", "assets"));
    BuildVersion engine = BuildVersion.read(Path.of(option(args, "--build-version", "build/Build.version")));
    System.out.printf("Live content on the sample (%s), %d edits after %d warm-up ones (Java %s, %d cores)%n%n", source, edits, WARMUP,
        System.getProperty("java.version"), Runtime.getRuntime().availableProcessors());
    Path copy = Files.createTempDirectory("overture-live-");
    try {
      Rounds.copyTree(source, copy);
      long[] latency = writeToInForce(copy, engine, edits);
      long[] reload = reloads(copy, engine, edits);
      long[] cold = coldStarts(copy, engine, Math.max(20, edits / 5));
      System.out.println("| measurement | median | p90 | target |");
      System.out.println("|---|---|---|---|");
      row("Write to in force (watcher, 40 ms quiet period, world at 60 Hz)", latency, "median < 100 ms, p90 < 250 ms");
      row("Reload alone (announced, 1 ms quiet period)", reload, "");
      row("Cold start (runtime, world, map, experience to Loaded)", cold, "");
      System.out.printf("%nA reload costs %.2fx a cold start of the same experience (medians).%n",
          Rounds.median(reload) / (double) Rounds.median(cold));
    } finally {
      deleteFolder(copy);
    }
  }

  private static void row(String what, long[] nanos, String target) {
    System.out.printf("| %s | %.1f ms | %.1f ms | %s |%n", what, Rounds.median(nanos) / 1e6, Rounds.percentile(nanos, 90) / 1e6, target);
  }

  /** The sample's runtime over {@code folder}, as {@code overture play} builds it, with {@code live} settings or without. */
  private static Overture runtime(Path folder, BuildVersion engine, Consumer<LiveContent.Builder> live) {
    Overture.Builder builder = Overture.builder().contentRoot(AssetSource.directory(folder)).engineVersion(engine)
        .customVersion(HERO_FORMAT, ObjectArchetype.class);
    if (live != null) {
      builder.liveContent(live);
    }
    return builder.build();
  }

  /** A world playing the sample's match, loaded, ticked on this thread. */
  private static World play(Overture overture, String name) {
    overture.ready().join();
    World world = overture.worlds().create(name, NetMode.STANDALONE, ArenaGameState.class);
    world.subsystem(ArenaLevel.class).load(MAP.toString(), overture.assets().loadSynchronously(MAP, MapDefinition.class));
    ExperienceManager manager = ExperienceManager.of(world).orElseThrow();
    manager.setCurrentExperience(EXPERIENCE);
    long start = System.nanoTime();
    while (!(manager.state() == LoadState.LOADED && scoreLimit(world) > 0)) {
      if (manager.state() == LoadState.FAILED) {
        throw new IllegalStateException(manager.failure().orElseThrow().getMessage());
      }
      if (world.runPendingTasks() == 0) {
        LockSupport.parkNanos(50_000);
      }
      check(start);
    }
    return world;
  }

  /** The score limit the world's match runs with, 0 before it has started. */
  private static int scoreLimit(World world) {
    return world.gameState().findComponent(ArenaMatch.class).filter(ArenaMatch::isStarted).map(match -> match.config().scoreLimit())
        .orElse(0);
  }

  private static long[] writeToInForce(Path folder, BuildVersion engine, int edits) throws IOException {
    try (Overture overture = runtime(folder, engine, live -> {})) {
      World world = play(overture, "Watched");
      String text = Files.readString(folder.resolve(FILE));
      long[] nanos = new long[edits];
      long next = System.nanoTime();
      for (int i = 0; i < WARMUP + edits; i++) {
        int limit = 100 + i;
        long start = System.nanoTime();
        Files.writeString(folder.resolve(FILE), withScoreLimit(text, limit));
        while (scoreLimit(world) != limit) {
          next = frame(world, next);
          check(start);
        }
        if (i >= WARMUP) {
          nanos[i - WARMUP] = System.nanoTime() - start;
        }
        overture.liveContent().orElseThrow().whenIdle().join();
        for (int frames = 0; frames < 6; frames++) { // 100 ms of play between two saves
          next = frame(world, next);
        }
      }
      world.close();
      return nanos;
    }
  }

  /** One 60 Hz frame: waits for it (running the world's queued tasks), then ticks. */
  private static long frame(World world, long due) {
    long left;
    while ((left = due - System.nanoTime()) > 0) {
      LockSupport.parkNanos(Math.min(left, 1_000_000));
    }
    world.tick(1.0 / 60);
    long next = due + FRAME_NANOS;
    return next < System.nanoTime() ? System.nanoTime() + FRAME_NANOS : next;
  }

  private static long[] reloads(Path folder, BuildVersion engine, int edits) throws IOException {
    try (Overture overture = runtime(folder, engine, live -> live.watch(false).quietPeriod(Duration.ofMillis(1)))) {
      LiveContent live = overture.liveContent().orElseThrow();
      World world = play(overture, "Announced");
      String text = Files.readString(folder.resolve(FILE));
      long[] nanos = new long[edits];
      for (int i = 0; i < WARMUP + edits; i++) {
        int limit = 1000 + i;
        Files.writeString(folder.resolve(FILE), withScoreLimit(text, limit));
        long start = System.nanoTime();
        live.announce(List.of(folder.resolve(FILE)));
        while (scoreLimit(world) != limit) {
          if (world.runPendingTasks() == 0) {
            LockSupport.parkNanos(20_000);
          }
          check(start);
        }
        if (i >= WARMUP) {
          nanos[i - WARMUP] = System.nanoTime() - start;
        }
        live.whenIdle().join();
      }
      world.close();
      return nanos;
    }
  }

  private static long[] coldStarts(Path folder, BuildVersion engine, int rounds) {
    long[] nanos = new long[rounds];
    for (int i = 0; i < WARMUP / 2 + rounds; i++) {
      long start = System.nanoTime();
      try (Overture overture = runtime(folder, engine, null)) {
        World world = play(overture, "Cold");
        long took = System.nanoTime() - start;
        if (i >= WARMUP / 2) {
          nanos[i - WARMUP / 2] = took;
        }
        world.close();
      }
    }
    return nanos;
  }

  private static String withScoreLimit(String text, int limit) {
    String changed = text.replaceFirst("\"scoreLimit\": *\\d+", "\"scoreLimit\": " + limit);
    if (changed.equals(text) && !text.contains("\"scoreLimit\": " + limit)) {
      throw new IllegalStateException(FILE + " has no \"scoreLimit\" to edit");
    }
    return changed;
  }

  private static void check(long start) {
    if (System.nanoTime() - start > TIMEOUT_NANOS) {
      throw new IllegalStateException("the change was not in force within 30 seconds");
    }
  }

  private static String option(String[] args, String name, String fallback) {
    for (int i = 0; i + 1 < args.length; i++) {
      if (args[i].equals(name)) {
        return args[i + 1];
      }
    }
    return fallback;
  }

  private static void deleteFolder(Path folder) {
    try (Stream<Path> files = Files.walk(folder)) {
      files.sorted(java.util.Comparator.reverseOrder()).forEach(file -> {
        try {
          Files.delete(file);
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      });
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
