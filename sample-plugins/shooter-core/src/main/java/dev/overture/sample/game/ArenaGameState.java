package dev.overture.sample.game;

import dev.overture.object.Property;
import dev.overture.world.GameState;
import java.util.Map;
import java.util.TreeMap;

/**
 * The sample game's game state: the match's persistent data, and nothing that acts. The rules
 * (components that feature plugins add through actions) keep here what must survive a save: the
 * seeded random generator, the turn, and their named counters, because a world store saves
 * actors' properties but not the components a feature requested (the feature adds those again).
 * With no experience loaded nothing reads or changes it.
 *
 * <p>Confined to the world's game thread.
 */
public class ArenaGameState extends GameState {

  @Property long seed;
  @Property long random;
  @Property int turn;
  @Property String experience = "";
  @Property String map = "";
  @Property String winner = "";
  @Property boolean over;
  /** Counters of the rules by name (team scores, capture progress...); replaced on each change. */
  @Property Map<String, Integer> counters = Map.of();

  /** Built by the object factory. */
  public ArenaGameState() {}

  /** Starts the random sequence of a new match from {@code newSeed}. */
  public void seed(long newSeed) {
    seed = newSeed;
    random = newSeed;
  }

  /** The seed the match started from. */
  public long seed() {
    return seed;
  }

  /**
   * The next number from 0 (inclusive) to {@code bound} (exclusive) of the match's seeded sequence
   * (SplitMix64), whose state is saved with the world: the only randomness the rules use.
   */
  public int nextInt(int bound) {
    if (bound < 1) {
      throw new IllegalArgumentException("bound < 1: " + bound);
    }
    random += 0x9E3779B97F4A7C15L;
    long z = random;
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    z ^= z >>> 31;
    return (int) Long.remainderUnsigned(z, bound);
  }

  /** The turn the match is at (0 before it starts). */
  public int turn() {
    return turn;
  }

  /** The next turn; a match restored at the largest turn stays there rather than wrapping to a negative one. */
  void nextTurn() {
    if (turn < Integer.MAX_VALUE) {
      turn++;
    }
  }

  /** The experience the match was started by, as an id string ("" before). */
  public String experience() {
    return experience;
  }

  /** The map the match is played on, as an id string ("" before). */
  public String map() {
    return map;
  }

  void begin(String experienceId, String mapId) {
    experience = experienceId;
    map = mapId;
  }

  /** Whether the match is over. */
  public boolean isOver() {
    return over;
  }

  /** Whether the match is over and no single team won: the leading teams drew. */
  public boolean isDraw() {
    return over && winner.isEmpty();
  }

  /** Who won, once over ("" for a draw or before). */
  public String winner() {
    return winner;
  }

  /** Ends the match, won by {@code winnerName}, or drawn when it is "". */
  void end(String winnerName) {
    over = true;
    winner = winnerName;
  }

  /** The counter {@code name}, 0 when never set. */
  public int counter(String name) {
    return counters.getOrDefault(name, 0);
  }

  /** Sets counter {@code name}. */
  public void setCounter(String name, int value) {
    TreeMap<String, Integer> changed = new TreeMap<>(counters);
    changed.put(name, value);
    counters = Map.copyOf(changed);
  }
}
