package dev.overture.sample.topdown;

import dev.overture.sample.game.ArenaMatch;
import dev.overture.sample.game.Hero;
import dev.overture.sample.game.hud.HudWidget;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** TopDownArena's HUD widget: every hero by score, best first. Stateless; game thread. */
final class Leaderboard implements HudWidget {

  @Override
  public String widgetClass() {
    return "Leaderboard";
  }

  @Override
  public String render(ArenaMatch match) {
    List<Hero> heroes = match.heroes();
    heroes.sort(Comparator.comparingInt(Hero::score).reversed().thenComparingInt(Hero::slot));
    List<String> leaders = new ArrayList<>();
    for (Hero hero : heroes) {
      leaders.add(hero.name() + " " + hero.score());
    }
    return "Leaders " + String.join(", ", leaders);
  }
}
