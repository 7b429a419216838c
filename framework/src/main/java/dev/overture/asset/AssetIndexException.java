package dev.overture.asset;

import dev.overture.core.Problem;
import dev.overture.core.ProblemException;
import java.util.List;

/**
 * Content that cannot be indexed: two files with the same asset id, a file name that is not a
 * valid asset name, a path outside its root, a broken {@code overture.json}. All problems are
 * reported at once; the index is left as it was before the change that failed.
 */
public final class AssetIndexException extends ProblemException {

  private static final long serialVersionUID = 1L;

  /**
   * @param what what was being indexed, for example {@code content root Game (assets)}
   * @param problems what is wrong, at least one
   */
  public AssetIndexException(String what, List<Problem> problems) {
    super("Could not index " + what, problems);
  }
}
