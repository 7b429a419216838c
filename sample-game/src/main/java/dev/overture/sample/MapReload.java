package dev.overture.sample;

import dev.overture.asset.PrimaryAssetId;
import dev.overture.experience.MapDefinition;
import dev.overture.live.LiveContent;
import dev.overture.sample.game.ArenaLevel;
import dev.overture.sample.game.Hero;
import dev.overture.world.Handle;
import dev.overture.world.World;
import java.util.List;

/**
 * The map a watched match plays on, followed by live content ({@link LiveContent#track}): a saved
 * edit of it (a wall moved, the title) reaches the running match at a tick boundary, once live
 * content has checked it as {@code validate} does. The match takes it whole or not at all: a map
 * that would put a hero inside a wall or off the map is refused (the match keeps the map it had,
 * and the refusal is printed with the change). Game thread only, like the level it changes.
 */
final class MapReload {

  private MapReload() {}

  /** Follows {@code mapId} for {@code world}'s {@code level}, which plays {@code map}, until the world closes. */
  static Handle follow(LiveContent live, World world, ArenaLevel level, PrimaryAssetId mapId, MapDefinition map) {
    return live.track(world, mapId, map, value -> take(world, level, mapId.toString(), (MapDefinition) value));
  }

  /**
   * Makes {@code map} the level's map, unless ShooterCore's map rules refuse it (ragged rows, a character that is no tile) or a hero of the match would
   * stand inside a wall or off the map.
   *
   * @throws IllegalArgumentException saying why, the level unchanged
   */
  static void take(World world, ArenaLevel level, String mapId, MapDefinition map) {
    List<String> rows = map.tiles();
    List<ArenaLevel.MapProblem> problems = ArenaLevel.problems(rows);
    if (!problems.isEmpty()) {
      throw new IllegalArgumentException(problems.get(0).message() + "; the match keeps the map it had");
    }
    for (Hero hero : ArenaView.match(world).map(match -> match.heroes()).orElse(List.of())) {
      int x = hero.cell().x();
      int y = hero.cell().y();
      boolean floor = y >= 0 && y < rows.size() && x >= 0 && x < rows.get(y).length() && rows.get(y).charAt(x) != '#';
      if (!floor) {
        throw new IllegalArgumentException("the new map would put " + hero.name() + " at (" + x + "," + y + ")"
            + (y >= 0 && y < rows.size() && x >= 0 && x < rows.get(y).length() ? " inside a wall" : ", off the map")
            + "; the match keeps the map it had");
      }
    }
    level.load(mapId, map);
  }
}
