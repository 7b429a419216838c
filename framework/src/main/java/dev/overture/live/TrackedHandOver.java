package dev.overture.live;

import dev.overture.core.Problem;
import dev.overture.experience.ExperienceManager;
import dev.overture.experience.ExperienceReload;
import dev.overture.experience.LoadedExperience;
import dev.overture.internal.Failures;
import dev.overture.world.World;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.RejectedExecutionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How a change reaches the worlds that track one of its assets ({@link LiveContent#track}): the
 * new value is handed to each on its game thread, and each world that took it (or refused it)
 * without a reload of its experience is listed in the change's report. Stateless; called from the
 * {@link ReloadPipeline}'s serial executor, the hand-over itself runs on the world's thread.
 */
final class TrackedHandOver {

  /** Logs as the pipeline it was split from, so hosts' log settings still apply. */
  private static final Logger log = LoggerFactory.getLogger(LiveContent.class);

  private TrackedHandOver() {}

  /**
   * Hands {@code value} to {@code hit}'s world, in a task on its game thread. Completes with whether
   * the world took it; a world that throws adds {@code Overture/TrackedAssetFailed} to {@code
   * problems} (a synchronized list).
   */
  static CompletableFuture<Boolean> hand(ReloadPipeline.Tracked hit, Object value, List<Problem> problems) {
    CompletableFuture<Boolean> handed = new CompletableFuture<>();
    try {
      hit.world().executor().execute(World.droppable(() -> {
        boolean taken = false;
        try {
          hit.apply().accept(value);
          taken = true;
        } catch (RuntimeException e) {
          // Reported with the change, in words; the trace is for whoever debugs the world's code.
          log.debug("World {} could not take the new version of {}", hit.world().name(), hit.id(), e);
          synchronized (problems) {
            problems.add(Problem.error("Overture/TrackedAssetFailed", "World " + hit.world().name() + " could not take the new "
                + hit.id() + ": " + Failures.describe(e)).withAsset(hit.id().toString()));
          }
        } finally {
          handed.complete(taken);
        }
      }, () -> handed.complete(false))); // the world closed first: nothing to hand it to
    } catch (RejectedExecutionException e) {
      log.debug("World {} closed before it could take the new {}", hit.world().name(), hit.id());
      handed.complete(false);
    }
    return handed;
  }

  /**
   * Hands {@code value} to {@code hit}'s world once {@code reload}, the same change's reload of that
   * world's experience (null: none), has settled there: if it rolled back, the world keeps the value
   * it had (a warning says so) rather than take half of the change. The hand-over is queued from the
   * world's thread as the reload ends, so it runs in the same drain of the world's tasks.
   */
  static CompletableFuture<Boolean> handAfter(ReloadPipeline.Tracked hit, Object value,
      CompletableFuture<LiveReload.WorldUpdate> reload, List<Problem> problems) {
    if (reload == null) {
      return hand(hit, value, problems);
    }
    return reload.handle((update, error) -> update).thenCompose(update -> {
      if (update != null && update.outcome() == ExperienceReload.Outcome.APPLIED) {
        return hand(hit, value, problems);
      }
      synchronized (problems) {
        problems.add(Problem.warning("Overture/TrackedAssetKept", "World " + hit.world().name() + " keeps the " + hit.id()
            + " it had: the reload of its experience did not apply").withAsset(hit.id().toString()));
      }
      return CompletableFuture.completedFuture(false);
    });
  }

  /** Adds to {@code worlds} each world that took (or refused) a tracked asset and has no line of its own. */
  static void report(Map<ReloadPipeline.Tracked, CompletableFuture<Boolean>> taken, List<LiveReload.WorldUpdate> worlds,
      Map<World, ExperienceManager> managers) {
    taken.forEach((hit, done) -> {
      boolean listed = worlds.stream().anyMatch(update -> update.world().equals(hit.world().name()));
      ExperienceManager manager = managers.get(hit.world());
      Optional<LoadedExperience> loaded = manager == null ? Optional.empty() : manager.loadedExperience();
      if (!listed && loaded.isPresent()) {
        worlds.add(new LiveReload.WorldUpdate(hit.world().name(), loaded.get().id(),
            done.join() ? ExperienceReload.Outcome.APPLIED : ExperienceReload.Outcome.ROLLED_BACK));
      }
    });
  }
}
