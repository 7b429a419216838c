package dev.overture.asset;

import dev.overture.core.Failures;

/** A start-up job that failed; its cause says why. Later jobs did not run. */
public final class StartupJobException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private final String job;

  /**
   * @param job the job's name
   * @param cause why it failed
   */
  public StartupJobException(String job, Throwable cause) {
    super("Start-up job \"" + job + "\" failed: " + Failures.describe(cause), cause);
    this.job = job;
  }

  /** The name of the job that failed. */
  public String job() {
    return job;
  }
}
