package dev.overture.sample.game.checks;

import dev.overture.asset.PrimaryAssetId;
import dev.overture.asset.PrimaryAssetType;
import dev.overture.experience.ExperienceActionSet;
import dev.overture.asset.AssetLoadException;
import dev.overture.asset.ClassOrAsset;
import dev.overture.asset.ClassRef;
import dev.overture.asset.LoadHandle;
import dev.overture.experience.ExperienceDefinition;
import dev.overture.experience.MapDefinition;
import dev.overture.experience.PawnData;
import dev.overture.experience.UserFacingExperience;
import dev.overture.feature.GameFeatureAction;
import dev.overture.object.ObjectArchetype;
import dev.overture.sample.game.ConfigureMatch;
import dev.overture.sample.game.Hero;
import dev.overture.validation.ProjectContext;
import dev.overture.validation.ProjectValidator;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeoutException;

/**
 * ShooterCore's rules for a match on the map it is played on, checked for every user-facing
 * experience (a tile names the experience and the map), so that what would stop a match from
 * starting is found before anyone plays:
 *
 * <ul>
 *   <li>{@code Sample/NoArena}: the experience configures a match, but the map has no tiles, or no
 *       tile plays it on a map at all (the game takes the map from the tile; checked only when every
 *       tile loaded, so a run that loaded a part of the game, as live content's does, or a tile that
 *       failed to load, does not make every match look tileless);
 *   <li>{@code Sample/TooManyTeams}: more teams than the map has teams' spawns;
 *   <li>{@code Sample/TeamWithoutSpawn}: a team whose spawn tile ({@code 1} to {@code 4}) the map
 *       lacks;
 *   <li>{@code Sample/TooManyHeroes}: more heroes than the map has floor;
 *   <li>{@code Sample/NotAHero}: the experience's pawn data spawns something other than a Hero;
 *   <li>{@code Sample/TwoMatches}: a second ConfigureMatch in one experience (its own actions and
 *       those of the action sets it reaches): a world holds one match, so play refuses it.
 * </ul>
 *
 * Each at the {@code ConfigureMatch} that asks for it (in the experience or one of its action
 * sets). Stateless; the action sets are walked without recursion, each once.
 */
public final class MatchSetup implements ProjectValidator {

  private static final PrimaryAssetType EXPERIENCE = PrimaryAssetType.of("Experience");
  private static final PrimaryAssetType TILE = PrimaryAssetType.of("UserFacingExperience");
  private static final java.time.Duration LOAD_TIMEOUT = java.time.Duration.ofMinutes(1);

  /** A ConfigureMatch and where it is written. */
  private record Found(ConfigureMatch match, PrimaryAssetId asset, String pointer) {}

