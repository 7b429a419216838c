package dev.overture.sample.game;

import dev.overture.sample.game.ArenaLevel.Cell;
import dev.overture.world.Handle;
import dev.overture.world.HudModel;
import dev.overture.world.WorldView;
import dev.overture.world.WorldViews;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The match as a picture for tools ({@link WorldView}), contributed to the world's {@link
 * WorldViews} while the match runs: the level's walls and floor (spawns tinted by their team), the
 * capture points in their owner's colour, the health pickups, the heroes in play in their team's
 * colour (the player highlighted), the teams' scores, the HUD's widgets as the player reads them
 * and the match's latest event lines, heard from {@link MatchEvents}. Game thread only.
 */
final class ArenaPicture implements Supplier<WorldView> {

  /** How many event lines the picture keeps. */
  static final int LOG_LINES = 12;

  private static final Map<String, String> TEAM_COLOURS =
      Map.of("Red", "#d9534f", "Blue", "#428bca", "Green", "#5cb85c", "Yellow", "#e0b100");
  private static final List<String> OTHER_COLOURS = List.of("#9b59b6", "#e67e22", "#1abc9c", "#7f8c8d");
  /** Spawn tiles '1' to '4', tinted lightly towards their team's colour. */
  private static final List<String> SPAWN_TINTS = List.of("#f3d6d5", "#d5e3f2", "#d8efd8", "#f5ecc4");

  private final ArenaMatch match;
  private final ArrayDeque<String> log = new ArrayDeque<>();
  private final List<Handle> handles = new ArrayList<>();

  private ArenaPicture(ArenaMatch match) {
    this.match = match;
  }

  /** Contributes the picture of {@code match} until the returned handle is released. */
  static Handle contribute(ArenaMatch match) {
    ArenaPicture picture = new ArenaPicture(match);
    picture.handles.add(match.world().subsystem(MatchEvents.class).subscribe(event -> {
      picture.log.addLast(event.line());
      if (picture.log.size() > LOG_LINES) {
        picture.log.removeFirst();
      }
    }));
    picture.handles.add(match.world().subsystem(WorldViews.class).contribute(picture));
    return Handle.of(() -> picture.handles.forEach(Handle::release));
  }

  @Override
  public WorldView get() {
    ArenaLevel level = match.level();
    ArenaGameState state = match.state();
    List<String> teamNames = match.config().teams();
    List<WorldView.Team> teams = new ArrayList<>();
    for (int team = 0; team < teamNames.size(); team++) {
      String name = teamNames.get(team);
      teams.add(new WorldView.Team(name, TEAM_COLOURS.getOrDefault(name, OTHER_COLOURS.get(team % OTHER_COLOURS.size())),
          match.teamScore(team)));
    }
    List<String> tiles = new ArrayList<>();
    for (int y = 0; y < level.height(); y++) {
      StringBuilder row = new StringBuilder();
      for (int x = 0; x < level.width(); x++) {
        char tile = level.tile(x, y);
        row.append(tile == '#' || (tile >= '1' && tile <= '4') ? tile : '.');
      }
      tiles.add(row.toString());
    }
    Map<String, String> palette = new LinkedHashMap<>();
    palette.put("#", "#4c566a");
    palette.put(".", "#eceff4");
    for (int team = 0; team < SPAWN_TINTS.size(); team++) {
      palette.put(String.valueOf((char) ('1' + team)), SPAWN_TINTS.get(team));
    }
    List<WorldView.Mark> marks = new ArrayList<>();
    List<Cell> points = level.capturePoints();
    for (int i = 0; i < points.size(); i++) {
      marks.add(new WorldView.Mark(WorldView.MarkKind.POINT, points.get(i).x(), points.get(i).y(), ControlPoints.owner(state, i),
          String.valueOf((char) ('A' + i)), false));
    }
    // What the rules show on the floor (a plugin's health pickups, say), without naming them.
    for (MatchRules rules : match.rules()) {
      rules.marks(match).forEach((cell, mark) ->
          marks.add(new WorldView.Mark(WorldView.MarkKind.PICKUP, cell.x(), cell.y(), -1, String.valueOf(mark), false)));
    }
    for (Hero hero : match.heroes()) {
      if (hero.isAlive()) {
        boolean player = hero.name().equals(ArenaMatch.PLAYER);
        marks.add(new WorldView.Mark(WorldView.MarkKind.PAWN, hero.cell().x(), hero.cell().y(), hero.team(),
            player ? "P" : String.valueOf(hero.slot()), player));
      }
    }
    Map<String, String> widgets = new LinkedHashMap<>();
    world().findSubsystem(HudModel.class).ifPresent(hud -> hud.slots().values().forEach(names -> names.forEach(
        name -> widgets.put(name, HudText.of(match, name)))));
    String result = state.isDraw() ? ", a draw" : state.isOver() ? ", " + state.winner() + " won" : "";
    return new WorldView(level.title() + ", turn " + state.turn() + result, level.width(), level.height(), tiles, palette, teams, marks,
        widgets, List.copyOf(log));
  }

  private dev.overture.world.World world() {
    return match.world();
  }
}
