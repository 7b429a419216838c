package dev.overture.sample;

import dev.overture.asset.AssetManager;
import dev.overture.asset.LoadHandle;
import dev.overture.asset.LoadResult;
import dev.overture.asset.PrimaryAssetId;
import dev.overture.core.Problem;
import dev.overture.core.ProblemException;
import dev.overture.experience.ExperienceSelection;
import dev.overture.experience.MapDefinition;
import dev.overture.feature.GameFeatures;
import dev.overture.inject.Overture;
import dev.overture.persistence.WorldStore;
import dev.overture.sample.game.ArenaGameState;
import dev.overture.sample.game.ArenaLevel;
import dev.overture.sample.game.ArenaMatch;
import dev.overture.sample.game.Hero;
import dev.overture.world.NetMode;
import dev.overture.world.World;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * What {@code play} plays, set up before its experience loads: the match a {@code --restore} file
 * holds, or the experience chosen (the {@code --tile}'s, the {@code --experience}, else by Lyra's
 * precedence ending with the default tile) with its seed, and the map its tile names, checked by
 * ShooterCore's map rules as {@code validate} checks it and set on the world's {@link ArenaLevel}.
 * Each failure is a user's (a {@link ProblemException} located in the content, or an {@link
 * IllegalArgumentException} naming the option). Used on the command's thread, once per run.
 */
final class PlaySetup {

  /** The experience to load and the map it is played on ("" for none). */
  record Chosen(PrimaryAssetId experienceId, String mapId) {}

  private final Overture overture;
  private final World world;
  private final PrintWriter out;
  /** Where the warnings of the checks before the match go, as the library's own warnings do. */
  private final PrintWriter err;

  PlaySetup(Overture overture, World world, PrintWriter out, PrintWriter err) {
    this.overture = overture;
    this.world = world;
    this.out = out;
    this.err = err;
  }

  /** Continues the match {@code restore} holds (of {@code experience} when given). */
  Chosen restore(Path restore, PrimaryAssetId experience) {
    ArenaGameState state = (ArenaGameState) world.gameState();
    WorldStore.Restored restored = overture.worldStore().orElseThrow().restore(world);
    if (state.experience().isEmpty()) {
      throw new IllegalArgumentException("--restore " + restore + " holds no match of world " + world.name()
          + " (was it written by play --save?)");
    }
    PrimaryAssetId experienceId = savedId(restore, "experience", state.experience());
    if (!state.map().isEmpty()) {
      savedId(restore, "map", state.map()); // refused here, as the file's: the map is loaded by its id later
    }
    if (experience != null && !experience.equals(experienceId)) {
      throw new IllegalArgumentException("--restore " + restore + " holds a match of " + experienceId + ", not " + experience
          + "; leave --experience out to continue it");
    }
    out.printf("Restored %s from %s: %d actors at turn %d, seed %d%s%n", experienceId, restore, restored.actors(), state.turn(),
        state.seed(), restored.warnings().isEmpty() ? "" : " (" + restored.warnings().size() + " warning(s))");
    restored.warnings().forEach(warning -> out.println("  warning: " + warning.message()));
    return new Chosen(experienceId, state.map());
  }

  /**
   * The asset id the game state saved in {@code restore} as its {@code property}, indexed: a value
   * another program or a damaged disk changed (or one of content since removed) is refused naming
   * the file and the property, not only the value; the loads that follow would name neither.
   */
  private PrimaryAssetId savedId(Path restore, String property, String saved) {
    String what = "--restore " + restore + " holds a match whose " + property + " (the game state's saved property \""
        + property + "\") is ";
    PrimaryAssetId id;
    try {
      id = PrimaryAssetId.parse(saved);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(what + "no asset id: " + e.getMessage() + "; it was left as it is");
    }
    dev.overture.asset.AssetIndex index = overture.assets().index();
    if (index.find(id).isEmpty()) {
      throw new IllegalArgumentException(what + id + ", which this content does not have: " + index.unknownAsset(id).message()
          + "; it was left as it is");
    }
    return id;
  }

