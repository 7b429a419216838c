package dev.overture.experience;

import dev.overture.core.Problem;
import dev.overture.core.ProblemException;
import java.util.List;

/**
 * An experience that could not load: its problems (an asset, a plugin, an action) with their
 * files and locations. By the time it is reported, everything the load activated was rolled back.
 */
public final class ExperienceLoadException extends ProblemException {

  private static final long serialVersionUID = 1L;

  /**
   * @param experience the experience, for example {@code Experience:Elimination}
   * @param problems why it failed
   */
  public ExperienceLoadException(String experience, List<Problem> problems) {
    super("Could not load experience " + experience, problems);
  }
}
