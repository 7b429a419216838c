package dev.overture.core;

import dev.overture.internal.Choices;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Thrown by a value's constructor (a record's compact constructor, say) when the data it was
 * given is wrong at a known place inside it: the JSON binder turns it into a {@link Problem} at that
 * exact file, line and column, with the choices. Use it instead of a bare
 * IllegalArgumentException whenever the constructor knows which part of its data is wrong.
 */
public class DataException extends IllegalArgumentException {

  private static final long serialVersionUID = 1L;

  private final String problemId;
  private final String pointer;
  private final String choicesLabel;
  private final transient List<String> choices;
  /** The problem as it was described elsewhere ({@link #DataException(Problem, String)}), or null. */
  private final transient Problem described;

  /**
   * @param problemId the problem's stable id, for example {@code Overture/UnknownProperty}
   * @param pointer where in the value, relative to it ({@code ""} for all of it), for example
   *     {@code /properties/speed}
   * @param message what is wrong
   * @param choicesLabel what the choices are, for example {@code "properties"}
   * @param choices the valid choices, if any
   */
  public DataException(String problemId, String pointer, String message, String choicesLabel, List<String> choices) {
    super(message);
    this.problemId = Objects.requireNonNull(problemId, "problemId");
    this.pointer = Objects.requireNonNull(pointer, "pointer");
    this.choicesLabel = choicesLabel;
    this.choices = Choices.copyOf(choices);
    this.described = null;
  }

  /**
   * The error {@code problem} (its id, message and choices as they are; its location is dropped),
   * found at {@code pointer} inside the value: for a value checked by rules that describe what
   * they find as problems (the content's, {@code dev.overture.asset.ContentValues}), so that the
   * value's own constructor reports it in their words.
   *
   * @param pointer where in the value, relative to it ({@code ""} for all of it)
   */
  public DataException(Problem problem, String pointer) {
    super(Objects.requireNonNull(problem, "problem").message());
    this.problemId = problem.id();
    this.pointer = Objects.requireNonNull(pointer, "pointer");
    this.choicesLabel = null;
    this.choices = problem.choices();
    this.described = new Problem(Severity.ERROR, problem.id(), problem.message(), Optional.empty(), Optional.empty(), choices);
  }

  /** Without choices. */
  public DataException(String problemId, String pointer, String message) {
    this(problemId, pointer, message, null, List.of());
  }

  /** The problem's stable id. */
  public String problemId() {
    return problemId;
  }

  /** Where in the value, relative to it. */
  public String pointer() {
    return pointer;
  }

  /** The problem this describes, at {@code location}. */
  public Problem toProblem() {
    if (described != null) {
      return described;
    }
    Problem problem = Problem.error(problemId, getMessage());
    return choicesLabel == null ? problem : problem.withChoices(choicesLabel, choices);
  }
}
