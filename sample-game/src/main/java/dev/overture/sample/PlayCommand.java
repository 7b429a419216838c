package dev.overture.sample;

import dev.overture.asset.AssetManager;
import dev.overture.asset.PrimaryAssetId;
import dev.overture.core.ProblemException;
import dev.overture.experience.ExperienceManager;
import dev.overture.experience.Experiences;
import dev.overture.experience.LoadState;
import dev.overture.feature.GameFeatures;
import dev.overture.feature.PluginId;
import dev.overture.inject.Overture;
import dev.overture.persistence.WorldStore;
import dev.overture.sample.game.ArenaGameState;
import dev.overture.sample.game.ArenaMatch;
import dev.overture.sample.game.Hero;
import dev.overture.sample.game.MatchEvents;
import dev.overture.world.NetMode;
import dev.overture.world.World;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code overture play}: picks the experience (the one asked for, else by Lyra's precedence, ending
 * with the default tile), sets up the map its tile names, creates a world, drives it until the
 * experience is loaded while printing each state change (and a progress bar on a terminal), the
 * plugins activated and the actions run; then plays: every turn is a tick, and every so often it
 * prints the arena and the HUD, then the result. The rules come from the experience's plugins; the
 * command only drives the world and prints it. {@code --save} writes the world to a game.db and
 * {@code --restore} continues one. A load that fails prints its problems and exits 1.
 *
 * <p>What it prints depends on whether the output is a terminal, where a person watches: there it
 * adds the loading timeline's wall-clock times and leaves out the match's event lines (the views
 * show the match). Elsewhere (a file, a pipe, a test) it prints the event lines and no times, so
 * two runs of one seed print the same bytes and can be compared; {@code --[no-]timings} and {@code
 * --[no-]events} choose either way.
 *
 * <p>{@code --inspect} serves the inspector's live page of the run (see {@link Inspection}): the
 * turns then go at a pace a person can follow ({@code --turns-per-second}), and once the match is
 * over, or the load has failed, the page stays up until Ctrl+C.
 */
@Command(addMethodSubcommands = false, name = "play", mixinStandardHelpOptions = true, description = "Load an experience in a headless world and play it.")
final class PlayCommand implements java.util.concurrent.Callable<Integer> {

  private static final double FRAME = 1.0 / 60;
  private static final double TURN = 1.0 / 30;
  private static final long LOAD_TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(60);
  static final String WORLD = "Sample";
  static final int DEFAULT_INSPECT_PORT = 7007;
  private static final double INSPECTED_TURNS_PER_SECOND = 5;

  /** How loading progress is shown. */
  enum Progress {
    auto,
    bar,
    plain
  }

  @Mixin ContentOptions content;
  @Spec CommandSpec spec;

  @Option(names = "--experience", paramLabel = "ID", converter = ExperienceIdConverter.class,
      description = "The experience, \"Elimination\" or \"Experience:Elimination\".")
  PrimaryAssetId experience;

  @Option(names = "--tile", paramLabel = "ID", converter = TileIdConverter.class,
      description = "The front end's tile to play (overture frontend lists them): its experience on its map, \"EliminationTile\" or"
          + " \"UserFacingExperience:EliminationTile\".")
  PrimaryAssetId tile;

  @Option(names = "--ticks", paramLabel = "N", defaultValue = "600", description = "How many ticks (turns) to play once loaded (default: ${DEFAULT-VALUE}).")
  int ticks;

  @Option(names = "--seed", paramLabel = "S", defaultValue = "1", description = "The match's random seed: one seed, one match (default: ${DEFAULT-VALUE}).")
  long seed;

  @Option(names = "--view-every", paramLabel = "N", defaultValue = "100",
      description = "Print the arena and HUD every N turns, 0 for never (default: ${DEFAULT-VALUE}).")
  int viewEvery;

  @Option(names = "--timings", negatable = true,
      description = "Show the wall-clock milliseconds at which each loading state began (default: on a terminal only; elsewhere"
          + " two runs of one seed print the same bytes).")
  Boolean timings;

