package dev.overture.sample.game.checks;

import dev.overture.asset.PrimaryAssetId;
import dev.overture.asset.PrimaryAssetType;
import dev.overture.experience.ExperienceActionSet;
import dev.overture.asset.ClassOrAsset;
import dev.overture.asset.ClassRef;
import dev.overture.experience.ExperienceDefinition;
import dev.overture.experience.MapDefinition;
import dev.overture.experience.PawnData;
import dev.overture.experience.UserFacingExperience;
import dev.overture.feature.GameFeatureAction;
import dev.overture.object.ObjectArchetype;
import dev.overture.feature.AddComponents;
import dev.overture.sample.game.ArenaGameState;
import dev.overture.sample.game.ArenaLevel;
import dev.overture.sample.game.ConfigureMatch;
import dev.overture.sample.game.ControlPoints;
import dev.overture.sample.game.BotBrain;
import dev.overture.sample.game.EliminationScoring;
import dev.overture.sample.game.LineOfSightWeapon;
import dev.overture.sample.game.FloorItems;
import dev.overture.sample.game.MatchRules;
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
 *   <li>{@code Sample/NoPawnData}: the experience names no pawn data and the game sets no default,
 *       so nobody spawns to play the match.
 *   <li>{@code Sample/WalledInSpawn}: a team's spawn from which no way over the floor leads to
 *       another team's spawn: a hero placed there never meets an enemy (at the map's row).
 *   <li>{@code Sample/NoCapturePoints}: ControlPoints scores held capture points ({@code *}), but
 *       the map has none, or none a hero can walk to from a spawn.
 *   <li>{@code Sample/NoFreeFloor}: an action lays more things on the free floor ({@link FloorItems}:
 *       health pickups) than the map has cells besides the heroes'.
 *   <li>{@code Sample/NoWayToScore}: nothing the experience adds to the game state scores (neither
 *       EliminationScoring nor ControlPoints), or EliminationScoring in a match of one team, or
 *       heroes that cannot do what the scoring needs (EliminationScoring with no weapon on a hero,
 *       ControlPoints with no hero that moves): no team could ever reach the score limit.
 * </ul>
 *
 * Each at the {@code ConfigureMatch} that asks for it (in the experience or one of its action
 * sets), or at the map's row or the rule's entry where the fault is written. {@code play} plays
 * such a match all the same (nobody can win it): {@code validate} is the gate. Stateless; the
 * action sets are walked without recursion, each once.
 */
public final class MatchSetup implements ProjectValidator {

  private static final PrimaryAssetType EXPERIENCE = PrimaryAssetType.of("Experience");
  private static final PrimaryAssetType TILE = PrimaryAssetType.of("UserFacingExperience");
  private static final java.time.Duration LOAD_TIMEOUT = java.time.Duration.ofMinutes(1);

  /** A ConfigureMatch and where it is written. */
  private record Found(ConfigureMatch match, PrimaryAssetId asset, String pointer) {}

  /** A rule of the match (a {@link MatchRules} component the game state gets on the server), and where it is added. */
  private record Rule(Class<?> component, PrimaryAssetId asset, String pointer) {}

  /** An action laying things on the free floor, and where it is written. */
  private record Items(FloorItems action, PrimaryAssetId asset, String pointer) {}

  /** An experience's matches, rules and floor items: its own actions' and those of the action sets it reaches. */
  private record Content(List<Found> matches, List<Rule> rules, List<Items> items, List<Class<?>> heroComponents) {}

  @Override
  public void isDataValid(ProjectContext context) {
    try (CheckLoads loads = CheckLoads.of(context, LOAD_TIMEOUT)) {
      checkAll(context, loads);
    }
  }

