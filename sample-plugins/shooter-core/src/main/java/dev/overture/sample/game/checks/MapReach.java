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

  /**
   * The parts of the map the teams play in: the floor of the regions holding a team's spawns, a
   * team whose spawns lie in several regions joining them into one part. Each part with the teams
   * (numbers from 0) whose spawns are there and its floor cells; in the order of their first team.
   */
  List<Part> parts(int teams) {
    int[] partOfRegion = new int[regionCount()];
    java.util.Arrays.fill(partOfRegion, -1);
    List<java.util.Set<Integer>> regionsOf = new java.util.ArrayList<>();
    List<List<Integer>> teamsOf = new java.util.ArrayList<>();
    for (int team = 0; team < teams; team++) {
      java.util.Set<Integer> regions = new java.util.TreeSet<>();
      for (Cell spawn : cells((char) ('1' + team))) {
        regions.add(region[spawn.y() * width + spawn.x()]);
      }
      // The parts this team's regions already belong to merge into one, with this team.
      java.util.Set<Integer> joined = new java.util.TreeSet<>();
      for (int number : regions) {
        if (partOfRegion[number] >= 0) {
          joined.add(partOfRegion[number]);
        }
      }
      int into = joined.isEmpty() ? regionsOf.size() : joined.iterator().next();
      if (joined.isEmpty()) {
        regionsOf.add(new java.util.TreeSet<>());
        teamsOf.add(new java.util.ArrayList<>());
      }
      for (int other : joined) {
        if (other != into) {
          regionsOf.get(into).addAll(regionsOf.get(other));
          teamsOf.get(into).addAll(teamsOf.get(other));
          regionsOf.get(other).clear();
          teamsOf.get(other).clear();
        }
      }
      regionsOf.get(into).addAll(regions);
      teamsOf.get(into).add(team);
      for (int number : regionsOf.get(into)) {
        partOfRegion[number] = into;
      }
    }
    int[] sizes = new int[regionCount()];
    for (int number : region) {
      if (number != WALL) {
        sizes[number]++;
      }
    }
    List<Part> parts = new java.util.ArrayList<>();
    for (int i = 0; i < regionsOf.size(); i++) {
      if (teamsOf.get(i).isEmpty()) {
        continue;
      }
      int floor = 0;
      for (int number : regionsOf.get(i)) {
        floor += sizes[number];
      }
      List<Integer> members = new java.util.ArrayList<>(teamsOf.get(i));
      java.util.Collections.sort(members);
      parts.add(new Part(List.copyOf(members), floor));
    }
    parts.sort(java.util.Comparator.comparing(part -> part.teams().get(0)));
    return parts;
  }

  /** A part of the map some teams play in: their numbers and its floor cells. */
  record Part(List<Integer> teams, int floor) {}

  private int regionCount() {
    int count = 0;
    for (int number : region) {
      count = Math.max(count, number + 1);
    }
    return count;
  }

  /** How many floor cells a hero can walk to from one of {@code starts} (the starts' own included). */
  int floorReachedFrom(List<Cell> starts) {
    java.util.Set<Integer> regions = new java.util.HashSet<>();
    for (Cell start : starts) {
      int number = region[start.y() * width + start.x()];
      if (number != WALL) {
        regions.add(number);
      }
    }
    int count = 0;
    for (int number : region) {
      if (number != WALL && regions.contains(number)) {
        count++;
      }
    }
    return count;
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
