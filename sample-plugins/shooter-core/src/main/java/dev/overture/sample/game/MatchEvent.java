package dev.overture.sample.game;

import dev.overture.sample.game.ArenaLevel.Cell;
import java.util.Objects;
import java.util.Optional;

/**
 * Something that happened in a match, as {@link MatchEvents} publishes it: a kill, a capture or a
 * pickup. Each carries the turn and the names a reader needs (heroes, teams), so a subscriber (the
 * {@code play} command's event lines, a live inspector) needs nothing else to show it; {@link
 * #line()} is the one-line text both use.
 *
 * <p>Immutable values.
 */
public sealed interface MatchEvent {

  /** The turn it happened in (1 for the first). */
  int turn();

  /** What kind of event it is, one word: {@code kill}, {@code capture} or {@code pickup}. */
  String kind();

  /** What happened, in a phrase without the turn. */
  String describe();

  /** The event as one line: {@code [turn 12] kill: Bot1 (Blue) eliminated Bot2 (Red)}. */
  default String line() {
    return "[turn " + turn() + "] " + kind() + ": " + describe();
  }

  /** {@code attacker} of team {@code attackerTeam} eliminated {@code victim} of {@code victimTeam}. */
  record Kill(int turn, String attacker, String attackerTeam, String victim, String victimTeam) implements MatchEvent {
    public Kill {
      Objects.requireNonNull(attacker, "attacker");
      Objects.requireNonNull(attackerTeam, "attackerTeam");
      Objects.requireNonNull(victim, "victim");
      Objects.requireNonNull(victimTeam, "victimTeam");
    }

    @Override
    public String kind() {
      return "kill";
    }

    @Override
    public String describe() {
      return attacker + " (" + attackerTeam + ") eliminated " + victim + " (" + victimTeam + ")";
    }
  }

  /**
   * Team {@code team} took capture point {@code point} (0 for the first on the map, shown as A) at
   * {@code cell}, from {@code from} or free.
   */
  record Capture(int turn, int point, Cell cell, String team, Optional<String> from) implements MatchEvent {
    public Capture {
      Objects.requireNonNull(cell, "cell");
      Objects.requireNonNull(team, "team");
      Objects.requireNonNull(from, "from");
    }

    /** The point's letter, as the HUD names it: A for the first. */
    public char label() {
      return (char) ('A' + point);
    }

    @Override
    public String kind() {
      return "capture";
    }

    @Override
    public String describe() {
      return team + " took point " + label() + " at (" + cell.x() + "," + cell.y() + ")" + from.map(owner -> " from " + owner).orElse("");
    }
  }

  /** {@code hero} of {@code team} picked up health at {@code cell}, gaining {@code healed}. */
  record Pickup(int turn, String hero, String team, Cell cell, int healed) implements MatchEvent {
    public Pickup {
      Objects.requireNonNull(hero, "hero");
      Objects.requireNonNull(team, "team");
      Objects.requireNonNull(cell, "cell");
    }

    @Override
    public String kind() {
      return "pickup";
    }

    @Override
    public String describe() {
      return hero + " (" + team + ") picked up health at (" + cell.x() + "," + cell.y() + "), +" + healed;
    }
  }
}