  /** Chooses the experience ({@code tile}'s, else {@code experience}, else by precedence) and its map, with {@code seed}. */
  Chosen choose(List<Tiles.Tile> tiles, PrimaryAssetId tile, PrimaryAssetId experience, long seed) {
    AssetManager assets = overture.assets();
    GameFeatures features = overture.features();
    Tiles.Tile asked = tile == null ? null : Tiles.named(tiles, tile);
    // The tiles that choose the experience (the one asked for, else every tile, one of which is the default) are refused
    // where validate refuses them, in its words at the tile's line: a tile naming an unknown experience, two defaults.
    refuseTiles(asked != null ? List.of(asked) : experience == null ? tiles : List.of(),
        asked != null ? "Tile " + asked.id() + " cannot be played" : "No experience was selected");
    // The user typed --experience: messages say so, never Lyra's "the URL option" that stands for it here.
    ExperienceSelection.Builder selection = ExperienceSelection.builder().describe(ExperienceSelection.Source.URL_OPTION, "--experience");
    if (experience != null || asked != null) {
      selection.named(ExperienceSelection.Source.URL_OPTION, asked != null ? asked.tile().experienceId() : experience);
    }
    ExperienceSelection.Selected selected;
    ExperienceSelection chooser = selection.build();
    try {
      selected = join(chooser.select(assets));
    } catch (ProblemException e) {
      throw InstalledPluginContent.withHints(e, features, asked != null ? asked.tile().experienceId() : experience);
    }
    PrimaryAssetId experienceId = selected.id();
    // The tile asked for, else the one the menu's "play --experience" stands for: the default tile when it names the
    // experience (so play without --experience plays the default tile's map), else the first by id.
    Tiles.Tile played = asked != null ? asked : Tiles.forExperience(tiles, experienceId).orElse(null);
    if (asked == null && experience != null && played != null) {
      // --experience plays the map of a tile it did not name: that tile is refused where validate refuses it too (a mapId
      // naming no map, at its line), not left to the map's load, whose problem named no file.
      refuseTiles(List.of(played), "Tile " + played.id() + ", whose map --experience plays, cannot be played");
    }
    // Every way here refused the tile played as validate does, with the rule a plugin's tile names maps by (its References).
    String mapId = played == null ? "" : played.tile().map().map(Object::toString).orElse("");
    ((ArenaGameState) world.gameState()).seed(seed);
    out.printf("Experience %s, chosen by %s; %s world; seed %d%n", experienceId, asked != null ? "tile " + asked.id() : chooser.describe(selected.source()),
        describe(world.netMode()), seed);
    List<Tiles.Tile> others = played == null || asked != null ? List.of() : Tiles.otherMaps(tiles, played);
    if (!others.isEmpty()) {
      out.printf("Tile %s (%s); other tiles start it on other maps: %s%n", played.id(),
          played.tile().isDefaultExperience() ? "the default tile" : "the first by id",
          ChoiceList.of("", others.stream().map(other -> "--tile " + other.id().name() + " ("
              + other.tile().map().map(Object::toString).orElse("no map") + ")").toList()));
    }
    return new Chosen(experienceId, mapId);
  }

  /** Refuses {@code tiles} with validate's errors about them (its checks of assets and the project's), under {@code headline}. */
  private void refuseTiles(List<Tiles.Tile> tiles, String headline) {
    if (tiles.isEmpty()) {
      return;
    }
    Map<PrimaryAssetId, Object> checked = new LinkedHashMap<>();
    tiles.forEach(each -> checked.put(each.id(), each.tile()));
    List<Problem> errors = dev.overture.validation.Validator.builder(overture.assets()).features(overture.features()).build()
        .check(checked, overture.assets()).join().stream().filter(Problem::isError).toList();
    if (!errors.isEmpty()) {
      throw new ProblemException(headline + " (overture validate reports the same)",
          new dev.overture.validation.ValidationReport(errors).problems());
    }
  }

  /**
   * Refuses {@code experienceId} on {@code mapId} ("" for none) where {@code validate} refuses them:
   * the experience, the map, the game's default pawn data and every asset their load reaches (action sets, pawn data, ...) go
   * through validate's checks of assets and
   * actions, the framework's and the registered plugins' (an {@code AddWidgets} naming a widget no
   * plugin defines), and an error among their problems ends the run before anything loads into the
   * world, with validate's problems (id, words, file, place); so is an asset the load reaches that
   * a newer engine saved ({@code Overture/NewerEngine}, in its file). A load that fails is left to the
   * experience's own load, which reports it as play always did.
   *
   * @return the checked load, for the caller to release once the experience's own load has settled:
   *     held until then, the files are read once (so a warning is shown once, and nothing is read
   *     twice); null when the load failed
   * @throws ProblemException when a check finds an error
   */
  LoadHandle check(PrimaryAssetId experienceId, String mapId) {
    AssetManager assets = overture.assets();
    List<PrimaryAssetId> played = new ArrayList<>(List.of(experienceId));
    if (!mapId.isEmpty()) {
      played.add(PrimaryAssetId.parse(mapId));
    }
    // The game's default pawn data, which an experience naming none falls back to, is checked too
    // (validate checks every asset); one that is not indexed is the experience's load's to refuse.
    assets.defaultPawnData().filter(id -> assets.index().find(id).isPresent()).ifPresent(played::add);
    LoadHandle handle = assets.loadPrimaryAssets(played, dev.overture.validation.Validator.BUNDLES);
    boolean held = false;
    try {
      LoadResult result;
      try {
        result = handle.future().join();
      } catch (CompletionException | java.util.concurrent.CancellationException e) {
        return null;
      }
      Map<PrimaryAssetId, Object> reached = new LinkedHashMap<>();
      result.reached().forEach((key, value) -> {
        if (key instanceof PrimaryAssetId id) {
          reached.put(id, value);
        }
      });
      List<Problem> found = dev.overture.validation.Validator.builder(assets).features(overture.features()).build()
          .check(reached, assets).join();
      List<Problem> errors = new ArrayList<>(found.stream().filter(Problem::isError).toList());
      // An asset the load reached that a newer engine saved loads as null (a warning at the reference), but validate refuses
      // the asset itself (Overture/NewerEngine): this build cannot check it. Pawn data that loads as null spawns nobody.
      assets.index().newerAssets().forEach((newer, why) -> {
        if (result.warnings().stream().anyMatch(warning -> warning.id().equals("Overture/NewerAssetReference")
            && warning.message().startsWith(newer + " ("))) {
          errors.add(why.isError() ? why : why.asError());
        }
      });
      if (!errors.isEmpty()) {
        throw new ProblemException("Experience " + experienceId + " cannot be played (overture validate reports the same)",
            new dev.overture.validation.ValidationReport(errors).problems());
      }
      // validate's warnings about what is played (an action that adds nothing), said before the match as validate says them.
      List<Problem> warnings = new dev.overture.validation.ValidationReport(found.stream().filter(problem -> !problem.isError())
          .toList()).problems();
      SampleContent.printWarnings(err, warnings, "problem in what is played (overture validate reports the same)",
          "problems in what is played (overture validate reports the same)");
      held = true;
      return handle;
    } finally {
      if (!held) {
        handle.release();
      }
    }
  }

