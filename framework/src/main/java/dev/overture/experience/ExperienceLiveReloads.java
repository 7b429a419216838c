package dev.overture.experience;

import dev.overture.core.Problem;
import dev.overture.feature.internal.FeatureActivationException;
import dev.overture.internal.Failures;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The live reloads of one world's {@link ExperienceManager}: the ones queued on the world's
 * executor and not yet applied (so that ending play settles them), and applying one when its task
 * runs, in place of the experience in force.
 *
 * <p><b>Threading.</b> A reload is queued or dropped from any thread (the live pipeline's workers);
 * the queue is a concurrent map. Applying and settling run on the world's game thread, like the
 * manager they report to.
 */
final class ExperienceLiveReloads {

  /** Logs as the ExperienceManager it was split from, so hosts' log settings still apply. */
  private static final Logger log = LoggerFactory.getLogger(ExperienceManager.class);

  private final ExperienceManager manager;
  private final Map<ExperienceReload, CompletableFuture<ExperienceReload.Result>> pending = new ConcurrentHashMap<>();

  ExperienceLiveReloads(ExperienceManager manager) {
    this.manager = manager;
  }

  /** {@code reload} is about to be queued on the world's executor (any thread). */
  void reloadQueued(ExperienceReload reload, CompletableFuture<ExperienceReload.Result> result) {
    pending.put(reload, result);
  }

  /** The world refused the task of {@code reload}: it is closing. Any thread. */
  void reloadDropped(ExperienceReload reload, CompletableFuture<ExperienceReload.Result> result) {
    if (pending.remove(reload) != null) {
      reload.releaseAcquired();
      result.complete(new ExperienceReload.Result(ExperienceReload.Outcome.SUPERSEDED, List.of()));
    }
  }

  /**
   * Applies {@code reload} (see {@link ExperienceReload}): game thread, at a tick boundary, in one
   * go. The manager goes from {@code Loaded} through {@code ExecutingActions} back to {@code
   * Loaded}, and the loaded listeners registered meanwhile are called.
   */
  void applyReload(ExperienceReload reload, CompletableFuture<ExperienceReload.Result> result) {
    if (pending.remove(reload) == null) {
      return; // settled when play ended
    }
    ExperienceLoad load = manager.current();
    if (manager.state() != LoadState.LOADED || load == null || manager.loadedExperience().orElse(null) != reload.target()
        || load != reload.target().load()) {
      reload.releaseAcquired();
      result.complete(new ExperienceReload.Result(ExperienceReload.Outcome.SUPERSEDED, List.of()));
      return;
    }
    manager.markStart();
    manager.setState(LoadState.EXECUTING_ACTIONS);
    if (manager.current() != load || manager.state() != LoadState.EXECUTING_ACTIONS) { // a state listener moved on
      reload.releaseAcquired();
      result.complete(new ExperienceReload.Result(ExperienceReload.Outcome.SUPERSEDED, List.of()));
      return;
    }
    Map<CarryOvers.Key, Object> carried = CarryOvers.carryOut(manager.world());
    List<LoadChecks.Found> failed;
    try {
      failed = load.reload(reload);
    } catch (FeatureActivationException e) {
      // The old content could not activate again either: the experience cannot go on.
      Failures.logInALine(log, e, "Reloading {} in world {} failed, and so did its content as it was", load.id(),
          manager.world().name());
      failWith(load, reload, result, Problem.error("Overture/ActionFailed", e.getMessage()));
      return;
    } catch (Throwable e) {
      // Game code the reload runs (a pawn taking its new pawn data, say) threw: as in a load's step,
      // the experience fails rather than stay half-reloaded in ExecutingActions.
      Failures.traceAtDebug(log, e, "Reloading {} in world {} threw", load.id(), manager.world().name());
      try {
        failWith(load, reload, result, Problem.error("Overture/LoadStepFailed", "Reloading stopped: " + Failures.describeWhere(e)));
      } finally {
        Failures.rethrowIfFatal(e);
      }
      return;
    }
    if (load.isDiscarded() || manager.current() != load) {
      // An action or a part ended the world's play meanwhile (closed it, say): nothing was adopted.
      reload.releaseAcquired();
      result.complete(new ExperienceReload.Result(ExperienceReload.Outcome.SUPERSEDED, List.of()));
      return;
    }
    CarryOvers.carryIn(manager.world(), carried);
    if (failed.isEmpty()) {
      manager.publish(load);
    } else {
      reload.releaseAcquired();
    }
    List<Consumer<ExperienceDefinition>> waiting = manager.listeners().takeLoaded();
    try {
      manager.setState(LoadState.LOADED);
      manager.listeners().callAll("loaded", waiting, load.experience());
    } finally {
      settle(load, failed, result);
    }
  }

  /** The experience cannot go on after {@code reload}: it fails with {@code problem}; the reload is rolled back. */
  private static void failWith(ExperienceLoad load, ExperienceReload reload, CompletableFuture<ExperienceReload.Result> result,
      Problem problem) {
    reload.releaseAcquired();
    load.failBy(problem.withAsset(load.id().toString()));
    result.complete(new ExperienceReload.Result(ExperienceReload.Outcome.ROLLED_BACK, load.failure() == null ? List.of()
        : load.failure().problems()));
  }

  private static void settle(ExperienceLoad load, List<LoadChecks.Found> failed, CompletableFuture<ExperienceReload.Result> result) {
    if (failed.isEmpty()) {
      result.complete(new ExperienceReload.Result(ExperienceReload.Outcome.APPLIED, List.of()));
    } else {
      load.locate(failed).whenComplete((problems, error) -> result.complete(new ExperienceReload.Result(
          ExperienceReload.Outcome.ROLLED_BACK, problems != null ? problems : failed.stream().map(LoadChecks.Found::problem).toList())));
    }
  }

  /** Play ended: the reloads still queued will never run. */
  void settle() {
    for (ExperienceReload reload : List.copyOf(pending.keySet())) {
      CompletableFuture<ExperienceReload.Result> result = pending.remove(reload);
      if (result != null) {
        reload.releaseAcquired();
        result.complete(new ExperienceReload.Result(ExperienceReload.Outcome.SUPERSEDED, List.of()));
      }
    }
  }
}
