package dev.overture.sample.game.hud;

import dev.overture.sample.game.ArenaLevel.Cell;
import dev.overture.sample.game.ArenaMatch;
import dev.overture.sample.game.ControlPoints;
import dev.overture.sample.game.Hero;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** ShooterCore's HUD: its slots and the widgets of its matches (score, health, capture points). */
public final class CoreWidgets {

  private CoreWidgets() {}

  /** The slots of ShooterCore's {@code HudLayout}. */
  public static List<HudSlot> slots() {
    return List.of(new HudSlot("HUD.Slot.Score", "Score"), new HudSlot("HUD.Slot.Health", "Health"),
        new HudSlot("HUD.Slot.Objective", "Objective"));
  }

  /** The widgets. */
  public static List<HudWidget> widgets() {
    return List.of(new Score(), new HealthBar(), new ControlPointsWidget());
  }

  /** The teams' scores and the limit. */
  static final class Score implements HudWidget {
    @Override
    public String widgetClass() {
      return "ScoreWidget";
    }

    @Override
    public String render(ArenaMatch match) {
      List<String> scores = new ArrayList<>();
      for (int team = 0; team < match.config().teams().size(); team++) {
        scores.add(match.config().teams().get(team) + " " + match.teamScore(team));
      }
      return String.join(" | ", scores) + "  (first to " + match.config().scoreLimit() + ")";
    }
  }

  /** The player's health. */
  static final class HealthBar implements HudWidget {
    @Override
    public String widgetClass() {
      return "HealthBar";
    }

    @Override
    public String render(ArenaMatch match) {
      Optional<Hero> player = match.heroes().stream().filter(hero -> hero.name().equals(ArenaMatch.PLAYER)).findFirst();
      if (player.isEmpty()) {
        return "Health: no player";
      }
      int health = player.get().health();
      int filled = health / 10;
      return "Health [" + "#".repeat(filled) + "-".repeat(Hero.MAX_HEALTH / 10 - filled) + "] " + health
          + (player.get().isAlive() ? "" : " (eliminated, back soon)");
    }
  }

  /** Who holds each capture point, and who is taking one. */
  static final class ControlPointsWidget implements HudWidget {
    @Override
    public String widgetClass() {
      return "ControlPointsWidget";
    }

    @Override
    public String render(ArenaMatch match) {
      List<String> points = new ArrayList<>();
      List<Cell> cells = match.level().capturePoints();
      for (int i = 0; i < cells.size(); i++) {
        int owner = ControlPoints.owner(match.state(), i);
        int progress = ControlPoints.progress(match.state(), i);
        points.add((char) ('A' + i) + ": " + (owner < 0 ? "free" : match.config().teams().get(owner))
            + (progress > 0 ? " (" + match.config().teams().get(ControlPoints.capturer(match.state(), i)) + " taking, "
                + progress + "/5)" : ""));
      }
      return "Points " + String.join(", ", points);
    }
  }
}
