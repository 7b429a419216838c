package dev.overture.experience;

import dev.overture.asset.AssetKey;
import dev.overture.asset.AssetOverlay;
import dev.overture.asset.LoadHandle;
import dev.overture.asset.LoadResult;
import dev.overture.asset.PrimaryAssetId;
import dev.overture.core.Problem;
import dev.overture.experience.ExperienceContents.SourcedAction;
import dev.overture.feature.GameFeatureAction;
import dev.overture.feature.GameFeatures;
import dev.overture.feature.PluginId;
import dev.overture.feature.PluginSet;
import dev.overture.feature.internal.Extensions;
import dev.overture.feature.internal.FeatureActivation;
import dev.overture.feature.internal.FeatureActivationException;
import dev.overture.internal.Failures;
import dev.overture.world.Handle;
import dev.overture.world.World;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One attempt to load an experience into a world, and once it has loaded, the experience running
 * there until it is deactivated. It owns everything the attempt acquired: the definition's and the
 * bundles' load handles, the plugin requests, the activation of the actions, the chaos timer, and
 * the future its caller waits on.
 *
 * <p>Every asynchronous step comes back through the world's executor and first asks whether this
 * attempt was {@linkplain #discard() discarded} (cancelled, replaced, failed or ended): if so it does
 * nothing, so a late callback of an abandoned attempt never touches the next one. Discarding undoes
 * what the attempt did, in reverse order of setup: the chaos timer, the actions, the plugin requests
 * (newest first), the asset handles.
 *
 * <p>Confined to the world's game thread, like the {@link ExperienceManager} that owns it.
 */
final class ExperienceLoad {

  private static final Logger log = LoggerFactory.getLogger(ExperienceLoad.class);

  private final ExperienceManager manager;
  private final Experiences services;
  private final World world;
  private final Random random;
  private final PrimaryAssetId id;
  private CompletableFuture<ExperienceDefinition> future = new CompletableFuture<>();
  private ExperienceContents contents;
  private PawnData pawnData;
  private ExperienceLoadException failure;
  private LoadHandle definitionHandle;
  private LoadHandle bundleHandle;
  /** The asset manager's default pawn data, when the experience has none. */
  private LoadHandle defaultPawnHandle;
  private final ExperiencePlugins plugins;
  private FeatureActivation activation;
  private Handle chaosTimer;
  private boolean discarded;
  /** The assets in force in the world: what this attempt's loads reached, or what the last reload put in. */
  private AssetOverlay view;

  ExperienceLoad(ExperienceManager manager, Experiences services, World world, Random random, PrimaryAssetId id) {
    this.manager = manager;
    this.services = services;
    this.world = world;
    this.random = random;
    this.id = id;
    this.view = AssetOverlay.of(services.assets(), Map.of());
    this.plugins = new ExperiencePlugins(services, world, id);
  }

  /** What the world's experience code and actions read assets through. */
  AssetOverlay view() {
    return view;
  }

  /** The bundles the experience loaded with; empty before they were asked for. */
  Set<String> bundles() {
    return bundleHandle == null ? Set.of() : bundleHandle.bundles();
  }

  PrimaryAssetId id() {
    return id;
  }

  /** The caller's future; completes with the experience, fails, or is cancelled. */
  CompletableFuture<ExperienceDefinition> future() {
    return future;
  }

  /** The definition, once read. */
  ExperienceDefinition experience() {
    return contents == null ? null : contents.experience();
  }

  /**
   * The pawn data players get, once the bundles have loaded: the experience's, else the asset
   * manager's default; {@code null} when there is neither.
   */
  PawnData pawnData() {
    return pawnData;
  }

  ExperienceLoadException failure() {
    return failure;
  }

  boolean isDiscarded() {
    return discarded;
  }

  List<PluginId> activatedPlugins() {
    return plugins.activated();
  }

  List<String> activeActions() {
    return activation == null ? List.of() : activation.activated();
  }

  List<String> pendingPausers() {
    return activation == null ? List.of() : activation.pendingPausers();
  }

  /** The progress of the step {@code state} names, before the manager keeps it from going back. */
  double progressIn(LoadState state) {
    return switch (state) {
      case LOADING -> bundleHandle != null
          ? 0.1 + 0.7 * bundleHandle.progress()
          : definitionHandle != null ? 0.1 * definitionHandle.progress() : 0;
      case LOADING_GAME_FEATURES -> 0.8 + 0.15 * plugins.activatedShare();
      case LOADING_CHAOS_TESTING_DELAY -> 0.95;
      case EXECUTING_ACTIONS -> 0.97;
      default -> 1;
    };
  }

  // ---------------------------------------------------------------- the steps

  /** Starts reading the definition; the manager enters {@code Loading} right after. */
  void start() {
    definitionHandle = services.assets().loadPrimaryAsset(id);
    definitionHandle.future().whenCompleteAsync((result, error) -> step(() -> onDefinitionLoaded(result, error)), world.executor());
  }

  private void onDefinitionLoaded(LoadResult result, Throwable error) {
    if (error != null) {
      fail(LoadChecks.problemsOf(error));
      return;
    }
    Object value = result.assets().get(id);
    if (!(value instanceof ExperienceDefinition definition)) {
      fail(List.of(LoadChecks.notAnExperience(id)));
      return;
    }
    Set<String> bundles = new LinkedHashSet<>();
    bundles.add("equipped");
    if (world.netMode().hasClient()) {
      bundles.add("client");
    }
    if (world.netMode().hasServer()) {
      bundles.add("server");
    }
    // The action sets (and the pawn data) are references of the definition, which the load follows
    // with these bundles: as references, one a newer engine saved loads as null with a warning, as
    // the seed says, instead of failing the experience.
    List<PrimaryAssetId> ids = new ArrayList<>();
    ids.add(id);
    bundleHandle = services.assets().loadPrimaryAssets(ids, bundles);
    bundleHandle.future().whenCompleteAsync((loaded, failed) -> step(() -> onBundlesLoaded(definition, loaded, failed)), world.executor());
  }

  private void onBundlesLoaded(ExperienceDefinition definition, LoadResult loaded, Throwable error) {
    if (error != null) {
      fail(LoadChecks.problemsOf(error));
      return;
    }
    // From here on the world reads what this load reached, as it was when the load completed.
    view = AssetOverlay.of(services.assets(), loaded.reached());
    contents = new ExperienceContents(id, definition, view);
    pawnData = definition.pawnData().flatMap(pawn -> view.getAsset(pawn, PawnData.class)).orElse(null);
    Optional<PrimaryAssetId> fallback = services.assets().defaultPawnData();
    if (pawnData == null && fallback.isPresent()) {
      Optional<Problem> unknown = DefaultPawnData.problem(services.assets());
      if (unknown.isPresent()) {
        fail(List.of(unknown.get())); // as validate reports it, at overture.json's "defaultPawnData"
        return;
      }
      // As Lyra's game mode: an experience without pawn data (none named, or one that loaded as
      // null) gets the asset manager's default, loaded now with the same bundles.
      defaultPawnHandle = services.assets().loadPrimaryAssets(List.of(fallback.get()), bundleHandle.bundles());
      defaultPawnHandle.future().whenCompleteAsync(
          (pawns, failed) -> step(() -> onPawnDataLoaded(fallback.get(), pawns, failed)), world.executor());
      return;
    }
    onPawnDataLoaded(definition.pawnData().orElse(null), null, null);
  }

  /** The pawn data is known ({@code pawnDataId}, or none): check it, then the plugins. */
  private void onPawnDataLoaded(PrimaryAssetId pawnDataId, LoadResult pawns, Throwable error) {
    if (error != null) {
      fail(LoadChecks.problemsOf(error));
      return;
    }
    if (pawns != null) {
      Map<AssetKey, Object> both = new LinkedHashMap<>(view.values());
      both.putAll(pawns.reached());
      view = AssetOverlay.of(services.assets(), both);
    }
    if (pawnData == null && pawnDataId != null) {
      pawnData = view.getAsset(pawnDataId, PawnData.class).orElse(null);
    }
    if (pawnData != null && pawnData.pawnClass().asset().isPresent()) {
      List<LoadChecks.Found> wrong = LoadChecks.pawnArchetype(pawnDataId, pawnData, view, world.objects());
      if (!wrong.isEmpty()) {
        failWhenLocated(wrong);
        return;
      }
    }
    PluginSet resolved = services.features().resolve(contents.pluginNames().keySet());
    List<LoadChecks.Found> wrong = LoadChecks.plugins(contents, resolved);
    if (!wrong.isEmpty()) {
      failWhenLocated(wrong);
      return;
    }
    if (resolved.plugins().isEmpty()) {
      // As Lyra's OnExperienceLoadComplete: with no plugin to load, straight on to the actions.
      afterGameFeatures();
    } else if (manager.enter(this, LoadState.LOADING_GAME_FEATURES)) {
      plugins.request(resolved.plugins(), this::step, this::afterGameFeatures, this::fail);
    }
  }

  private void afterGameFeatures() {
    ExperienceSettings settings = services.settings();
    double delay = settings.chaosDelayMinimumSeconds() + random.nextDouble() * settings.chaosDelayRandomSeconds();
    if (delay <= 0) {
      executeActions();
    } else if (manager.enter(this, LoadState.LOADING_CHAOS_TESTING_DELAY)) {
      chaosTimer = world.schedule(delay, () -> {
        chaosTimer = null;
        step(this::executeActions);
      });
    }
  }

  private void executeActions() {
    if (!manager.enter(this, LoadState.EXECUTING_ACTIONS)) {
      return;
    }
    FeatureActivation activated;
    try {
      activated = activate(contents);
    } catch (FeatureActivationException e) {
      // The problem says it in words; the game code's stack trace, for its developer, goes to the log at debug.
      dev.overture.internal.Failures.traceAtDebug(log, e.getCause(), "{} failed in world {}", e.action(), world.name());
      failWhenLocated(List.of(LoadChecks.actionFailed(contents, e)));
      return;
    }
    if (discarded) {
      // An action's own activation ended this attempt (a deactivate or a switch called from its
      // onActivating): the discard found no activation to undo yet, so the actions are undone here.
      activated.deactivateNow();
      return;
    }
    activation = activated;
    if (services.features().isClosed()) {
      // The runtime closed while this world, on a thread of its own, ran the actions: its plugins and
      // assets are gone, so the experience would be Loaded with nothing behind it. It is rolled back.
      fail(List.of(Problem.error("Overture/RuntimeClosed", "Overture closed while experience " + id + " was loading, on world \""
          + world.name() + "\"'s own thread; the experience was rolled back").withAsset(id.toString())));
      return;
    }
    manager.loaded(this);
  }

  /** Activates the actions of {@code from} in the world, reading assets through the view. */
  private FeatureActivation activate(ExperienceContents from) {
    List<SourcedAction> sourced = from.actions();
    List<GameFeatureAction> actions = new ArrayList<>();
    List<String> labels = new ArrayList<>();
    for (SourcedAction action : sourced) {
      actions.add(action.action());
      labels.add(action.label());
    }
    GameFeatures features = services.features();
    return FeatureActivation.activate(actions, labels, world, view, new Extensions() {
      @Override
      public <T> List<T> of(Class<T> point) {
        return features.extensions(point);
      }

      @Override
      public String whose(Object action) {
        // The experience may be the game's own content, or another plugin's: the action's code is named.
        return features.ownerOfCode(action.getClass()).map(id -> " (plugin " + id + ", " + features.location(id) + ")").orElse("");
      }
    });
  }

  // ---------------------------------------------------------------- live reload

  /**
   * Puts {@code next}'s content in force in place of the current one, on the game thread: the old
   * actions deactivate at once, the new assets and pawn data go in, the new actions activate. When
   * one of them throws, or one of {@code next}'s {@linkplain ReloadPart parts} (taken after the
   * actions activated) refuses, the old content goes back in and its actions activate again, and
   * the problem is returned (unlocated); nothing of {@code next} is kept then, nor the loaded
   * listeners its actions registered. Returns no problem when the new content is in force, or when
   * the attempt was discarded meanwhile (an action or a part closed the world: see {@link
   * #isDiscarded()}).
   *
   * @throws FeatureActivationException when the old actions, activated again after a failure,
   *     throw too: the experience cannot go on
   */
  List<LoadChecks.Found> reload(ExperienceReload next) {
    ExperienceContents oldContents = contents;
    PawnData oldPawnData = pawnData;
    AssetOverlay oldView = view;
    activation.deactivateNow();
    activation = null;
    contents = next.contents();
    pawnData = next.pawnData();
    view = AssetOverlay.of(services.assets(), next.content());
    Pawns.handPawnData(world, oldPawnData, pawnData);
    ExperienceListeners.Mark listening = manager.listeners().mark();
    LoadChecks.Found failed = null;
    try {
      activation = activate(contents);
    } catch (FeatureActivationException e) {
      dev.overture.internal.Failures.traceAtDebug(log, e.getCause(), "{} failed in world {}", e.action(), world.name());
      failed = LoadChecks.actionFailed(contents, e);
    }
    if (failed == null && !discarded) {
      Problem refused = ReloadPart.takeAll(next.parts());
      if (refused != null) {
        activation.deactivateNow();
        activation = null;
        failed = new LoadChecks.Found(refused, null);
      }
    }
    if (discarded) {
      // An action or a part ended the world's play (closed the world, say): the close undid what
      // it found; what this reload still held is undone here, and nothing of it is adopted.
      if (activation != null) {
        activation.deactivateNow();
        activation = null;
      }
      return List.of();
    }
    if (failed != null) {
      // What the undone actions asked to hear when loaded is not called: they are gone.
      manager.listeners().dropSince(listening);
      contents = oldContents;
      Pawns.handPawnData(world, pawnData, oldPawnData);
      pawnData = oldPawnData;
      view = oldView;
      activation = activate(contents);
      return List.of(failed);
    }
    // The new content's handles pin its assets from now on; the old ones let go.
    releaseAssets();
    List<LoadHandle> handles = next.handles();
    bundleHandle = handles.isEmpty() ? null : handles.get(0);
    defaultPawnHandle = handles.size() > 1 ? handles.get(1) : null;
    plugins.replaceWith(next);
    return List.of();
  }

  /** Locates {@code found} on a worker; for a reload rolled back, whose problem the caller reports. */
  CompletableFuture<List<Problem>> locate(List<LoadChecks.Found> found) {
    return LoadChecks.locate(services.assets(), found);
  }

  // ---------------------------------------------------------------- failure, cancellation, rollback

  /**
   * Runs one asynchronous step unless this attempt was discarded meanwhile; a step that throws
   * anything (a bug in game code it calls, such as a pawn constructor, an {@code AssertionError}, a
   * {@code NoClassDefFoundError}) fails the load, rolled back, instead of leaving it stuck; a fatal
   * error (see {@link Failures#isFatal}) is thrown on after that.
   */
  private void step(Runnable body) {
    if (discarded) {
      return;
    }
    try {
      body.run();
    } catch (Throwable e) {
      // The problem says it in words, with where the code threw; the trace is at debug (--debug).
      Failures.traceAtDebug(log, e, "A step of loading {} in world {} threw", id, world.name());
      try {
        fail(List.of(Problem.error("Overture/LoadStepFailed", "Loading stopped: " + Failures.describeWhere(e))
            .withAsset(id.toString())));
      } finally {
        Failures.rethrowIfFatal(e);
      }
    }
  }

  private void failWhenLocated(List<LoadChecks.Found> found) {
    LoadChecks.locate(services.assets(), found).thenAcceptAsync(this::fail, world.executor());
  }

  /** A reload could not put the old content back (its actions failed again, or game code threw): the experience fails with {@code problem}. */
  void failBy(Problem problem) {
    fail(List.of(problem));
  }

  private void fail(List<Problem> problems) {
    if (!discarded) {
      // An unknown kind says which plugin in Error it may follow from; the plugins' own problems are
      // theirs to report (ready(), overture list), not repeated here.
      failure = new ExperienceLoadException(id.toString(), problems.stream().map(services.features()::asConsequence).toList());
      manager.failed(this);
    }
  }

  /**
   * Takes the caller's future, to complete it once the outcome is settled: after that, cancelling
   * this attempt no longer touches it.
   */
  CompletableFuture<ExperienceDefinition> takeFuture() {
    CompletableFuture<ExperienceDefinition> taken = future;
    future = null;
    return taken;
  }

  /** Cancels the caller's future, unless its outcome was already settled. */
  void cancelFuture() {
    CompletableFuture<ExperienceDefinition> taken = takeFuture();
    if (taken != null) {
      taken.cancel(false);
    }
  }

  /**
   * Discards the attempt and undoes, now, whatever it did: the chaos timer, the actions (without
   * waiting for pauses), the plugin requests (in reverse order of activation), the pinned assets.
   * Returns when the plugins are released. Idempotent.
   */
  CompletableFuture<Void> discard() {
    discarded = true;
    if (chaosTimer != null) {
      chaosTimer.release();
      chaosTimer = null;
    }
    if (activation != null) {
      activation.deactivateNow();
      activation = null;
    }
    CompletableFuture<Void> released = plugins.release();
    releaseAssets();
    return released;
  }

  /**
   * Deactivates the loaded experience: its actions in reverse order, waiting for their pauses, then
   * its plugins in reverse order of activation. The caller then {@linkplain #finishDeactivation()
   * finishes} on the game thread.
   */
  CompletableFuture<Void> deactivate() {
    return activation.deactivate().thenCompose(ignored -> plugins.release());
  }

  /** Releases the assets once a deactivation has completed; the attempt is over. */
  void finishDeactivation() {
    discarded = true;
    activation = null;
    releaseAssets();
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
    if (defaultPawnHandle != null) {
      defaultPawnHandle.release();
      defaultPawnHandle = null;
    }
  }

  @Override
  public String toString() {
    return "ExperienceLoad[" + id + (discarded ? ", discarded" : "") + "]";
  }
}
