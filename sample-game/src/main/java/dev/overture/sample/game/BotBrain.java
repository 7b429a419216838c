package dev.overture.sample.game;

import dev.overture.sample.game.ArenaLevel.Cell;
import dev.overture.world.ActorComponent;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Moves its {@link Hero} one cell a turn toward its objective (what the match's rules say, else the
 * nearest enemy), by the shortest path around walls and other heroes; one turn in six it steps
 * aside at random (from the match's seeded sequence), so matches of different seeds differ. Added
 * to heroes by ShooterCore's standard components; the headless player has it too, as autopilot.
 * Confined to the game thread.
 */
public class BotBrain extends ActorComponent {

  private static final List<Cell> STEPS = List.of(new Cell(0, -1), new Cell(1, 0), new Cell(0, 1), new Cell(-1, 0));

  /** Built by the object factory. */
  public BotBrain() {}

  /** Takes this turn's step. */
  void step(ArenaMatch match) {
    Hero hero = (Hero) owner();
    Cell from = hero.cell();
    if (match.state().nextInt(6) == 0) {
      Cell aside = offset(from, STEPS.get(match.state().nextInt(STEPS.size())));
      if (free(match, aside)) {
        hero.moveTo(aside);
      }
      return;
    }
    Optional<Cell> target = match.objective(hero);
    if (target.isEmpty() || target.get().equals(from)) {
      return;
    }
    firstStep(match, from, target.get()).ifPresent(hero::moveTo);
  }

  private static Cell offset(Cell cell, Cell step) {
    return new Cell(cell.x() + step.x(), cell.y() + step.y());
  }

  private static boolean free(ArenaMatch match, Cell cell) {
    return match.level().walkable(cell) && match.heroAt(cell).isEmpty();
  }

  /** The first step of a shortest path (breadth first, steps tried north, east, south, west). */
  private static Optional<Cell> firstStep(ArenaMatch match, Cell from, Cell to) {
    Map<Cell, Cell> firstSteps = new HashMap<>(); // lookups only: the search order is the queue's
    ArrayDeque<Cell> queue = new ArrayDeque<>();
    firstSteps.put(from, from);
    queue.add(from);
    while (!queue.isEmpty()) {
      Cell cell = queue.poll();
      for (Cell step : STEPS) {
        Cell next = offset(cell, step);
        if (firstSteps.containsKey(next) || !match.level().walkable(next)) {
          continue;
        }
        Cell first = cell.equals(from) ? next : firstSteps.get(cell);
        if (next.equals(to)) {
          return free(match, first) ? Optional.of(first) : Optional.empty();
        }
        if (match.heroAt(next).isPresent()) {
          continue;
        }
        firstSteps.put(next, first);
        queue.add(next);
      }
    }
    return Optional.empty();
  }
}
