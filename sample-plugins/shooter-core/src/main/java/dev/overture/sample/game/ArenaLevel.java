package dev.overture.sample.game;

import dev.overture.experience.MapDefinition;
import dev.overture.world.WorldSubsystem;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The level a world is played on: the tile grid of a {@code Map} asset, set by the host before the
 * experience loads (as a game travels to a map, then runs the experience on it). Legend: {@code #}
 * wall, {@code .} floor, {@code 1} to {@code 4} a team's spawn, {@code *} a capture point; any
 * other character is floor. Data only: with no experience loaded nothing uses it.
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
      if (tiles.get(y).length() != tiles.get(0).length()) {
        ragged.put(y, "Row " + y + " of the map is " + tiles.get(y).length() + " tiles long, but row 0 is "
            + tiles.get(0).length() + "; every row must be as long as the first");
      }
    }
    return ragged;
  }

  /**
   * Sets the level to {@code map} (named {@code mapId}).
   *
   * @throws IllegalArgumentException when its rows are not all as long as the first ({@link
   *     #raggedRows}): its message is the first such row's
   */
  public void load(String mapId, MapDefinition map) {
    Objects.requireNonNull(map, "map");
    List<String> tiles = map.tiles();
    java.util.SortedMap<Integer, String> ragged = raggedRows(tiles);
    if (!ragged.isEmpty()) {
      throw new IllegalArgumentException(ragged.get(ragged.firstKey()));
    }
    id = mapId;
    title = map.title();
    rows = tiles;
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
    return x < 0 || y < 0 || y >= rows.size() || x >= rows.get(y).length() ? '#' : rows.get(y).charAt(x);
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

  /** The spawn cells of team {@code team} (0 to 3). */
  public List<Cell> spawns(int team) {
    return cells((char) ('1' + team));
  }

  /** The capture points, row by row. */
  public List<Cell> capturePoints() {
    return cells('*');
  }
}
