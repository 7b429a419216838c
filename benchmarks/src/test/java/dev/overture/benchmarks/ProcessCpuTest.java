package dev.overture.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** How the cold rows learn what CPU their child JVMs used. */
class ProcessCpuTest {

  @Test
  void ticks_areUserPlusSystem_countedAfterANameThatHoldsSpacesAndParentheses() {
    // A thread's stat line as Linux writes it: pid, (comm), state, then numbers; utime and stime
    // are the 14th and 15th fields (here 137 and 12).
    String stat = "4242 (C2 Compiler) (x)) S 1 4242 1 0 -1 4194368 900 0 0 0 137 12 0 0 20 0 19 0 5 1 2 3";

    assertEquals(149, ProcessCpu.ticks(stat));
  }

  @Test
  void aChildsLine_isReadBackFromAmongItsOtherOutput_andItsAbsenceIsUnknown() {
    ProcessCpu cpu = new ProcessCpu(2910, 1410, 100);

    assertEquals(cpu, ProcessCpu.parse("303807\n" + cpu.line() + "\n"));
    assertEquals(1400, cpu.rest());
    assertFalse(ProcessCpu.parse("303807\n").known());
  }

  @Test
  void theMedian_isEachFiguresOwn_andUnknownWhenAnyRunsIs() {
    List<ProcessCpu> runs = List.of(new ProcessCpu(3000, 1500, 90), new ProcessCpu(2000, 1400, 120), new ProcessCpu(2500, 1300, 100));

    assertEquals(new ProcessCpu(2500, 1400, 100), ProcessCpu.median(runs));
    assertFalse(ProcessCpu.median(List.of(runs.get(0), ProcessCpu.UNKNOWN)).known());
    assertEquals("", ProcessCpu.UNKNOWN.describe(1_000_000_000L));
    assertEquals(" (CPU 2.50 s, 2.0 cores: compilers 1.40, collector 0.10, the rest 1.00)",
        new ProcessCpu(2500, 1400, 100).describe(1_250_000_000L));
  }

  @Test
  void thisJvm_hasUsedCpu_andItsCompilerThreadsAreFound() {
    assumeTrue(Files.isDirectory(Path.of("/proc/self/task")), "Linux only");
    long spin = 0;
    for (int i = 0; i < 5_000_000; i++) {
      spin += Integer.toString(i).hashCode();
    }
    ProcessCpu cpu = ProcessCpu.now();

    assertTrue(cpu.known(), "read " + cpu + " (" + spin + ")");
    assertTrue(cpu.total() > 0 && cpu.compilers() > 0, cpu.toString());
    assertTrue(cpu.rest() >= 0, cpu.toString());
  }
}