  private static void checkAll(ProjectContext context, CheckLoads loads) {
    // Every tile, then every map they name, read ahead side by side rather than one after the other.
    List<PrimaryAssetId> tiles = context.assets().index().ids(TILE);
    loads.readAhead(tiles);
    List<PrimaryAssetId> maps = new ArrayList<>();
    for (PrimaryAssetId id : tiles) {
      loads.get(id, UserFacingExperience.class).flatMap(UserFacingExperience::map).ifPresent(maps::add);
    }
    loads.readAhead(maps);
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
      Optional<UserFacingExperience> tile = id.type().equals(TILE) ? loads.get(id, UserFacingExperience.class) : Optional.empty();
      everyTileKnown &= !id.type().equals(TILE) || tile.isPresent();
      if (tile.isEmpty() || tile.get().map().isEmpty()) {
        continue;
      }
      onAMap.add(tile.get().experienceId());
      PrimaryAssetId mapId = tile.get().map().get();
      Optional<MapDefinition> map = loads.get(mapId, MapDefinition.class);
      if (map.isEmpty()) {
        continue; // not loaded: its own problem
      }
      Content content = content(context, tile.get().experienceId());
      for (Found found : content.matches()) {
        if (reported.add(found.asset() + found.pointer() + " " + mapId)) {
          check(context, found, content, id, tile.get().experienceId(), mapId, map.get(), reported);
        }
      }
    }
    for (PrimaryAssetId experience : experiences) {
      List<Found> all = content(context, experience).matches();
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
      for (Found found : content(context, experience).matches()) {
        if (reported.add(found.asset() + found.pointer() + " " + experience)) {
          context.about(found.asset()).error("Sample/NoArena", found.pointer(),
              "ConfigureMatch starts a match, but no tile plays " + experience + " on a map, so it has no arena: add a tile"
                  + " (ui/experiences) whose experienceId names it and whose mapId names a map with \"tiles\", such as Map:Arena");
        }
      }
    }
  }

  private static void check(ProjectContext context, Found found, Content content, PrimaryAssetId tile, PrimaryAssetId experience,
      PrimaryAssetId mapId, MapDefinition map, Set<String> reported) {
    List<Rule> rules = content.rules();
    String where = "map " + mapId + ", which " + tile + " plays " + experience + " on";
    List<String> teams = found.match().teams();
    if (map.tiles().isEmpty()) {
      context.about(found.asset()).error("Sample/NoArena", found.pointer(),
          "ConfigureMatch starts a match, but " + where + ", has no \"tiles\" to play on");
      return;
    }
    if (ArenaLevel.problems(map.tiles()).stream().anyMatch(problem -> problem.id().equals(ArenaLevel.MAP_TOO_LARGE))) {
      // MapRows refuses it; working out who reaches what on a 16 MB map of 3,000 by 3,000 tiles held
      // validate, play and live content for minutes and gigabytes, to report what follows from its size.
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
    boolean everyTeamSpawns = teams.size() <= spawns.size();
    if (!everyTeamSpawns) {
      context.about(found.asset()).error("Sample/TooManyTeams", found.pointer() + "/teams",
          "ConfigureMatch names " + teams.size() + " teams, but " + where + ", has spawns for " + spawns.size()
              + " (tiles " + quoted(spawns) + ")");
    } else {
      for (int team = 0; team < teams.size(); team++) {
        char spawn = (char) ('1' + team);
        if (!spawns.contains(spawn)) {
          everyTeamSpawns = false;
          context.about(found.asset()).error("Sample/TeamWithoutSpawn", found.pointer() + "/teams/" + team,
              "Team " + teams.get(team) + " has no spawn on " + where + ": put a '" + spawn + "' on its floor");
        }
      }
    }
    int reachable = floor;
    MapReach reach = null;
    if (everyTeamSpawns) {
      reach = new MapReach(map.tiles());
      checkReach(context, teams, reach, mapId, where, reported);
      checkScoring(context, found, content, teams, reach, where);
      reachable = ArenaLevel.reachableFrom(map.tiles(), spawnsOf(reach, teams.size())).size();
    }
    long heroes = found.match().heroes();
    if (heroes > dev.overture.sample.game.ConfigureMatch.MAX_HEROES) {
      return; // the action's own validate says so; no floor holds such a match anyway
    }
    if (heroes > reachable) {
      // Heroes beyond a team's spawns stand on floor its spawns lead to (ArenaMatch); a walled-off
      // room holds none of them.
      context.about(found.asset()).error("Sample/TooManyHeroes", found.pointer() + "/teamSize",
          "ConfigureMatch puts " + heroes + " heroes (" + teams.size() + " teams of " + found.match().teamSize() + ") on "
              + where + ", which has " + floorCells(reachable, floor));
      return;
    }
    if (reach != null && tooManyForTheirFloor(context, found, teams, reach, map.tiles(), where)) {
      return;
    }
    // Things laid on the floor lie where heroes can walk to them (HealthPickups): the same floor.
    checkFreeFloor(context, content.items(), heroes, reachable, floorCells(reachable, floor), where, reported);
  }

  /**
   * Every set of teams has room for its heroes on the floor its spawns lead to: a hero beyond its
   * team's spawns stands on that floor (ArenaMatch, which asks the same {@link ArenaLevel#shortOfRoom}
   * as it places them), so teams in rooms of their own, or sharing one too small for them, need room
   * there, whatever the rest of the map has (all the teams together are the caller's check, in its own
   * words, before this). Reports the smallest set that has not, once; true when one has not.
   */
  private static boolean tooManyForTheirFloor(ProjectContext context, Found found, List<String> teams, MapReach reach,
      List<String> tiles, String where) {
    long teamSize = found.match().teamSize();
    List<List<ArenaLevel.Cell>> floors = new java.util.ArrayList<>();
    long[] heroes = new long[teams.size()];
    for (int team = 0; team < teams.size(); team++) {
      floors.add(ArenaLevel.reachableFrom(tiles, reach.cells((char) ('1' + team))));
      heroes[team] = teamSize;
    }
    java.util.Optional<ArenaLevel.Shortfall> tooFew = ArenaLevel.shortOfRoom(floors, heroes, cell -> false);
    tooFew.ifPresent(shortfall -> {
      List<String> names = shortfall.teams().stream().map(teams::get).toList();
      String named = names.size() == 1 ? "team " + names.get(0)
          : "teams " + String.join(", ", names.subList(0, names.size() - 1)) + " and " + names.get(names.size() - 1) + ", "
              + teamSize + " each";
      context.about(found.asset()).error("Sample/TooManyHeroes", found.pointer() + "/teamSize",
          "ConfigureMatch puts " + shortfall.heroes() + " heroes (" + named + ") on " + where + ", where the floor "
              + (names.size() == 1 ? "its" : "their") + " spawns lead to has " + shortfall.room() + " cells");
    });
    return tooFew.isPresent();
  }

  /** The floor heroes and what is laid for them can use, in words: all of it, or the part the spawns lead to. */
  private static String floorCells(int reachable, int floor) {
    return reachable == floor ? floor + " floor cells" : reachable + " floor cells its spawns lead to (" + floor + " in all)";
  }

  /** The spawn cells of the first {@code teams} teams. */
  private static List<ArenaLevel.Cell> spawnsOf(MapReach reach, int teams) {
    List<ArenaLevel.Cell> spawns = new java.util.ArrayList<>();
    for (int team = 0; team < teams; team++) {
      spawns.addAll(reach.cells((char) ('1' + team)));
    }
    return spawns;
  }

  /**
   * Things laid on the free floor (health pickups) each need a cell no hero and nothing else laid
   * there takes: otherwise the match would have nowhere to put the last of them.
   */
  private static void checkFreeFloor(
      ProjectContext context, List<Items> items, long heroes, int floor, String floorInWords, String where, Set<String> reported) {
    long taken = heroes;
    for (Items item : items) {
      long wanted = item.action().floorItems();
      if (taken + wanted > floor && reported.add("floor " + item.asset() + item.pointer() + " " + where)) {
        String kind = item.action().getClass().getSimpleName();
        long left = Math.max(0, floor - taken);
        context.about(item.asset()).error("Sample/NoFreeFloor", item.pointer() + item.action().floorItemsField(),
            kind + " lays " + wanted + " " + item.action().floorItemsName() + " on " + where + ", which has " + floorInWords
                + ", " + taken + " of them taken by the heroes" + (taken > heroes ? " and what other actions lay" : "")
                + "; lower \"" + item.action().floorItemsField().substring(1) + "\" to at most " + left);
      }
      taken += wanted;
    }
  }

  /**
   * Each spawn of a team that plays leads over the floor to a spawn of another team; otherwise a
   * hero placed there never meets an enemy. The spawns walled in are reported once a team, at the
   * map's row of the first; teams walled off from each other entirely, once, at the map's tiles.
   */
  private static void checkReach(
      ProjectContext context, List<String> teams, MapReach reach, PrimaryAssetId mapId, String where, Set<String> reported) {
    if (teams.size() < 2) {
      return; // no enemy to meet: checkScoring says what that means for the match
    }
    List<List<ArenaLevel.Cell>> spawns = new ArrayList<>();
    for (int team = 0; team < teams.size(); team++) {
      spawns.add(reach.cells((char) ('1' + team)));
    }
    List<List<ArenaLevel.Cell>> walledIn = new ArrayList<>();
    boolean anyMeets = false;
    for (int team = 0; team < teams.size(); team++) {
      List<ArenaLevel.Cell> enemies = new ArrayList<>();
      for (int other = 0; other < teams.size(); other++) {
        if (other != team) {
          enemies.addAll(spawns.get(other));
        }
      }
      List<ArenaLevel.Cell> alone = new ArrayList<>();
      for (ArenaLevel.Cell spawn : spawns.get(team)) {
        if (!reach.reachesAny(spawn, enemies)) {
          alone.add(spawn);
        }
      }
      anyMeets |= alone.size() < spawns.get(team).size();
      walledIn.add(alone);
    }
    if (!anyMeets) {
      if (reported.add("walled off " + mapId + " " + teams.size())) {
        List<String> each = new ArrayList<>();
        for (int team = 0; team < teams.size(); team++) {
          each.add("team " + teams.get(team) + " at " + cells(spawns.get(team)));
        }
        context.about(mapId).error("Sample/WalledInSpawn", "/tiles", "No way over the floor leads from one team's spawns to"
            + " another's (" + String.join("; ", each) + "), so no hero ever meets an enemy; open a way through the walls ('#')"
            + " (" + where + ")");
      }
      return;
    }
    for (int team = 0; team < teams.size(); team++) {
      List<ArenaLevel.Cell> alone = walledIn.get(team);
      if (!alone.isEmpty() && reported.add("walled " + mapId + cells(alone) + " " + teams.size())) {
        boolean one = alone.size() == 1;
        context.about(mapId).error("Sample/WalledInSpawn", "/tiles/" + alone.get(0).y(),
            (one ? "The spawn '" : "The spawns '") + (char) ('1' + team) + "' at " + cells(alone) + " (team " + teams.get(team)
                + (one ? ") is" : ") are") + " walled in: no way over the floor leads from " + (one ? "it" : "them")
                + " to another team's spawn, so a hero placed there never meets an enemy; open a way through the walls ('#') ("
                + where + ")");
      }
    }
  }

  /** {@code (1,2)}, {@code (1,2) and (3,4)}, {@code (1,2), (3,4) and (5,6)}. */
  private static String cells(List<ArenaLevel.Cell> cells) {
    List<String> text = cells.stream().map(MatchSetup::cell).toList();
    return text.size() == 1 ? text.get(0)
        : String.join(", ", text.subList(0, text.size() - 1)) + " and " + text.get(text.size() - 1);
  }

  /** {@code (x,y)}, as the game shows a cell. */
  private static String cell(ArenaLevel.Cell cell) {
    return "(" + cell.x() + "," + cell.y() + ")";
  }

  /**
   * The match can be won: what the experience adds to the game state scores. EliminationScoring
   * scores eliminations, which need two teams; ControlPoints scores held capture points, which the
   * map must have where a hero can walk to them. A rule this check does not know (another
   * plugin's) may score: the match is then taken as winnable.
   */
  private static void checkScoring(
      ProjectContext context, Found found, Content content, List<String> teams, MapReach reach, String where) {
    boolean armed = content.heroComponents().stream().anyMatch(LineOfSightWeapon.class::isAssignableFrom);
    boolean moving = content.heroComponents().stream().anyMatch(BotBrain.class::isAssignableFrom);
    boolean scores = false;
    boolean eliminations = false;
    List<String> idle = new ArrayList<>();
    List<String> needed = new ArrayList<>();
    for (Rule rule : content.rules()) {
      if (EliminationScoring.class.isAssignableFrom(rule.component())) {
        eliminations = true;
        scores |= teams.size() >= 2 && armed;
        if (teams.size() >= 2 && !armed) {
          idle.add("EliminationScoring scores eliminations, and no hero has a weapon (LineOfSightWeapon)");
          needed.add("LineOfSightWeapon");
        }
      } else if (ControlPoints.class.isAssignableFrom(rule.component())) {
        List<ArenaLevel.Cell> points = reach.cells('*');
        List<ArenaLevel.Cell> spawns = new ArrayList<>();
        for (int team = 0; team < teams.size(); team++) {
          spawns.addAll(reach.cells((char) ('1' + team)));
        }
        boolean reachable = points.stream().anyMatch(point -> reach.reachesAny(point, spawns));
        if (!reachable) {
          context.about(rule.asset()).error("Sample/NoCapturePoints", rule.pointer(), points.isEmpty()
              ? "ControlPoints scores the capture points a team holds, but " + where + ", has none: put a '*' on its floor"
              : "ControlPoints scores the capture points a team holds, but no hero can walk to one of the "
                  + points.size() + " on " + where + " from a spawn: open a way through the walls ('#')");
          return;
        }
        scores |= moving;
        if (!moving) {
          idle.add("ControlPoints scores the capture points a team holds, and no hero moves (BotBrain) to reach one");
          needed.add("BotBrain");
        }
      } else {
        return; // another plugin's rule: it may score
      }
    }
    if (!scores && !idle.isEmpty()) {
      context.about(found.asset()).error("Sample/NoWayToScore", found.pointer(), "ConfigureMatch plays to "
          + found.match().scoreLimit() + " points, but no team can reach them: " + String.join("; ", idle) + "; add "
          + String.join(" and ", needed) + " to Hero with"
          + " AddComponents (the action set ShooterCoreComponents does)");
    } else if (!scores) {
      context.about(found.asset()).error("Sample/NoWayToScore", found.pointer(), eliminations
          ? "ConfigureMatch names one team, and EliminationScoring scores only eliminations of another team's heroes, so no"
              + " team can reach the score limit of " + found.match().scoreLimit() + "; name a second team, or add ControlPoints"
          : "ConfigureMatch plays to " + found.match().scoreLimit() + " points, but nothing the experience adds to the game state"
              + " scores, so no team can reach them; add EliminationScoring (a point an elimination) or ControlPoints (points"
              + " for the capture points held) to ArenaGameState with AddComponents");
    }
  }

  /**
   * A match plays with heroes: the experience's pawn data must spawn a {@link Hero} (its class, or
   * its archetype's). Otherwise the match finds nobody to play and the game runs without one.
   */
  private static void checkHeroes(ProjectContext context, PrimaryAssetId experienceId, Found match, Set<String> reported) {
    Optional<PrimaryAssetId> pawnDataId = context.asset(experienceId).filter(ExperienceDefinition.class::isInstance)
        .map(ExperienceDefinition.class::cast).flatMap(ExperienceDefinition::pawnData);
    if (pawnDataId.isEmpty() && context.assets().defaultPawnData().isEmpty() && context.asset(experienceId).isPresent()
        && reported.add("no pawn data " + match.asset() + match.pointer() + " " + experienceId)) {
      context.about(match.asset()).error("Sample/NoPawnData", match.pointer(),
          "ConfigureMatch plays with heroes, but " + experienceId + " names no pawn data (\"defaultPawnData\") and the game sets"
              + " no default, so nobody spawns to play; name one, such as \"HeroPawn\"");
      return;
    }
    // The experience's own, or else the game's default (overture.json), which its load falls back to.
    String whose = pawnDataId.isPresent() ? experienceId + "'s pawn data " : experienceId + "'s pawn data, the game's default, ";
    pawnDataId = pawnDataId.or(() -> context.assets().defaultPawnData());
    Optional<PawnData> pawnData = pawnDataId.flatMap(context::asset).filter(PawnData.class::isInstance).map(PawnData.class::cast);
    if (pawnData.isEmpty()) {
      return; // not loaded: its own problem
    }
    ClassOrAsset<?> pawnClass = pawnData.get().pawnClass();
    Optional<Class<?>> spawned = pawnClass.classRef().<Class<?>>map(ClassRef::type)
        .or(() -> pawnClass.asset().flatMap(context::asset).filter(ObjectArchetype.class::isInstance)
            .map(archetype -> ((ObjectArchetype) archetype).objectClass()));
    if (spawned.isPresent() && !Hero.class.isAssignableFrom(spawned.get())
        && reported.add("heroes " + match.asset() + match.pointer() + " " + pawnDataId.get())) {
      context.about(match.asset()).error("Sample/NotAHero", match.pointer(),
          "ConfigureMatch plays with heroes, but " + whose + pawnDataId.get() + " spawns a "
              + spawned.get().getSimpleName() + " (pawnClass " + pawnClass + "), which is not a Hero; give it the Hero class"
              + " or an archetype whose \"class\" is Hero");
    }
  }

  private static String quoted(Set<Character> spawns) {
    List<String> names = new ArrayList<>();
    spawns.stream().sorted().forEach(spawn -> names.add("'" + spawn + "'"));
    return names.isEmpty() ? "none" : String.join(", ", names);
  }

  /** The ConfigureMatch actions and the match's rules of the experience and of the action sets it reaches. */
  private static Content content(ProjectContext context, PrimaryAssetId experienceId) {
    Content found = new Content(new ArrayList<>(), new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
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

  private static void collect(PrimaryAssetId asset, List<GameFeatureAction> actions, Content found) {
    for (int i = 0; i < actions.size(); i++) {
      if (actions.get(i) instanceof FloorItems items) {
        found.items().add(new Items(items, asset, "/actions/" + i));
      }
      if (actions.get(i) instanceof ConfigureMatch match) {
        found.matches().add(new Found(match, asset, "/actions/" + i));
      } else if (actions.get(i) instanceof AddComponents add) {
        for (int entry = 0; entry < add.componentList().size(); entry++) {
          AddComponents.Entry component = add.componentList().get(entry);
          // The rules run where the match is played, on the server; they are components of the game state.
          // What a hero does in a turn (move, fire) is a component the server gives it.
          if (component.server() && component.actorClass().type().isAssignableFrom(Hero.class)) {
            found.heroComponents().add(component.componentClass().type());
          }
          if (component.server() && component.actorClass().type().isAssignableFrom(ArenaGameState.class)
              && MatchRules.class.isAssignableFrom(component.componentClass().type())) {
            found.rules().add(new Rule(component.componentClass().type(), asset,
                "/actions/" + i + "/componentList/" + entry + "/componentClass"));
          }
        }
      }
    }
  }
}