  /**
   * Sets {@code mapId} on the world's level, refused as {@code validate} refuses it (the problems
   * located in the map's file), and follows its edits when {@code follow} (--watch).
   */
  void loadMap(String mapId, boolean follow) {
    if (mapId.isEmpty()) {
      out.println("Map: none (no tile names this experience)");
      return;
    }
    AssetManager assets = overture.assets();
    ArenaLevel level = world.subsystem(ArenaLevel.class);
    PrimaryAssetId mapAsset = PrimaryAssetId.parse(mapId);
    MapDefinition map = assets.loadSynchronously(mapAsset, MapDefinition.class);
    List<ArenaLevel.MapProblem> refused = ArenaLevel.problems(map.tiles());
    if (!refused.isEmpty()) {
      List<Problem> problems = new ArrayList<>();
      refused.forEach(problem -> problems.add(Problem.error(problem.id(), problem.message())
          .withAsset(mapId).at(join(assets.tools().locate(mapAsset, problem.pointer())))));
      throw new ProblemException("Map " + mapId + " cannot be played on", problems);
    }
    level.load(mapId, map);
    if (follow) {
      MapReload.follow(overture.liveContent().orElseThrow(), world, level, mapAsset, map);
    }
    out.printf("Map %s: %s%s%n", mapId, map.title(), level.hasGrid() ? " (" + level.width() + "x" + level.height() + ")" : "");
  }

  /**
   * A restored hero must be on one of the match's teams: the store holds what a file says, and a
   * team index past the experience's teams (a save edited by hand, or one of an older version of the
   * experience) would fail the match at its first score, not here where the file is named.
   */
  static void refuseMisfits(Path restore, ArenaMatch match, PrimaryAssetId experienceId) {
    List<String> teams = match.config().teams();
    ArenaLevel level = match.level();
    int turn = match.state().turn();
    if (turn < 0) {
      throw new IllegalArgumentException("--restore " + restore + ": the match is at \"turn\" " + turn
          + ", but a match counts its turns from 0; the save does not fit this experience");
    }
    for (Hero hero : match.heroes()) {
      String who = "--restore " + restore + ": hero " + hero.name() + " (actor " + hero.id() + ")";
      java.util.Map<String, Integer> counts = new java.util.LinkedHashMap<>();
      counts.put("slot", hero.slot());
      counts.put("score", hero.score());
      counts.put("eliminations", hero.eliminations());
      counts.put("deaths", hero.deaths());
      for (java.util.Map.Entry<String, Integer> count : counts.entrySet()) {
        if (count.getValue() < 0) {
          throw new IllegalArgumentException(who + " has \"" + count.getKey() + "\" " + count.getValue()
              + ", but a match counts it from 0; the save does not fit this experience");
        }
      }
      if (hero.team() < 0 || hero.team() >= teams.size()) {
        throw new IllegalArgumentException(who + " has \"team\" " + hero.team() + ", but the match of " + experienceId + " has "
            + teams.size() + " teams, 0 to " + (teams.size() - 1) + " (" + String.join(", ", teams)
            + "); the save does not fit this experience");
      }
      ArenaLevel.Cell cell = hero.cell();
      if (level.hasGrid() && (cell.x() < 0 || cell.y() < 0 || cell.x() >= level.width() || cell.y() >= level.height())) {
        throw new IllegalArgumentException(who + " stands at (" + cell.x() + "," + cell.y() + "), outside map " + level.id() + ", which is "
            + level.width() + "x" + level.height() + " (\"x\" 0 to " + (level.width() - 1) + ", \"y\" 0 to " + (level.height() - 1)
            + "); the save does not fit this map");
      }
    }
  }

  private static String describe(NetMode mode) {
    return mode.name().toLowerCase(Locale.ROOT).replace('_', ' ');
  }

  private static <T> T join(CompletableFuture<T> future) {
    try {
      return future.join();
    } catch (CompletionException e) {
      if (e.getCause() instanceof ProblemException problems) {
        throw problems;
      }
      throw e;
    }
  }
}
