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

  /**
   * With the exception that caused it (a developer's stack trace; the problems say the rest). A
   * cause that involves the plugin's own code (of one of its classes, or thrown through one) is kept
   * as a copy that prints as it did (class name, message, stack trace, its causes): the exception
   * itself would keep the plugin's classes, and so its class loader, alive for as long as the
   * failure is kept. Any other cause is kept as it is.
   */
  public PluginException(PluginId plugin, String what, List<Problem> problems, Throwable cause) {
    super("Could not " + what + " plugin " + plugin, problems, DetachedFailure.ofPluginCode(cause));
    this.plugin = plugin;
  }

  /** The plugin's name. */
  public PluginId plugin() {
    return plugin;
  }
}
