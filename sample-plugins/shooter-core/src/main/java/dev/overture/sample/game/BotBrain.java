package dev.overture.sample.game;

import dev.overture.sample.game.ArenaLevel.Cell;
import dev.overture.world.ActorComponent;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Moves its {@link Hero} one cell a turn toward its objective (what the match's rules say, else the
 * nearest enemy), by a shortest path around walls and other heroes, choosing between equally short
 * ones at random; one turn in six it steps aside at random. Every random choice comes from the
 * match's seeded sequence, so matches of different seeds differ and one seed plays one match. Added
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

  /**
   * The first step of a shortest path around walls and heroes: a breadth-first search from {@code
   * to} (the target's own cell may be taken, by the enemy chased) gives each free cell its distance,
   * and the step is a neighbour of {@code from} nearest to it. Equally near neighbours are chosen
   * between by the match's seeded sequence: a fixed preference (north, then east...) would pull
   * every hero the same way, which favours the teams whose corner that is. No step when {@code to}
   * is next to {@code from} but taken, or cannot be reached.
   */
  private static Optional<Cell> firstStep(ArenaMatch match, Cell from, Cell to) {
    ArenaLevel level = match.level();
    int width = level.width();
    boolean[] taken = new boolean[width * level.height()];
    for (Hero hero : match.heroes()) {
      if (hero.isAlive()) {
        taken[hero.cell().y() * width + hero.cell().x()] = true;
      }
    }
    int[] distance = new int[taken.length]; // 0: not reached yet; else 1 + steps to the target
    ArrayDeque<Cell> queue = new ArrayDeque<>();
    distance[to.y() * width + to.x()] = 1;
    queue.add(to);
    int start = from.y() * width + from.x();
    while (!queue.isEmpty() && distance[start] == 0) {
      Cell cell = queue.poll();
      int next = distance[cell.y() * width + cell.x()] + 1;
      for (Cell step : STEPS) {
        Cell neighbour = offset(cell, step);
        if (!level.walkable(neighbour)) {
          continue;
        }
        int at = neighbour.y() * width + neighbour.x();
        if (at == start) {
          distance[at] = next;
        } else if (distance[at] == 0 && !taken[at]) {
          distance[at] = next;
          queue.add(neighbour);
        }
      }
    }
    if (distance[start] == 0) {
      return Optional.empty();
    }
    int nearest = distance[start] - 1;
    if (nearest == 1) {
      return taken[to.y() * width + to.x()] ? Optional.empty() : Optional.of(to);
    }
    List<Cell> best = new ArrayList<>();
    for (Cell step : STEPS) {
      Cell neighbour = offset(from, step);
      if (level.walkable(neighbour) && distance[neighbour.y() * width + neighbour.x()] == nearest) {
        best.add(neighbour);
      }
    }
    return Optional.of(best.size() == 1 ? best.get(0) : best.get(match.state().nextInt(best.size())));
  }
}
