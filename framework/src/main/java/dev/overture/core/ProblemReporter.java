package dev.overture.core;

/**
 * Where data reports its own problems (an action's null entries, an entry that does nothing),
 * relative to its own place in a file: the caller knows the file and where the data starts, the
 * data knows the rest of the pointer. Implementations decide where problems go; calls happen on one
 * thread at a time.
 */
public interface ProblemReporter {

  /** Reports an error at {@code pointer}, relative to the data being checked ({@code ""} for all of it). */
  void error(String id, String pointer, String message);

  /** Reports a warning at {@code pointer}, relative to the data being checked. */
  void warning(String id, String pointer, String message);

  /** A reporter for the part of the data at {@code pointer}. */
  default ProblemReporter at(String pointer) {
    ProblemReporter parent = this;
    return new ProblemReporter() {
      @Override
      public void error(String id, String inner, String message) {
        parent.error(id, pointer + inner, message);
      }

      @Override
      public void warning(String id, String inner, String message) {
        parent.warning(id, pointer + inner, message);
      }
    };
  }
}
