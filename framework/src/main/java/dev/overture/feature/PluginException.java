package dev.overture.feature;

import dev.overture.core.Problem;
import dev.overture.core.ProblemException;
import java.util.List;

/**
 * A feature plugin that could not reach the state asked of it: a broken descriptor, a missing or
 * mismatched dependency, a dependency cycle, contributions no code registered, content that
 * cannot be indexed, an action that threw. Its problems say which, with the file where known.
 */
public final class PluginException extends ProblemException {

  private static final long serialVersionUID = 1L;

  private final PluginId plugin;

  /**
   * @param plugin the plugin's name
   * @param what what failed, for example {@code "activate"}
   * @param problems why
   */
  public PluginException(PluginId plugin, String what, List<Problem> problems) {
    super("Could not " + what + " plugin " + plugin, problems);
    this.plugin = plugin;
  }

  /** The plugin's name. */
  public PluginId plugin() {
    return plugin;
  }
}
