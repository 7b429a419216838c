package dev.overture.asset;

import dev.overture.core.ProblemException;
import dev.overture.internal.Failures;

/** A start-up job that failed; its cause says why. Later jobs did not run. */
public final class StartupJobException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private final String job;

  /**
   * @param job the job's name
   * @param cause why it failed
   */
  public StartupJobException(String job, Throwable cause) {
    super("Start-up job \"" + job + "\" failed: " + describe(cause), cause);
    this.job = job;
  }

  /** A failure in words: a failed load by its heading and first problem, anything else by {@link Failures}. */
  private static String describe(Throwable cause) {
    if (cause instanceof ProblemException problems) {
      int more = problems.problems().size() - 1;
      return problems.heading() + ": " + problems.problems().get(0).message() + (more > 0 ? " (and " + more + " more)" : "");
    }
    return Failures.describe(cause);
  }

  /** The name of the job that failed. */
  public String job() {
    return job;
  }
}
