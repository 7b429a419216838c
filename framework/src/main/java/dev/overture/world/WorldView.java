package dev.overture.world;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A world as a picture, in data: what a game contributes ({@link WorldViews}) so that a tool that
 * knows nothing of its rules, such as the inspector, can draw it. The picture is a grid of {@code
 * width} by {@code height} cells: optional tiles (one character per cell, coloured by the palette),
 * then marks on cells (pawns in their team's colour, points, pickups), the teams with their
 * scores, the text of the HUD's widgets and the game's latest event lines.
 *
 * <pre>{@code
 * new WorldView("Arena, turn 12", 3, 2, List.of("#.#", "..."), Map.of("#", "#3b4252", ".", "#eceff4"),
 *     List.of(new WorldView.Team("Red", "#d9534f", 2)),
 *     List.of(new WorldView.Mark(WorldView.MarkKind.PAWN, 1, 1, 0, "P", true)),
 *     Map.of("ScoreWidget", "Red 2"), List.of("[turn 12] kill: ..."));
 * }</pre>
 *
 * <p>Colours are {@code #rrggbb}. Immutable; the constructor checks that the tiles fit the grid,
 * that every tile character has a colour and that marks lie on it.
 *
 * @param title one line above the picture, for example the map and the turn
 * @param width columns of the grid
 * @param height rows of the grid
 * @param tiles {@code height} strings of {@code width} characters, or empty for no tiles
 * @param palette the colour of each tile character (keys are one-character strings)
 * @param teams the teams, by index (marks refer to them), with their colour and score
 * @param marks what stands on the grid
 * @param widgets the text of HUD widgets, by widget name (as in {@link HudModel#slots()})
 * @param log the game's latest event lines, oldest first
 */
public record WorldView(
    String title,
    int width,
    int height,
    List<String> tiles,
    Map<String, String> palette,
    List<Team> teams,
    List<Mark> marks,
    Map<String, String> widgets,
    List<String> log) {

  private static final Pattern COLOUR = Pattern.compile("#[0-9a-fA-F]{6}");
  /** A grid larger than this is not a picture a person reads. */
  private static final int MAX_CELLS = 1 << 20;

  public WorldView {
    Objects.requireNonNull(title, "title");
    if (width < 0 || height < 0 || (long) width * height > MAX_CELLS) {
      throw new IllegalArgumentException("a world view is 0 to " + MAX_CELLS + " cells: " + width + "x" + height);
    }
    tiles = List.copyOf(tiles);
    palette = Map.copyOf(palette);
    teams = List.copyOf(teams);
    marks = List.copyOf(marks);
    widgets = Map.copyOf(widgets);
    log = List.copyOf(log);
    palette.forEach((tile, colour) -> {
      if (tile.length() != 1) {
        throw new IllegalArgumentException("palette keys are one tile character: \"" + tile + "\"");
      }
      checkColour(colour);
    });
    if (!tiles.isEmpty()) {
      if (tiles.size() != height) {
        throw new IllegalArgumentException("tiles has " + tiles.size() + " rows, but the view is " + height + " high");
      }
      for (int y = 0; y < tiles.size(); y++) {
        String row = tiles.get(y);
        if (row.length() != width) {
          throw new IllegalArgumentException("tiles row " + y + " is " + row.length() + " long, but the view is " + width + " wide");
        }
        for (int x = 0; x < row.length(); x++) {
          if (!palette.containsKey(String.valueOf(row.charAt(x)))) {
            throw new IllegalArgumentException("tile '" + row.charAt(x) + "' at (" + x + "," + y + ") has no colour in the palette");
          }
        }
      }
    }
    for (Mark mark : marks) {
      if (mark.x() < 0 || mark.y() < 0 || mark.x() >= width || mark.y() >= height) {
        throw new IllegalArgumentException("mark " + mark + " is outside the " + width + "x" + height + " view");
      }
      if (mark.team() >= teams.size()) {
        throw new IllegalArgumentException("mark " + mark + " names team " + mark.team() + ", but there are " + teams.size());
      }
    }
  }

  private static void checkColour(String colour) {
    if (colour == null || !COLOUR.matcher(colour).matches()) {
      throw new IllegalArgumentException("colours are #rrggbb: \"" + colour + "\"");
    }
  }

  /** What a mark is, which decides how it is drawn. */
  public enum MarkKind {
    /** A pawn or other actor: a disc in its team's colour. */
    PAWN,
    /** An objective such as a capture point: a diamond, in its owner's colour. */
    POINT,
    /** Something to pick up: a small cross. */
    PICKUP,
    /** Anything else: a small square. */
    OTHER
  }

  /**
   * A team.
   *
   * @param name its name
   * @param colour its colour, {@code #rrggbb}
   * @param score its score
   */
  public record Team(String name, String colour, int score) {
    public Team {
      Objects.requireNonNull(name, "name");
      checkColour(colour);
    }
  }

  /**
   * Something on the grid.
   *
   * @param kind what it is
   * @param x its column, from 0 (fractions lie between cells)
   * @param y its row, from 0
   * @param team the index of its team in {@link #teams()}, or -1 for none
   * @param label a short text drawn with it (a name's initial, a point's letter)
   * @param highlighted whether it stands out (the local player)
   */
  public record Mark(MarkKind kind, double x, double y, int team, String label, boolean highlighted) {
    public Mark {
      Objects.requireNonNull(kind, "kind");
      Objects.requireNonNull(label, "label");
      if (!Double.isFinite(x) || !Double.isFinite(y)) {
        throw new IllegalArgumentException("a mark lies at finite coordinates: (" + x + "," + y + ")");
      }
      if (team < -1) {
        throw new IllegalArgumentException("team is an index or -1: " + team);
      }
    }
  }

  /** A builder's convenience: the palette from pairs of tile character and colour, in order. */
  public static Map<String, String> palette(String... tileAndColour) {
    if (tileAndColour.length % 2 != 0) {
      throw new IllegalArgumentException("palette takes pairs of tile and colour: " + List.of(tileAndColour));
    }
    Map<String, String> palette = new LinkedHashMap<>();
    for (int i = 0; i < tileAndColour.length; i += 2) {
      palette.put(tileAndColour[i], tileAndColour[i + 1]);
    }
    return palette;
  }
}
