package dev.overture.sample;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.overture.asset.PrimaryAssetId;
import dev.overture.experience.ExperienceManager;
import dev.overture.experience.LoadState;
import dev.overture.experience.MapDefinition;
import dev.overture.inject.Overture;
import dev.overture.sample.game.ArenaGameState;
import dev.overture.sample.game.ArenaLevel;
import dev.overture.sample.game.Hero;
import dev.overture.world.NetMode;
import dev.overture.world.World;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A new version of the map a watched match plays on is taken whole or not at all: a map that
 * would put a hero inside a wall or off the map, or whose rows are ragged, is refused in words and
 * the match keeps the map it had; any other edit (a title, a wall where nobody stands) is taken.
 */
class MapReloadTest {

  private static final String MAP = "Map:Arena";
  private final Overture overture = SampleContent.openReady(Path.of("../assets"));
  private World world;

  @AfterEach
  void close() {
    if (world != null) {
      world.close();
    }
    overture.close();
  }

  /** Elimination on the Arena, loaded, its heroes placed. */
  private ArenaLevel playing() {
    world = overture.worlds().create("Reload", NetMode.STANDALONE, ArenaGameState.class);
    ArenaLevel level = world.subsystem(ArenaLevel.class);
    level.load(MAP, map());
    ExperienceManager manager = ExperienceManager.of(world).orElseThrow();
    manager.setCurrentExperience(PrimaryAssetId.parse("Experience:Elimination"));
    await().pollInSameThread().atMost(Duration.ofMinutes(1)).until(() -> {
      world.runPendingTasks();
      return manager.state() == LoadState.LOADED || manager.state() == LoadState.FAILED;
    });
    assertEquals(LoadState.LOADED, manager.state());
    world.tick(1.0 / 30); // the match starts and places its heroes
    return level;
  }

  private MapDefinition map() {
    return overture.assets().loadSynchronously(PrimaryAssetId.parse(MAP), MapDefinition.class);
  }

  private static MapDefinition withTile(MapDefinition map, int x, int y, char tile) {
    List<String> rows = new ArrayList<>(map.tiles());
    StringBuilder row = new StringBuilder(rows.get(y));
    row.setCharAt(x, tile);
    rows.set(y, row.toString());
    return new MapDefinition(map.title(), map.description(), rows);
  }

  @Test
  void aMapThatWouldPutAHeroInsideAWall_isRefused_andTheMatchKeepsItsMap() {
    ArenaLevel level = playing();
    Hero hero = ArenaView.match(world).orElseThrow().heroes().get(0);
    MapDefinition walled = withTile(map(), hero.cell().x(), hero.cell().y(), '#');

    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> MapReload.take(world, level, MAP, walled));

    assertEquals("the new map would put " + hero.name() + " at (" + hero.cell().x() + "," + hero.cell().y() + ") inside a wall;"
        + " the match keeps the map it had", e.getMessage());
    org.junit.jupiter.api.Assertions.assertNotEquals('#', level.tile(hero.cell().x(), hero.cell().y()), "the old floor is still there");
  }

  @Test
  void aSmallerMap_orARaggedOne_isRefusedToo() {
    ArenaLevel level = playing();
    MapDefinition small = new MapDefinition("Tiny", "", List.of("###", "#.#", "###"));
    IllegalArgumentException off = assertThrows(IllegalArgumentException.class, () -> MapReload.take(world, level, MAP, small));
    assertEquals(true, off.getMessage().endsWith(", off the map; the match keeps the map it had"), off.getMessage());

    List<String> rows = new ArrayList<>(map().tiles());
    rows.set(3, rows.get(3).substring(1));
    MapDefinition ragged = new MapDefinition("Arena", "", rows);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> MapReload.take(world, level, MAP, ragged));
    assertEquals("Row 3 of the map is 18 tiles long, but row 0 is 19; every row must be as long as the first; the match keeps"
        + " the map it had", e.getMessage());
    assertEquals("Arena", level.title());
  }

  @Test
  void aNewTitle_isTaken() {
    ArenaLevel level = playing();
    MapReload.take(world, level, MAP, new MapDefinition("Arena Two", "", map().tiles()));
    assertEquals("Arena Two", level.title());
  }
}
