package dev.overture.sample.topdown;

import dev.overture.sample.game.ArenaGameState;
import dev.overture.sample.game.ArenaLevel.Cell;
import dev.overture.sample.game.ArenaMatch;
import dev.overture.sample.game.Hero;
import dev.overture.sample.game.MatchEvent;
import dev.overture.sample.game.MatchEvents;
import dev.overture.sample.game.MatchRules;
import dev.overture.world.ActorComponent;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * TopDownArena's rule: health pickups lie on free floor cells (placed by the match's seeded
 * sequence); a hero who steps on one heals, and a new one appears elsewhere. Hurt heroes (under
 * half health) head for the nearest. Where the pickups lie is kept in the game state's counters,
 * so it is saved; each pickup is published to the world's {@link MatchEvents}. Added by the {@link
 * SpawnPickups} action. Game thread only.
 */
public class HealthPickups extends ActorComponent implements MatchRules {

  private SpawnPickups config = new SpawnPickups(null, null);

  /** Built by the object factory. */
  public HealthPickups() {}

  /** Not saved: the action adds it again, and where the pickups lie is in the game state. */
  @Override
  public boolean isPersistent() {
    return false;
  }

  void configure(SpawnPickups newConfig) {
    config = newConfig;
  }

  /** Where the pickups lie now. */
  public List<Cell> pickups(ArenaMatch match) {
    List<Cell> cells = new ArrayList<>();
    for (int i = 0; i < config.count(); i++) {
      int at = match.state().counter("pickup." + i) - 1;
      if (at >= 0) {
        cells.add(new Cell(at % match.level().width(), at / match.level().width()));
      }
    }
    return cells;
  }

  @Override
  public void afterTurn(ArenaMatch match) {
    ArenaGameState state = match.state();
    int width = match.level().width();
    List<Cell> floor = null; // found when a pickup needs placing
    for (int i = 0; i < config.count(); i++) {
      String key = "pickup." + i;
      int at = state.counter(key) - 1;
      if (at >= 0) {
        Optional<Hero> taker = match.heroAt(new Cell(at % width, at / width));
        if (taker.isEmpty()) {
          continue;
        }
        Hero hero = taker.get();
        int before = hero.health();
        hero.setHealth((int) Math.min(Integer.MAX_VALUE, (long) before + config.heal())); // a heal of 2^31-1 does not wrap
        match.publish(new MatchEvent.Pickup(state.turn(), hero.name(), match.teamName(hero.team()), new Cell(at % width, at / width),
            hero.health() - before));
      }
      List<Cell> free = new ArrayList<>();
      List<Cell> taken = pickups(match);
      if (floor == null) {
        floor = heroFloor(match);
      }
      for (Cell cell : floor) {
        if (match.heroAt(cell).isEmpty() && !taken.contains(cell)) {
          free.add(cell);
        }
      }
      if (free.isEmpty()) {
        // No free cell now (validate's Sample/NoFreeFloor keeps content from asking for more than the
        // map has, but heroes may crowd it): the pickup waits off the floor until a cell frees up.
        state.setCounter(key, 0);
        continue;
      }
      Cell placed = free.get(state.nextInt(free.size()));
      state.setCounter(key, placed.y() * width + placed.x() + 1);
    }
  }

  /**
   * The floor a hero can walk to from the spawns of the match's teams, row by row: a pickup in a
   * walled-off room could never be picked up (validate's Sample/NoFreeFloor counts the same floor).
   */
  private static List<Cell> heroFloor(ArenaMatch match) {
    List<Cell> spawns = new ArrayList<>();
    for (int team = 0; team < match.config().teams().size(); team++) {
      spawns.addAll(match.level().spawns(team));
    }
    return match.level().reachableFrom(spawns);
  }

  @Override
  public Optional<Cell> objective(ArenaMatch match, Hero hero) {
    if (hero.health() * 2 >= Hero.MAX_HEALTH) {
      return Optional.empty();
    }
    return match.nearest(hero.cell(), pickups(match));
  }

  /** Each pickup shows as {@code +}. */
  @Override
  public Map<Cell, Character> marks(ArenaMatch match) {
    Map<Cell, Character> marks = new LinkedHashMap<>();
    pickups(match).forEach(cell -> marks.put(cell, '+'));
    return marks;
  }

  @Override
  public String describe(ArenaMatch match) {
    return config.count() + " health pickups heal " + config.heal();
  }
}
