package dev.overture.experience;

import dev.overture.asset.ClassOrAsset;
import dev.overture.asset.LoadHandle;
import dev.overture.asset.LoadResult;
import dev.overture.asset.PrimaryAssetId;
import dev.overture.core.Choices;
import dev.overture.core.DataException;
import dev.overture.core.Problem;
import dev.overture.core.ProblemException;
import dev.overture.feature.FeatureActivation;
import dev.overture.feature.FeatureActivationException;
import dev.overture.feature.GameFeatureAction;
import dev.overture.feature.GameFeatures;
import dev.overture.object.ObjectArchetype;
import dev.overture.world.ActorComponent;
import dev.overture.world.ComponentManager;
import dev.overture.world.EndPlayReason;
import dev.overture.world.Handle;
import dev.overture.world.Pawn;
import dev.overture.world.World;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Loads and runs one world's experience, like Lyra's {@code ULyraExperienceManagerComponent}: a
 * component of the world's game state.
 *
 * <p><b>States.</b> {@code Unloaded -> Loading -> LoadingGameFeatures -> LoadingChaosTestingDelay
 * (when configured) -> ExecutingActions -> Loaded}, then {@code Deactivating -> Unloaded}; and
 * {@code Failed}. Unlike Lyra: the definition itself loads asynchronously; a failure anywhere (an
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
 * already has. Failure listeners likewise. A listener that throws is logged and the others still
 * run.
 *
 * <p><b>Threading.</b> Confined to the world's game thread; asynchronous steps come back to it
 * through the world's executor, so they progress as the world ticks.
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

  /** Where an action came from, for error locations. */
  private record Origin(PrimaryAssetId asset, String pointer) {}

  /** The experience a switch will load once the current one is deactivated: the last asked for. */
  private record PendingSwitch(PrimaryAssetId id, CompletableFuture<ExperienceDefinition> future) {}

  private Experiences services;
  private Random random;
  private LoadState state = LoadState.UNLOADED;
  private PrimaryAssetId experienceId;
  private ExperienceDefinition experience;
  private PawnData pawnData;
  private ExperienceLoadException failure;
  private int generation;
  private LoadHandle definitionHandle;
  private LoadHandle bundleHandle;
  /** The highest {@link #loadProgress()} reported for the current load, so it never goes back. */
  private double progressReported;
  private final List<String> requestedPlugins = new ArrayList<>();
  private final List<String> activatedPlugins = new ArrayList<>();
  private FeatureActivation activation;
  private Handle chaosTimer;
  private CompletableFuture<ExperienceDefinition> loading;
  private CompletableFuture<Void> deactivation;
  private PendingSwitch pendingSwitch;
  private boolean ended;
  private final Map<Priority, List<Consumer<ExperienceDefinition>>> loadedListeners = new EnumMap<>(Priority.class);
  private final List<Consumer<ExperienceLoadException>> failedListeners = new ArrayList<>();
  private final List<StateListener> stateListeners = new ArrayList<>();
  private final List<Transition> timeline = new ArrayList<>();
  private long startNanos;

  /** Created by {@link #install}. */
  ExperienceManager() {
    for (Priority priority : Priority.values()) {
      loadedListeners.put(priority, new ArrayList<>());
    }
  }

  /**
   * Adds the experience manager to {@code world}'s game state and attaches the world to the
   * feature plugins (their own actions apply to it). Game thread.
   */
  public static ExperienceManager install(World world, Experiences services) {
    Objects.requireNonNull(services, "services");
    if (world.gameState().findComponent(ExperienceManager.class).isPresent()) {
      throw new IllegalStateException("World \"" + world.name() + "\" already has an experience manager");
    }
    ExperienceManager manager = world.gameState().addComponent(ExperienceManager.class);
    manager.services = services;
    manager.random = new Random(services.settings().seed());
    services.features().attachWorld(world);
    return manager;
  }

  /** The experience manager of {@code world}, if installed. */
  public static Optional<ExperienceManager> of(World world) {
    return world.gameState().findComponent(ExperienceManager.class);
  }

  /** The current state. */
  public LoadState state() {
    world().checkGameThread();
    return state;
  }

  /** The experience being loaded, loaded or deactivated, if any. */
  public Optional<PrimaryAssetId> experienceId() {
    world().checkGameThread();
    return Optional.ofNullable(experienceId);
  }

  /** The manager runs the world's experience; a world store does not save it. */
  @Override
  public boolean isPersistent() {
    return false;
  }

  /** The loaded experience, once {@link LoadState#LOADED}. */
  public Optional<ExperienceDefinition> experience() {
    world().checkGameThread();
    return state == LoadState.LOADED ? Optional.of(experience) : Optional.empty();
  }

  /** The experience's default pawn data, once loaded, if it names one. */
  public Optional<PawnData> pawnData() {
    world().checkGameThread();
    return state == LoadState.LOADED ? Optional.ofNullable(pawnData) : Optional.empty();
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
    if (pawnData == null) {
      throw new IllegalStateException("Cannot spawn a pawn: experience " + experienceId + " names no defaultPawnData");
    }
    ClassOrAsset<Pawn> pawnClass = pawnData.pawnClass();
    Pawn pawn;
    if (pawnClass.classRef().isPresent()) {
      pawn = world().spawnActor(pawnClass.classRef().get().type(), name);
    } else {
      ObjectArchetype archetype =
          services.assets().getAsset(pawnClass.asset().orElseThrow(), ObjectArchetype.class).orElseThrow();
      pawn = world().spawnActor(archetype, Pawn.class, name);
    }
    pawn.setPawnData(pawnData);
    pawn.setLocallyControlled(world().netMode().hasClient());
    world().componentManager().sendExtensionEvent(pawn, ComponentManager.GAME_ACTOR_READY);
    return pawn;
  }

  /** Why the last load failed, while {@link LoadState#FAILED}. */
  public Optional<ExperienceLoadException> failure() {
    world().checkGameThread();
    return state == LoadState.FAILED ? Optional.of(failure) : Optional.empty();
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
    double now = switch (state) {
      case LOADING -> bundleHandle != null
          ? 0.1 + 0.7 * bundleHandle.progress()
          : definitionHandle != null ? 0.1 * definitionHandle.progress() : 0;
      case LOADING_GAME_FEATURES ->
          0.8 + 0.15 * (requestedPlugins.isEmpty() ? 1 : (double) activatedPlugins.size() / requestedPlugins.size());
      case LOADING_CHAOS_TESTING_DELAY -> 0.95;
      case EXECUTING_ACTIONS -> 0.97;
      case LOADED -> 1;
      default -> progressReported; // Failed keeps what it reached
    };
    progressReported = Math.max(progressReported, Math.min(1, now));
    return progressReported;
  }

  /**
   * The names of the plugins the experience activated: each after those of them it depends on,
   * otherwise in the order the experience and its action sets name them. The same on every run.
   */
  public List<String> activePlugins() {
    world().checkGameThread();
    List<String> names = new ArrayList<>();
    for (String url : activatedPlugins) {
      names.add(pluginName(url));
    }
    return names;
  }

  /** The actions running, as named in messages, in activation order. */
  public List<String> activeActions() {
    world().checkGameThread();
    return activation == null ? List.of() : activation.activated();
  }

  /** The pauses holding a deactivation, by tag. */
  public List<String> pendingPausers() {
    world().checkGameThread();
    return activation == null ? List.of() : activation.pendingPausers();
  }

  /**
   * The state changes since the current (or last) experience was set, including its deactivation:
   * bounded, so a server switching experiences for weeks keeps no history.
   */
  public List<Transition> timeline() {
    world().checkGameThread();
    return Collections.unmodifiableList(timeline);
  }

  /** Hears every state change until the handle is released. */
  public Handle onStateChanged(StateListener listener) {
    world().checkGameThread();
    Objects.requireNonNull(listener, "listener");
    stateListeners.add(listener);
    return new Handle() {
      private boolean released;

      @Override
      public void release() {
        released = true;
        stateListeners.remove(listener);
      }

      @Override
      public boolean isReleased() {
        return released;
      }
    };
  }

  /**
   * Calls {@code listener} with the experience once it has loaded, after the listeners of higher
   * priority; at once if it already has.
   */
  public void callOrRegisterOnLoaded(Priority priority, Consumer<ExperienceDefinition> listener) {
    world().checkGameThread();
    Objects.requireNonNull(priority, "priority");
    Objects.requireNonNull(listener, "listener");
    if (state == LoadState.LOADED) {
      call(listener, experience);
    } else {
      loadedListeners.get(priority).add(listener);
    }
  }

  /** Calls {@code listener} once the current or next load fails; at once if it already has. */
  public void callOrRegisterOnFailed(Consumer<ExperienceLoadException> listener) {
    world().checkGameThread();
    Objects.requireNonNull(listener, "listener");
    if (state == LoadState.FAILED) {
      call(listener, failure);
    } else {
      failedListeners.add(listener);
    }
  }

  /**
   * Starts loading {@code id}. Only from {@code Unloaded} or {@code Failed}; use {@link
   * #switchExperience} to replace a loaded one.
   *
   * @param id an {@code Experience} id; a bare name is an experience's
   * @return completes with the experience once loaded, fails with {@link ExperienceLoadException},
   *     or is cancelled if the load is
   */
  public CompletableFuture<ExperienceDefinition> setCurrentExperience(PrimaryAssetId id) {
    Objects.requireNonNull(id, "id");
    world().checkGameThread();
    if (ended || world().isClosed()) {
      throw new IllegalStateException("World \"" + world().name() + "\" has ended: it cannot load " + id);
    }
    if (state != LoadState.UNLOADED && state != LoadState.FAILED) {
      throw new IllegalStateException(
          "World \"" + world().name() + "\" already has experience " + experienceId + " (" + state
              + "); use switchExperience");
    }
    generation++;
    int load = generation;
    reset();
    timeline.clear();
    progressReported = 0;
    experienceId = id;
    CompletableFuture<ExperienceDefinition> future = new CompletableFuture<>();
    loading = future;
    startNanos = services.settings().ticker().read();
    // The load starts before listeners hear of it, so one that cancels it finds its handle.
    definitionHandle = services.assets().loadPrimaryAsset(id);
    definitionHandle.future().whenCompleteAsync((result, error) -> guarded(load, () -> {
      if (load == generation) {
        onDefinitionLoaded(load, result, error);
      }
    }), world().executor());
    setState(LoadState.LOADING);
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
    if (state == LoadState.UNLOADED || state == LoadState.FAILED) {
      return setCurrentExperience(id);
    }
    if (pendingSwitch != null) {
      pendingSwitch.future().cancel(false);
    }
    PendingSwitch next = new PendingSwitch(id, new CompletableFuture<>());
    pendingSwitch = next;
    deactivate().whenCompleteAsync((ignored, error) -> {
      if (pendingSwitch != next) {
        return; // replaced by a later switch
      }
      pendingSwitch = null;
      try {
        setCurrentExperience(id).whenComplete((experience, failure) -> {
          if (failure != null) {
            next.future().completeExceptionally(failure);
          } else {
            next.future().complete(experience);
          }
        });
      } catch (RuntimeException e) {
        next.future().completeExceptionally(e);
      }
    }, world().executor());
    return next.future();
  }

  /**
   * Ends the current experience: a load is cancelled and rolled back; a loaded experience
   * deactivates its actions in reverse order (waiting for their pauses), then releases its plugins
   * in reverse order of activation, then its assets. Completes in {@code Unloaded}.
   */
  public CompletableFuture<Void> deactivate() {
    world().checkGameThread();
    switch (state) {
      case UNLOADED:
        return CompletableFuture.completedFuture(null);
      case FAILED:
        failure = null;
        experienceId = null;
        setState(LoadState.UNLOADED);
        return CompletableFuture.completedFuture(null);
      case DEACTIVATING:
        return deactivation;
      case LOADED:
        break;
      default:
        generation++;
        CompletableFuture<Void> released = rollBack();
        cancelLoading();
        experienceId = null;
        setState(LoadState.UNLOADED);
        return released;
    }
    generation++;
    int deactivating = generation;
    startNanos = services.settings().ticker().read();
    CompletableFuture<Void> done = new CompletableFuture<>();
    deactivation = done;
    FeatureActivation ending = activation;
    setState(LoadState.DEACTIVATING);
    ending.deactivate()
        .thenCompose(ignored -> releasePlugins())
        .whenCompleteAsync((ignored, error) -> {
          if (error != null) {
            log.error("Deactivating {} in world {} failed", experienceId, world().name(), error);
          }
          if (deactivating == generation) { // end of play may have cleaned up already
            releaseAssets();
            activation = null;
            experience = null;
            pawnData = null;
            experienceId = null;
            deactivation = null;
            setState(LoadState.UNLOADED);
          }
          done.complete(null);
        }, world().executor());
    return done;
  }

  // ---------------------------------------------------------------- loading steps (game thread)

  private void onDefinitionLoaded(int load, LoadResult result, Throwable error) {
    if (error != null) {
      fail(load, problemsOf(error));
      return;
    }
    Object value = result.assets().get(experienceId);
    if (!(value instanceof ExperienceDefinition definition)) {
      fail(load, List.of(Problem.error(
              "Overture/NotAnExperience",
              experienceId + " is " + ("AEIOU".indexOf(value.getClass().getSimpleName().charAt(0)) >= 0 ? "an " : "a ")
                  + value.getClass().getSimpleName() + ", not an experience")
          .withAsset(experienceId.toString())));
      return;
    }
    experience = definition;
    Set<String> bundles = new LinkedHashSet<>();
    bundles.add("equipped");
    if (world().netMode().hasClient()) {
      bundles.add("client");
    }
    if (world().netMode().hasServer()) {
      bundles.add("server");
    }
    List<PrimaryAssetId> ids = new ArrayList<>();
    ids.add(experienceId);
    ids.addAll(definition.actionSets());
    bundleHandle = services.assets().loadPrimaryAssets(ids, bundles);
    bundleHandle.future().whenCompleteAsync((loaded, failed) -> guarded(load, () -> {
      if (load == generation) {
        onBundlesLoaded(load, failed);
      }
    }), world().executor());
  }

  private void onBundlesLoaded(int load, Throwable error) {
    if (error != null) {
      fail(load, problemsOf(error));
      return;
    }
    pawnData =
        experience.pawnData().flatMap(id -> services.assets().getAsset(id, PawnData.class)).orElse(null);
    if (pawnData != null && pawnData.pawnClass().asset().isPresent()) {
      List<Problem> unlocated = new ArrayList<>();
      List<CompletableFuture<Problem>> archetypeProblems = checkPawnArchetype(experience.pawnData().orElseThrow(), unlocated);
      if (!archetypeProblems.isEmpty()) {
        failWhenLocated(load, archetypeProblems, unlocated);
        return;
      }
    }
    GameFeatures features = services.features();
    Map<String, Origin> names = new LinkedHashMap<>();
    collectPlugins(experienceId, experience.gameFeaturesToEnable(), names);
    actionSetsInOrder().forEach((set, actionSet) -> collectPlugins(set, actionSet.gameFeaturesToEnable(), names));
    List<CompletableFuture<Problem>> unknown = new ArrayList<>();
    List<Problem> unlocated = new ArrayList<>();
    List<String> urls = new ArrayList<>();
    names.forEach((name, origin) -> {
      Optional<String> url = features.pluginUrlByName(name);
      if (url.isEmpty()) {
        Problem problem = Problem.error("Overture/UnknownPlugin", "Plugin \"" + name + "\" is not installed")
            .withChoices("installed", Choices.closest(name, features.pluginNames()))
            .withAsset(origin.asset.toString());
        unlocated.add(problem);
        unknown.add(services.assets().tools().locate(origin.asset, origin.pointer).thenApply(problem::at));
      } else {
        urls.add(url.get());
      }
    });
    if (unknown.isEmpty()) {
      checkPluginOwnership(urls, unknown, unlocated);
    }
    if (!unknown.isEmpty()) {
      failWhenLocated(load, unknown, unlocated);
      return;
    }
    setState(LoadState.LOADING_GAME_FEATURES);
    if (load != generation) {
      return; // a state listener moved on
    }
    if (urls.isEmpty()) {
      afterGameFeatures(load);
      return;
    }
    int[] remaining = {urls.size()};
    List<Problem> pluginProblems = new ArrayList<>();
    for (String url : urls) {
      requestedPlugins.add(url);
      features.loadAndActivate(url).whenCompleteAsync((ignored, failed) -> guarded(load, () -> {
        if (load != generation) {
          return;
        }
        if (failed != null) {
          pluginProblems.addAll(problemsOf(failed));
        } else {
          activatedPlugins.add(url);
        }
        if (--remaining[0] == 0) {
          if (pluginProblems.isEmpty()) {
            // Completions arrive in any order; report them dependencies first, then as named.
            activatedPlugins.clear();
            activatedPlugins.addAll(dependencyOrder(urls));
            waitForPluginActions(load, urls);
          } else {
            fail(load, pluginProblems);
          }
        }
      }), world().executor());
    }
  }

  /** {@code urls} with each plugin after those of them it depends on, otherwise in the given order. */
  private List<String> dependencyOrder(List<String> urls) {
    List<String> ordered = new ArrayList<>();
    for (String url : urls) {
      addAfterDependencies(url, urls, ordered, new java.util.HashSet<>());
    }
    return ordered;
  }

  private void addAfterDependencies(String url, List<String> urls, List<String> ordered, java.util.Set<String> visiting) {
    if (ordered.contains(url) || !visiting.add(url)) {
      return;
    }
    services.features().descriptor(url).ifPresent(descriptor -> {
      for (dev.overture.feature.PluginDescriptor.Dependency dependency : descriptor.dependencies()) {
        services.features().pluginUrlByName(dependency.name())
            .filter(urls::contains)
            .ifPresent(dependencyUrl -> addAfterDependencies(dependencyUrl, urls, ordered, visiting));
      }
    });
    ordered.add(url);
  }

  /** The plugins are active: wait until their own actions apply in this world too. */
  private void waitForPluginActions(int load, List<String> urls) {
    List<CompletableFuture<Void>> applied = new ArrayList<>();
    for (String url : urls) {
      applied.add(services.features().appliedIn(url, world()));
    }
    CompletableFuture.allOf(applied.toArray(CompletableFuture[]::new)).whenCompleteAsync((ignored, error) -> guarded(load, () -> {
      if (load != generation) {
        return;
      }
      if (error != null) {
        fail(load, problemsOf(error));
      } else {
        afterGameFeatures(load);
      }
    }), world().executor());
  }

  /**
   * The experience's action sets and the sets they include, each once, included sets before the
   * sets that include them (the loader refused cycles).
   */
  private Map<PrimaryAssetId, ExperienceActionSet> actionSetsInOrder() {
    Map<PrimaryAssetId, ExperienceActionSet> ordered = new LinkedHashMap<>();
    Set<PrimaryAssetId> visiting = new java.util.HashSet<>();
    for (PrimaryAssetId set : experience.actionSets()) {
      addActionSet(set, ordered, visiting);
    }
    return ordered;
  }

  private void addActionSet(PrimaryAssetId id, Map<PrimaryAssetId, ExperienceActionSet> ordered, Set<PrimaryAssetId> visiting) {
    if (ordered.containsKey(id) || !visiting.add(id)) {
      return;
    }
    services.assets().getAsset(id, ExperienceActionSet.class).ifPresent(set -> {
      for (PrimaryAssetId included : set.actionSets()) {
        addActionSet(included, ordered, visiting);
      }
      ordered.put(id, set);
    });
  }

  /**
   * Actions and components that a plugin contributes exist only where that plugin is enabled, as a
   * game feature's classes do in Unreal: an experience (or action set) that uses one without
   * enabling its plugin, directly or as a dependency, fails here, at the entry that names it.
   */
  private void checkPluginOwnership(List<String> urls, List<CompletableFuture<Problem>> located, List<Problem> unlocated) {
    java.util.Set<String> enabled = new java.util.LinkedHashSet<>();
    for (String url : urls) {
      enabled.add(pluginName(url));
      addDependencies(url, enabled);
    }
    Map<PrimaryAssetId, List<GameFeatureAction>> sources = new LinkedHashMap<>();
    sources.put(experienceId, experience.actions());
    actionSetsInOrder().forEach((set, actionSet) -> sources.put(set, actionSet.actions()));
    sources.forEach((asset, actions) -> {
      for (int i = 0; i < actions.size(); i++) {
        GameFeatureAction action = actions.get(i);
        if (action == null) {
          continue;
        }
        String pointer = "/actions/" + i;
        services.assets().tools().kindName(action.getClass())
            .ifPresent(kind -> requireEnabled("Action", kind, asset, pointer, enabled, located, unlocated));
        if (action instanceof dev.overture.feature.AddComponents add) {
          for (int j = 0; j < add.componentList().size(); j++) {
            String component = add.componentList().get(j).componentClass().name();
            requireEnabled("Component", component, asset, pointer + "/componentList/" + j + "/componentClass", enabled, located,
                unlocated);
          }
        }
      }
    });
  }

  private void addDependencies(String url, java.util.Set<String> enabled) {
    services.features().descriptor(url).ifPresent(descriptor -> {
      for (dev.overture.feature.PluginDescriptor.Dependency dependency : descriptor.dependencies()) {
        if (enabled.add(dependency.name())) {
          services.features().pluginUrlByName(dependency.name()).ifPresent(next -> addDependencies(next, enabled));
        }
      }
    });
  }

  private void requireEnabled(String what, String kind, PrimaryAssetId asset, String pointer, java.util.Set<String> enabled,
      List<CompletableFuture<Problem>> located, List<Problem> unlocated) {
    services.features().contributorOf(kind).filter(owner -> !enabled.contains(owner)).ifPresent(owner -> {
      Problem problem = Problem.error("Overture/PluginNotEnabled", what + " \"" + kind + "\" belongs to plugin " + owner
              + ", which " + experienceId + " does not enable; add \"" + owner + "\" to its gameFeaturesToEnable")
          .withChoices("enabled", List.copyOf(enabled))
          .withAsset(asset.toString());
      unlocated.add(problem);
      located.add(services.assets().tools().locate(asset, pointer).thenApply(problem::at));
    });
  }

  private static void collectPlugins(PrimaryAssetId asset, List<String> plugins, Map<String, Origin> into) {
    for (int i = 0; i < plugins.size(); i++) {
      into.putIfAbsent(plugins.get(i), new Origin(asset, "/gameFeaturesToEnable/" + i));
    }
  }

  private void afterGameFeatures(int load) {
    ExperienceSettings settings = services.settings();
    double delay = settings.chaosDelayMinimumSeconds() + random.nextDouble() * settings.chaosDelayRandomSeconds();
    if (delay > 0) {
      setState(LoadState.LOADING_CHAOS_TESTING_DELAY);
      if (load != generation) {
        return;
      }
      chaosTimer = world().schedule(delay, () -> {
        chaosTimer = null;
        if (load == generation) {
          executeActions(load);
        }
      });
    } else {
      executeActions(load);
    }
  }

  private void executeActions(int load) {
    setState(LoadState.EXECUTING_ACTIONS);
    if (load != generation) {
      return;
    }
    List<GameFeatureAction> actions = new ArrayList<>();
    List<String> labels = new ArrayList<>();
    Map<String, Origin> origins = new LinkedHashMap<>();
    addActions(experienceId, experience.actions(), actions, labels, origins);
    actionSetsInOrder().forEach((set, actionSet) -> addActions(set, actionSet.actions(), actions, labels, origins));
    try {
      activation = FeatureActivation.activate(actions, labels, world(), services.assets());
    } catch (FeatureActivationException e) {
      Origin origin = origins.get(e.action());
      Problem problem = Problem.error("Overture/ActionFailed", e.getMessage()).withAsset(origin.asset.toString());
      failWhenLocated(load, List.of(services.assets().tools().locate(origin.asset, origin.pointer).thenApply(problem::at)), List.of(problem));
      return;
    }
    // Everything is settled before anyone hears of it: listeners may switch or deactivate.
    ExperienceDefinition loadedExperience = experience;
    CompletableFuture<ExperienceDefinition> done = loading;
    loading = null;
    List<Consumer<ExperienceDefinition>> listeners = new ArrayList<>();
    for (Priority priority : Priority.values()) {
      listeners.addAll(loadedListeners.get(priority));
      loadedListeners.get(priority).clear();
    }
    failedListeners.clear();
    setState(LoadState.LOADED);
    if (load == generation) { // unless a state listener moved on
      services.settings().localSettings().ifPresent(local -> local.experienceLoaded(String.valueOf(experienceId)));
    }
    for (Consumer<ExperienceDefinition> listener : listeners) {
      call(listener, loadedExperience);
    }
    if (done != null) {
      done.complete(loadedExperience);
    }
  }

  private static void addActions(
      PrimaryAssetId asset,
      List<GameFeatureAction> from,
      List<GameFeatureAction> actions,
      List<String> labels,
      Map<String, Origin> origins) {
    for (int i = 0; i < from.size(); i++) {
      GameFeatureAction action = from.get(i);
      String label = asset + " actions[" + i + "] " + (action == null ? "null" : action.getClass().getSimpleName());
      actions.add(action);
      labels.add(label);
      origins.put(label, new Origin(asset, "/actions/" + i));
    }
  }

  /**
   * What is wrong with the pawn data's archetype that reading it could not tell (not a pawn; a
   * subobject its class does not create, or that does not take the override), each located in the
   * file that says it.
   */
  private List<CompletableFuture<Problem>> checkPawnArchetype(PrimaryAssetId pawnDataId, List<Problem> unlocated) {
    PrimaryAssetId archetypeId = pawnData.pawnClass().asset().orElseThrow();
    ObjectArchetype archetype = services.assets().getAsset(archetypeId, ObjectArchetype.class).orElseThrow(
        () -> new IllegalStateException(archetypeId + " should have loaded with " + pawnDataId));
    List<CompletableFuture<Problem>> located = new ArrayList<>();
    if (!Pawn.class.isAssignableFrom(archetype.objectClass())) {
      Problem problem = Problem.error(
              "Overture/WrongClass",
              "The pawn class of " + pawnDataId + " is " + archetypeId + ", an archetype of "
                  + archetype.objectClass().getSimpleName() + ", which is not a Pawn")
          .withAsset(pawnDataId.toString());
      unlocated.add(problem);
      located.add(services.assets().tools().locate(pawnDataId, "/pawnClass").thenApply(problem::at));
      return located;
    }
    for (DataException wrong : world().objects().check(archetype)) {
      Problem problem = wrong.toProblem().withAsset(archetypeId.toString());
      unlocated.add(problem);
      located.add(services.assets().tools().locate(archetypeId, wrong.pointer()).thenApply(problem::at));
    }
    return located;
  }

  // ---------------------------------------------------------------- failure and rollback

  /**
   * Runs one asynchronous step of load {@code load}; a step that throws (a bug in game code it
   * calls, such as a pawn constructor) fails the load instead of leaving it stuck.
   */
  private void guarded(int load, Runnable step) {
    try {
      step.run();
    } catch (RuntimeException e) {
      log.error("A step of loading {} in world {} threw", experienceId, world().name(), e);
      fail(load, List.of(Problem.error("Overture/LoadStepFailed", "Loading stopped: " + e)
          .withAsset(String.valueOf(experienceId))));
    }
  }

  private void failWhenLocated(int load, List<CompletableFuture<Problem>> problems, List<Problem> unlocated) {
    CompletableFuture.allOf(problems.toArray(CompletableFuture[]::new)).whenCompleteAsync((ignored, error) -> {
      List<Problem> located = new ArrayList<>();
      for (int i = 0; i < problems.size(); i++) {
        CompletableFuture<Problem> problem = problems.get(i);
        located.add(problem.isCompletedExceptionally() ? unlocated.get(i) : problem.join());
      }
      fail(load, located);
    }, world().executor());
  }

  private void fail(int load, List<Problem> problems) {
    if (load != generation) {
      return;
    }
    generation++;
    ExperienceLoadException cause = new ExperienceLoadException(String.valueOf(experienceId), problems);
    rollBack();
    failure = cause;
    experience = null;
    pawnData = null;
    // Everything is settled before anyone hears of it: a listener may retry at once.
    CompletableFuture<ExperienceDefinition> done = loading;
    loading = null;
    List<Consumer<ExperienceLoadException>> listeners = List.copyOf(failedListeners);
    failedListeners.clear();
    setState(LoadState.FAILED);
    log.debug("{}", cause.getMessage());
    for (Consumer<ExperienceLoadException> listener : listeners) {
      call(listener, cause);
    }
    if (done != null) {
      done.completeExceptionally(cause);
    }
  }

  /**
   * Undoes whatever the current load did, now: the actions (without waiting for pauses), the plugin
   * requests (in reverse order of activation), the pinned assets. Returns when the plugins are
   * released.
   */
  private CompletableFuture<Void> rollBack() {
    if (chaosTimer != null) {
      chaosTimer.release();
      chaosTimer = null;
    }
    if (activation != null) {
      activation.deactivateNow();
      activation = null;
    }
    CompletableFuture<Void> released = releasePlugins();
    releaseAssets();
    return released;
  }

  private CompletableFuture<Void> releasePlugins() {
    List<String> order = new ArrayList<>(activatedPlugins);
    Collections.reverse(order);
    for (String url : requestedPlugins) {
      if (!order.contains(url)) {
        order.add(url);
      }
    }
    requestedPlugins.clear();
    activatedPlugins.clear();
    CompletableFuture<Void> chain = CompletableFuture.completedFuture(null);
    GameFeatures features = services.features();
    for (String url : order) {
      chain = chain.thenCompose(ignored -> features.deactivate(url).exceptionally(error -> {
        log.error("Releasing plugin {} failed", url, error);
        return null;
      }));
    }
    return chain;
  }

  private void releaseAssets() {
    if (definitionHandle != null) {
      definitionHandle.release();
      definitionHandle = null;
    }
    if (bundleHandle != null) {
      bundleHandle.release();
      bundleHandle = null;
    }
  }

  private void cancelLoading() {
    CompletableFuture<ExperienceDefinition> done = loading;
    loading = null;
    if (done != null) {
      done.cancel(false);
    }
  }

  private void reset() {
    failure = null;
    experience = null;
    pawnData = null;
  }

  private static List<Problem> problemsOf(Throwable error) {
    Throwable cause = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
    if (cause instanceof ProblemException problems) {
      return problems.problems();
    }
    if (cause instanceof CancellationException) {
      return List.of(Problem.error("Overture/Cancelled", "The load was cancelled"));
    }
    return List.of(Problem.error("Overture/LoadFailed", String.valueOf(cause)));
  }

  private String pluginName(String url) {
    for (String name : services.features().pluginNames()) {
      if (services.features().pluginUrlByName(name).orElse("").equals(url)) {
        return name;
      }
    }
    return url;
  }

  private void setState(LoadState next) {
    LoadState previous = state;
    state = next;
    Transition transition =
        new Transition(previous, next, world().timeSeconds(), services.settings().ticker().read() - startNanos);
    timeline.add(transition);
    for (StateListener listener : List.copyOf(stateListeners)) {
      try {
        listener.changed(transition);
      } catch (RuntimeException e) {
        log.error("A state listener of the experience of world {} threw", world().name(), e);
      }
    }
  }

  private <T> void call(Consumer<T> listener, T value) {
    try {
      listener.accept(value);
    } catch (RuntimeException e) {
      log.error("An experience listener in world {} threw", world().name(), e);
    }
  }

  @Override
  protected void endPlay(EndPlayReason reason) {
    ended = true;
    generation++;
    if (pendingSwitch != null) {
      pendingSwitch.future().cancel(false);
      pendingSwitch = null;
    }
    if (state != LoadState.UNLOADED && state != LoadState.FAILED) {
      rollBack();
      cancelLoading();
      if (deactivation != null) {
        deactivation.complete(null);
        deactivation = null;
      }
      experienceId = null;
      experience = null;
      pawnData = null;
      setState(LoadState.UNLOADED);
    }
    loadedListeners.values().forEach(List::clear);
    failedListeners.clear();
    services.features().detachWorld(world());
  }

  @Override
  public String toString() {
    return "ExperienceManager[" + world().name() + ", " + state + (experienceId == null ? "" : ", " + experienceId) + "]";
  }
}
