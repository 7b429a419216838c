package dev.overture.example;

import dev.overture.asset.AssetSource;
import dev.overture.asset.PrimaryAssetId;
import dev.overture.core.Ticker;
import dev.overture.experience.ExperienceManager;
import dev.overture.experience.LoadState;
import dev.overture.feature.PluginId;
import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.overture.inject.Overture;
import dev.overture.persistence.PersistenceException;
import dev.overture.persistence.WorldStore;
import dev.overture.world.FixedStepLoop;
import dev.overture.world.NetMode;
import dev.overture.world.World;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A dedicated race server: one process, one Overture runtime, two matches (worlds) with different
 * experiences sharing the Racing plugin and its loaded assets, ticked by a fixed-step loop on the
 * main thread. It knows nothing of the sample game; its content is in its own jar ({@code race/}).
 *
 * <p>{@code java -cp ... dev.overture.example.RaceServer [--unpaced] [--jdbc-url URL [--server
 * NAME]]}: {@code --unpaced} runs game time as fast as the machine can (for tests) instead of in
 * real time. With {@code --jdbc-url}, the server keeps its races in a world store on that
 * PostgreSQL database, which a fleet of servers may share: each match is the world {@code
 * NAME/Match-1} (so servers of different names never meet), its runners get ids that no other
 * server of the database hands out, and before a race the server reads its last result (which also
 * gives it the version its save builds on). The user and password come from {@value
 * #USER_VARIABLE} and {@value #PASSWORD_VARIABLE}; the connections are pooled (HikariCP).
 *
 * <p>Runs on the main thread, which is the game thread of both matches; file reads use Overture's
 * own pool, the store's database work its own thread.
 */
public final class RaceServer {

  private static final double STEP = 1.0 / 30;
  private static final int RUNNERS = 4;
  /** The database user of {@code --jdbc-url}. */
  static final String USER_VARIABLE = "OVERTURE_DB_USER";
  /** The database password of {@code --jdbc-url}. */
  static final String PASSWORD_VARIABLE = "OVERTURE_DB_PASSWORD";

  private RaceServer() {}

  /** Runs the server; exits 0 when both races finished, 1 when a match could not load or be saved, 2 on bad arguments. */
  public static void main(String[] args) {
    System.exit(run(args, System.getenv(), System.out));
  }

  /** One match: a world, its experience, and how it ended. */
  private record Match(String name, String experience, World world, ExperienceManager manager) {

    Optional<Referee> referee() {
      return world.isClosed() ? Optional.empty() : world.gameState().findComponent(Referee.class);
    }

    boolean over() {
      return manager.state() == LoadState.FAILED || referee().flatMap(Referee::winner).isPresent();
    }
  }

  static int run(String[] args, PrintStream out) {
    return run(args, Map.of(), out);
  }

  static int run(String[] args, Map<String, String> environment, PrintStream out) {
    boolean unpaced = false;
    String jdbcUrl = null;
    String server = "race";
    String usage = "usage: RaceServer [--unpaced] [--jdbc-url URL [--server NAME]]";
    for (int i = 0; i < args.length; i++) {
      boolean hasValue = i + 1 < args.length;
      switch (args[i]) {
        case "--unpaced" -> unpaced = true;
        case "--jdbc-url" -> jdbcUrl = hasValue ? args[++i] : "";
        case "--server" -> server = hasValue ? args[++i] : "";
        default -> {
          out.println("Unknown argument " + args[i] + "; " + usage);
          return 2;
        }
      }
    }
    if ("".equals(jdbcUrl) || !server.matches("[A-Za-z0-9_-]+")) {
      out.println("--jdbc-url takes a URL, and --server a name of letters, digits, - and _; " + usage);
      return 2;
    }
    if (jdbcUrl != null && (environment.get(USER_VARIABLE) == null || environment.get(USER_VARIABLE).isBlank())) {
      out.println("--jdbc-url needs the database user in the environment variable " + USER_VARIABLE
          + " (and its password in " + PASSWORD_VARIABLE + ")");
      return 2;
    }
    HikariDataSource database;
    try {
      database = jdbcUrl == null ? null : pool(jdbcUrl, environment);
    } catch (RuntimeException e) {
      // HikariCP's first connection failed: one line, not the pool's stack trace.
      out.println("Could not connect to the database at " + jdbcUrl + ": " + rootMessage(e, environment.get(USER_VARIABLE)));
      return 1;
    }
    try (database) {
      return run(unpaced, database, jdbcUrl, server, out);
    }
  }

  /** The innermost cause's message, the database user in it replaced by the variable's name. */
  private static String rootMessage(Throwable failure, String user) {
    Throwable root = failure;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    String message = root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage();
    return user == null || user.isEmpty() ? message : message.replace(user, "(" + USER_VARIABLE + ")");
  }

  /** The pool of the store's connections: each costs PostgreSQL a process and a password check. */
  private static HikariDataSource pool(String url, Map<String, String> environment) {
    HikariConfig config = new HikariConfig();
    config.setJdbcUrl(url);
    config.setUsername(environment.get(USER_VARIABLE));
    config.setPassword(environment.get(PASSWORD_VARIABLE));
    config.setMaximumPoolSize(4);
    config.setMinimumIdle(1);
    config.setPoolName("race-server-store");
    return new HikariDataSource(config);
  }

  private static int run(boolean unpaced, HikariDataSource database, String url, String server, PrintStream out) {
    Overture.Builder builder = Overture.builder()
        .contentRoot(AssetSource.classpath(RaceServer.class.getClassLoader(), "race"))
        .actor("Runner", Runner.class)
        .component("Stride", Stride.class)
        .component("Referee", Referee.class);
    if (database != null) {
      builder.worldStore(database, url);
    }
    try (Overture overture = builder.build()) {
      overture.ready().join();
      FixedStepLoop loop = loop(unpaced);
      List<Match> matches = new ArrayList<>();
      matches.add(start(overture, loop, server, "Match-1", "Sprint", out));
      matches.add(start(overture, loop, server, "Match-2", "Relay", out));

      loop.runUntil(() -> matches.stream().allMatch(Match::over));

      PluginId racing = PluginId.of("Racing");
      out.printf("Racing plugin requests while both matches ran: %d%n", overture.features().requestCount(racing));
      int status = 0;
      for (Match match : matches) {
        status = Math.max(status, report(match, out));
        status = Math.max(status, save(overture, match, out));
        match.world().close();
      }
      overture.features().whenIdle().join(); // the closed matches' plugin requests are released
      out.printf("Racing plugin requests after the matches closed: %d%n", overture.features().requestCount(racing));
      return status;
    }
  }

  private static Match start(Overture overture, FixedStepLoop loop, String server, String name, String experience, PrintStream out) {
    Optional<WorldStore> store = overture.worldStore();
    String worldName = store.isPresent() ? server + "/" + name : name;
    store.ifPresent(saved -> lastResult(saved, worldName, out));
    World world = overture.worlds().create(worldName, NetMode.DEDICATED_SERVER);
    ExperienceManager manager = ExperienceManager.of(world).orElseThrow();
    manager.callOrRegisterOnLoaded(ExperienceManager.Priority.NORMAL, definition -> {
      for (int i = 1; i <= RUNNERS; i++) {
        manager.spawnPawn("Runner-" + i);
      }
    });
    manager.setCurrentExperience(PrimaryAssetId.parse("Experience:" + experience));
    loop.add(world);
    return new Match(name, experience, world, manager);
  }

  /**
   * Prints the last race saved for {@code worldName}, read into a world of that name that is closed
   * again: the store then knows the version the new race's save replaces.
   */
  private static void lastResult(WorldStore store, String worldName, PrintStream out) {
    try (World previous = World.builder(worldName).ids(store.ids()).build()) {
      WorldStore.Restored restored = store.restore(previous);
      Optional<Runner> winner = previous.actors(Runner.class).stream().filter(runner -> runner.distance() >= runner.goal()).findFirst();
      out.printf("%s: %s%n", worldName, winner.map(runner -> "last time " + runner.name() + " won (saved version " + restored.version() + ")")
          .orElse("no race saved yet"));
    }
  }

  /** Saves a finished match to the store, if the server has one; 1 when it cannot. */
  private static int save(Overture overture, Match match, PrintStream out) {
    Optional<WorldStore> store = overture.worldStore();
    if (store.isEmpty() || match.manager().state() == LoadState.FAILED) {
      return 0;
    }
    try {
      WorldStore.Saved saved = store.get().save(match.world());
      out.printf("Saved %s: version %d, %d actors%n", match.world().name(), saved.version(), saved.actors());
      return 0;
    } catch (PersistenceException e) {
      out.println(e.getMessage());
      return 1;
    }
  }

  private static int report(Match match, PrintStream out) {
    if (match.manager().state() == LoadState.FAILED) {
      out.printf("%s (%s) could not load:%n%s%n", match.name(), match.experience(), match.manager().failure().orElseThrow().getMessage());
      return 1;
    }
    Referee referee = match.referee().orElseThrow();
    Runner winner = referee.winner().orElseThrow();
    out.printf(Locale.ROOT, "%s (%s, plugins %s): %s won the %.0f m in %.2f s%n", match.name(), match.experience(),
        String.join(", ", match.manager().activePlugins().stream().map(PluginId::name).toList()), winner.name(), winner.goal(), referee.winningTime());
    for (Runner runner : referee.standings()) {
      out.printf(Locale.ROOT, "  %-9s %6.1f m%n", runner.name(), runner.distance());
    }
    return 0;
  }

  private static FixedStepLoop loop(boolean unpaced) {
    FixedStepLoop.Builder loop = FixedStepLoop.builder(STEP);
    if (unpaced) {
      AtomicLong virtualNanos = new AtomicLong();
      Ticker virtual = virtualNanos::get;
      loop.ticker(virtual).waiter(virtualNanos::addAndGet);
    }
    return loop.build();
  }
}
