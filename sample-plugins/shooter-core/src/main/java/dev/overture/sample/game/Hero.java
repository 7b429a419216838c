package dev.overture.sample.game;

import dev.overture.asset.ValueRange;
import dev.overture.object.ObjectInitializer;
import dev.overture.object.Property;
import dev.overture.sample.game.ArenaLevel.Cell;
import dev.overture.world.Pawn;

/**
 * The sample game's pawn, for players and bots alike. It creates its movement as a default
 * subobject, so a subclass or an archetype can replace or tune it. It holds its own match data as
 * properties (where it stands, its team, health and score), so a world store saves them; what it
 * does each turn is up to the components the experience's plugins add to it (a brain, a weapon,
 * health, score). Game thread only.
 */
public class Hero extends Pawn {

  /** The name of the movement subobject. */
  public static final String MOVEMENT = "Movement";

  /** Health a hero starts and respawns with. */
  public static final int MAX_HEALTH = 100;

  private final HeroMovement movement;

  @Property int slot;
  @Property int team;
  @Property int x;
  @Property int y;
  @Property @ValueRange(min = 0, max = MAX_HEALTH) int health = MAX_HEALTH;
  @Property boolean alive = true;
  @Property int respawnIn;
  @Property int score;
  @Property int eliminations;
  @Property int deaths;

  /** Built by the object factory. */
  public Hero(ObjectInitializer initializer) {
    movement = createDefaultSubobject(MOVEMENT, HeroMovement.class);
  }

  /** How the hero moves. */
  public HeroMovement movement() {
    return movement;
  }

  /** Its place in the match: 0 for the player, then the bots; the order heroes are listed in (they act in a shuffled order). */
  public int slot() {
    return slot;
  }

  /** Its team's index. */
  public int team() {
    return team;
  }

  void join(int newSlot, int newTeam) {
    slot = newSlot;
    team = newTeam;
  }

  /** Where it stands. */
  public Cell cell() {
    return new Cell(x, y);
  }

  void moveTo(Cell cell) {
    x = cell.x();
    y = cell.y();
  }

  /** Its health, 0 when eliminated. */
  public int health() {
    return health;
  }

  /** Sets its health, kept between 0 and {@link #MAX_HEALTH} (a rule that heals or hurts). */
  public void setHealth(int value) {
    health = Math.max(0, Math.min(MAX_HEALTH, value));
  }

  /** Whether it is in play (not waiting to respawn). */
  public boolean isAlive() {
    return alive;
  }

  void eliminate(int respawnTurns) {
    alive = false;
    health = 0;
    deaths = upToLargest(deaths);
    respawnIn = respawnTurns;
  }

  /** Counts a turn down; true when it is time to respawn. */
  boolean waitToRespawn() {
    respawnIn = Math.max(0, respawnIn - 1);
    return respawnIn == 0;
  }

  void respawnAt(Cell cell) {
    moveTo(cell);
    alive = true;
    health = MAX_HEALTH;
  }

  /** Its points. */
  public int score() {
    return score;
  }

  /** Adds {@code points}, stopping at the ends of an int rather than wrapping (a restored score can be large). */
  void addScore(int points) {
    score = (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, (long) score + points));
  }

  /** Enemies it eliminated. */
  public int eliminations() {
    return eliminations;
  }

  void countElimination() {
    eliminations = upToLargest(eliminations);
  }

  /** {@code count} plus one, stopping at the largest int rather than wrapping (a restored count can be that large). */
  private static int upToLargest(int count) {
    return count == Integer.MAX_VALUE ? count : count + 1;
  }

  /** Times it was eliminated. */
  public int deaths() {
    return deaths;
  }
}
