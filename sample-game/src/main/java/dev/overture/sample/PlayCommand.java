package dev.overture.sample;

import dev.overture.asset.AssetManager;
import dev.overture.core.ProblemException;
import dev.overture.experience.ExperienceManager;
import dev.overture.experience.ExperienceSelection;
import dev.overture.experience.ExperienceSettings;
import dev.overture.experience.Experiences;
import dev.overture.experience.LoadState;
import dev.overture.experience.PawnData;
import dev.overture.feature.GameFeatures;
import dev.overture.sample.game.Hero;
import dev.overture.world.ActorComponent;
import dev.overture.world.HudModel;
import dev.overture.world.NetMode;
import dev.overture.world.Pawn;
import dev.overture.world.World;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code overture play}: picks the experience (the one asked for, else by Lyra's precedence, ending
 * with the default tile), creates a world, drives it until the experience is loaded while printing
 * each state change, the plugins activated and the actions run, spawns the pawn its pawn data
 * names, and plays. A load that fails prints its problems and exits 1.
 */
@Command(name = "play", description = "Load an experience in a headless world and play it.")
final class PlayCommand implements java.util.concurrent.Callable<Integer> {

  private static final double FRAME = 1.0 / 60;
  private static final long LOAD_TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(60);

  @Mixin ContentOptions content;
  @Spec CommandSpec spec;

  @Option(names = "--experience", paramLabel = "ID", description = "The experience, \"Elimination\" or \"Experience:Elimination\".")
  String experience;

  @Option(names = "--ticks", paramLabel = "N", defaultValue = "600", description = "How many ticks to play once loaded (default: ${DEFAULT-VALUE}).")
  int ticks;

  @Option(
      names = "--net-mode",
      paramLabel = "MODE",
      defaultValue = "standalone",
      converter = NetModeConverter.class,
      description = "standalone, listen, dedicated or client (default: ${DEFAULT-VALUE}).")
  NetMode netMode;

  @Override
  public Integer call() {
    if (ticks < 0) {
      throw new IllegalArgumentException("--ticks must not be negative: " + ticks);
    }
    PrintWriter out = spec.commandLine().getOut();
    try (AssetManager assets = SampleContent.open(content.folderOrNull());
        GameFeatures features = GameFeatures.builder(assets).build()) {
      join(features.ready());
      ExperienceSelection.Builder selection = ExperienceSelection.builder();
      if (experience != null) {
        selection.urlOptions("?Experience=" + experience);
      }
      ExperienceSelection.Selected selected = join(selection.build().select(assets));
      out.printf("Experience %s, chosen by %s; %s world%n", selected.id(), selected.source(), describe(netMode));

      World world = World.builder("Sample").netMode(netMode).build();
      try {
        ExperienceManager manager =
            ExperienceManager.install(world, new Experiences(assets, features, ExperienceSettings.defaults()));
        manager.onStateChanged(change -> out.printf(
            "  %7.3f s  %+6d ms  %s%n", change.worldSeconds(), TimeUnit.NANOSECONDS.toMillis(change.sinceStartNanos()),
            change.to()));
        manager.setCurrentExperience(selected.id());
        driveUntilSettled(world, manager);
        if (manager.state() == LoadState.FAILED) {
          spec.commandLine().getErr().println(manager.failure().orElseThrow().getMessage());
          spec.commandLine().getErr().flush();
          return OvertureCommand.FAILED;
        }
        out.printf("Plugins activated: %s%n", manager.activePlugins().isEmpty() ? "none" : String.join(", ", manager.activePlugins()));
        out.println("Actions run:");
        manager.activeActions().forEach(action -> out.printf("  %s%n", action));
        spawnPlayer(world, manager, out);
        for (int i = 0; i < ticks; i++) {
          world.tick(1.0 / 30);
        }
        out.printf("Played %d ticks (%.1f s of game time)%n", ticks, ticks / 30.0);
      } finally {
        world.close();
      }
    }
    out.flush();
    return 0;
  }

  /**
   * The host's frame loop while loading: tick by the real time since the last frame, and rest a
   * millisecond when there was nothing to do.
   */
  private static void driveUntilSettled(World world, ExperienceManager manager) {
    long start = System.nanoTime();
    long last = start;
    while (manager.state() != LoadState.LOADED && manager.state() != LoadState.FAILED) {
      long now = System.nanoTime();
      world.tick(Math.min(FRAME * 4, (now - last) / 1e9));
      last = now;
      if (world.runPendingTasks() == 0) {
        LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
      }
      if (System.nanoTime() - start > LOAD_TIMEOUT_NANOS) {
        throw new IllegalStateException("the experience did not load within 60 seconds (state " + manager.state() + ")");
      }
    }
  }

  private static void spawnPlayer(World world, ExperienceManager manager, PrintWriter out) {
    PawnData pawnData = manager.pawnData().orElse(null);
    if (pawnData == null) {
      out.println("The experience names no pawn data; nobody spawns");
      return;
    }
    Pawn pawn = manager.spawnPawn("Player");
    List<String> components = pawn.components().stream().map(ActorComponent::getClass).map(Class::getSimpleName).toList();
    out.printf("Spawned %s as %s (%s): %s%n", pawn.name(), pawnData.displayName(), pawnData.pawnClass(),
        components.isEmpty() ? "no components" : String.join(", ", components));
    if (pawn instanceof Hero hero) {
      out.printf("Movement: top speed %s m/s, jump %s m, turn %s deg/s%n",
          hero.movement().maxSpeed(), hero.movement().jumpHeight(), hero.movement().turnRate());
    }
    if (world.netMode().hasClient()) {
      HudModel hud = world.subsystem(HudModel.class);
      out.printf("HUD: layers %s, slots %s%n", hud.layers(), hud.slots());
    }
  }

  private static String describe(NetMode mode) {
    return mode.name().toLowerCase(Locale.ROOT).replace('_', ' ');
  }

  private static <T> T join(java.util.concurrent.CompletableFuture<T> future) {
    try {
      return future.join();
    } catch (CompletionException e) {
      if (e.getCause() instanceof ProblemException problems) {
        throw problems;
      }
      throw e;
    }
  }

  /** Reads {@code standalone}, {@code listen}, {@code dedicated} or {@code client}. */
  static final class NetModeConverter implements ITypeConverter<NetMode> {
    @Override
    public NetMode convert(String value) {
      return switch (value.toLowerCase(Locale.ROOT)) {
        case "standalone" -> NetMode.STANDALONE;
        case "listen", "listen-server" -> NetMode.LISTEN_SERVER;
        case "dedicated", "dedicated-server" -> NetMode.DEDICATED_SERVER;
        case "client" -> NetMode.CLIENT;
        default -> throw new picocli.CommandLine.TypeConversionException(
            "'" + value + "' is not a net mode (standalone, listen, dedicated, client)");
      };
    }
  }
}
