package dev.overture.example;

import dev.overture.asset.AssetSource;
import dev.overture.asset.PrimaryAssetId;
import dev.overture.core.Ticker;
import dev.overture.experience.ExperienceManager;
import dev.overture.experience.LoadState;
import dev.overture.feature.PluginId;
import dev.overture.inject.Overture;
import dev.overture.world.FixedStepLoop;
import dev.overture.world.NetMode;
import dev.overture.world.World;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A dedicated race server: one process, one Overture runtime, two matches (worlds) with different
 * experiences sharing the Racing plugin and its loaded assets, ticked by a fixed-step loop on the
 * main thread. It knows nothing of the sample game; its content is in its own jar ({@code race/}).
 *
 * <p>{@code java -cp ... dev.overture.example.RaceServer [--unpaced]}: {@code --unpaced} runs game
 * time as fast as the machine can (for tests) instead of in real time.
 *
 * <p>Runs on the main thread, which is the game thread of both matches; file reads use Overture's own pool.
 */
public final class RaceServer {

  private static final double STEP = 1.0 / 30;
  private static final int RUNNERS = 4;

  private RaceServer() {}

  /** Runs the server; exits 0 when both races finished, 1 when a match could not load. */
  public static void main(String[] args) {
    System.exit(run(args, System.out));
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
    boolean unpaced = List.of(args).contains("--unpaced");
    try (Overture overture = Overture.builder()
        .contentRoot(AssetSource.classpath(RaceServer.class.getClassLoader(), "race"))
        .actor("Runner", Runner.class)
        .component("Stride", Stride.class)
        .component("Referee", Referee.class)
        .build()) {
      overture.ready().join();
      FixedStepLoop loop = loop(unpaced);
      List<Match> matches = new ArrayList<>();
      matches.add(start(overture, loop, "Match-1", "Sprint"));
      matches.add(start(overture, loop, "Match-2", "Relay"));

      loop.runUntil(() -> matches.stream().allMatch(Match::over));

      PluginId racing = PluginId.of("Racing");
      out.printf("Racing plugin requests while both matches ran: %d%n", overture.features().requestCount(racing));
      int status = 0;
      for (Match match : matches) {
        status = Math.max(status, report(match, out));
        match.world().close();
      }
      overture.features().whenIdle().join(); // the closed matches' plugin requests are released
      out.printf("Racing plugin requests after the matches closed: %d%n", overture.features().requestCount(racing));
      return status;
    }
  }

  private static Match start(Overture overture, FixedStepLoop loop, String name, String experience) {
    World world = overture.worlds().create(name, NetMode.DEDICATED_SERVER);
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