  @Override
  public void isDataValid(ProjectContext context) {
    Set<String> reported = new HashSet<>();
    Set<PrimaryAssetId> onAMap = new HashSet<>();
    List<PrimaryAssetId> experiences = new ArrayList<>();
    // The game plays an experience on the map of a tile that names it; a match with none has no arena.
    // Known only when every tile loaded: a run that did not load them all (live content checks an edited
    // file with the rest of the game as it was; a tile that failed has its own problem) cannot tell.
    boolean everyTileKnown = true;
    for (PrimaryAssetId id : context.assets().index().ids()) {
      if (id.type().equals(EXPERIENCE)) {
        experiences.add(id);
      }
      Optional<UserFacingExperience> tile = id.type().equals(TILE) ? asset(context, id, UserFacingExperience.class) : Optional.empty();
      everyTileKnown &= !id.type().equals(TILE) || tile.isPresent();
      if (tile.isEmpty() || tile.get().map().isEmpty()) {
        continue;
      }
      onAMap.add(tile.get().experienceId());
      PrimaryAssetId mapId = tile.get().map().get();
      Optional<MapDefinition> map = asset(context, mapId, MapDefinition.class);
      if (map.isEmpty()) {
        continue; // not loaded: its own problem
      }
      for (Found found : matches(context, tile.get().experienceId())) {
        if (reported.add(found.asset() + found.pointer() + " " + mapId)) {
          check(context, found, id, tile.get().experienceId(), mapId, map.get());
        }
      }
    }
    for (PrimaryAssetId experience : experiences) {
      List<Found> all = matches(context, experience);
      if (!all.isEmpty()) {
        checkHeroes(context, experience, all.get(0), reported);
      }
      for (Found second : all.subList(Math.min(1, all.size()), all.size())) {
        Found first = all.get(0);
        if (reported.add("second " + second.asset() + second.pointer() + " " + experience)) {
          context.about(second.asset()).error("Sample/TwoMatches", second.pointer(),
              "A second ConfigureMatch in " + experience + ": the match already starts at " + first.asset() + " " + first.pointer()
                  + ", and a world holds one match; remove one of them");
        }
      }
    }
    for (PrimaryAssetId experience : everyTileKnown ? experiences : List.<PrimaryAssetId>of()) {
      if (onAMap.contains(experience)) {
        continue;
      }
      for (Found found : matches(context, experience)) {
        if (reported.add(found.asset() + found.pointer() + " " + experience)) {
          context.about(found.asset()).error("Sample/NoArena", found.pointer(),
              "ConfigureMatch starts a match, but no tile plays " + experience + " on a map, so it has no arena: add a tile"
                  + " (ui/experiences) whose experienceId names it and whose mapId names a map with \"tiles\", such as Map:Arena");
        }
      }
    }
  }

  private static void check(
      ProjectContext context, Found found, PrimaryAssetId tile, PrimaryAssetId experience, PrimaryAssetId mapId, MapDefinition map) {
    String where = "map " + mapId + ", which " + tile + " plays " + experience + " on";
    List<String> teams = found.match().teams();
    if (map.tiles().isEmpty()) {
      context.about(found.asset()).error("Sample/NoArena", found.pointer(),
          "ConfigureMatch starts a match, but " + where + ", has no \"tiles\" to play on");
      return;
    }
    Set<Character> spawns = new LinkedHashSet<>();
    int floor = 0;
    for (String row : map.tiles()) {
      for (char cell : row.toCharArray()) {
        if (cell >= '1' && cell <= '4') {
          spawns.add(cell);
        }
        if (cell != '#') {
          floor++;
        }
      }
    }
    if (teams.size() > spawns.size()) {
      context.about(found.asset()).error("Sample/TooManyTeams", found.pointer() + "/teams",
          "ConfigureMatch names " + teams.size() + " teams, but " + where + ", has spawns for " + spawns.size()
              + " (tiles " + quoted(spawns) + ")");
    } else {
      for (int team = 0; team < teams.size(); team++) {
        char spawn = (char) ('1' + team);
        if (!spawns.contains(spawn)) {
          context.about(found.asset()).error("Sample/TeamWithoutSpawn", found.pointer() + "/teams/" + team,
              "Team " + teams.get(team) + " has no spawn on " + where + ": put a '" + spawn + "' on its floor");
        }
      }
    }
    long heroes = found.match().heroes();
    if (heroes > floor) {
      context.about(found.asset()).error("Sample/TooManyHeroes", found.pointer() + "/teamSize",
          "ConfigureMatch puts " + heroes + " heroes (" + teams.size() + " teams of " + found.match().teamSize() + ") on "
              + where + ", which has " + floor + " floor cells");
    }
  }

