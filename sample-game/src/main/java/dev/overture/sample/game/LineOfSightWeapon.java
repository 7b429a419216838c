package dev.overture.sample.game;

import dev.overture.sample.game.ArenaLevel.Cell;
import dev.overture.world.ActorComponent;

/**
 * Tags the nearest enemy its {@link Hero} can see along its row or column, within the match's
 * weapon range: walls and other heroes block the line. The enemy's {@link HealthComponent} takes
 * the damage; an enemy without one cannot be hurt. Added by ShooterCore's standard components.
 * Confined to the game thread.
 */
public class LineOfSightWeapon extends ActorComponent {

  /** Built by the object factory. */
  public LineOfSightWeapon() {}

  /** Fires this turn, if an enemy is in sight. */
  void fire(ArenaMatch match) {
    Hero hero = (Hero) owner();
    Hero target = null;
    int best = Integer.MAX_VALUE;
    int[][] directions = {{0, -1}, {1, 0}, {0, 1}, {-1, 0}};
    for (int[] direction : directions) {
      for (int step = 1; step <= match.config().weaponRange() && step < best; step++) {
        Cell cell = new Cell(hero.cell().x() + direction[0] * step, hero.cell().y() + direction[1] * step);
        if (!match.level().walkable(cell)) {
          break;
        }
        Hero seen = match.heroAt(cell).orElse(null);
        if (seen != null) {
          if (seen.team() != hero.team()) {
            target = seen;
            best = step;
          }
          break;
        }
      }
    }
    if (target != null) {
      Hero victim = target;
      victim.findComponent(HealthComponent.class).ifPresent(health -> health.damage(match, hero, match.config().damage()));
    }
  }
}
