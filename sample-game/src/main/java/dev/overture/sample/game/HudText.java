package dev.overture.sample.game;

import dev.overture.sample.game.ArenaLevel.Cell;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * The text of the sample's HUD widgets, as the player sees them: the {@code play} command prints it
 * and the match's {@link ArenaPicture} hands it to tools, so both show the same. Game thread only.
 */
public final class HudText {

  private HudText() {}

  /** The text of {@code widget} in {@code match}; a widget the sample does not know shows its name. */
  public static String of(ArenaMatch match, String widget) {
    ArenaGameState state = match.state();
    switch (widget) {
      case "ScoreWidget": {
        List<String> scores = new ArrayList<>();
        for (int team = 0; team < match.config().teams().size(); team++) {
          scores.add(match.config().teams().get(team) + " " + match.teamScore(team));
        }
        return String.join(" | ", scores) + "  (first to " + match.config().scoreLimit() + ")";
      }
      case "HealthBar": {
        Optional<Hero> player = match.heroes().stream().filter(hero -> hero.name().equals(ArenaMatch.PLAYER)).findFirst();
        if (player.isEmpty()) {
          return "Health: no player";
        }
        int health = player.get().health();
        int filled = health / 10;
        return "Health [" + "#".repeat(filled) + "-".repeat(Hero.MAX_HEALTH / 10 - filled) + "] " + health
            + (player.get().isAlive() ? "" : " (eliminated, back soon)");
      }
      case "ControlPointsWidget": {
        List<String> points = new ArrayList<>();
        List<Cell> cells = match.level().capturePoints();
        for (int i = 0; i < cells.size(); i++) {
          int owner = ControlPoints.owner(state, i);
          int progress = ControlPoints.progress(state, i);
          points.add((char) ('A' + i) + ": " + (owner < 0 ? "free" : match.config().teams().get(owner))
              + (progress > 0 ? " (" + match.config().teams().get(ControlPoints.capturer(state, i)) + " taking, " + progress + "/5)" : ""));
        }
        return "Points " + String.join(", ", points);
      }
      case "Leaderboard": {
        List<Hero> heroes = match.heroes();
        heroes.sort(Comparator.comparingInt(Hero::score).reversed().thenComparingInt(Hero::slot));
        List<String> leaders = new ArrayList<>();
        for (Hero hero : heroes) {
          leaders.add(hero.name() + " " + hero.score());
        }
        return "Leaders " + String.join(", ", leaders);
      }
      default:
        return widget;
    }
  }
}
