package dev.overture.live;

import dev.overture.asset.PrimaryAssetId;
import dev.overture.core.Problem;
import dev.overture.core.SourceLocation;
import dev.overture.experience.ExperienceManager;
import dev.overture.experience.ExperienceReload;
import dev.overture.experience.LoadedExperience;
import dev.overture.experience.ReloadPart;
import dev.overture.internal.Failures;
import dev.overture.world.World;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How a change reaches the worlds that track one of its assets ({@link LiveContent#track}): each
 * world takes its tracked assets' new values as {@linkplain ReloadPart parts} of the change, all or
 * nothing, on its game thread: with the reload of its experience when the change reaches that too
 * (a refused map rolls the experience back, a rolled back experience keeps the map), otherwise in
 * one task of their own. Each world that took them (or refused them) without a reload of its
 * experience is listed in the change's report. Called from the {@link ReloadPipeline}'s serial
 * executor; the parts are taken on the world's thread.
 */
final class TrackedHandOver {

  /** Logs as the pipeline it was split from, so hosts' log settings still apply. */
  private static final Logger log = LoggerFactory.getLogger(LiveContent.class);

  private TrackedHandOver() {}

  /** A tracked asset's new value, as a part of its world's change. */
  static final class Part implements ReloadPart {

    private enum State { WAITING, TAKEN, REFUSED, GIVEN_BACK, NOT_GIVEN_BACK, RELEASED }

    private final Tracked hit;
    private final Object value;
    /** The file the asset is in, as users see it; null when unknown. */
    private final String file;
    private Object replaced;
    /** Why giving back failed; null when it did not. */
    private Throwable giveBackFailure;
    /** Set on the world's thread; read on live content's once the world's task has ended. */
    private volatile State state = State.WAITING;

    Part(Tracked hit, Object value, String file) {
      this.hit = hit;
      this.value = value;
      this.file = file;
    }

    Tracked hit() {
      return hit;
    }

    Object value() {
      return value;
    }

    /** Whether the world runs this value now. */
    boolean taken() {
      return state == State.TAKEN;
    }

    /** Whether the world still waits for this value: it did not take it, and still tracks it. */
    boolean pending() {
      return state != State.TAKEN && state != State.RELEASED && state != State.NOT_GIVEN_BACK && !hit.isReleased()
          && !hit.world().isClosed();
    }

    @Override
    public void take() {
      if (hit.isReleased()) {
        state = State.RELEASED; // the host let go of it while the change was checked
        return;
      }
      replaced = hit.inForce();
      hit.handOver(value);
      state = State.TAKEN;
    }

    @Override
    public void giveBack() {
      if (state != State.TAKEN) {
        return;
      }
      if (replaced == null) {
        state = State.NOT_GIVEN_BACK;
        return;
      }
      try {
        hit.handOver(replaced);
        state = State.GIVEN_BACK;
      } catch (Throwable e) {
        state = State.NOT_GIVEN_BACK;
        giveBackFailure = e;
        log.debug("World {} could not take back the {} it had", hit.world().name(), hit.id(), e);
        Failures.rethrowIfFatal(e);
      }
    }

    @Override
    public Problem refused(Throwable refusal) {
      state = State.REFUSED;
      // Reported with the change, in words; the trace is for whoever debugs the world's code.
      log.debug("World {} could not take the new version of {}", hit.world().name(), hit.id(), refusal);
      return placed(Problem.error("Overture/TrackedAssetFailed", "World " + hit.world().name() + " could not take the new "
          + hit.id() + ": " + Failures.describe(refusal)));
    }

    /** The problem about this part's asset, at its file. */
    private Problem placed(Problem problem) {
      Problem about = problem.withAsset(hit.id().toString());
      return file == null ? about : about.at(SourceLocation.ofFile(file));
    }

    @Override
    public String toString() {
      return "the new " + hit;
    }
  }

  /**
   * The parts of {@code values}, by the world that tracks them, in the order given; {@code fileOf}
   * names each asset's file as users see it (null when unknown).
   */
  static Map<World, List<Part>> parts(Map<Tracked, Object> values, Function<PrimaryAssetId, String> fileOf) {
    Map<World, List<Part>> parts = new LinkedHashMap<>();
    values.forEach((hit, value) -> parts.computeIfAbsent(hit.world(), world -> new ArrayList<>())
        .add(new Part(hit, value, fileOf.apply(hit.id()))));
    return parts;
  }

  /**
   * Has {@code world}, whose experience the change does not reach, take {@code parts} in one task
   * on its game thread. Completes with whether it took them all; a refusal's problem goes to {@code
   * problems} (a synchronized list).
   */
  static CompletableFuture<Boolean> hand(World world, List<Part> parts, List<Problem> problems) {
    CompletableFuture<Boolean> handed = new CompletableFuture<>();
    try {
      world.executor().execute(World.droppable(() -> {
        boolean took = false;
        try {
          Problem refused = ReloadPart.takeAll(parts);
          if (refused != null) {
            synchronized (problems) {
              problems.add(refused);
            }
          }
          took = refused == null;
        } finally {
          handed.complete(took); // false too when a fatal error flies
        }
      }, () -> handed.complete(false))); // the world closed first: nothing to hand it to
    } catch (RejectedExecutionException e) {
      log.debug("World {} closed before it could take {}", world.name(), parts);
      handed.complete(false);
    }
    return handed;
  }

  /**
   * Once every world has answered: the problems of the parts a world did not end with, each given
   * {@code took} (whether its world took the change): a warning for each value kept as it was, an
   * error for each value taken that could not be given back. Worlds that closed meanwhile are left
   * out.
   */
  static void settle(Map<World, List<Part>> parts, Map<World, Boolean> took, List<Problem> problems) {
    parts.forEach((world, ofWorld) -> {
      if (world.isClosed()) {
        return; // nothing to keep or give back: the world ended
      }
      boolean refusedOne = ofWorld.stream().anyMatch(part -> part.state == Part.State.REFUSED);
      String why = refusedOne ? "it could not take all of the change" : "the reload of its experience did not apply";
      for (Part part : ofWorld) {
        Tracked hit = part.hit;
        if (part.state == Part.State.WAITING && !took.getOrDefault(world, false) || part.state == Part.State.GIVEN_BACK) {
          problems.add(part.placed(Problem.warning("Overture/TrackedAssetKept", "World " + world.name() + " keeps the " + hit.id()
              + " it had: " + why + "; it takes the new one with its next change")));
        } else if (part.state == Part.State.NOT_GIVEN_BACK) {
          problems.add(part.placed(Problem.error("Overture/TrackedAssetNotGivenBack", "World " + world.name() + " keeps the new "
              + hit.id() + " though " + why + ": " + (part.giveBackFailure != null
                  ? "it could not take back the one it had: " + Failures.describe(part.giveBackFailure)
                  : "live content never had the " + hit.id() + " it replaced (it was not loaded when the world began to track it)"))));
        }
      }
    });
  }

  /**
   * Adds to {@code worlds} each world that took (or refused) its tracked assets and has no line of
   * its own; a world with no experience loaded is listed without one.
   */
  static void report(Map<World, CompletableFuture<Boolean>> taken, List<LiveReload.WorldUpdate> worlds,
      Map<World, ExperienceManager> managers) {
    taken.forEach((world, done) -> {
      boolean listed = worlds.stream().anyMatch(update -> update.world().equals(world.name()));
      ExperienceManager manager = managers.get(world);
      Optional<LoadedExperience> loaded = manager == null ? Optional.empty() : manager.loadedExperience();
      if (!listed && !world.isClosed()) {
        worlds.add(new LiveReload.WorldUpdate(world.name(), loaded.map(LoadedExperience::id).orElse(null),
            done.join() ? ExperienceReload.Outcome.APPLIED : ExperienceReload.Outcome.ROLLED_BACK));
      }
    });
  }
}
