package dev.overture.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** How the 4th-load rows learn what the collector and the compilers spent during the load. */
class LoadCostsTest {

  @Test
  void aChildsLine_isReadBackFromAfterItsTiming_andItsAbsenceFailsNamingTheOutput() {
    LoadCosts costs = new LoadCosts(88, 416);

    assertEquals(costs, LoadCosts.parse("422020000\n" + costs.line() + "\n"));
    IllegalStateException missing = assertThrows(IllegalStateException.class, () -> LoadCosts.parse("422020000\n"));
    assertEquals("no costs line in: 422020000\n", missing.getMessage());
  }

  @Test
  void aSpan_isTheDifference_andTheMedianIsEachFiguresOwn() {
    assertEquals(new LoadCosts(9, 61), new LoadCosts(109, 1061).since(new LoadCosts(100, 1000)));
    List<LoadCosts> runs = List.of(new LoadCosts(90, 300), new LoadCosts(70, 500), new LoadCosts(80, 400));

    assertEquals(new LoadCosts(80, 400), LoadCosts.median(runs));
    assertEquals(" (collector pauses 80 ms, compilers 400 ms meanwhile; medians)", new LoadCosts(80, 400).describe());
  }

  @Test
  void thisJvm_countsItsCompilersWork() {
    LoadCosts before = LoadCosts.now();
    long spin = 0;
    for (int i = 0; i < 2_000_000; i++) {
      spin += Integer.toString(i).hashCode();
    }
    LoadCosts spent = LoadCosts.now().since(before);

    assertTrue(spent.pauseMillis() >= 0 && spent.compileMillis() >= 0, spent + " (" + spin + ")");
  }
}
