package dev.overture.feature;

import dev.overture.core.Problem;
import dev.overture.core.ProblemException;
import java.util.List;

/**
 * A feature plugin that could not reach the state asked of it: a broken descriptor, a missing or
 * mismatched dependency, a dependency cycle, an entry point that is missing or fails, contributions
 * no code registered, content that cannot be indexed, an action that threw. Its problems say which, with the file where known.
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
    this(plugin, what, problems, null);
  }

  /** With the exception that caused it (a developer's stack trace; the problems say the rest). */
  public PluginException(PluginId plugin, String what, List<Problem> problems, Throwable cause) {
    super("Could not " + what + " plugin " + plugin, problems, cause);
    this.plugin = plugin;
  }

  /** The plugin's name. */
  public PluginId plugin() {
    return plugin;
  }
}
