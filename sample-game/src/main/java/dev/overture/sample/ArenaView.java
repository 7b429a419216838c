package dev.overture.sample;

import dev.overture.experience.UserFacingExperience;
import dev.overture.feature.GameFeatures;
import dev.overture.sample.game.ArenaCamera;
import dev.overture.sample.game.ArenaLevel;
import dev.overture.sample.game.ArenaLevel.Cell;
import dev.overture.sample.game.ArenaMatch;
import dev.overture.sample.game.ControlPoints;
import dev.overture.sample.game.HudText;
import dev.overture.sample.game.Hero;
import dev.overture.sample.game.MatchRules;
import dev.overture.sample.game.hud.HudSlot;
import dev.overture.sample.game.hud.HudWidget;
import dev.overture.world.HudModel;
import dev.overture.world.World;
import java.io.PrintWriter;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Prints a world as the sample game's player sees it: the arena in ASCII and the HUD's widgets,
 * each as a line of text. {@code #} wall, {@code .} floor, {@code *} a free capture point (a
 * lowercase team letter once owned), {@code @} the player, a team's letter for the other heroes,
 * and what the match's rules mark (a health pickup's {@code +}). It knows no plugin: the rules mark
 * the arena ({@link MatchRules#marks}), a hero's {@link ArenaCamera} crops it, and each widget is
 * drawn by the {@link HudWidget} the plugins registered under its name. Game thread only.
 */
final class ArenaView {

  private final PrintWriter out;
  private final List<Tiles.Tile> tiles;
  private final GameFeatures features;

  ArenaView(PrintWriter out, List<Tiles.Tile> tiles, GameFeatures features) {
    this.out = out;
    this.tiles = tiles;
    this.features = features;
  }

  static Optional<ArenaMatch> match(World world) {
    return world.gameState().findComponent(ArenaMatch.class).filter(ArenaMatch::isStarted);
  }

  static char letter(ArenaMatch match, int team) {
    return match.config().teams().get(team).charAt(0);
  }

  /** The arena, cropped to the local player's top-down camera when it has one. */
  void printArena(World world) {
    ArenaMatch match = match(world).orElse(null);
    if (match == null) {
      return;
    }
    ArenaLevel level = match.level();
    char[][] grid = new char[level.height()][level.width()];
    for (int y = 0; y < level.height(); y++) {
      for (int x = 0; x < level.width(); x++) {
        char tile = level.tile(x, y);
        grid[y][x] = tile == '#' ? '#' : '.';
      }
    }
    List<Cell> points = level.capturePoints();
    for (int i = 0; i < points.size(); i++) {
      int owner = ControlPoints.owner(match.state(), i);
      grid[points.get(i).y()][points.get(i).x()] = owner < 0 ? '*' : Character.toLowerCase(letter(match, owner));
    }
    for (MatchRules rules : match.rules()) {
      rules.marks(match).forEach((cell, mark) -> grid[cell.y()][cell.x()] = mark);
    }
    Hero player = null;
    for (Hero hero : match.heroes()) {
      if (hero.isAlive()) {
        grid[hero.cell().y()][hero.cell().x()] = hero.name().equals(ArenaMatch.PLAYER) ? '@' : letter(match, hero.team());
      }
      if (hero.name().equals(ArenaMatch.PLAYER)) {
        player = hero;
      }
    }
    int left = 0;
    int top = 0;
    int right = level.width() - 1;
    int bottom = level.height() - 1;
    Optional<ArenaCamera> camera = player == null ? Optional.empty() : player.findComponent(ArenaCamera.class);
    if (camera.isPresent()) {
      int r = camera.get().radius();
      left = Math.max(0, player.cell().x() - r);
      right = Math.min(level.width() - 1, player.cell().x() + r);
      top = Math.max(0, player.cell().y() - r);
      bottom = Math.min(level.height() - 1, player.cell().y() + r);
    }
    out.printf("Turn %d%s%n", match.state().turn(),
        camera.map(c -> " (" + c.describe() + " on " + ArenaMatch.PLAYER + ", " + c.radius() + " cells around)").orElse(""));
    for (int y = top; y <= bottom; y++) {
      out.println("  " + new String(grid[y], left, right - left + 1));
    }
  }

  /** The HUD's layouts and widgets, one line each; nothing where the world has no client. */
  void printHud(World world) {
    if (!world.netMode().hasClient()) {
      return;
    }
    HudModel hud = world.subsystem(HudModel.class);
    for (Map.Entry<String, List<String>> layer : hud.layers().entrySet()) {
      String layout = hud.topLayout(layer.getKey()).orElse("");
      if (layout.equals("FrontEndMenu")) {
        out.println("  [Menu] Choose an experience:");
        for (Tiles.Tile tile : tiles) {
          UserFacingExperience shown = tile.tile();
          if (shown.showInFrontEnd()) {
            out.printf("  [Menu]   %-16s %s%s%n", shown.tileTitle(), shown.tileSubTitle(), shown.isDefaultExperience() ? " (default)" : "");
          }
        }
      }
    }
    Map<String, String> labels = new java.util.HashMap<>();
    features.extensions(HudSlot.class).forEach(slot -> labels.putIfAbsent(slot.id(), slot.label()));
    for (Map.Entry<String, List<String>> slot : hud.slots().entrySet()) {
      for (String widget : slot.getValue()) {
        out.println("  [" + labels.getOrDefault(slot.getKey(), slot.getKey()) + "] " + widget(world, widget));
      }
    }
  }

  /** The widget as the plugin that defines it draws it (as the inspector's picture shows it too). */
  private static String widget(World world, String widget) {
    return match(world).map(match -> HudText.of(match, widget)).orElse(widget + ": no match");
  }
}
