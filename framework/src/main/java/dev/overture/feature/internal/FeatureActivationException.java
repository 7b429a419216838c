package dev.overture.feature.internal;

/**
 * An action that threw while activating; the message names the action, the cause says why. Not
 * API: whoever activates turns it into its own failure (a failed load, a plugin error).
 */
public final class FeatureActivationException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private final String action;

  /**
   * @param action the action as named in messages
   * @param cause what it threw
   */
  public FeatureActivationException(String action, Throwable cause) {
    super(action + " failed to activate: " + dev.overture.internal.Failures.describe(cause), cause);
    this.action = action;
  }

  /** The action, as named in messages. */
  public String action() {
    return action;
  }
}
