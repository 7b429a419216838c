package dev.overture.asset;

import dev.overture.core.Problem;
import dev.overture.core.ProblemException;
import java.util.List;

/**
 * A load that failed: every problem it found (a missing file, malformed JSON, an unknown property
 * type, an unknown id, a reference of the wrong type, a forbidden cycle), numbered, each with its
 * asset, file, line, column and JSON pointer. Assets of the same load that had no problem stay
 * loaded and usable until the handle is released.
 */
public final class AssetLoadException extends ProblemException {

  private static final long serialVersionUID = 1L;

  /**
   * @param what what was being loaded, for example {@code Experience:Elimination}
   * @param problems what went wrong, at least one
   */
  public AssetLoadException(String what, List<Problem> problems) {
    super("Could not load " + what, problems);
  }
}
