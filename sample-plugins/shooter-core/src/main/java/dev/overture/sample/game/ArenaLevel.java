package dev.overture.sample.game;

import dev.overture.experience.MapDefinition;
import dev.overture.internal.ControlCharacters;
import dev.overture.world.WorldSubsystem;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The level a world is played on: the tile grid of a {@code Map} asset, set by the host before the
 * experience loads (as a game travels to a map, then runs the experience on it). Legend: {@code #}
 * wall, {@code .} floor, {@code 1} to {@code 4} a team's spawn, {@code *} a capture point; a map
 * with any other character is refused ({@link #problems}). Data only: with no experience loaded
 * nothing uses it.
 *
 * <p>Confined to the world's game thread.
 */
public final class ArenaLevel implements WorldSubsystem {

  /** A cell of the grid. */
  public record Cell(int x, int y) {
    // equals and hashCode written out, as the record's own (31 * x + y): the generated ones link an
    // invokedynamic call site the first time they run, a few milliseconds of a match's start.
    @Override
    public boolean equals(Object o) {
      return this == o || o instanceof Cell other && x == other.x && y == other.y;
    }

    @Override
    public int hashCode() {
      return 31 * x + y;
    }

    /** Steps between two cells moving in four directions, ignoring walls. */
    public int distance(Cell other) {
      return Math.abs(x - other.x) + Math.abs(y - other.y);
    }
  }

  private String id = "";
  private String title = "";
  private List<String> rows = List.of();

  /** Built by the world. */
  public ArenaLevel() {}

  /** The problem id of a map whose rows are not all as long as the first. */
  public static final String RAGGED_MAP = "Sample/RaggedMap";

  /**
   * The rows of {@code tiles} that are not as long as the first, each with what to say of it: the
   * arena is a rectangle. Both the validator's check ({@code MapRows}) and {@link #load} use it, so
   * they refuse a map in the same words.
   */
  public static java.util.SortedMap<Integer, String> raggedRows(List<String> tiles) {
    java.util.SortedMap<Integer, String> ragged = new java.util.TreeMap<>();
    for (int y = 1; y < tiles.size(); y++) {
      if (width(tiles.get(y)) != width(tiles.get(0))) {
        ragged.put(y, "Row " + y + " of the map is " + width(tiles.get(y)) + " tiles long, but row 0 is "
            + width(tiles.get(0)) + "; every row must be as long as the first");
      }
    }
    return ragged;
  }

  /** How many characters {@code row} shows, as a reader counts them: an emoji is one (two {@code char}s in Java). */
  private static int width(String row) {
    return row.codePointCount(0, row.length());
  }

  /** The problem id of a map holding a character that is no tile. */
  public static final String UNKNOWN_TILE = "Sample/UnknownTile";

  /** The tile characters, as {@link #UNKNOWN_TILE}'s message lists them. */
  public static final String TILES = "'#' wall, '.' floor, '1' to '4' a team's spawn, '*' a capture point";

  /** Whether {@code c} is a tile of the legend. */
  public static boolean isTile(char c) {
    return c == '#' || c == '.' || c == '*' || (c >= '1' && c <= '4');
  }

  /** The problem id of a map wider or taller than {@link #MAX_SIDE}. */
  public static final String MAP_TOO_LARGE = "Sample/MapTooLarge";

  /**
   * The most columns and rows a map may have: the rules walk the whole map for every hero each turn,
   * so a turn on a 256x256 map takes about 10 ms on 2 cores (a 1200x1200 one took 0.7 s), well
   * within the 200 ms of a paced turn.
   */
  public static final int MAX_SIDE = 256;

  /** What is wrong with a map: the problem's id, the JSON pointer of the place ({@code /tiles/3}) and what to say. */
  public record MapProblem(String id, String pointer, String message) {}

  /**
   * Everything that keeps {@code tiles} (a map's rows) from being played: more than {@link
   * #MAX_SIDE} columns or rows ({@link #MAP_TOO_LARGE}), rows not as long as the first ({@link
   * #raggedRows}), and characters that are no tile ({@link #UNKNOWN_TILE}, one problem
   * per row, naming the column of the first), in row order. Both the validator's check ({@code
   * MapRows}) and {@link #load} use it, so they refuse a map in the same words.
   */
  public static List<MapProblem> problems(List<String> tiles) {
    java.util.SortedMap<Integer, String> ragged = raggedRows(tiles);
    List<MapProblem> problems = new ArrayList<>();
    if (!tiles.isEmpty() && width(tiles.get(0)) > MAX_SIDE) {
      problems.add(new MapProblem(MAP_TOO_LARGE, "/tiles/0", "The map is " + width(tiles.get(0)) + " tiles wide; a map is at"
          + " most " + MAX_SIDE + " wide and " + MAX_SIDE + " tall (ArenaLevel.MAX_SIDE)"));
    }
    if (tiles.size() > MAX_SIDE) {
      problems.add(new MapProblem(MAP_TOO_LARGE, "/tiles/" + MAX_SIDE, "The map has " + tiles.size() + " rows; a map is at most "
          + MAX_SIDE + " wide and " + MAX_SIDE + " tall (ArenaLevel.MAX_SIDE), so this row and those after it are too many"));
    }
    if (!problems.isEmpty()) {
      return problems; // a problem for each row of a map too large to play would bury what to fix first
    }
    for (int y = 0; y < tiles.size(); y++) {
      if (ragged.containsKey(y)) {
        problems.add(new MapProblem(RAGGED_MAP, "/tiles/" + y, ragged.get(y)));
      }
      String row = tiles.get(y);
      int unknown = 0;
      int first = -1;
      int firstCharacter = 0;
      int[] characters = row.codePoints().toArray(); // columns as a reader counts them: an emoji is one
      for (int x = 0; x < characters.length; x++) {
        if (characters[x] > Character.MAX_VALUE || !isTile((char) characters[x])) {
          unknown++;
          if (first < 0) {
            first = x;
            firstCharacter = characters[x];
          }
        }
      }
      if (unknown > 0) {
        problems.add(new MapProblem(UNKNOWN_TILE, "/tiles/" + y, "Row " + y + " of the map has " + shown(firstCharacter)
            + " at column " + first + (unknown > 2 ? " and " + (unknown - 1) + " more" : unknown == 2 ? " and 1 more" : "")
            + ", which " + (unknown > 1 ? "are no tiles" : "is no tile") + "; the tiles are " + TILES));
      }
    }
    return problems;
  }

  private static String shown(int character) {
    if (character > Character.MAX_VALUE) {
      return "'" + new String(Character.toChars(character)) + "'";
    }
    char c = (char) character;
    return ControlCharacters.isControl(c) ? ControlCharacters.escape(c) : "'" + c + "'";
  }

  /**
   * Sets the level to {@code map} (named {@code mapId}).
   *
   * @throws IllegalArgumentException when it cannot be played ({@link #problems}): its message is
   *     the first problem's
   */
  public void load(String mapId, MapDefinition map) {
    Objects.requireNonNull(map, "map");
    List<String> tiles = map.tiles();
    List<MapProblem> problems = problems(tiles);
    if (!problems.isEmpty()) {
      throw new IllegalArgumentException(problems.get(0).message());
    }
    id = mapId;
    title = map.title();
    rows = tiles;
    teamFloors.clear();
  }

  /** The map's id string, "" when no map is set. */
  public String id() {
    return id;
  }

  /** The map's title. */
  public String title() {
    return title;
  }

  /** Whether the level has a grid to play on. */
  public boolean hasGrid() {
    return !rows.isEmpty();
  }

  /** Columns. */
  public int width() {
    return rows.isEmpty() ? 0 : rows.get(0).length();
  }

  /** Rows. */
  public int height() {
    return rows.size();
  }

  /** The tile character at a cell; outside the grid is wall. */
  public char tile(int x, int y) {
    return tile(rows, x, y);
  }

  /** The tile character at a cell of {@code tiles}; outside the grid is wall. */
  private static char tile(List<String> tiles, int x, int y) {
    return x < 0 || y < 0 || y >= tiles.size() || x >= tiles.get(y).length() ? '#' : tiles.get(y).charAt(x);
  }

  /** Whether a pawn may stand on the cell. */
  public boolean walkable(Cell cell) {
    return tile(cell.x(), cell.y()) != '#';
  }

  /** The cells holding {@code tile}, row by row. */
  public List<Cell> cells(char tile) {
    return cells(rows, tile);
  }

  /** The cells of {@code rows} (a map's {@code tiles}) holding {@code tile}, row by row. */
  public static List<Cell> cells(List<String> rows, char tile) {
    List<Cell> found = new ArrayList<>();
    for (int y = 0; y < rows.size(); y++) {
      for (int x = 0; x < rows.get(y).length(); x++) {
        if (rows.get(y).charAt(x) == tile) {
          found.add(new Cell(x, y));
        }
      }
    }
    return found;
  }

  /** Every walkable cell, row by row. */
  public List<Cell> floor() {
    List<Cell> found = new ArrayList<>();
    for (int y = 0; y < rows.size(); y++) {
      for (int x = 0; x < rows.get(y).length(); x++) {
        if (rows.get(y).charAt(x) != '#') {
          found.add(new Cell(x, y));
        }
      }
    }
    return found;
  }

  /**
   * Every walkable cell a hero can walk to from one of {@code starts} (stepping north, east, south
   * or west, as heroes move), the starts included, row by row ({@link #reachableFrom(List, List)} on
   * this map).
   */
  public List<Cell> reachableFrom(List<Cell> starts) {
    return reachableFrom(rows, starts);
  }

  /**
   * Every walkable cell of {@code tiles} (a map's rows) a hero can walk to from one of {@code starts},
   * the starts included, row by row; in time linear in the map's cells. What the match places heroes
   * and pickups on, and what the validator counts as their room.
   */
  public static List<Cell> reachableFrom(List<String> tiles, List<Cell> starts) {
    int width = 0;
    for (String row : tiles) {
      width = Math.max(width, row.length());
    }
    boolean[] reached = new boolean[width * tiles.size()];
    java.util.ArrayDeque<Cell> pending = new java.util.ArrayDeque<>();
    for (Cell start : starts) {
      if (tile(tiles, start.x(), start.y()) != '#' && !reached[start.y() * width + start.x()]) {
        reached[start.y() * width + start.x()] = true;
        pending.add(start);
      }
    }
    while (!pending.isEmpty()) {
      Cell at = pending.poll();
      for (Cell next : List.of(new Cell(at.x(), at.y() - 1), new Cell(at.x() + 1, at.y()), new Cell(at.x(), at.y() + 1),
          new Cell(at.x() - 1, at.y()))) {
        if (tile(tiles, next.x(), next.y()) != '#' && !reached[next.y() * width + next.x()]) {
          reached[next.y() * width + next.x()] = true;
          pending.add(next);
        }
      }
    }
    List<Cell> found = new ArrayList<>();
    for (int y = 0; y < tiles.size(); y++) {
      for (int x = 0; x < tiles.get(y).length(); x++) {
        if (reached[y * width + x]) {
          found.add(new Cell(x, y));
        }
      }
    }
    return found;
  }

  /**
   * The floor team {@code team}'s spawns lead to on this map, row by row: found once per map, as the
   * match asks for it at every placement.
   */
  public List<Cell> teamFloor(int team) {
    return teamFloors.computeIfAbsent(team, each -> List.copyOf(reachableFrom(spawns(each))));
  }

  /** The floors {@link #teamFloor} found on this map, by team; emptied when another map is loaded. */
  private final java.util.Map<Integer, List<Cell>> teamFloors = new java.util.HashMap<>();

  /** A set of teams (numbers from 0) short of room: the floor their spawns lead to has fewer free cells than they have heroes. */
  public record Shortfall(List<Integer> teams, long heroes, int room) {}

  /**
   * The smallest set of teams whose heroes do not fit the free cells of the floor their spawns lead
   * to ({@code floors}, by team), the first such of its size in team order; empty when every set has
   * room. Sets without heroes are skipped. Both the validator's check (every team's {@code teamSize},
   * nothing taken) and the match's placement (the heroes still to place, the cells taken) ask it. At
   * most four teams: fifteen sets.
   */
  public static java.util.Optional<Shortfall> shortOfRoom(List<? extends java.util.Collection<Cell>> floors, long[] heroes,
      java.util.function.Predicate<Cell> taken) {
    int teams = floors.size();
    List<Integer> masks = new ArrayList<>();
    for (int mask = 1; mask < 1 << teams; mask++) {
      masks.add(mask);
    }
    masks.sort(java.util.Comparator.comparingInt(Integer::bitCount)); // stable: team order within a size
    for (int mask : masks) {
      long wanted = 0;
      java.util.Set<Cell> room = new java.util.HashSet<>();
      List<Integer> members = new ArrayList<>();
      for (int team = 0; team < teams; team++) {
        if ((mask & (1 << team)) != 0) {
          wanted += heroes[team];
          room.addAll(floors.get(team));
          members.add(team);
        }
      }
      room.removeIf(taken);
      if (wanted > 0 && room.size() < wanted) {
        return java.util.Optional.of(new Shortfall(List.copyOf(members), wanted, room.size()));
      }
    }
    return java.util.Optional.empty();
  }

  /** The spawn cells of team {@code team} (0 to 3). */
  public List<Cell> spawns(int team) {
    return cells((char) ('1' + team));
  }

  /** The capture points, row by row. */
  public List<Cell> capturePoints() {
    return cells('*');
  }
}
