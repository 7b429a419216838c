package dev.overture.benchmarks;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** The comparison's statistics; its runs are whole processes, timed by hand (docs/benchmarks.md). */
class StartupComparisonTest {

  @Test
  void signTest_isTheTwoSidedBinomialTail() {
    // 10 rounds that differ, 9 one way: P(X <= 1) = (1 + 10) / 1024, doubled.
    assertEquals(22.0 / 1024, StartupComparison.signTest(9, 1), 1e-12);
    assertEquals(22.0 / 1024, StartupComparison.signTest(1, 9), 1e-12);
    // All 20 one way: 2 / 2^20.
    assertEquals(2.0 / (1 << 20), StartupComparison.signTest(20, 0), 1e-15);
    // An even split, or nothing that differs, is no evidence either way.
    assertEquals(1.0, StartupComparison.signTest(5, 5));
    assertEquals(1.0, StartupComparison.signTest(0, 0));
    // 29 of 40: P(X <= 11) * 2 for n = 40, about 0.0064.
    assertEquals(0.0064, StartupComparison.signTest(29, 11), 0.0001);
  }

  @Test
  void signTest_staysExactForManyRounds() {
    // 200 rounds, 100 each way: the tail is just over half, so the two-sided p is capped at 1.
    assertEquals(1.0, StartupComparison.signTest(100, 100));
    assertEquals(0.0, StartupComparison.signTest(200, 0), 1e-50);
  }

  @Test
  void pairs_areDifferencesRoundByRound_andTiesCountForNeither() {
    StartupComparison.Paired paired =
        new StartupComparison.Paired("play", new double[] {400, 410, 420, 430}, new double[] {390, 415, 400, 430});

    assertArrayEquals(new double[] {-10, 5, -20, 0}, paired.differences());
    assertEquals(2, paired.secondFaster());
    assertEquals(1, paired.ties());
    // 2 faster, 1 slower, 1 tie: the test runs over the 3 rounds that differ.
    assertEquals(StartupComparison.signTest(2, 1), paired.signTestP());
    assertEquals(-5.0, StartupComparison.median(paired.differences()));
  }

  @Test
  void pairs_needAsManyRunsOfEachBuild() {
    IllegalArgumentException thrown = assertThrows(IllegalArgumentException.class,
        () -> new StartupComparison.Paired("play", new double[] {1, 2}, new double[] {1}));
    assertEquals("pairs need as many runs of each build, at least one: 2 and 1", thrown.getMessage());
  }

  @Test
  void median_ofAnEvenCountIsTheMeanOfTheMiddleTwo() {
    assertEquals(2.5, StartupComparison.median(new double[] {4, 1, 3, 2}));
    assertEquals(3.0, StartupComparison.median(new double[] {5, 3, 1}));
  }
}
