package dev.overture.sample.game;

import dev.overture.sample.game.ArenaLevel.Cell;
import java.util.Map;
import java.util.Optional;

/**
 * A rule of a match: a component of the game state that a feature plugin adds through an action
 * (team scoring, capture points, pickups). The {@link ArenaMatch} calls the rules present, in the
 * order they were added, on the game thread; with none the heroes only move and fight.
 */
public interface MatchRules {

  /** {@code attacker} eliminated {@code victim}. */
  default void onElimination(ArenaMatch match, Hero attacker, Hero victim) {}

  /** Every hero moved and fired this turn. */
  default void afterTurn(ArenaMatch match) {}

  /** Where {@code hero} should head for this rule, if anywhere (the first rule that says wins). */
  default Optional<Cell> objective(ArenaMatch match, Hero hero) {
    return Optional.empty();
  }

  /**
   * What the rule shows on the arena, a character per cell (health pickups show {@code +}), for a
   * renderer that knows nothing of the rule. None by default.
   */
  default Map<Cell, Character> marks(ArenaMatch match) {
    return Map.of();
  }

  /** The rule, in a phrase, for the match's announcement. */
  String describe(ArenaMatch match);
}
