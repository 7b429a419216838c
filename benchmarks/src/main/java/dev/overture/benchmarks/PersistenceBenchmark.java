package dev.overture.benchmarks;

import dev.overture.object.Property;
import dev.overture.persistence.ClassNames;
import dev.overture.persistence.WorldStore;
import dev.overture.testing.TestPostgres;
import dev.overture.world.Pawn;
import dev.overture.world.World;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Saves per second and ids per second of the world store with 1, 2 and 4 writer processes, on
 * SQLite (one {@code game.db}) and on PostgreSQL (one database), as a fleet of servers would write
 * (issue 21). Prints a markdown table for {@code docs/benchmarks.md}; progress goes to standard
 * error.
 *
 * <pre>
 * mvn -B -q -DskipTests package &amp;&amp; java -cp benchmarks/target/benchmarks.jar dev.overture.benchmarks.PersistenceBenchmark [--seconds N] [--trials N]
 * </pre>
 *
 * <p>Each writer is its own JVM with its own store. Writers open their stores, warm up alone for
 * half the time, say they are ready, and all start on one signal; each counts what it did in the
 * same number of seconds, and the figure is the sum of the writers' rates, the median of a few
 * trials (each on a fresh database). A save writes the writer's own world: 50 actors with two
 * properties each, plus the game state, replacing its previous save (the world's version moving
 * one on each time). Ids are taken in a loop from the store's allocator, which reserves blocks of
 * 256 ahead ({@code ids/s}) or, to show what one reservation costs, blocks of 1 ({@code
 * reservations/s}). PostgreSQL is a server this process starts (Debian's programs, as the tests
 * do) with its durable defaults, every commit flushed, as SQLite flushes every commit; or the
 * server {@value TestPostgres#URL_VARIABLE} names. Writers pool their PostgreSQL connections.
 *
 * <p>Runs on the main thread.
 */
public final class PersistenceBenchmark {

  /** A saved actor: two properties. */
  public static class Crate extends Pawn {
    @Property public long round;
    @Property public String label = "";
  }

  private static final ClassNames CLASSES = ClassNames.of(Map.of("Crate", Crate.class));
  private static final int ACTORS = 50;
  private static final List<Integer> WRITERS = List.of(1, 2, 4);

  private PersistenceBenchmark() {}

  public static void main(String[] args) throws Exception {
    Locale.setDefault(Locale.ROOT);
    if (args.length > 0 && args[0].equals("--writer")) {
      writer(args);
      return;
    }
    int seconds = Rounds.intOption(args, "--seconds", 5);
    int trials = Rounds.intOption(args, "--trials", 3);
    System.setProperty(TestPostgres.DURABLE_PROPERTY, "true");
    Path folder = Files.createTempDirectory("overture-persistence-benchmark");
    Map<String, Map<Integer, Double>> table = new LinkedHashMap<>();
    try {
      for (String mode : List.of("saves", "ids", "reservations")) {
        for (String backend : List.of("sqlite", "postgresql")) {
          Map<Integer, Double> row = new LinkedHashMap<>();
          for (int writers : WRITERS) {
            long[] rates = new long[trials];
            for (int trial = 0; trial < trials; trial++) {
              rates[trial] = Math.round(measure(folder, backend, mode, writers, seconds, trial));
            }
            row.put(writers, (double) Rounds.median(rates));
          }
          table.put(mode + " " + backend, row);
        }
      }
    } finally {
      Rounds.deleteTree(folder);
    }
    print(table, seconds, trials);
  }

  /** Runs {@code writers} writer processes for {@code seconds}; the sum of their rates. */
  private static double measure(Path folder, String backend, String mode, int writers, int seconds, int trial) throws Exception {
    System.err.printf("[persistence] %s on %s, %d writer(s), trial %d%n", mode, backend, writers, trial + 1);
    List<String> database = new ArrayList<>();
    Map<String, String> environment = Map.of();
    if (backend.equals("sqlite")) {
      Path file = folder.resolve(mode + "-" + writers + "-" + trial + ".db");
      WorldStore.open(file, CLASSES).close(); // the schema, before the writers race to make it
      database.addAll(List.of("sqlite", file.toString()));
    } else {
      TestPostgres.Database server = TestPostgres.newDatabase();
      try (var pool = server.pool(1)) {
        WorldStore.builder(pool).open(CLASSES).close();
      }
      database.add("postgresql");
      environment = server.environment();
    }
    List<Process> processes = new ArrayList<>();
    List<BufferedReader> outputs = new ArrayList<>();
    for (int i = 0; i < writers; i++) {
      List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
          // A block of 1 is used up at once, every time: the allocator's warning says so, and is no news here.
          "-Dorg.slf4j.simpleLogger.defaultLogLevel=error",
          "-cp", System.getProperty("java.class.path"), PersistenceBenchmark.class.getName(), "--writer", mode,
          Integer.toString(seconds), Integer.toString(i)));
      command.addAll(database);
      ProcessBuilder builder = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT);
      builder.environment().putAll(environment);
      Process process = builder.start();
      processes.add(process);
      outputs.add(new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8)));
    }
    for (BufferedReader output : outputs) {
      expect(output, "ready");
    }
    for (Process process : processes) {
      OutputStream in = process.getOutputStream();
      in.write("go\n".getBytes(StandardCharsets.UTF_8));
      in.flush();
    }
    double total = 0;
    for (int i = 0; i < writers; i++) {
      String[] result = expect(outputs.get(i), "done").split(" ");
      long count = Long.parseLong(result[1]);
      long nanos = Long.parseLong(result[2]);
      total += count / (nanos / 1e9);
      if (!processes.get(i).waitFor(1, TimeUnit.MINUTES) || processes.get(i).exitValue() != 0) {
        throw new IllegalStateException("writer " + i + " failed");
      }
    }
    return total;
  }

  private static String expect(BufferedReader output, String prefix) throws IOException {
    String line;
    while ((line = output.readLine()) != null) {
      if (line.startsWith(prefix)) {
        return line;
      }
    }
    throw new IllegalStateException("a writer ended without saying " + prefix);
  }

  /** A writer process: opens its store, says "ready", waits for "go", works, says "done COUNT NANOS". */
  private static void writer(String[] args) throws Exception {
    String mode = args[1];
    long seconds = Long.parseLong(args[2]);
    String name = "writer-" + args[3];
    PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
    WorldStore.Builder builder;
    AutoCloseable pool = null;
    if (args[4].equals("sqlite")) {
      builder = WorldStore.builder(Path.of(args[5]));
    } else {
      TestPostgres.Database database = TestPostgres.Database.fromEnvironment();
      var pooled = database.pool(2);
      pool = pooled;
      builder = WorldStore.builder(pooled).name(database.url());
    }
    if (mode.equals("reservations")) {
      builder.idBlockSize(1);
    }
    try (WorldStore store = builder.open(CLASSES)) {
      World world = World.builder(name).ids(store.ids()).build();
      List<Crate> crates = new ArrayList<>();
      for (int i = 0; i < ACTORS; i++) {
        Crate crate = world.spawnActor(Crate.class, "Crate" + i);
        crate.label = name + " crate " + i;
        crates.add(crate);
      }
      work(store, world, crates, mode, TimeUnit.SECONDS.toNanos(Math.max(1, seconds / 2))); // warm-up, alone
      out.println("ready");
      new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).readLine();
      long start = System.nanoTime();
      long count = work(store, world, crates, mode, TimeUnit.SECONDS.toNanos(seconds));
      out.println("done " + count + " " + (System.nanoTime() - start));
    } finally {
      if (pool != null) {
        pool.close();
      }
    }
  }

  /** Saves the world, or takes ids, for {@code nanos}; how many. */
  private static long work(WorldStore store, World world, List<Crate> crates, String mode, long nanos) {
    long end = System.nanoTime() + nanos;
    long count = 0;
    while (System.nanoTime() < end) {
      if (mode.equals("saves")) {
        for (Crate crate : crates) {
          crate.round = count;
        }
        store.save(world);
        count++;
      } else {
        for (int i = 0; i < 64; i++) {
          store.ids().next();
        }
        count += 64;
      }
    }
    return count;
  }

  private static void print(Map<String, Map<Integer, Double>> table, int seconds, int trials) throws IOException {
    String load = Files.isReadable(Path.of("/proc/loadavg"))
        ? ", load average at the end " + Files.readString(Path.of("/proc/loadavg")).split(" ")[0] : "";
    System.out.printf("Per second, summed over the writer processes; medians of %d trials of %d s (%d cores%s):%n%n", trials,
        seconds, Runtime.getRuntime().availableProcessors(), load);
    StringBuilder header = new StringBuilder("| measure | database |");
    StringBuilder rule = new StringBuilder("|---|---|");
    for (int writers : WRITERS) {
      header.append(' ').append(writers).append(writers == 1 ? " writer |" : " writers |");
      rule.append("---:|");
    }
    System.out.println(header);
    System.out.println(rule);
    table.forEach((key, row) -> {
      String[] parts = key.split(" ");
      StringBuilder line = new StringBuilder("| " + describe(parts[0]) + " | " + (parts[1].equals("sqlite") ? "SQLite" : "PostgreSQL") + " |");
      row.values().forEach(rate -> line.append(' ').append(String.format("%,.0f", rate)).append(" |"));
      System.out.println(line);
    });
  }

  private static String describe(String mode) {
    return switch (mode) {
      case "saves" -> "saves/s (51 actors each)";
      case "ids" -> "ids/s (blocks of 256)";
      default -> "reservations/s (blocks of 1)";
    };
  }
}
