package dev.overture.reliability;

import static org.junit.jupiter.api.Assertions.fail;

import java.lang.management.ManagementFactory;

/**
 * What every fuzz test checks besides its own properties: that handling one input allocates no
 * more than a bound proportional to the input, so that a length or count read from the input can
 * never make the code allocate what the input does not hold (docs/limits.md). Measured with the
 * JVM's per-thread allocation counter, so it sees only the calling thread: fuzz targets run what
 * they check on it.
 */
public final class Fuzzing {

  /** What handling any input may allocate at least: parsers, buffers, messages. */
  public static final long BASE_BYTES = 4L << 20;

  /** What it may allocate per byte of input on top: copies, strings, trees and their nodes. */
  public static final long BYTES_PER_INPUT_BYTE = 256;

  private static final com.sun.management.ThreadMXBean THREADS =
      (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

  private Fuzzing() {}

  /**
   * Runs {@code action} and fails when it allocated more than {@link #BASE_BYTES} plus {@link
   * #BYTES_PER_INPUT_BYTE} per byte of an input of {@code inputBytes}. The first time a path runs
   * it also loads and links classes, which allocates too; so an input over the bound is run once
   * more, and fails only when it is over the bound again.
   */
  public static void withinAllocationBound(int inputBytes, Runnable action) {
    long bound = BASE_BYTES + BYTES_PER_INPUT_BYTE * inputBytes;
    if (allocatedBy(action) > bound) {
      long allocated = allocatedBy(action);
      if (allocated > bound) {
        fail("handling an input of " + inputBytes + " bytes allocated " + allocated + " bytes; the bound is " + bound);
      }
    }
  }

  private static long allocatedBy(Runnable action) {
    long before = THREADS.getCurrentThreadAllocatedBytes();
    action.run();
    return THREADS.getCurrentThreadAllocatedBytes() - before;
  }
}
