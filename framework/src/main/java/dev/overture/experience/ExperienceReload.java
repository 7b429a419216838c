package dev.overture.experience;

import dev.overture.asset.AssetKey;
import dev.overture.asset.AssetOverlay;
import dev.overture.asset.LoadHandle;
import dev.overture.asset.LoadResult;
import dev.overture.asset.PrimaryAssetId;
import dev.overture.asset.StagedContent;
import dev.overture.core.Problem;
import dev.overture.feature.GameFeatures;
import dev.overture.feature.PluginId;
import dev.overture.feature.PluginSet;
import dev.overture.world.World;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A world's loaded experience prepared again from {@linkplain StagedContent staged content}, ready to
 * be applied there at a tick boundary: what live content does with every world a change reaches.
 *
 * <p><b>Preparing</b> ({@link #prepare}) runs off the game thread: it loads the experience with the
 * world's bundles through the stage (the changed files read afresh, everything else as the manager
 * holds it), falls back to the default pawn data as a load does, runs the checks a load runs (the
 * pawn archetype fits a pawn, the plugins are installed, plugin kinds are used only where their
 * plugin is enabled), locates every problem in its file, and activates the plugins the new content
 * names that the world does not have yet (their own actions apply to the world as any plugin's do).
 * A reload with {@linkplain #hasErrors() errors} must not be applied; {@linkplain #discard()
 * discarding} it releases what preparing acquired.
 *
 * <p><b>Applying</b> ({@link #apply()}) queues one task on the world's executor, which, at the next
 * tick boundary and all at once: asks the {@link CarryOver} components for their state, deactivates
 * the experience's actions (without waiting for pauses), puts the new assets in force in the world
 * (the values its actions and {@link ExperienceManager#spawnPawn} read), hands the new pawn data to
 * the pawns that had the old one, activates the new content's actions, carries the state over, and
 * releases the plugins the new content no longer names and the old content's assets; {@linkplain
 * #apply(List) parts} the world takes with it, such as a map live content tracks, are taken after
 * the actions activated. The manager passes through {@code ExecutingActions} back to {@code
 * Loaded}, so loaded listeners registered meanwhile (by components the new actions added) are
 * called. If an action of the new content throws while activating, or a part refuses, the old
 * content is put back and activated again: the world ends as it was, and the result is {@link
 * Outcome#ROLLED_BACK} with the located problem. If the world moved on meanwhile (another
 * experience, a newer reload, closed) nothing happens: {@link
 * Outcome#SUPERSEDED}.
 *
 * <p><b>Threading.</b> {@link #prepare}, {@link #apply()} and {@link #discard()} may be called from
 * any thread; the accessors too, once the preparation has completed.
 */
public final class ExperienceReload {

  private static final Logger log = LoggerFactory.getLogger(ExperienceReload.class);

  /** What applying did. */
  public enum Outcome {
    /** The world runs the new content. */
    APPLIED,
    /** The world moved on (another experience, a newer reload, closed): nothing was done. */
    SUPERSEDED,
    /** An action of the new content failed to activate; the world runs the old content again. */
    ROLLED_BACK
  }

  /**
   * What applying did, and the problems when it was rolled back.
   *
   * @param outcome what happened
   * @param problems located; empty unless rolled back
   */
  public record Result(Outcome outcome, List<Problem> problems) {
    public Result {
      Objects.requireNonNull(outcome, "outcome");
      problems = List.copyOf(problems);
    }
  }

  private final LoadedExperience target;
  private final Experiences services;
  private final World world;
  private final List<Problem> problems = Collections.synchronizedList(new ArrayList<>());
  private final Map<AssetKey, Object> content = new LinkedHashMap<>();
  private final AtomicBoolean settled = new AtomicBoolean();
  private AssetOverlay view;
  private ExperienceContents contents;
  private PawnData pawnData;
  private List<PluginId> plugins = List.of();
  /** The plugins preparing requested (the world did not have them): released on discard. */
  private final List<PluginId> requested = new ArrayList<>();
  private LoadHandle bundleHandle;
  private LoadHandle defaultPawnHandle;
  /** What the world takes with the reload; set by {@link #apply(List)} before its task is queued. */
  private volatile List<ReloadPart> parts = List.of();

  private ExperienceReload(LoadedExperience target) {
    this.target = target;
    this.services = target.manager().services();
    this.world = target.world();
  }

  /**
   * Prepares {@code target} again from {@code staged}; see the class comment. The future completes
   * with the reload whether or not it found problems; read them with {@link #problems()}.
   */
  public static CompletableFuture<ExperienceReload> prepare(LoadedExperience target, StagedContent staged) {
    Objects.requireNonNull(target, "target");
    Objects.requireNonNull(staged, "staged");
    ExperienceReload reload = new ExperienceReload(target);
    CompletableFuture<Void> run;
    try {
      run = reload.load(staged);
    } catch (RuntimeException e) {
      run = CompletableFuture.failedFuture(e);
    }
    return run.handle((ignored, error) -> {
      if (error != null) {
        reload.problems.addAll(LoadChecks.problemsOf(error));
      }
      return reload;
    });
  }

  // ---------------------------------------------------------------- preparing

  private CompletableFuture<Void> load(StagedContent staged) {
    PrimaryAssetId id = target.id();
    bundleHandle = staged.load(List.of(id), target.bundles());
    return bundleHandle.future().thenCompose(result -> {
      Object value = result.assets().get(id);
      if (!(value instanceof ExperienceDefinition definition)) {
        problems.add(LoadChecks.notAnExperience(id));
        return CompletableFuture.completedFuture(null);
      }
      content.putAll(result.reached());
      view = AssetOverlay.of(services.assets(), content);
      contents = new ExperienceContents(id, definition, view);
      pawnData = definition.pawnData().flatMap(pawn -> view.getAsset(pawn, PawnData.class)).orElse(null);
      Optional<PrimaryAssetId> fallback = services.assets().defaultPawnData();
      if (pawnData == null && fallback.isPresent()) {
        defaultPawnHandle = staged.load(List.of(fallback.get()), target.bundles());
        return defaultPawnHandle.future().thenCompose(pawns -> {
          addContent(pawns);
          pawnData = view.getAsset(fallback.get(), PawnData.class).orElse(null);
          return check(fallback.get());
        });
      }
      return check(definition.pawnData().orElse(null));
    });
  }

  private void addContent(LoadResult result) {
    content.putAll(result.reached());
    view = AssetOverlay.of(services.assets(), content);
  }

  private CompletableFuture<Void> check(PrimaryAssetId pawnDataId) {
    List<LoadChecks.Found> wrong = new ArrayList<>();
    if (pawnData != null && pawnData.pawnClass().asset().isPresent()) {
      wrong.addAll(LoadChecks.pawnArchetype(pawnDataId, pawnData, view, world.objects()));
    }
    PluginSet resolved = services.features().resolve(contents.pluginNames().keySet());
    if (wrong.isEmpty()) {
      wrong.addAll(LoadChecks.plugins(contents, resolved));
    }
    if (!wrong.isEmpty()) {
      return LoadChecks.locate(services.assets(), wrong).thenAccept(problems::addAll);
    }
    plugins = resolved.plugins();
    return requestPlugins();
  }

  /** Activates the plugins the new content names that the world's experience has not. */
  private CompletableFuture<Void> requestPlugins() {
    GameFeatures features = services.features();
    List<CompletableFuture<Void>> ready = new ArrayList<>();
    for (PluginId plugin : plugins) {
      if (target.plugins().contains(plugin)) {
        continue;
      }
      synchronized (requested) {
        requested.add(plugin);
      }
      ready.add(features.loadAndActivate(plugin)
          .thenCompose(ignored -> features.appliedIn(plugin, world))
          .exceptionally(error -> {
            problems.addAll(LoadChecks.problemsOf(error));
            return null;
          }));
    }
    return CompletableFuture.allOf(ready.toArray(CompletableFuture[]::new));
  }

  // ---------------------------------------------------------------- what was prepared

  /** The world the reload is for. */
  public World world() {
    return world;
  }

  /** The experience reloaded. */
  public PrimaryAssetId experience() {
    return target.id();
  }

  /** What the world runs now, which this reload replaces. */
  public LoadedExperience target() {
    return target;
  }

  /** The problems preparing found (errors and warnings), located in their files. */
  public List<Problem> problems() {
    synchronized (problems) {
      return List.copyOf(problems);
    }
  }

  /** Whether preparing found an error: the reload must not be applied. */
  public boolean hasErrors() {
    return problems().stream().anyMatch(Problem::isError);
  }

  /** Every asset the new content depends on, with its new value (empty when preparing failed). */
  public Map<AssetKey, Object> content() {
    return Collections.unmodifiableMap(content);
  }

  /**
   * The assets whose value in the world changes: those of the new content whose value is not the
   * one in force, and those the old content had and the new one does not.
   */
  public Set<AssetKey> changedAssets() {
    Set<AssetKey> changed = new LinkedHashSet<>();
    content.forEach((key, value) -> {
      if (target.content().get(key) != value) {
        changed.add(key);
      }
    });
    for (AssetKey key : target.content().keySet()) {
      if (!content.containsKey(key)) {
        changed.add(key);
      }
    }
    return changed;
  }

  /** The plugins the new content activates, in activation order. */
  public List<PluginId> plugins() {
    return plugins;
  }

  ExperienceContents contents() {
    return contents;
  }

  PawnData pawnData() {
    return pawnData;
  }

  List<ReloadPart> parts() {
    return parts;
  }

  // ---------------------------------------------------------------- applying

  /**
   * Applies the reload on the world's game thread at its next tick boundary; see the class
   * comment. The future completes there, or at once as {@link Outcome#SUPERSEDED} when the world
   * is closed.
   *
   * @throws IllegalStateException when the reload has errors, or was already applied or discarded
   */
  public CompletableFuture<Result> apply() {
    return apply(List.of());
  }

  /**
   * Applies the reload as {@link #apply()} does, with {@code parts} the world takes in the same
   * task, after the new content's actions activated: all or nothing. When a part refuses, the parts
   * taken before it are given back and the reload rolls back as when an action fails ({@link
   * Outcome#ROLLED_BACK}, with the part's problem); when an action fails, no part is taken.
   *
   * @throws IllegalStateException when the reload has errors, or was already applied or discarded
   */
  public CompletableFuture<Result> apply(List<? extends ReloadPart> parts) {
    Objects.requireNonNull(parts, "parts");
    if (hasErrors()) {
      throw new IllegalStateException("A reload of " + target.id() + " with errors cannot be applied: " + problems());
    }
    if (!settled.compareAndSet(false, true)) {
      throw new IllegalStateException("The reload of " + target.id() + " in world " + world.name() + " was already applied or discarded");
    }
    this.parts = List.copyOf(parts);
    CompletableFuture<Result> result = new CompletableFuture<>();
    ExperienceManager manager = target.manager();
    manager.liveReloads().reloadQueued(this, result);
    try {
      world.executor().execute(World.droppable(() -> manager.liveReloads().applyReload(this, result),
          () -> manager.liveReloads().reloadDropped(this, result)));
    } catch (RejectedExecutionException e) {
      manager.liveReloads().reloadDropped(this, result);
    }
    return result;
  }

  /**
   * Releases what preparing acquired (the new content's assets, the plugins it activated), when the
   * reload is not applied. Idempotent; does nothing once applied.
   */
  public void discard() {
    if (settled.compareAndSet(false, true)) {
      releaseAcquired();
    }
  }

  /** Lets go of what preparing acquired: the reload was discarded, superseded or rolled back. */
  void releaseAcquired() {
    if (bundleHandle != null) {
      bundleHandle.release();
    }
    if (defaultPawnHandle != null) {
      defaultPawnHandle.release();
    }
    List<PluginId> release;
    synchronized (requested) {
      release = new ArrayList<>(requested);
      requested.clear();
    }
    Collections.reverse(release);
    for (PluginId plugin : release) {
      services.features().deactivate(plugin).exceptionally(error -> {
        dev.overture.internal.Failures.logInALine(log, error, "Releasing plugin {} after a reload of {} failed", plugin,
            target.id());
        return null;
      });
    }
  }

  /** The handles the new content's assets are pinned by, handed to the world's experience once applied. */
  List<LoadHandle> handles() {
    List<LoadHandle> handles = new ArrayList<>();
    if (bundleHandle != null) {
      handles.add(bundleHandle);
    }
    if (defaultPawnHandle != null) {
      handles.add(defaultPawnHandle);
    }
    return handles;
  }

  /** The plugins preparing requested, now the world's experience's to release. */
  List<PluginId> takeRequested() {
    synchronized (requested) {
      List<PluginId> taken = List.copyOf(requested);
      requested.clear();
      return taken;
    }
  }

  @Override
  public String toString() {
    return "ExperienceReload[" + target.id() + " in " + world.name() + ", " + problems().size() + " problems]";
  }
}
