package dev.overture.validation;

import dev.overture.core.Problem;
import dev.overture.feature.GameFeatures;
import dev.overture.feature.PluginId;
import dev.overture.internal.Failures;
import java.util.Optional;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A check that throws (a plugin's validator with a bug, an action's own {@code validate}) is one
 * problem of the report, {@code Overture/ValidatorFailed}, naming the check and its plugin; the run
 * goes on with every other check, as a failing entry point is a problem of its plugin and not the
 * end of start-up. A stack overflow is said to be the check's (it calls itself without end), not
 * the content's. The stack trace is logged at debug.
 *
 * <p>Stateless apart from the features it asks; called on the validating thread.
 */
final class CheckFailures {

  private static final Logger log = LoggerFactory.getLogger(Validator.class);

  private final GameFeatures features;

  CheckFailures(GameFeatures features) {
    this.features = features;
  }

  /** Runs {@code check}'s {@code call}; what it throws goes to {@code report} as its problem. */
  void run(Object check, Optional<PluginId> plugin, Runnable call, Consumer<Problem> report) {
    try {
      call.run();
    } catch (Throwable e) {
      if (Failures.isFatal(e)) {
        throw e;
      }
      report.accept(problem(check, plugin, e));
    }
  }

  /** How many times {@link #ownerOf} looked a check up: a test's count. */
  final java.util.concurrent.atomic.AtomicInteger ownerLookups = new java.util.concurrent.atomic.AtomicInteger();

  /** The plugin whose code registered the extension {@code check}, if a plugin's. */
  Optional<PluginId> ownerOf(Object check) {
    ownerLookups.incrementAndGet();
    return features == null ? Optional.empty() : features.ownerOf(check);
  }

  /** The plugin whose code registered the kind of {@code type}, if a plugin's. */
  Optional<PluginId> ownerOfKind(Optional<String> kind) {
    return features == null || kind.isEmpty() ? Optional.empty() : features.contributorOf(kind.get());
  }

  private Problem problem(Object check, Optional<PluginId> plugin, Throwable e) {
    String name = "The check " + check.getClass().getSimpleName()
        + plugin.map(id -> " of plugin " + id + (features == null ? "" : " (" + features.location(id) + ")")).orElse("");
    String why = Failures.describeWhere(e);
    Failures.traceAtDebug(log, e, "{} failed", name);
    return Problem.error("Overture/ValidatorFailed", name + " failed: " + why + "; the other checks ran, but not the rest of this one");
  }

  /** {@code problem} at the entry point in {@code plugin}'s descriptor: where a check about no asset is found. */
  Problem atPlugin(Problem problem, Optional<PluginId> plugin) {
    return features == null || plugin.isEmpty() ? problem : problem.at(features.locateInDescriptor(plugin.get(), "/entryPoint"));
  }
}
