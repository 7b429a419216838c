package dev.overture.benchmarks;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.List;

/**
 * What a JVM spent besides the measured code over some span, from its management beans: the
 * collector's pauses (wall time every application thread stood still; for G1 the young and mixed
 * pauses, whose bean counts pause time) and the JIT's compile time (the compiler threads' work, on
 * the same cores as the measured code). Read before and after a load, the two say how much of a
 * warm load's time was the collector copying what it keeps, and how much the compilers were still
 * competing for the two cores.
 *
 * @param pauseMillis milliseconds of collector pauses
 * @param compileMillis milliseconds the JIT compilers worked (summed over its threads)
 */
record LoadCosts(long pauseMillis, long compileMillis) {

  private static final String PREFIX = "costs ";

  /** What this JVM has spent so far. */
  static LoadCosts now() {
    long pauses = 0;
    for (GarbageCollectorMXBean collector : ManagementFactory.getGarbageCollectorMXBeans()) {
      pauses += Math.max(0, collector.getCollectionTime());
    }
    var compiler = ManagementFactory.getCompilationMXBean();
    long compile = compiler != null && compiler.isCompilationTimeMonitoringSupported() ? compiler.getTotalCompilationTime() : 0;
    return new LoadCosts(pauses, compile);
  }

  /** What was spent between {@code before} and this. */
  LoadCosts since(LoadCosts before) {
    return new LoadCosts(pauseMillis - before.pauseMillis, compileMillis - before.compileMillis);
  }

  /** One line a parent reads back with {@link #parse}. */
  String line() {
    return PREFIX + pauseMillis + " " + compileMillis;
  }

  /** The costs line in a child's {@code output}. */
  static LoadCosts parse(String output) {
    String line = output.lines().filter(each -> each.startsWith(PREFIX)).findFirst()
        .orElseThrow(() -> new IllegalStateException("no costs line in: " + output));
    String[] parts = line.substring(PREFIX.length()).trim().split(" ");
    return new LoadCosts(Long.parseLong(parts[0]), Long.parseLong(parts[1]));
  }

  /** The medians of {@code costs}, each taken alone. */
  static LoadCosts median(List<LoadCosts> costs) {
    return new LoadCosts(Rounds.median(costs.stream().mapToLong(LoadCosts::pauseMillis).toArray()),
        Rounds.median(costs.stream().mapToLong(LoadCosts::compileMillis).toArray()));
  }

  /** For a table: " (collector pauses P ms, compiling C ms meanwhile; medians)". */
  String describe() {
    return String.format(" (collector pauses %d ms, compilers %d ms meanwhile; medians)", pauseMillis, compileMillis);
  }
}
