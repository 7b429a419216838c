package dev.overture.world;

/**
 * What the world does with what game or host code it calls back throws (a close listener, a
 * subsystem's shutdown, a task's drop notice, an extension handler): the one place that policy lives
 * in this package (the experience package has its twin).
 *
 * <p>Anything is caught, so that the world is never left half-closed or half-changed: an exception,
 * an {@code AssertionError}, a {@code StackOverflowError}, a {@code LinkageError} is logged naming
 * the callback, and the rest goes on; a {@linkplain #isFatal fatal} error is thrown on once the
 * world is whole.
 *
 * <p>Stateless; any thread.
 */
final class Callbacks {

  private Callbacks() {}

  /** A {@link VirtualMachineError} other than a {@link StackOverflowError}: out of memory, an internal error. */
  static boolean isFatal(Throwable failure) {
    return failure instanceof VirtualMachineError && !(failure instanceof StackOverflowError);
  }

  /** Throws {@code failure} on if it is {@linkplain #isFatal fatal}. */
  static void rethrowIfFatal(Throwable failure) {
    if (isFatal(failure)) {
      throw (VirtualMachineError) failure;
    }
  }
}
