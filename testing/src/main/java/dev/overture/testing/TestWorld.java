package dev.overture.testing;

import dev.overture.asset.PrimaryAssetId;
import dev.overture.core.Problem;
import dev.overture.experience.ExperienceLoadException;
import dev.overture.experience.ExperienceManager;
import dev.overture.experience.LoadState;
import dev.overture.feature.PluginId;
import dev.overture.world.Actor;
import dev.overture.world.ActorComponent;
import dev.overture.world.Pawn;
import dev.overture.world.World;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A world of a {@link TestRuntime} and its experience manager, with steps that drive the
 * asynchronous work to rest and assertions that say what went wrong. Each step returns this world,
 * so a test reads as a sentence:
 *
 * <pre>{@code
 * world.load("Arena").assertLoaded();
 * assertEquals(1, world.components(ScoreComponent.class).size());
 * world.load("Broken").assertProblem("Overture/UnknownPlugin");
 * }</pre>
 *
 * Game thread (the test's) only.
 */
public final class TestWorld {

  /** A world frame while waiting for timers (the chaos delay, plugin pauses). */
  private static final double FRAME_SECONDS = 0.05;
  private static final int MAX_FRAMES = 100_000;

  private final TestRuntime runtime;
  private final World world;
  private final ExperienceManager experience;

  TestWorld(TestRuntime runtime, World world) {
    this.runtime = runtime;
    this.world = world;
    this.experience = ExperienceManager.of(world).orElseThrow();
  }

  /** The world. */
  public World world() {
    return world;
  }

  /** Its experience manager. */
  public ExperienceManager experience() {
    return experience;
  }

  /**
   * Asks for the experience {@code id} ({@code "Arena"} or {@code "Experience:Arena"}) and runs
   * until it is loaded or has failed; assert which with {@link #assertLoaded()} or {@link
   * #assertFailed()}.
   */
  public TestWorld load(String id) {
    experience.setCurrentExperience(experienceId(id));
    return settle();
  }

  /** Switches to the experience {@code id} (the current one deactivates first) and runs until it settles. */
  public TestWorld switchTo(String id) {
    experience.switchExperience(experienceId(id));
    return settle();
  }

  /** Deactivates the current experience and runs until the world is back to {@code Unloaded}. */
  public TestWorld deactivate() {
    experience.deactivate();
    return settle();
  }

  /**
   * Runs queued work, and ticks the world while timers are pending, until the experience rests
   * ({@code Unloaded}, {@code Loaded} or {@code Failed}).
   *
   * @throws AssertionError when it cannot rest: nothing left to run and no timer pending
   */
  public TestWorld settle() {
    for (int frame = 0; frame < MAX_FRAMES; frame++) {
      int ran = runtime.pump();
      LoadState state = experience.state();
      boolean resting = state == LoadState.LOADED || state == LoadState.FAILED || state == LoadState.UNLOADED;
      if (resting && ran == 0) {
        return this;
      }
      if (ran == 0) {
        if (world.pendingTimers() == 0) {
          throw new AssertionError("World \"" + world.name() + "\" is stuck in " + state + " with no work left"
              + (experience.pendingPausers().isEmpty() ? "" : "; waiting for " + experience.pendingPausers()));
        }
        tick(FRAME_SECONDS);
      }
    }
    throw new AssertionError("World \"" + world.name() + "\" did not settle within " + MAX_FRAMES + " frames (state "
        + experience.state() + ")");
  }

  /** Ticks the world once by {@code seconds} (the fake ticker moves as much), then pumps. */
  public TestWorld tick(double seconds) {
    if (!(seconds >= 0) || Double.isInfinite(seconds)) {
      // Refused before the ticker moves, as the world refuses it: nothing half-done.
      throw new IllegalArgumentException("tick delta must be a finite number >= 0: " + seconds);
    }
    runtime.ticker().advance(Duration.ofNanos(Math.round(seconds * 1e9)));
    world.tick(seconds);
    runtime.pump();
    return this;
  }

  /** Ticks {@code frames} times by {@code seconds}. */
  public TestWorld tick(int frames, double seconds) {
    for (int i = 0; i < frames; i++) {
      tick(seconds);
    }
    return this;
  }

  /**
   * Asserts that the experience is loaded.
   *
   * @throws AssertionError naming the state, and the problems when it failed
   */
  public TestWorld assertLoaded() {
    if (experience.state() != LoadState.LOADED) {
      throw new AssertionError("World \"" + world.name() + "\": expected the experience "
          + experience.experienceId().map(PrimaryAssetId::toString).orElse("(none)") + " to be LOADED, but it is "
          + experience.state() + experience.failure().map(f -> ":\n" + f.getMessage()).orElse(""));
    }
    return this;
  }

  /**
   * Asserts that the experience failed; returns why.
   *
   * @throws AssertionError naming the state it is in instead
   */
  public ExperienceLoadException assertFailed() {
    return experience.failure()
        .filter(f -> experience.state() == LoadState.FAILED)
        .orElseThrow(() -> new AssertionError("World \"" + world.name() + "\": expected the experience to have FAILED, but it is "
            + experience.state()));
  }

  /**
   * Asserts that the experience failed with a problem of id {@code problemId} (for example {@code
   * Overture/UnknownPlugin}); returns the first such problem.
   *
   * @throws AssertionError listing the problems there were instead
   */
  public Problem assertProblem(String problemId) {
    List<Problem> problems = assertFailed().problems();
    return problems.stream()
        .filter(problem -> problem.id().equals(problemId))
        .findFirst()
        .orElseThrow(() -> new AssertionError("World \"" + world.name() + "\": no problem " + problemId + "; the problems were:\n"
            + problems.stream().map(Problem::toString).collect(Collectors.joining("\n"))));
  }

  /** The plugins the current experience activated, in activation order. */
  public List<PluginId> activePlugins() {
    return experience.activePlugins();
  }

  /** The actions the current experience ran, as labels. */
  public List<String> activeActions() {
    return experience.activeActions();
  }

  /** The actors of {@code type} in the world. */
  public <A> List<A> actors(Class<A> type) {
    return world.actors(type);
  }

  /** The components of {@code type} on every actor of the world, actor by actor. */
  public <C extends ActorComponent> List<C> components(Class<C> type) {
    List<C> found = new ArrayList<>();
    for (Actor actor : world.actors()) {
      found.addAll(actor.components(type));
    }
    return found;
  }

  /**
   * The component of {@code type} on {@code actor}.
   *
   * @throws AssertionError naming the components the actor has instead
   */
  public <C extends ActorComponent> C component(Actor actor, Class<C> type) {
    return actor.findComponent(type).orElseThrow(() -> new AssertionError(actor.name() + " has no " + type.getSimpleName()
        + "; it has " + actor.components().stream().map(c -> c.getClass().getSimpleName()).toList()));
  }

  /** Spawns the experience's pawn, as {@link ExperienceManager#spawnPawn} does, then pumps. */
  public Pawn spawnPawn(String name) {
    Pawn pawn = experience.spawnPawn(name);
    runtime.pump();
    return pawn;
  }

  /** Closes the world (the experience deactivates at once), then pumps. */
  public void close() {
    world.close();
    runtime.pump();
  }

  private static PrimaryAssetId experienceId(String id) {
    return PrimaryAssetId.parse(id.contains(":") ? id : "Experience:" + id);
  }

  @Override
  public String toString() {
    return "TestWorld[" + world.name() + ", " + experience.state() + "]";
  }
}
