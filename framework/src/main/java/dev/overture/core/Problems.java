package dev.overture.core;

import java.util.List;

/**
 * Prints problems in the numbered style every Overture report uses:
 *
 * <pre>
 * Could not load experience Experience:Elimination, see the following problems:
 *
 * 1) [Overture/UnknownPlugin] Plugin "ShooterCoer" is not installed (installed: "ShooterCore").
 *    at assets/experiences/Elimination.json:7:5 (/gameFeaturesToEnable/0)
 *
 * 1 problem
 * </pre>
 *
 * <p>Stateless; safe to call from any thread.
 */
public final class Problems {

  private Problems() {}

  /**
   * The one of {@code options} that {@code wanted} most likely meant, when one is a typo away (at
   * most a third of its letters off; a swap of neighbours counts as one): for messages that end in
   * "did you mean scoreLimit?". Checks of plugins and games use it as the framework does.
   */
  public static java.util.Optional<String> didYouMean(String wanted, java.util.Collection<String> options) {
    return dev.overture.internal.Choices.didYouMean(wanted, options);
  }

  /**
   * The report: {@code heading}, a blank line, each problem numbered from 1 with its location on
   * the next line, and a count. A heading that ends with neither ':' nor '.' gets ", see the
   * following problems:".
   */
  public static String format(String heading, List<Problem> problems) {
    return report(heading, problems, count(problems));
  }

  /**
   * As {@link #format}, listing only the first {@code shown} of {@code problems}; when there are
   * more, its last line counts them all and says so ({@code "25 problems: the first 20 above, 5
   * more not shown"}), for a caller to say where every one is to be seen.
   */
  public static String formatFirst(String heading, List<Problem> problems, int shown) {
    if (shown < 0) {
      throw new IllegalArgumentException("shown must not be negative: " + shown);
    }
    if (problems.size() <= shown) {
      return format(heading, problems);
    }
    return report(heading, problems.subList(0, shown),
        count(problems) + ": the first " + shown + " above, " + (problems.size() - shown) + " more not shown");
  }

  private static String report(String heading, List<Problem> problems, String countLine) {
    StringBuilder out = new StringBuilder(heading);
    if (!heading.endsWith(":") && !heading.endsWith(".")) {
      out.append(", see the following ").append(problems.size() == 1 ? "problem:" : "problems:");
    }
    out.append(System.lineSeparator());
    int number = 1;
    for (Problem problem : problems) {
      out.append(System.lineSeparator());
      String prefix = number + ") ";
      out.append(prefix).append('[').append(problem.id()).append("] ");
      if (!problem.isError()) {
        out.append("warning: ");
      }
      out.append(problem.message());
      String indent = " ".repeat(prefix.length());
      problem
          .location()
          .ifPresent(where -> out.append(System.lineSeparator()).append(indent).append("at ").append(where));
      if (problem.location().isEmpty()) {
        problem
            .asset()
            .ifPresent(asset -> out.append(System.lineSeparator()).append(indent).append("in ").append(asset));
      }
      out.append(System.lineSeparator());
      number++;
    }
    out.append(System.lineSeparator()).append(countLine);
    return out.toString();
  }

  /** {@code "1 problem"}, {@code "3 problems"}, or {@code "3 problems (2 errors, 1 warning)"}. */
  public static String count(List<Problem> problems) {
    long errors = problems.stream().filter(Problem::isError).count();
    long warnings = problems.size() - errors;
    String total = problems.size() + (problems.size() == 1 ? " problem" : " problems");
    if (errors == 0 || warnings == 0) {
      return total;
    }
    return total
        + " ("
        + errors
        + (errors == 1 ? " error, " : " errors, ")
        + warnings
        + (warnings == 1 ? " warning)" : " warnings)");
  }

  /** Whether any of {@code problems} is an error. */
  public static boolean hasErrors(List<Problem> problems) {
    for (Problem problem : problems) {
      if (problem.isError()) {
        return true;
      }
    }
    return false;
  }
}
