package dev.overture.sample.game.checks;

import dev.overture.sample.game.ArenaLevel;
import dev.overture.sample.game.ArenaLevel.Cell;
import java.util.ArrayDeque;
import java.util.List;

/**
 * Which cells of a map's {@code tiles} a hero can walk between: it steps north, east, south or west
 * onto any cell but a wall ({@code #}), as {@code BotBrain} moves it, and a cell past a row's end is
 * wall. Each floor cell gets the number of its region (the cells it connects to); walls get none.
 * Built once per map checked, in time linear in its cells, without recursion. Immutable.
 */
final class MapReach {

  private static final int WALL = -1;

  private final List<String> rows;
  private final int width;
  private final int[] region;

  MapReach(List<String> rows) {
    this.rows = rows;
    int widest = 0;
    for (String row : rows) {
      widest = Math.max(widest, row.length());
    }
    this.width = widest;
    this.region = new int[width * rows.size()];
    java.util.Arrays.fill(region, WALL);
    int regions = 0;
    ArrayDeque<Integer> pending = new ArrayDeque<>();
    for (int start = 0; start < region.length; start++) {
      if (region[start] != WALL || !walkable(start % width, start / width)) {
        continue;
      }
      region[start] = regions;
      pending.add(start);
      while (!pending.isEmpty()) {
        int at = pending.poll();
        int x = at % width;
        int y = at / width;
        visit(x, y - 1, regions, pending);
        visit(x + 1, y, regions, pending);
        visit(x, y + 1, regions, pending);
        visit(x - 1, y, regions, pending);
      }
      regions++;
    }
  }

  private void visit(int x, int y, int number, ArrayDeque<Integer> pending) {
    if (walkable(x, y) && region[y * width + x] == WALL) {
      region[y * width + x] = number;
      pending.add(y * width + x);
    }
  }

  private boolean walkable(int x, int y) {
    return x >= 0 && y >= 0 && y < rows.size() && x < rows.get(y).length() && rows.get(y).charAt(x) != '#';
  }

  /** The cells holding {@code tile}, row by row. */
  List<Cell> cells(char tile) {
    return ArenaLevel.cells(rows, tile);
  }

  /** Whether a hero can walk from {@code from} to {@code to} (both floor). */
  boolean connects(Cell from, Cell to) {
    int a = region[from.y() * width + from.x()];
    return a != WALL && a == region[to.y() * width + to.x()];
  }

  /** Whether a hero at {@code from} can walk to one of {@code targets}. */
  boolean reachesAny(Cell from, List<Cell> targets) {
    for (Cell target : targets) {
      if (connects(from, target)) {
        return true;
      }
    }
    return false;
  }
}
