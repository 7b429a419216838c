package dev.overture.experience;

import dev.overture.asset.PrimaryAssetId;
import dev.overture.core.Problem;
import dev.overture.feature.PluginId;
import dev.overture.world.ActorComponent;
import dev.overture.world.ComponentManager;
import dev.overture.world.EndPlayReason;
import dev.overture.world.Handle;
import dev.overture.world.Pawn;
import dev.overture.world.World;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Loads and runs one world's experience, like Lyra's {@code ULyraExperienceManagerComponent}: a
 * component of the world's game state.
 *
 * <p><b>States.</b> {@code Unloaded -> Loading -> LoadingGameFeatures -> LoadingChaosTestingDelay
 * (when configured) -> ExecutingActions -> Loaded}, then {@code Deactivating -> Unloaded}; and
 * {@code Failed}. An experience that enables no plugin goes from {@code Loading} straight on, without
 * {@code LoadingGameFeatures}, as Lyra's does. Unlike Lyra: the definition itself loads asynchronously; a failure anywhere (an
 * asset, a plugin, an action) ends in {@code Failed} with the cause, after rolling back everything
 * the load had done (actions, plugin requests, pinned assets); an experience can be switched; end
 * of play during a load cancels it cleanly; deactivation waits for every pause its actions ask for
 * and releases plugins in reverse order of activation.
 *
 * <p><b>Bundles.</b> {@code equipped} always, {@code client} unless a dedicated server, {@code
 * server} unless a client.
 *
 * <p><b>Listeners.</b> Loaded listeners have a priority (high, normal, low) and are called once, in
 * that order, when the experience loads; {@link #callOrRegisterOnLoaded} calls at once when it
 * already has. Failure listeners likewise. A listener (of any kind) that throws, an exception or
 * an error such as a failed assertion or a stack overflow, is logged naming it, and the others
 * still run, the load goes on and its future completes; only an error of the virtual machine's own
 * (out of memory) is thrown on, once the load's state is whole. A step of the load that throws
 * (game code it calls) fails the load, rolled back, with {@code Overture/LoadStepFailed}.
 *
 * <p><b>Attempts.</b> Each {@link #setCurrentExperience} starts an attempt that owns what it
 * acquires (handles, plugin requests, actions, the chaos timer, the caller's future); cancelling,
 * switching, failing or ending play discards it, which undoes what it did and turns any of its
 * callbacks still on their way into no-ops.
 *
 * <p><b>Threading.</b> Confined to the world's game thread: every method but {@link
 * #loadedExperience()} refuses another thread, naming both, as do {@link #of} and the handles it
 * returns. Asynchronous steps come back to it through the world's executor, so they progress as the
 * world ticks.
 */
public final class ExperienceManager extends ActorComponent {

  private static final Logger log = LoggerFactory.getLogger(ExperienceManager.class);

  /** The order loaded listeners are called in. */
  public enum Priority {
    HIGH,
    NORMAL,
    LOW
  }

  /**
   * One state change.
   *
   * @param from the state left
   * @param to the state entered
   * @param worldSeconds the world's time then
   * @param sinceStartNanos how long since the current load (or deactivation) started, on the
   *     settings' ticker
   */
  public record Transition(LoadState from, LoadState to, double worldSeconds, long sinceStartNanos) {}

  /** Hears every state change, on the game thread. */
  @FunctionalInterface
  public interface StateListener {
    void changed(Transition transition);
  }

  private Experiences services;
  private Random random;
  private ExperienceListeners listeners;
  private LoadState state = LoadState.UNLOADED;
  /** The attempt loading, loaded, deactivating or (discarded) failed; {@code null} when unloaded. */
  private ExperienceLoad current;
  /** Deactivations and switches under way. */
  private final ExperienceEnding ending = new ExperienceEnding(this);
  private boolean ended;
  /** The highest {@link #loadProgress()} reported for the current load, so it never goes back. */
  private double progressReported;
  private long startNanos;
  /** The experience in force, published for other threads (live content); null unless loaded. */
  private volatile LoadedExperience loadedExperience;
  /** Reloads queued on the world's executor and not yet applied, so that ending play settles them. */
  private final ExperienceLiveReloads liveReloads = new ExperienceLiveReloads(this);

  /** The world's close listener that ends the experience first; released when the manager is removed. */
  private Handle closing;

  /** Created by {@link #install}. */
  ExperienceManager() {}

  /**
   * Adds the experience manager to {@code world}'s game state and attaches the world to the
   * feature plugins (their own actions apply to it). Its experience ends when the world closes,
   * in a close listener registered here: before the close listeners registered after it, and before
   * the plugins' own actions are undone in the world (see {@link #endPlay}). Game thread.
   */
  public static ExperienceManager install(World world, Experiences services) {
    Objects.requireNonNull(services, "services");
    if (world.gameState().findComponent(ExperienceManager.class).isPresent()) {
      throw new IllegalStateException("World \"" + world.name() + "\" already has an experience manager");
    }
    ExperienceManager manager = world.gameState().addComponent(ExperienceManager.class);
    manager.services = services;
    manager.random = new Random(services.settings().seed());
    manager.listeners = new ExperienceListeners(world.name());
    // The experience ends first when the world closes, before the plugins' own actions are undone
    // there (their close listener is registered once the attachment reaches the world, after this):
    // the reverse of how they came, as a deactivation does.
    // It does not detach the world from the plugins: that runs on the plugins' thread, and done from
    // here it could take the world's plugin actions away before their close listener undid them.
    manager.closing = world.onClose(() -> manager.end(EndPlayReason.WORLD_CLOSED));
    services.features().attachWorld(world);
    return manager;
  }

  /**
   * The experience manager of {@code world}, if installed. Game thread: another thread is refused,
   * naming both (the game state's components are the game thread's).
   */
  public static Optional<ExperienceManager> of(World world) {
    return world.gameState().findComponent(ExperienceManager.class);
  }

  /** The current state. */
  public LoadState state() {
    world().checkGameThread();
    return state;
  }

  /** The experience being loaded, loaded or deactivated (or that failed), if any. */
  public Optional<PrimaryAssetId> experienceId() {
    world().checkGameThread();
    return current == null ? Optional.empty() : Optional.of(current.id());
  }

  /**
   * The experience in force, with every asset it depends on and the value the world uses: set when
   * an experience loads and when a live reload applies, empty otherwise. Unlike the rest of the
   * manager, any thread may ask (live content tracks dependencies with it).
   */
  public Optional<LoadedExperience> loadedExperience() {
    return Optional.ofNullable(loadedExperience);
  }

  Experiences services() {
    return services;
  }

  /** The live reloads queued for this world and not yet applied. */
  ExperienceLiveReloads liveReloads() {
    return liveReloads;
  }

  /** The attempt in force; {@code null} when unloaded. Game thread. */
  ExperienceLoad current() {
    return current;
  }

  /** The attempt in force is over (deactivated): nothing is current. Game thread. */
  void clearCurrent() {
    current = null;
  }

  /** The experience in force is going away: other threads no longer see it. */
  void unpublish() {
    loadedExperience = null;
  }

  ExperienceListeners listeners() {
    return listeners;
  }

  /** A step (a reload) starts now: transitions report the time since. */
  void markStart() {
    startNanos = services.settings().ticker().read();
  }

  /** The manager runs the world's experience; a world store does not save it. */
  @Override
  public boolean isPersistent() {
    return false;
  }

  /** The loaded experience, once {@link LoadState#LOADED}. */
  public Optional<ExperienceDefinition> experience() {
    world().checkGameThread();
    return state == LoadState.LOADED ? Optional.of(current.experience()) : Optional.empty();
  }

  /**
   * The pawn data players get, once loaded: the experience's {@code defaultPawnData}, else (it names
   * none, or it loaded as null) the asset manager's {@link dev.overture.asset.AssetManager#defaultPawnData()},
   * as Lyra's game mode falls back to {@code ULyraAssetManager::GetDefaultPawnData}.
   */
  public Optional<PawnData> pawnData() {
    world().checkGameThread();
    return state == LoadState.LOADED ? Optional.ofNullable(current.pawnData()) : Optional.empty();
  }

  /**
   * Spawns a pawn as the experience's pawn data says, called {@code name}: of its pawn class, or
   * built from its archetype; with the pawn data set; controlled locally when the world has a
   * client; and announced ready ({@link ComponentManager#GAME_ACTOR_READY}) so that input and other
   * per-actor features apply to it.
   *
   * @throws IllegalStateException unless the experience is loaded and names pawn data
   */
  public Pawn spawnPawn(String name) {
    Objects.requireNonNull(name, "name");
    world().checkGameThread();
    if (state != LoadState.LOADED) {
      throw new IllegalStateException("Cannot spawn a pawn: the experience is " + state + ", not " + LoadState.LOADED);
    }
    PawnData pawnData = current.pawnData();
    if (pawnData == null) {
      throw new IllegalStateException("Cannot spawn a pawn: experience " + current.id() + " names no defaultPawnData"
          + " and the asset manager has no default pawn data");
    }
    return Pawns.spawn(world(), current.view(), pawnData, name);
  }

  /** Why the last load failed, while {@link LoadState#FAILED}. */
  public Optional<ExperienceLoadException> failure() {
    world().checkGameThread();
    return state == LoadState.FAILED ? Optional.of(current.failure()) : Optional.empty();
  }

  /**
   * How far the current load has come, in [0, 1], over every step and not only the files: the
   * definition (up to 0.1), the bundles of every asset it reaches (to 0.8, by loaded/total), the
   * plugins (to 0.95, by activated/requested), the chaos delay and the actions; 1 once {@code
   * Loaded}. Within one load it never goes back; a failed load keeps the value it reached; {@code
   * Unloaded} is 0. Game thread.
   */
  public double loadProgress() {
    world().checkGameThread();
    if (state == LoadState.UNLOADED || state == LoadState.DEACTIVATING) {
      progressReported = 0;
      return 0;
    }
    double now = state == LoadState.FAILED ? progressReported : current.progressIn(state);
    progressReported = Math.max(progressReported, Math.min(1, now));
    return progressReported;
  }

  /**
   * The plugins the experience activated: each after those of them it depends on, otherwise in the
   * order the experience and its action sets name them. The same on every run.
   */
  public List<PluginId> activePlugins() {
    world().checkGameThread();
    return current == null ? List.of() : current.activatedPlugins();
  }

  /** The actions running, as named in messages, in activation order. */
  public List<String> activeActions() {
    world().checkGameThread();
    return current == null ? List.of() : current.activeActions();
  }

  /** The pauses holding a deactivation, by tag. */
  public List<String> pendingPausers() {
    world().checkGameThread();
    return current == null ? List.of() : current.pendingPausers();
  }

  /**
   * The state changes since the current (or last) experience was set, including its deactivation
   * and live reloads: bounded to the newest {@value ExperienceListeners#TIMELINE_LIMIT}, so neither a
   * server switching experiences for weeks nor a developer reloading content all day keeps history.
   */
  public List<Transition> timeline() {
    world().checkGameThread();
    return listeners.timeline();
  }

  /**
   * Hears every state change until the handle is released.
   *
   * @throws IllegalStateException once the world has ended: it would never hear one
   */
  public Handle onStateChanged(StateListener listener) {
    world().checkGameThread();
    Objects.requireNonNull(listener, "listener");
    refuseOnceEnded();
    listeners.onState(listener);
    return Handle.of(world(), () -> listeners.removeState(listener));
  }

  /**
   * Calls {@code listener} with the experience once it has loaded, after the listeners of higher
   * priority; at once if it already has.
   *
   * @throws IllegalStateException once the world has ended: no experience will load in it
   */
  public void callOrRegisterOnLoaded(Priority priority, Consumer<ExperienceDefinition> listener) {
    world().checkGameThread();
    Objects.requireNonNull(priority, "priority");
    Objects.requireNonNull(listener, "listener");
    if (state == LoadState.LOADED) {
      listeners.call("loaded", listener, current.experience());
    } else {
      refuseOnceEnded();
      listeners.onLoaded(priority, listener);
    }
  }

  /**
   * Calls {@code listener} once the current or next load fails; at once if it already has (even
   * after the world ended). A load the world's end interrupts fails for its listeners with {@code
   * Overture/WorldEnded} (see {@link #endPlay}).
   *
   * @throws IllegalStateException once the world has ended, unless its last load failed: no load
   *     will fail in it any more
   */
  public void callOrRegisterOnFailed(Consumer<ExperienceLoadException> listener) {
    world().checkGameThread();
    Objects.requireNonNull(listener, "listener");
    if (state == LoadState.FAILED) {
      listeners.call("failure", listener, current.failure());
    } else {
      refuseOnceEnded();
      listeners.onFailed(listener);
    }
  }

  /**
   * Starts loading {@code id}. Only from {@code Unloaded} or {@code Failed}; use {@link
   * #switchExperience} to replace a loaded one. A switch still waiting for the load it cancelled to
   * release its plugins is replaced by this request, its future cancelled: the last request wins.
   *
   * @param id an {@code Experience} id ({@code PrimaryAssetId.of("Experience", "Elimination")}); an
   *     id of another type fails the load with {@code Overture/NotAnExperience}
   * @return completes with the experience once loaded, fails with {@link ExperienceLoadException},
   *     or is cancelled if the load is
   */
  public CompletableFuture<ExperienceDefinition> setCurrentExperience(PrimaryAssetId id) {
    Objects.requireNonNull(id, "id");
    world().checkGameThread();
    refuseLoadOnceEnded(id);
    if (state != LoadState.UNLOADED && state != LoadState.FAILED) {
      throw new IllegalStateException(
          "World \"" + world().name() + "\" already has experience " + current.id() + " (" + state
              + "); use switchExperience");
    }
    ExperienceLoad load = new ExperienceLoad(this, services, world(), random, id);
    // The load starts before anything here changes (a closed asset manager refuses it, and the
    // world keeps what it had) and before listeners hear of it, so one that cancels it finds its
    // handle. Its steps run later, on this thread.
    load.start();
    // Its future is cancelled last, once this load is in force: whoever hears of that sees it.
    Optional<CompletableFuture<ExperienceDefinition>> replaced = ending.takeSwitch();
    current = load;
    listeners.clearTimeline();
    progressReported = 0;
    startNanos = services.settings().ticker().read();
    CompletableFuture<ExperienceDefinition> future = load.future();
    setState(LoadState.LOADING);
    replaced.ifPresent(switched -> switched.cancel(false));
    return future;
  }

  /**
   * Deactivates the current experience (or cancels its load), then loads {@code id}. When switches
   * are asked for faster than deactivation completes, the last one wins and the futures of the
   * ones it replaced are cancelled.
   */
  public CompletableFuture<ExperienceDefinition> switchExperience(PrimaryAssetId id) {
    Objects.requireNonNull(id, "id");
    world().checkGameThread();
    // Also while play ends (an action's onDeactivating as the world closes): nothing may load any more.
    refuseLoadOnceEnded(id);
    if ((state == LoadState.UNLOADED || state == LoadState.FAILED) && ending.switchingTo().isEmpty()) {
      return setCurrentExperience(id);
    }
    // Unloaded with a switch pending too: that switch cancelled a load whose plugins are still being
    // released, and this one replaces it, waiting for the same release.
    return ending.switchTo(id);
  }

  /**
   * Ends the current experience: a load is cancelled and rolled back; a loaded experience
   * deactivates its actions in reverse order (waiting for their pauses), then releases its plugins
   * in reverse order of activation, then its assets. A {@linkplain #switchExperience switch} under
   * way is cancelled (its future too): the host changed its mind, and the world stays unloaded.
   * Completes in {@code Unloaded}. Once play has ended (also while it ends, from an action's {@code
   * onDeactivating}), the end of play has undone everything already: it completes at once.
   */
  public CompletableFuture<Void> deactivate() {
    world().checkGameThread();
    if (ended) {
      return CompletableFuture.completedFuture(null);
    }
    return ending.deactivate(state);
  }

  private void refuseLoadOnceEnded(PrimaryAssetId id) {
    if (ended || world().isClosed()) {
      throw new IllegalStateException("World \"" + world().name() + "\" has ended: it cannot load " + id);
    }
  }

  private void refuseOnceEnded() {
    if (ended) {
      throw new IllegalStateException(
          "World \"" + world().name() + "\" has ended: a listener registered now would never be called");
    }
  }

  // ---------------------------------------------------------------- what an attempt reports

  /**
   * {@code load} enters {@code next}. Returns whether it may go on: false when a state listener
   * cancelled or replaced it meanwhile.
   */
  boolean enter(ExperienceLoad load, LoadState next) {
    setState(next);
    return !load.isDiscarded();
  }

  /** {@code load} ran its actions: everything is settled before anyone hears of it. */
  void loaded(ExperienceLoad load) {
    CompletableFuture<ExperienceDefinition> done = load.takeFuture();
    List<Consumer<ExperienceDefinition>> waiting = listeners.takeLoaded();
    publish(load);
    ExperienceDefinition experience = load.experience();
    try {
      setState(LoadState.LOADED);
      if (current == load && state == LoadState.LOADED) { // unless a state listener moved on
        services.settings().localSettings().ifPresent(local -> local.experienceLoaded(String.valueOf(load.id())));
      }
      listeners.callAll("loaded", waiting, experience);
    } finally {
      // Only a fatal error gets here without the listeners having run: the caller still hears.
      if (done != null) {
        done.complete(experience);
      }
    }
  }

  /** Publishes what {@code load} has in force, for other threads. */
  void publish(ExperienceLoad load) {
    loadedExperience = new LoadedExperience(this, load, world(), load.id(), load.bundles(), load.activatedPlugins(),
        load.view().values());
  }

  /** {@code load} failed ({@link ExperienceLoad#failure()}): roll it back, then tell the listeners. */
  void failed(ExperienceLoad load) {
    loadedExperience = null;
    load.discard();
    // Everything is settled before anyone hears of it: a listener may retry at once.
    CompletableFuture<ExperienceDefinition> done = load.takeFuture();
    List<Consumer<ExperienceLoadException>> waiting = listeners.takeFailed();
    ExperienceLoadException cause = load.failure();
    log.debug("{}", cause.getMessage());
    try {
      setState(LoadState.FAILED);
      listeners.callAll("failure", waiting, cause);
    } finally {
      if (done != null) {
        done.completeExceptionally(cause);
      }
    }
  }

  void setState(LoadState next) {
    LoadState previous = state;
    state = next;
    listeners.changed(new Transition(previous, next, world().timeSeconds(), services.settings().ticker().read() - startNanos));
  }

  /**
   * The world ends (or the manager is removed): a load or a switch under way is cancelled and rolled
   * back (its future cancelled, its plugins and assets released) and the state ends {@code
   * Unloaded}. Then the failure listeners waiting for that load are called, since it will never
   * load nor fail otherwise, with {@code Overture/WorldEnded} ("World "Match" closed while
   * experience Experience:Duel was loading"); the loaded listeners are dropped.
   */
  @Override
  protected void endPlay(EndPlayReason reason) {
    try {
      end(reason);
      if (reason != EndPlayReason.WORLD_CLOSED && closing != null) {
        // Removed from a world that goes on: its close listener would hold this manager (and all it
        // loaded) until the world closed.
        closing.release();
      }
    } finally {
      // Only now, after every close listener when the world closes: the plugins' own one undoes
      // their actions in the world, and finds them only while the world is attached.
      services.features().detachWorld(world());
    }
  }

  /**
   * Ends the experience once: from the world's close (its first step) or the game state's end of
   * play. The world stays attached to the plugins; {@link #endPlay} detaches it.
   */
  private void end(EndPlayReason reason) {
    if (ended) {
      return;
    }
    ended = true;
    loadedExperience = null;
    liveReloads.settle();
    Optional<PrimaryAssetId> interrupted = ending.switchingTo().or(() -> isLoading() ? experienceId() : Optional.empty());
    ending.cancelSwitch();
    if (state != LoadState.UNLOADED && state != LoadState.FAILED) {
      ExperienceLoad ending = current;
      current = null;
      ending.discard();
      ending.cancelFuture();
      this.ending.completeDeactivation();
      setState(LoadState.UNLOADED);
    }
    List<Consumer<ExperienceLoadException>> waiting = listeners.takeFailed();
    listeners.clearOnce();
    if (interrupted.isPresent() && !waiting.isEmpty()) {
      listeners.callAll("failure", waiting, endedWhileLoading(interrupted.get(), reason));
    }
  }

  private boolean isLoading() {
    return state != LoadState.UNLOADED && state != LoadState.LOADED && state != LoadState.DEACTIVATING
        && state != LoadState.FAILED;
  }

  private ExperienceLoadException endedWhileLoading(PrimaryAssetId id, EndPlayReason reason) {
    String who = reason == EndPlayReason.WORLD_CLOSED
        ? "World \"" + world().name() + "\" closed"
        : "The experience manager of world \"" + world().name() + "\" ended play (" + reason + ")";
    ExperienceLoadException failure = new ExperienceLoadException(id.toString(), List.of(
        Problem.error("Overture/WorldEnded", who + " while experience " + id + " was loading").withAsset(id.toString())));
    log.debug("{}", failure.getMessage());
    return failure;
  }

  @Override
  public String toString() {
    ExperienceLoad shown = current; // read once: a log line on another thread must not see it go between two reads
    return "ExperienceManager[" + world().name() + ", " + state + (shown == null ? "" : ", " + shown.id()) + "]";
  }
}
