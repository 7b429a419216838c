package dev.overture.sample.game;

import dev.overture.world.ActorComponent;

/**
 * The rule of Elimination: each enemy eliminated scores a point for the attacker's team. Added to
 * the game state by an experience's action. Game thread only.
 */
public class EliminationScoring extends ActorComponent implements MatchRules {

  /** Built by the object factory. */
  public EliminationScoring() {}

  @Override
  public void onElimination(ArenaMatch match, Hero attacker, Hero victim) {
    match.addTeamScore(attacker.team(), 1);
  }

  @Override
  public String describe(ArenaMatch match) {
    return "an elimination scores 1";
  }
}