  /**
   * A match plays with heroes: the experience's pawn data must spawn a {@link Hero} (its class, or
   * its archetype's). Otherwise the match finds nobody to play and the game runs without one.
   */
  private static void checkHeroes(ProjectContext context, PrimaryAssetId experienceId, Found match, Set<String> reported) {
    Optional<PrimaryAssetId> pawnDataId = context.asset(experienceId).filter(ExperienceDefinition.class::isInstance)
        .map(ExperienceDefinition.class::cast).flatMap(ExperienceDefinition::pawnData);
    Optional<PawnData> pawnData = pawnDataId.flatMap(context::asset).filter(PawnData.class::isInstance).map(PawnData.class::cast);
    if (pawnData.isEmpty()) {
      return; // none named (the game's default applies), or not loaded: its own problem
    }
    ClassOrAsset<?> pawnClass = pawnData.get().pawnClass();
    Optional<Class<?>> spawned = pawnClass.classRef().<Class<?>>map(ClassRef::type)
        .or(() -> pawnClass.asset().flatMap(context::asset).filter(ObjectArchetype.class::isInstance)
            .map(archetype -> ((ObjectArchetype) archetype).objectClass()));
    if (spawned.isPresent() && !Hero.class.isAssignableFrom(spawned.get())
        && reported.add("heroes " + match.asset() + match.pointer() + " " + pawnDataId.get())) {
      context.about(match.asset()).error("Sample/NotAHero", match.pointer(),
          "ConfigureMatch plays with heroes, but " + experienceId + "'s pawn data " + pawnDataId.get() + " spawns a "
              + spawned.get().getSimpleName() + " (pawnClass " + pawnClass + "), which is not a Hero; give it the Hero class"
              + " or an archetype of one, such as Archetype:StandardHero");
    }
  }

  /**
   * The asset {@code id} as the check sees it, loaded for the check when it is not in memory: live
   * content checks an edited experience with the rest of the game as it is, and the tiles and maps
   * are not kept loaded by the game. A load that fails is that asset's own problem: empty.
   */
  private static <T> Optional<T> asset(ProjectContext context, PrimaryAssetId id, Class<T> type) {
    Optional<T> known = context.asset(id).filter(type::isInstance).map(type::cast);
    if (known.isPresent() || context.assets().index().find(id).isEmpty()) {
      return known;
    }
    LoadHandle handle = context.assets().loadPrimaryAssets(List.of(id), List.of());
    try {
      return Optional.ofNullable(handle.waitUntilComplete(LOAD_TIMEOUT).assets().get(id)).filter(type::isInstance).map(type::cast);
    } catch (AssetLoadException | TimeoutException e) {
      return Optional.empty();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Optional.empty();
    } finally {
      handle.release();
    }
  }

  private static String quoted(Set<Character> spawns) {
    List<String> names = new ArrayList<>();
    spawns.stream().sorted().forEach(spawn -> names.add("'" + spawn + "'"));
    return names.isEmpty() ? "none" : String.join(", ", names);
  }

  /** The ConfigureMatch actions of the experience and of the action sets it reaches. */
  private static List<Found> matches(ProjectContext context, PrimaryAssetId experienceId) {
    List<Found> found = new ArrayList<>();
    Optional<ExperienceDefinition> experience = context.asset(experienceId)
        .filter(ExperienceDefinition.class::isInstance).map(ExperienceDefinition.class::cast);
    if (experience.isEmpty()) {
      return found;
    }
    collect(experienceId, experience.get().actions(), found);
    Deque<PrimaryAssetId> pending = new ArrayDeque<>(experience.get().actionSets());
    Set<PrimaryAssetId> seen = new HashSet<>();
    while (!pending.isEmpty()) {
      PrimaryAssetId setId = pending.poll();
      if (!seen.add(setId)) {
        continue;
      }
      context.asset(setId).filter(ExperienceActionSet.class::isInstance).map(ExperienceActionSet.class::cast)
          .ifPresent(set -> {
            collect(setId, set.actions(), found);
            pending.addAll(set.actionSets());
          });
    }
    return found;
  }

  private static void collect(PrimaryAssetId asset, List<GameFeatureAction> actions, List<Found> found) {
    for (int i = 0; i < actions.size(); i++) {
      if (actions.get(i) instanceof ConfigureMatch match) {
        found.add(new Found(match, asset, "/actions/" + i));
      }
    }
  }
}
