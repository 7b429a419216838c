package dev.overture.sample.game;

import dev.overture.sample.game.ArenaLevel.Cell;
import dev.overture.world.ActorComponent;
import java.util.ArrayList;
import java.util.List;

/**
 * Tags the nearest enemy its {@link Hero} can see along its row or column, within the match's
 * weapon range: walls and other heroes block the line. The enemy's {@link HealthComponent} takes
 * the damage; an enemy without one cannot be hurt. Of enemies equally near, one is picked at random
 * (a fixed order of directions would spare the same side every time). Added by ShooterCore's standard components.
 * Confined to the game thread.
 */
public class LineOfSightWeapon extends ActorComponent {

  /** Built by the object factory. */
  public LineOfSightWeapon() {}

  /** Fires this turn, if an enemy is in sight; between enemies equally near it picks by the match's seeded sequence. */
  void fire(ArenaMatch match) {
    Hero hero = (Hero) owner();
    ArenaLevel level = match.level();
    List<Hero> targets = new ArrayList<>();
    int best = Integer.MAX_VALUE;
    int[][] directions = {{0, -1}, {1, 0}, {0, 1}, {-1, 0}};
    for (int[] direction : directions) {
      for (int step = 1; step <= match.config().weaponRange() && step <= best; step++) {
        Cell cell = new Cell(hero.cell().x() + direction[0] * step, hero.cell().y() + direction[1] * step);
        if (!level.walkable(cell)) {
          break;
        }
        Hero seen = match.heroAt(cell).orElse(null);
        if (seen != null) {
          if (seen.team() != hero.team()) {
            if (step < best) {
              targets.clear();
              best = step;
            }
            targets.add(seen);
          }
          break;
        }
      }
    }
    if (!targets.isEmpty()) {
      Hero victim = targets.size() == 1 ? targets.get(0) : targets.get(match.state().nextInt(targets.size()));
      victim.findComponent(HealthComponent.class).ifPresent(health -> health.damage(match, hero, match.config().damage()));
    }
  }
}
