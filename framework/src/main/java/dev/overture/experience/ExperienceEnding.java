package dev.overture.experience;

import dev.overture.asset.PrimaryAssetId;
import dev.overture.internal.Failures;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Ends the experience of one world's {@link ExperienceManager}: deactivating a loaded experience
 * (its actions, waiting for their pauses, then its plugins and assets), and switching to another
 * once the current one has ended, the last switch asked for winning.
 *
 * <p><b>Threading.</b> Confined to the world's game thread, like the manager; the asynchronous
 * steps come back to it through the world's executor.
 */
final class ExperienceEnding {

  /** Logs as the ExperienceManager it was split from, so hosts' log settings still apply. */
  private static final Logger log = LoggerFactory.getLogger(ExperienceManager.class);

  /** The experience a switch will load once the current one is deactivated: the last asked for. */
  private record PendingSwitch(PrimaryAssetId id, CompletableFuture<ExperienceDefinition> future) {}

  private final ExperienceManager manager;
  private CompletableFuture<Void> deactivation;
  /** The release of the plugins of the last load cancelled, which a switch waits for. */
  private CompletableFuture<Void> releasing;
  private PendingSwitch pendingSwitch;

  ExperienceEnding(ExperienceManager manager) {
    this.manager = manager;
  }

  /** Deactivates the current experience, then loads {@code id}; see {@link ExperienceManager#switchExperience}. */
  CompletableFuture<ExperienceDefinition> switchTo(PrimaryAssetId id) {
    cancelSwitch();
    PendingSwitch next = new PendingSwitch(id, new CompletableFuture<>());
    pendingSwitch = next;
    end(manager.state()).whenCompleteAsync((ignored, error) -> {
      if (pendingSwitch != next) {
        return; // replaced by a later switch
      }
      pendingSwitch = null;
      try {
        manager.setCurrentExperience(id).whenComplete((experience, failure) -> {
          if (failure == null) {
            next.future().complete(experience);
          } else {
            next.future().completeExceptionally(failure);
          }
        });
      } catch (Throwable e) {
        next.future().completeExceptionally(e);
        Failures.rethrowIfFatal(e);
      }
    }, manager.world().executor());
    return next.future();
  }

  /**
   * Ends the current experience, in {@code state}, and cancels a switch under way, which would
   * otherwise load its experience once the deactivation is done; see {@link
   * ExperienceManager#deactivate}.
   */
  CompletableFuture<Void> deactivate(LoadState state) {
    cancelSwitch();
    return end(state);
  }

  /** Ends the current experience, in {@code state}, leaving a pending switch to go on after. */
  private CompletableFuture<Void> end(LoadState state) {
    switch (state) {
      case UNLOADED:
        // A load cancelled just before may still be releasing its plugins: what comes next waits for it.
        return releasing == null || releasing.isDone() ? CompletableFuture.completedFuture(null) : releasing;
      case FAILED:
        manager.clearCurrent();
        manager.unpublish();
        manager.setState(LoadState.UNLOADED);
        return CompletableFuture.completedFuture(null);
      case DEACTIVATING:
        return deactivation;
      case LOADED:
        return deactivateLoaded();
      default: // loading: cancel
        ExperienceLoad cancelled = manager.current();
        manager.clearCurrent();
        manager.unpublish();
        CompletableFuture<Void> released = cancelled.discard();
        releasing = released;
        cancelled.cancelFuture();
        manager.setState(LoadState.UNLOADED);
        return released;
    }
  }

  private CompletableFuture<Void> deactivateLoaded() {
    ExperienceLoad ending = manager.current();
    manager.unpublish();
    manager.markStart();
    CompletableFuture<Void> done = new CompletableFuture<>();
    deactivation = done;
    manager.setState(LoadState.DEACTIVATING);
    ending.deactivate().whenCompleteAsync((ignored, error) -> {
      if (error != null) {
        dev.overture.internal.Failures.logInALine(log, error, "Deactivating {} in world {} failed", ending.id(), manager.world().name());
      }
      try {
        if (manager.current() == ending) { // end of play may have cleaned up already
          ending.finishDeactivation();
          manager.clearCurrent();
          deactivation = null;
          manager.setState(LoadState.UNLOADED);
        }
      } finally {
        done.complete(null); // a state listener's fatal error still lets whoever waits go on
      }
    }, manager.world().executor());
    return done;
  }

  /** The experience a switch under way will load once the deactivation is done, if any. */
  java.util.Optional<PrimaryAssetId> switchingTo() {
    return pendingSwitch == null ? java.util.Optional.empty() : java.util.Optional.of(pendingSwitch.id());
  }

  /** Forgets the switch waiting for the deactivation, if any, returning its future for the caller to cancel. */
  java.util.Optional<CompletableFuture<ExperienceDefinition>> takeSwitch() {
    PendingSwitch taken = pendingSwitch;
    pendingSwitch = null;
    return taken == null ? java.util.Optional.empty() : java.util.Optional.of(taken.future());
  }

  /** Cancels the switch waiting for the deactivation, if any. */
  void cancelSwitch() {
    if (pendingSwitch != null) {
      pendingSwitch.future().cancel(false);
      pendingSwitch = null;
    }
  }

  /** Play ended during a deactivation: whoever waits for it goes on. */
  void completeDeactivation() {
    if (deactivation != null) {
      deactivation.complete(null);
      deactivation = null;
    }
  }
}
