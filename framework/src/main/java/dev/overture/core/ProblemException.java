package dev.overture.core;

import java.util.List;

/**
 * A failure described by one or more {@link Problem}s, with a message in the numbered style of
 * {@link Problems#format}. Subclasses name what failed (an asset load, an index, a save).
 *
 * <p>Immutable once constructed; safe to pass between threads.
 */
public class ProblemException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private final String heading;
  private final transient List<Problem> problems;

  /**
   * @param heading what failed, for example {@code "Could not load Experience:Elimination"}
   * @param problems what was wrong, at least one
   */
  public ProblemException(String heading, List<Problem> problems) {
    this(heading, problems, null);
  }

  /**
   * With the exception that caused it, kept for the stack trace a developer asks for ({@code
   * --debug}); the problems alone say what a user needs.
   */
  public ProblemException(String heading, List<Problem> problems, Throwable cause) {
    super(Problems.format(heading, problems), cause, false, true);
    if (problems.isEmpty()) {
      throw new IllegalArgumentException("a ProblemException needs at least one problem");
    }
    this.heading = heading;
    this.problems = List.copyOf(problems);
  }

  /** What failed, without the problems. */
  public String heading() {
    return heading;
  }

  /** What was wrong, in the order found. */
  public List<Problem> problems() {
    return problems;
  }
}