  @Option(names = "--events", negatable = true,
      description = "Print a line for each kill, capture and pickup as it happens (default: on, except on a terminal, where the"
          + " views show the match).")
  Boolean events;

  @Option(
      names = "--net-mode",
      paramLabel = "MODE",
      defaultValue = "standalone",
      converter = NetModeConverter.class,
      description = "standalone, listen, dedicated or client (default: ${DEFAULT-VALUE}).")
  NetMode netMode;

  @Option(names = "--save", paramLabel = "FILE", description = "Save the world to this game.db when done (stable ids).")
  Path save;

  @Option(names = "--restore", paramLabel = "FILE", description = "Continue the match saved in this game.db.")
  Path restore;

  @Option(names = "--inspect", arity = "0..1", paramLabel = "PORT", fallbackValue = "" + DEFAULT_INSPECT_PORT,
      description = "Serve a live web page of the run (worlds, timeline, plugins, assets, problems) on PORT of this machine (default:"
          + " ${FALLBACK-VALUE}; 0 for any free port), play at a pace a person can follow, and keep serving after the match until"
          + " Ctrl+C.")
  Integer inspect;

  @Option(names = "--inspect-address", paramLabel = "ADDRESS", converter = AddressConverter.class,
      description = "Serve the inspector on ADDRESS instead of the loopback address (0.0.0.0 for every interface); the page's"
          + " address then carries a random token, printed here.")
  InetAddress inspectAddress;

  @Option(names = "--turns-per-second", paramLabel = "N",
      description = "Play at most N turns a second (default: 5 with --inspect, otherwise as fast as it goes).")
  Double turnsPerSecond;

  @Option(names = "--watch",
      description = "Development mode: watch the content folder and the plugins folder, apply each saved edit to the running match and"
          + " print what it changed, play at a pace a person can follow, and keep running after the match until Ctrl+C.")
  boolean watch;

  /** With --watch: the reloads to print, between turns. */
  private Watching watching;

  /** What was saved to the working copy and not yet committed, printed with where it went once it has its place ({@code %s}). */
  private String saved;

  /** Whether a commit had to put the save beside --save's file (another program changed it): the run fails. */
  private boolean saveConflict;

  @Option(names = "--progress", paramLabel = "HOW", defaultValue = "auto",
      description = "auto (a bar on a terminal, plain lines otherwise), bar or plain (default: ${DEFAULT-VALUE}).")
  Progress progress;

