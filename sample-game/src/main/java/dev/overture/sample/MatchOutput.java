package dev.overture.sample;

import dev.overture.experience.ExperienceManager;
import dev.overture.experience.PawnData;
import dev.overture.sample.game.ArenaGameState;
import dev.overture.sample.game.ArenaMatch;
import dev.overture.sample.game.Hero;
import dev.overture.world.ActorComponent;
import dev.overture.world.Pawn;
import dev.overture.world.World;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * What {@code overture play} prints of the match: the pawn spawned, the teams and rules, the
 * result with each hero's line.
 *
 * <p><b>Threading.</b> Stateless; call it on the world's game thread (it reads the world).
 */
final class MatchOutput {

  private MatchOutput() {}

  static void describePawn(Pawn pawn, PrintWriter out) {
    PawnData data = pawn.pawnData(PawnData.class).orElse(null);
    List<String> components = pawn.components().stream().map(ActorComponent::getClass).map(Class::getSimpleName).toList();
    out.printf("Spawned %s as %s (%s): %s%n", pawn.name(), data == null ? "?" : data.displayName(), data == null ? "?" : data.pawnClass(),
        components.isEmpty() ? "no components" : String.join(", ", components));
    if (pawn instanceof Hero hero) {
      out.printf("Movement: top speed %s m/s, jump %s m, turn %s deg/s%n",
          hero.movement().maxSpeed(), hero.movement().jumpHeight(), hero.movement().turnRate());
    }
  }

  static void spawnVisitor(World world, ExperienceManager manager, PrintWriter out) {
    if (manager.pawnData().isEmpty()) {
      out.println("The experience names no pawn data; nobody spawns");
      return;
    }
    describePawn(manager.spawnPawn(ArenaMatch.PLAYER), out);
  }

  static void describeMatch(ArenaMatch match, PrintWriter out) {
    List<String> teams = new ArrayList<>();
    for (int team = 0; team < match.config().teams().size(); team++) {
      List<String> names = new ArrayList<>();
      for (Hero hero : match.heroes()) {
        if (hero.team() == team) {
          names.add(hero.name());
        }
      }
      teams.add(match.config().teams().get(team) + " (" + String.join(", ", names) + ")");
    }
    List<String> rules = match.rules().stream().map(rule -> rule.describe(match)).toList();
    out.printf("Match on %s: %s; first team to %d wins%s%n", match.level().title(), String.join(" vs ", teams),
        match.config().scoreLimit(), rules.isEmpty() ? "" : "; " + String.join("; ", rules));
  }

  static void printResult(ArenaMatch match, PrintWriter out) {
    ArenaGameState state = match.state();
    List<String> scores = new ArrayList<>();
    for (int team = 0; team < match.config().teams().size(); team++) {
      scores.add(match.config().teams().get(team) + " " + match.teamScore(team));
    }
    if (state.isDraw()) {
      List<Integer> leaders = match.leadingTeams();
      out.printf("Result: draw at turn %d, %s level on %d (%s)%n", state.turn(),
          String.join(" and ", leaders.stream().map(match::teamName).toList()), match.teamScore(leaders.get(0)), String.join(", ", scores));
    } else if (state.isOver()) {
      out.printf("Result: %s wins at turn %d (%s)%n", state.winner(), state.turn(), String.join(", ", scores));
    } else {
      out.printf("Result: no team reached %d by turn %d (%s)%n", match.config().scoreLimit(), state.turn(), String.join(", ", scores));
    }
    for (Hero hero : match.heroes()) {
      out.printf("  %-7s %-6s score %2d, eliminated %2d, out %2d %-6s health %3d, at (%d,%d)%n", hero.name(),
          match.config().teams().get(hero.team()), hero.score(), hero.eliminations(), hero.deaths(),
          hero.deaths() == 1 ? "time," : "times,", hero.health(),
          hero.cell().x(), hero.cell().y());
    }
  }
}
