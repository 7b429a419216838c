package dev.overture.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Issue 19: the sample plays fair, so that {@code --seed} matters. Before, heroes acted in slot
 * order and ties went to the first team, and the player's team won 198 of 200 Elimination matches.
 *
 * <p>Each match experience is played from seeds 1 to {@value #SEEDS}, in-process on one runtime.
 * If the game is fair, each of a match's k teams wins a decided match with probability 1/k, so a
 * team's wins over n decided matches follow Binomial(n, 1/k). The test fails when a team wins more
 * than the bound that a fair game exceeds with probability at most {@value #ALPHA}/k (exact
 * binomial tail; divided by k so that the chance that any of the k teams passes its bound stays
 * under {@value #ALPHA}). With {@value #SEEDS} seeds the bound is about 62% of decided matches for
 * two teams and 36% for four, far below what the old order gave (99% and 82% for two teams, 52%
 * for one team of four). The outcomes are written to {@code target/fairness.md}.
 */
class FairPlayTest {

  static final int SEEDS = 200;
  static final double ALPHA = 0.001;
  private static final int MAX_TURNS = 3000;

  private static MatchRunner runner;
  private static final Map<String, String> table = new LinkedHashMap<>();

  @BeforeAll
  static void openRuntime() {
    runner = new MatchRunner(Path.of("../assets"));
  }

  @AfterAll
  static void closeRuntimeAndWriteTable() throws IOException {
    runner.close();
    StringBuilder page = new StringBuilder("| experience | seeds | wins per team | draws |\n|---|---|---|---|\n");
    table.values().forEach(page::append);
    Files.writeString(Path.of("target", "fairness.md"), page);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({"Elimination, Red;Blue", "Control, Red;Blue", "TopDownArena, Red;Blue;Green;Yellow"})
  void noTeamWinsMuchMoreThanItsShare(String experience, String teamList) {
    List<String> teams = List.of(teamList.split(";"));
    Map<String, Integer> wins = new LinkedHashMap<>();
    teams.forEach(team -> wins.put(team, 0));
    int draws = 0;
    List<Long> unfinished = new ArrayList<>();
    for (long seed = 1; seed <= SEEDS; seed++) {
      MatchRunner.Outcome outcome = runner.play(experience, seed, MAX_TURNS);
      if (!outcome.over()) {
        unfinished.add(seed);
      } else if (outcome.winner().isEmpty()) {
        draws++;
      } else {
        assertTrue(wins.containsKey(outcome.winner()), outcome.toString());
        wins.merge(outcome.winner(), 1, Integer::sum);
      }
    }
    List<String> counts = new ArrayList<>();
    wins.forEach((team, won) -> counts.add(team + " " + won));
    table.put(experience, "| " + experience + " | " + SEEDS + " | " + String.join(", ", counts) + " | " + draws + " |\n");

    assertEquals(List.of(), unfinished, "seeds whose match did not end within " + MAX_TURNS + " turns");
    int decided = SEEDS - draws;
    int bound = upperBound(decided, 1.0 / teams.size(), ALPHA / teams.size());
    for (Map.Entry<String, Integer> team : wins.entrySet()) {
      assertTrue(team.getValue() <= bound, team.getKey() + " won " + team.getValue() + " of " + decided + " decided " + experience
          + " matches; a fair game wins at most " + bound + " (all: " + counts + ", draws " + draws + ")");
    }
  }

  /** The smallest c with P(X > c) at most {@code alpha}, for X ~ Binomial(n, p). */
  static int upperBound(int n, double p, double alpha) {
    double[] pmf = new double[n + 1];
    for (int k = 0; k <= n; k++) {
      pmf[k] = Math.exp(logChoose(n, k) + k * Math.log(p) + (n - k) * Math.log1p(-p));
    }
    double tail = 0; // P(X > c), summed from the top so small terms are not lost
    for (int c = n; c >= 0; c--) {
      if (tail + pmf[c] > alpha) {
        return c;
      }
      tail += pmf[c];
    }
    return 0;
  }

  private static double logChoose(int n, int k) {
    double sum = 0;
    for (int i = 1; i <= k; i++) {
      sum += Math.log(n - k + i) - Math.log(i);
    }
    return sum;
  }

  @Test
  void theBound_isTheBinomialTail() {
    // Checked against SciPy: binom.ppf(1 - 0.0005, 200, 0.5) = 123, binom.ppf(1 - 0.00025, 200, 0.25) = 72.
    assertEquals(123, upperBound(200, 0.5, 0.0005));
    assertEquals(72, upperBound(200, 0.25, 0.00025));
    assertEquals(10, upperBound(10, 0.5, 0.0));
  }
}