  @Override
  public Integer call() {
    if (ticks < 0) {
      throw new ParameterException(spec.commandLine(), "--ticks must not be negative: " + ticks);
    }
    if (viewEvery < 0) {
      throw new ParameterException(spec.commandLine(), "--view-every must be 0 (never) or more: " + viewEvery);
    }
    OvertureCommand.refuseFolderName(spec, "--save", "game.db");
    OvertureCommand.refuseFolderName(spec, "--restore", "game.db");
    if (restore != null && !Files.exists(restore, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
      throw new IllegalArgumentException("--restore " + restore + ": no such file; give a game.db written by play --save");
    }
    if (restore != null && spec.commandLine().getParseResult().hasMatchedOption("--seed")) {
      throw new ParameterException(spec.commandLine(), "--seed cannot be given with --restore: the saved match has its own seed");
    }
    if (tile != null && experience != null) {
      throw new ParameterException(spec.commandLine(), "--tile and --experience cannot both be given: a tile names its experience");
    }
    if (tile != null && restore != null) {
      throw new ParameterException(spec.commandLine(), "--tile cannot be given with --restore: the saved match has its own map");
    }
    if (restore != null && !netMode.hasServer()) {
      throw new ParameterException(spec.commandLine(),
          "--restore needs a world with a server (standalone, listen or dedicated): a client has no match to continue");
    }
    if (turnsPerSecond != null && !(turnsPerSecond > 0 && turnsPerSecond <= 1000)) {
      throw new ParameterException(spec.commandLine(), "--turns-per-second must be more than 0 and at most 1000: " + turnsPerSecond);
    }
    if (inspect != null && (inspect < 0 || inspect > 65_535)) {
      throw new ParameterException(spec.commandLine(), "--inspect PORT must be 0 (any free port) to 65535: " + inspect);
    }
    if (inspectAddress != null && inspect == null) {
      throw new ParameterException(spec.commandLine(), "--inspect-address needs --inspect");
    }
    if (watch && content.folderOrNull() == null) {
      throw new ParameterException(spec.commandLine(), "--watch needs a content folder to watch (--assets DIR, or ./assets): the"
          + " content inside the jar cannot change while the game runs");
    }
    PrintWriter out = spec.commandLine().getOut();
    // Ctrl+C (or SIGTERM) stops the match at its turn and ends the run as it would have ended (the result printed, --save
    // written) whenever the run has something to end well: a save, a page, a watch, or a pace that leaves time to press it.
    boolean graceful = save != null || inspect != null || watch || turnsPerSecond != null;
    try (Interruption interruption = graceful ? Interruption.watch() : Interruption.none()) {
      int exit;
      try {
        exit = call(out, interruption);
      } catch (RuntimeException e) {
        if (!interruption.requested()) {
          throw e;
        }
        // Ctrl+C (or a signal) during start-up: what failed then failed because the JVM was stopping (a
        // hook it no longer takes, a plugin's copy removed under it), not because of the content.
        interruption.cutShort();
        spec.commandLine().getErr().println("overture: stopped by Ctrl+C (or a termination signal) before the run could finish"
            + (save != null ? "; --save " + save + " was not written" : ""));
        spec.commandLine().getErr().flush();
        return OvertureCommand.FAILED;
      }
      out.flush();
      spec.commandLine().getErr().flush();
      interruption.handOver(exit);
      return exit;
    }
  }

  private Integer call(PrintWriter out, Interruption interruption) {
    // The game runs on a working copy: --restore's file is only read, and --save's file is replaced,
    // whole, only when the run succeeds; "Saved to" is printed after that, never before.
    try (WorkingCopy copy = restore != null || save != null
        ? WorkingCopy.create(save, restore, WORLD, out, spec.commandLine().getErr()) : null) {
      int exit = run(copy, out, interruption);
      if (exit == 0 && save != null && saved != null) {
        commitSave(copy.commit(), out);
      }
      return exit == 0 && saveConflict ? OvertureCommand.FAILED : exit;
    }
  }

  /** Says where the save went ("Saved to"), and, when not at --save's name, why (the run then fails). */
  private void commitSave(WorkingCopy.Committed committed, PrintWriter out) {
    out.println(String.format(saved, committed.path()));
    out.flush();
    saved = null;
    if (committed.conflict() != null) {
      saveConflict = true;
      spec.commandLine().getErr().println("overture: " + committed.conflict());
      spec.commandLine().getErr().flush();
    }
  }

  /** The validate command that checks what this run plays: where play --watch sends a user for every problem of a change. */
  private String validateCommand() {
    return "overture validate" + (content.folderOrNull() == null ? "" : " --assets " + content.folderOrNull())
        + (content.pluginsOrNull() == null ? "" : " --plugins " + content.pluginsOrNull());
  }

  private int run(WorkingCopy database, PrintWriter out, Interruption interruption) {
    Overture.Builder runtime = SampleContent.builder(content.folderOrNull(), content.pluginsOrNull());
    if (database != null) {
      runtime.worldStore(database.file(), database.name()); // messages name the user's file
    }
    if (watch) {
      runtime.liveContent();
    }
    try (Overture overture = runtime.build();
        Inspection inspection = inspect == null ? null : Inspection.start(overture, inspect, inspectAddress, interruption, out);
        Watching watched = watch ? Watching.start(overture, interruption, out, validateCommand()) : null) {
      watching = watched;
      AssetManager assets = overture.assets();
      GameFeatures features = overture.features();
      SampleContent.requirePlugins(overture, spec.commandLine().getErr());
      WorldStore store = overture.worldStore().orElse(null);
      // As a host would: the runtime's world has its store's ids and an experience manager.
      World world = overture.worlds().create(WORLD, netMode, ArenaGameState.class);
      try {
        ArenaGameState state = (ArenaGameState) world.gameState();
        List<Tiles.Tile> tiles;
        PrimaryAssetId experienceId;
        dev.overture.asset.LoadHandle checked = null;
        // The tiles stay loaded through the set-up, whose selection and checks reach them again: each read once, its warnings said once.
        Tiles.Held heldTiles = null;
        try {
          heldTiles = Tiles.loadHeld(assets);
          tiles = heldTiles.tiles();
          PlaySetup setup = new PlaySetup(overture, world, out, spec.commandLine().getErr());
          PlaySetup.Chosen chosen = restore != null ? setup.restore(restore, experience) : setup.choose(tiles, tile, experience, seed);
          experienceId = chosen.experienceId();
          checked = setup.check(experienceId, chosen.mapId());
          setup.loadMap(chosen.mapId(), watching != null);
        } catch (ProblemException | IllegalArgumentException | dev.overture.persistence.PersistenceException e) {
          if (checked != null) {
            checked.release();
          }
          return shownUntilInterrupted(e, inspection, world, out);
        } finally {
          if (heldTiles != null) {
            heldTiles.close();
          }
        }

        ExperienceManager manager = ExperienceManager.of(world).orElseThrow();
        boolean terminal = onTerminal();
        LoadingDisplay display = new LoadingDisplay(out, progress == Progress.bar || (progress == Progress.auto && terminal),
            timings != null ? timings : terminal);
        dev.overture.world.Handle timeline = manager.onStateChanged(display::show);
        try {
          manager.setCurrentExperience(experienceId);
          driveUntilSettled(world, manager, display);
        } finally {
          // The experience's own load holds what it needs now: the checked files were read once.
          if (checked != null) {
            checked.release();
          }
        }
        display.done();
        timeline.release();
        if (manager.state() == LoadState.FAILED) {
          spec.commandLine().getErr().println(manager.failure().orElseThrow().getMessage());
          spec.commandLine().getErr().flush();
          if (inspection != null) {
            inspection.serveUntilInterrupted(world, out, "The load failed (the page shows its problems)");
          }
          return OvertureCommand.FAILED;
        }
        // The plugins the experience asked for and those they depend on, dependencies first.
        List<PluginId> plugins = DescribeCommand.activationOrder(features, manager.activePlugins().stream().sorted().toList());
        out.printf("Plugins activated: %s%n", plugins.isEmpty() ? "none" : String.join(", ", plugins.stream().map(PluginId::name).toList()));
        out.println("Actions run:");
        manager.activeActions().forEach(action -> out.printf("  %s%n", action));
        if (restore != null) {
          try {
            ArenaView.match(world).ifPresent(match -> PlaySetup.refuseMisfits(restore, match, experienceId));
          } catch (IllegalArgumentException e) {
            return shownUntilInterrupted(e, inspection, world, out);
          }
        }
        if (save != null && ArenaView.match(world).isEmpty()) {
          spec.commandLine().getErr().printf("--save %s: %s starts no match, so there is nothing to save%n", save, experienceId);
          return OvertureCommand.FAILED;
        }
        Double pace = turnsPerSecond != null ? turnsPerSecond : inspection != null || watching != null ? INSPECTED_TURNS_PER_SECOND : null;
        int exit = play(world, manager, tiles, features, out, events != null ? events : !terminal, Inspection.Pace.of(pace, interruption));
        if (save != null) {
          // Said once the file has its place (see call), never before.
          WorldStore.Saved written = store.save(world);
          saved = "Saved to %s" + String.format(": %d actors, %d properties, at turn %d", written.actors(), written.properties(),
              state.turn());
        }
        out.flush();
        boolean waits = (watching != null || inspection != null) && !interruption.requested();
        if (waits && exit == 0 && saved != null) {
          // Committed before the wait for Ctrl+C, so a kill meanwhile loses no finished match.
          commitSave(database.commitSnapshot(), out);
        }
        int appliedBefore = watching == null ? 0 : watching.applied();
        if (watching != null && waits) {
          watching.runUntilInterrupted(world, out, "The match is over");
        } else if (inspection != null && waits) {
          inspection.serveUntilInterrupted(world, out, "The match is over");
        }
        if (waits && save != null && saved == null && watching != null && watching.applied() != appliedBefore) {
          // An edit reached the world after the first commit: saved again, committed in call.
          WorldStore.Saved written = store.save(world);
          saved = "Saved to %s" + String.format(": %d actors, %d properties, at turn %d (again: an edit changed the world since)",
              written.actors(), written.properties(), state.turn());
        }
        endExperience(world, manager);
        return exit;
      } finally {
        world.close();
      }
    }
  }

  /**
   * A user's mistake met before the match could start: without --inspect it ends the run as any
   * error does; with it, it is said as a failed load is, reported to the page, which stays up until
   * Ctrl+C, and the run then ends with exit code 1.
   */
  private int shownUntilInterrupted(RuntimeException failure, Inspection inspection, World world, PrintWriter out) {
    if (inspection == null) {
      throw failure;
    }
    spec.commandLine().getErr().println(OvertureCommand.message(failure));
    spec.commandLine().getErr().flush();
    inspection.report(failure, world);
    inspection.serveUntilInterrupted(world, out, "The experience could not be set up (the page shows why)");
    return OvertureCommand.FAILED;
  }

  private int play(World world, ExperienceManager manager, List<Tiles.Tile> tiles, GameFeatures features, PrintWriter out,
      boolean printEvents, Inspection.Pace pace) {
    ArenaView view = new ArenaView(out, tiles, features);
    if (watching != null) {
      watching.afterApplied(view::printHud);
    }
    boolean views = viewEvery > 0;
    ArenaMatch match = ArenaView.match(world).orElse(null);
    java.util.Optional<String> notStarted =
        world.gameState().findComponent(ArenaMatch.class).flatMap(ArenaMatch::whyNotStarted);
    if (match == null && notStarted.isPresent()) {
      // The experience asks for a match the game cannot play: a failure, not a run without one.
      spec.commandLine().getErr().printf("overture: %s configures a match that could not start: %s%n",
          manager.experienceId().map(Object::toString).orElse("the experience"), notStarted.get());
      spec.commandLine().getErr().flush();
      return OvertureCommand.FAILED;
    }
    if (match == null) {
      MatchOutput.spawnVisitor(world, manager, out);
      if (views) {
        view.printHud(world);
      }
      long next = System.nanoTime();
      for (int i = 0; i < ticks && !pace.interruption().requested(); i++) {
        pace.awaitTurn(world, next);
        next += pace.turnNanos();
        world.tick(TURN);
        printReloads(world, out);
      }
      if (pace.interruption().requested()) {
        pace.interruption().cutShort();
      }
      out.printf("Played %d ticks (%.1f s of game time); %s%n", ticks, ticks / 30.0,
          world.netMode().hasServer() ? "the experience starts no match" : "a client shows the server's match, and there is no server");
      return 0;
    }
    world.actors(Hero.class).stream().filter(hero -> hero.name().equals(ArenaMatch.PLAYER)).findFirst()
        .ifPresent(player -> MatchOutput.describePawn(player, out));
    MatchOutput.describeMatch(match, out);
    if (views) {
      view.printArena(world);
      view.printHud(world);
    }
    // Subscribed as an inspector would be: the lines come from the rules' events, as they happen.
    dev.overture.world.Handle eventLines = printEvents
        ? world.subsystem(MatchEvents.class).subscribe(event -> out.println(event.line()))
        : null;
    ArenaGameState state = match.state();
    int played = 0;
    long next = System.nanoTime();
    while (played < ticks && !state.isOver() && !pace.interruption().requested()) {
      pace.awaitTurn(world, next);
      next += pace.turnNanos();
      world.tick(TURN);
      printReloads(world, out);
      played++;
      if (views && state.turn() % viewEvery == 0 && !state.isOver() && played < ticks) { // the last turn is shown below
        view.printArena(world);
        view.printHud(world);
      }
    }
    if (eventLines != null) {
      eventLines.release();
    }
    if (pace.interruption().requested()) {
      pace.interruption().cutShort();
      out.printf("Stopped at turn %d (Ctrl+C)%n", state.turn());
    }
    if (views) {
      out.println();
      view.printArena(world);
      view.printHud(world);
    }
    // A reload (--watch) replaces the match component with one of the new configuration.
    MatchOutput.printResult(ArenaView.match(world).orElse(match), out);
    return 0;
  }

  /** With --watch: the reloads since the last turn, what they changed. */
  private void printReloads(World world, PrintWriter out) {
    if (watching != null) {
      watching.print(world, out);
    }
  }

  /**
   * The host's frame loop while loading: tick by the real time since the last frame, and rest a
   * millisecond when there was nothing to do. Loading time does not count as turns: the match
   * starts once the experience has loaded.
   */
  private static void driveUntilSettled(World world, ExperienceManager manager, LoadingDisplay display) {
    long start = System.nanoTime();
    while (manager.state() != LoadState.LOADED && manager.state() != LoadState.FAILED) {
      if (world.runPendingTasks() == 0) {
        LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
      }
      display.progress(manager.loadProgress());
      if (System.nanoTime() - start > LOAD_TIMEOUT_NANOS) {
        throw new IllegalStateException("the experience did not load within 60 seconds (state " + manager.state() + ")");
      }
    }
  }


  /** Deactivates the experience and waits, so its plugins are released before the features close. */
  private static void endExperience(World world, ExperienceManager manager) {
    java.util.concurrent.CompletableFuture<Void> done = manager.deactivate();
    long start = System.nanoTime();
    while (!done.isDone() && System.nanoTime() - start < LOAD_TIMEOUT_NANOS) {
      if (world.runPendingTasks() == 0) {
        LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
      }
    }
  }

  /**
   * Whether the output goes to a terminal, where a person watches. Before Java 22 a console exists
   * only then; from Java 22 on it may exist with the output redirected, and it says which.
   */
  static boolean onTerminal() {
    java.io.Console console = System.console();
    if (console == null) {
      return false;
    }
    try {
      return (Boolean) java.io.Console.class.getMethod("isTerminal").invoke(console);
    } catch (ReflectiveOperationException e) {
      return true;
    }
  }

  /** Reads {@code Experience:Name}, or a bare {@code Name} of an experience. */
  static final class ExperienceIdConverter implements ITypeConverter<PrimaryAssetId> {
    @Override
    public PrimaryAssetId convert(String value) {
      try {
        return PrimaryAssetId.parse(value.trim(), Experiences.EXPERIENCE);
      } catch (IllegalArgumentException e) {
        throw new picocli.CommandLine.TypeConversionException(e.getMessage());
      }
    }
  }

  /** Reads {@code UserFacingExperience:Name}, or a bare {@code Name} of a tile. */
  static final class TileIdConverter implements ITypeConverter<PrimaryAssetId> {
    @Override
    public PrimaryAssetId convert(String value) {
      try {
        return PrimaryAssetId.parse(value.trim(), Experiences.USER_FACING_EXPERIENCE);
      } catch (IllegalArgumentException e) {
        throw new picocli.CommandLine.TypeConversionException(e.getMessage());
      }
    }
  }

  /** Reads an address to serve the inspector on: a numeric address, or a name of this machine. */
  static final class AddressConverter implements ITypeConverter<InetAddress> {
    @Override
    public InetAddress convert(String value) {
      InetAddress address;
      try {
        address = InetAddress.getByName(value.trim());
      } catch (java.net.UnknownHostException e) {
        throw new picocli.CommandLine.TypeConversionException("'" + value + "' is not an address of this machine");
      }
      if (!dev.overture.inspector.Inspector.isOfThisMachine(address)) {
        throw new picocli.CommandLine.TypeConversionException("'" + value + "' is not an address of this machine (127.0.0.1 serves"
            + " this machine only, 0.0.0.0 every network it is on)");
      }
      return address;
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
