package dev.overture.sample.game;

import dev.overture.world.ActorComponent;

/**
 * Takes damage for its {@link Hero} on the server; at zero health the hero is eliminated, waits
 * the match's respawn turns, the attacker's {@link ScoreComponent} scores, and the match's rules
 * hear it. Added by the ShooterCore plugin. Game thread only.
 */
public class HealthComponent extends ActorComponent {

  /** Built by the object factory. */
  public HealthComponent() {}

  /** The health left. */
  public int health() {
    return ((Hero) owner()).health();
  }

  /** Takes {@code damage} from {@code attacker}. */
  void damage(ArenaMatch match, Hero attacker, int damage) {
    Hero hero = (Hero) owner();
    hero.setHealth(hero.health() - damage);
    if (hero.health() == 0) {
      hero.eliminate(match.config().respawnTurns());
      attacker.countElimination();
      attacker.findComponent(ScoreComponent.class).ifPresent(score -> score.add(1));
      match.eliminated(attacker, hero);
    }
  }
}
