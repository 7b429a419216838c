package dev.overture.experience;

/**
 * What the experience package does with what a host's or game's callback throws (a listener, a
 * step that runs game code, a carried-over component): the one place that policy lives.
 *
 * <p>Anything a callback throws is caught, so that a load or a world is never left half-done: an
 * exception, an {@code AssertionError}, a {@code StackOverflowError} or a {@code LinkageError} (a
 * plugin's class loader) is logged naming the callback, or fails the load, and the rest goes on. Only
 * a {@linkplain #isFatal fatal} error (the virtual machine's: out of memory, an internal error) is
 * thrown on, and only after the state it interrupted has been made whole.
 *
 * <p>Stateless; any thread.
 */
final class Callbacks {

  private Callbacks() {}

  /**
   * Whether {@code failure} is the virtual machine's own and should reach the host once the state
   * is whole: a {@link VirtualMachineError} other than a {@link StackOverflowError} (which only
   * the callback's own recursion caused, and which unwinding has already cured).
   */
  static boolean isFatal(Throwable failure) {
    return failure instanceof VirtualMachineError && !(failure instanceof StackOverflowError);
  }

  /** Throws {@code failure} on if it is {@linkplain #isFatal fatal}, unchecked as it was. */
  static void rethrowIfFatal(Throwable failure) {
    if (isFatal(failure)) {
      throw (VirtualMachineError) failure;
    }
  }
}
