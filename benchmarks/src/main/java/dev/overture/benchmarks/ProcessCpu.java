package dev.overture.benchmarks;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The CPU time a JVM has used so far, whole and split by who used it: the JIT's compiler threads,
 * the collector's threads, and the rest (the application and the VM's own). A cold run on two
 * cores is bound by CPU, so these say what a wall time was made of. Read from Linux's {@code
 * /proc/self}, at a resolution of 10 ms (the kernel's {@code USER_HZ} of 100); elsewhere unknown.
 *
 * <p>The split counts the threads alive when it is read: a thread that has ended (none of the
 * compiler or collector threads of a two-core JVM does) is counted in the rest.
 *
 * @param total milliseconds of the whole process, user and system
 * @param compilers milliseconds of the threads named {@code C1 CompilerThread*} and {@code C2 CompilerThread*}
 * @param collector milliseconds of the collector's threads ({@code GC Thread#*}, {@code G1 *})
 */
record ProcessCpu(long total, long compilers, long collector) {

  /** What {@link #line} prints when {@code /proc} cannot be read. */
  static final ProcessCpu UNKNOWN = new ProcessCpu(-1, -1, -1);

  private static final String PREFIX = "cpu ";
  private static final long MILLIS_PER_TICK = 10;

  /** Whether it was read. */
  boolean known() {
    return total >= 0;
  }

  /** Milliseconds neither the compilers nor the collector used. */
  long rest() {
    return total - compilers - collector;
  }

  /** This process's CPU so far, or {@link #UNKNOWN}. */
  static ProcessCpu now() {
    Path self = Path.of("/proc/self");
    try {
      long total = ticks(Files.readString(self.resolve("stat")));
      long compilers = 0;
      long collector = 0;
      try (DirectoryStream<Path> tasks = Files.newDirectoryStream(self.resolve("task"))) {
        for (Path task : tasks) {
          String name;
          long used;
          try {
            name = Files.readString(task.resolve("comm")).strip();
            used = ticks(Files.readString(task.resolve("stat")));
          } catch (IOException ended) {
            continue; // the thread ended while being read: its time is in the process's total
          }
          if (name.startsWith("C1 Compiler") || name.startsWith("C2 Compiler")) {
            compilers += used;
          } else if (name.startsWith("GC Thread") || name.startsWith("G1 ")) {
            collector += used;
          }
        }
      }
      return new ProcessCpu(total * MILLIS_PER_TICK, compilers * MILLIS_PER_TICK, collector * MILLIS_PER_TICK);
    } catch (IOException | RuntimeException e) {
      return UNKNOWN;
    }
  }

  /**
   * User and system clock ticks in a {@code stat} line of {@code /proc}: the 14th and 15th fields,
   * counted after the name in parentheses (which may hold spaces and parentheses itself).
   */
  static long ticks(String stat) {
    String[] fields = stat.substring(stat.lastIndexOf(')') + 2).strip().split(" ");
    // fields[0] is the 3rd field (the state): utime is the 14th, stime the 15th.
    return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
  }

  /** The line a child prints for its parent: {@code cpu TOTAL COMPILERS COLLECTOR}, in milliseconds. */
  String line() {
    return PREFIX + total + " " + compilers + " " + collector;
  }

  /** The figures of a line {@link #line} printed, or {@link #UNKNOWN} when {@code output} has none. */
  static ProcessCpu parse(String output) {
    for (String line : output.lines().toList()) {
      if (line.startsWith(PREFIX)) {
        String[] figures = line.substring(PREFIX.length()).strip().split(" ");
        return new ProcessCpu(Long.parseLong(figures[0]), Long.parseLong(figures[1]), Long.parseLong(figures[2]));
      }
    }
    return UNKNOWN;
  }

  /** Each figure's median over {@code runs} (unknown when any run's is). */
  static ProcessCpu median(List<ProcessCpu> runs) {
    if (runs.isEmpty() || runs.stream().anyMatch(run -> !run.known())) {
      return UNKNOWN;
    }
    return new ProcessCpu(
        Rounds.median(runs.stream().mapToLong(ProcessCpu::total).toArray()),
        Rounds.median(runs.stream().mapToLong(ProcessCpu::compilers).toArray()),
        Rounds.median(runs.stream().mapToLong(ProcessCpu::collector).toArray()));
  }

  /** How the runner's table shows it, after a wall time of {@code wallNanos}. */
  String describe(long wallNanos) {
    if (!known()) {
      return "";
    }
    return String.format(" (CPU %.2f s, %.1f cores: compilers %.2f, collector %.2f, the rest %.2f)",
        total / 1e3, total * 1e6 / wallNanos, compilers / 1e3, collector / 1e3, rest() / 1e3);
  }
}
