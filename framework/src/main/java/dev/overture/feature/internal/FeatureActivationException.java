package dev.overture.feature.internal;

/**
 * An action that threw while it was brought up; the message names the action and the step that
 * failed ({@code "Flare failed to load: the flare went out"}: a throw in {@code onLoading} said
 * "failed to activate"), the cause says why. Not API: whoever activates turns it into its own
 * failure (a failed load, a plugin error).
 */
public final class FeatureActivationException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private final String action;
  private final String step;

  /**
   * @param action the action as named in messages
   * @param step the step that failed, as a verb: {@code "register"}, {@code "load"} or {@code
   *     "activate"}
   * @param cause what it threw
   */
  public FeatureActivationException(String action, String step, Throwable cause) {
    this(action, "", step, cause);
  }

  /**
   * @param whose how the action's plugin is named after its label ({@link Extensions#whose}), or ""
   */
  public FeatureActivationException(String action, String whose, String step, Throwable cause) {
    super(action + whose + " failed to " + step + ": " + dev.overture.internal.Failures.describeWhere(cause), cause);
    this.action = action;
    this.step = step;
  }

  /** The step that failed: {@code "register"}, {@code "load"} or {@code "activate"}. */
  public String step() {
    return step;
  }

  /** The action, as named in messages. */
  public String action() {
    return action;
  }
}
