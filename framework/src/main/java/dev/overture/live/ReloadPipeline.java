package dev.overture.live;

import dev.overture.asset.AssetEntry;
import dev.overture.asset.AssetIndex;
import dev.overture.asset.AssetKey;
import dev.overture.asset.AssetManager;
import dev.overture.asset.AssetOverlay;
import dev.overture.asset.ContentFile;
import dev.overture.asset.LoadHandle;
import dev.overture.asset.LoadResult;
import dev.overture.asset.PrimaryAssetId;
import dev.overture.asset.SoftRef;
import dev.overture.asset.StagedContent;
import dev.overture.core.Problem;
import dev.overture.core.Reports;
import dev.overture.core.SourceLocation;
import dev.overture.core.Ticker;
import dev.overture.experience.ExperienceManager;
import dev.overture.experience.ExperienceReload;
import dev.overture.experience.LoadedExperience;
import dev.overture.feature.GameFeatures;
import dev.overture.feature.PluginId;
import dev.overture.validation.Validator;
import dev.overture.world.World;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The path of one change, on live content's serial executor: the files are sorted out and
 * reindexed, the worlds that depend on them found, everything the change touches is loaded through
 * a {@link StagedContent} and checked (each changed asset alone with every bundle, as {@code
 * validate} loads it, then its validators; each world's experience as the world loads it, with the
 * load's own checks). With any error, nothing is committed and no world is touched: the change is
 * refused and reported. Otherwise the stage is committed and the reload applied in every world at
 * its next tick boundary; the report comes once every world has applied it.
 *
 * <p>Confined to the serial executor: every step, including the continuations of the futures it
 * waits for, runs there, so its state needs no lock. Subscribers are called there.
 */
final class ReloadPipeline {

  private static final Logger log = LoggerFactory.getLogger(LiveContent.class);
  /** Every bundle, as {@code validate} loads each asset. */
  private static final List<String> EVERY_BUNDLE = List.of("equipped", "client", "server");

  private final AssetManager assets;
  /** The plugins folder (absolute), whose jars only a restart applies; null when there is none. */
  private final java.nio.file.Path jars;
  /** The bytes of the files only a restart applies, as the game started: a save that brings them back needs none. */
  private final StartFiles startFiles;
  private final GameFeatures features;
  private final Validator validator;
  private final Executor executor;
  private final Ticker ticker;
  private final Activity activity;
  private final Map<World, ExperienceManager> managers;
  private final List<Tracked> tracked;
  /** Tells each outcome to the log, the reports and the subscribers. */
  private final ReloadNews news;
  /** The refused changes remembered: reported once, their files pending until applied. */
  private final Refusals refusals = new Refusals();
  /** What worlds rolled back from, so that they are not caught up with it (a loop of reloads). */
  private final RollBacks rollBacks = new RollBacks();

  ReloadPipeline(AssetManager assets, java.nio.file.Path jars, GameFeatures features, Validator validator, Reports reports, Executor executor,
      Ticker ticker, Activity activity, Map<World, ExperienceManager> managers, List<Tracked> tracked) {
    this.assets = assets;
    this.jars = jars;
    this.startFiles = StartFiles.of(ChangedFiles.folders(assets).values());
    this.features = features;
    this.validator = validator;
    this.news = new ReloadNews(reports, ticker);
    this.executor = executor;
    this.ticker = ticker;
    this.activity = activity;
    this.managers = managers;
    this.tracked = tracked;
  }

  List<Consumer<? super LiveReload>> subscribers() {
    return news.subscribers();
  }

  /**
   * A failure handling a change: an error with its trace, unless live content was closed meanwhile
   * ({@link Activity#isClosed}): the runtime shutting down under a change makes "the asset manager
   * is closed" expected, and no news to a user pressing Ctrl+C.
   */
  private void failed(String what, RuntimeException e) {
    if (activity.isClosed()) {
      log.debug("{} after live content closed", what, e);
    } else {
      log.error("{}", what, e);
    }
  }

  // ---------------------------------------------------------------- a change of files

  /** Handles the debounced {@code batch}; the activity was entered for it and is left when it is done. */
  void process(Debouncer.Batch batch) {
    boolean handedOn = false;
    try {
      Set<String> plugins = new LinkedHashSet<>();
      features.plugins().forEach(plugin -> plugins.add(plugin.name()));
      ChangedFiles.Sorted sorted = ChangedFiles.sort(batch.paths(), assets, plugins, jars, startFiles);
      if (!sorted.restartNeeded().isEmpty()) {
        // Each such change is news (a second new build of a jar says the same words as the first):
        // reported every time, never taken for the same broken save noticed again.
        List<String> shown = new ArrayList<>();
        sorted.restartNeeded().forEach(problem -> problem.location().ifPresent(where -> shown.add(where.file())));
        news.publish(LiveReload.Status.REFUSED, shown, List.of(), List.of(), sorted.restartNeeded(), batch.firstNanos());
      }
      ChangedFiles.Sorted own = ChangedFiles.withoutPassing(sorted, assets, idsByFile(assets.index(), sorted.files()),
          managers.values());
      ChangedFiles.Sorted withPending = refusals.withPending(own);
      handedOn = true;
      start(withPending, withPending.files().equals(own.files()) ? null : own, batch.firstNanos());
    } catch (RuntimeException e) {
      failed("Live content could not handle the change of " + batch.paths(), e);
    } finally {
      if (!handedOn) {
        activity.exit();
      }
    }
  }

  /**
   * Checks the change of {@code files}, and applies or refuses it; leaves the activity when done.
   * {@code alone} is the change without the files of earlier refusals it took along (null when it
   * took none): when those hold it back, it is checked again without them.
   */
  private void start(ChangedFiles.Sorted files, ChangedFiles.Sorted alone, long firstNanos) {
    boolean handedOn = false;
    try {
      if (files.files().isEmpty()) {
        return;
      }
      Change change = new Change(files, alone, firstNanos);
      change.reindex();
      handedOn = true;
      change.check();
    } catch (RuntimeException e) {
      failed("Live content could not handle the change of " + files.shown().values(), e);
    } finally {
      if (!handedOn) {
        activity.exit();
      }
    }
  }

  /**
   * {@code manager}'s world reached Loaded: if what it runs is older than what the asset manager
   * holds (its load raced with a change), brings it up to date, as a change of those files would;
   * not with values it rolled back from. The activity was entered for it and is left when it is
   * done.
   */
  void catchUp(ExperienceManager manager) {
    if (rollBacks.deferred(manager)) {
      return;
    }
    boolean handedOn = false;
    try {
      Optional<LoadedExperience> loaded = manager.loadedExperience();
      if (loaded.isPresent()) {
        Set<AssetKey> stale = loaded.get().staleIn(assets);
        if (!stale.isEmpty()) {
          handedOn = true;
          catchUp(loaded.get(), stale);
        }
      }
    } finally {
      if (!handedOn) {
        activity.exit();
      }
    }
  }

  /** Brings {@code loaded} up to date with the manager's values of {@code stale}; leaves the activity when done. */
  private void catchUp(LoadedExperience loaded, Set<AssetKey> stale) {
    boolean handedOn = false;
    try {
      Set<ContentFile> files = new LinkedHashSet<>();
      Map<ContentFile, String> shown = new LinkedHashMap<>();
      AssetIndex index = assets.index();
      for (AssetKey key : stale) {
        if (rollBacks.refusedBy(loaded.world(), key, inForce(key))) {
          continue; // the world rolled back from this very value: it keeps what it runs until the file changes again
        }
        ContentFile file = fileOf(key, index);
        if (file != null && files.add(file)) {
          shown.put(file, displayPath(file));
        }
      }
      if (files.isEmpty()) {
        return;
      }
      Change change = new Change(new ChangedFiles.Sorted(files, shown, List.of()), null, ticker.read());
      change.before.putAll(idsByFile(index, files));
      change.after.putAll(change.before);
      change.affected.add(loaded);
      handedOn = true;
      change.stage();
    } catch (RuntimeException e) {
      log.error("Live content could not bring world {} up to date", loaded.world().name(), e);
    } finally {
      if (!handedOn) {
        activity.exit();
      }
    }
  }

  /** The value the manager holds for {@code key}, or null. */
  private Object inForce(AssetKey key) {
    return (key instanceof PrimaryAssetId id ? assets.getAsset(id) : assets.getAsset((SoftRef<?>) key)).orElse(null);
  }

  private String displayPath(ContentFile file) {
    return assets.contentRoot(file.root())
        .map(root -> root.source().displayPath(file.path())).orElse(file.toString());
  }

  private static ContentFile fileOf(AssetKey key, AssetIndex index) {
    if (key instanceof SoftRef<?> ref) {
      return new ContentFile(ref.root(), ref.path());
    }
    return index.find((PrimaryAssetId) key).map(entry -> new ContentFile(entry.root(), entry.path())).orElse(null);
  }

  private static Map<ContentFile, PrimaryAssetId> idsByFile(AssetIndex index, Set<ContentFile> files) {
    Map<ContentFile, PrimaryAssetId> ids = new LinkedHashMap<>();
    for (PrimaryAssetId id : index.ids()) {
      index.find(id).ifPresent(entry -> {
        ContentFile file = new ContentFile(entry.root(), entry.path());
        if (files.contains(file)) {
          ids.put(file, id);
        }
      });
    }
    return ids;
  }

  /** One change going through the steps; its state is the executor's. */
  private final class Change {
    private final ChangedFiles.Sorted files;
    /** The change without the files of earlier refusals it took along; null when it took none. */
    private final ChangedFiles.Sorted alone;
    private final long firstNanos;
    private final List<Problem> problems = new ArrayList<>();
    /** The primary assets of the changed files before the change and after it. */
    private final Map<ContentFile, PrimaryAssetId> before = new LinkedHashMap<>();
    private final Map<ContentFile, PrimaryAssetId> after = new LinkedHashMap<>();
    private final List<LoadedExperience> affected = new ArrayList<>();
    private final List<Tracked> trackedHits = new ArrayList<>();
    private final Map<PrimaryAssetId, LoadHandle> checks = new LinkedHashMap<>();
    private final List<ExperienceReload> reloads = new ArrayList<>();
    private StagedContent stage;

    Change(ChangedFiles.Sorted files, ChangedFiles.Sorted alone, long firstNanos) {
      this.files = files;
      this.alone = alone;
      this.firstNanos = firstNanos;
    }

    /** The index follows the disk (it lists files; nothing of a world changes with it). */
    void reindex() {
      before.putAll(refusals.inForce(files.files(), idsByFile(assets.index(), files.files())));
      problems.addAll(IndexFollowsDisk.reindex(assets, files.files()));
      after.putAll(idsByFile(assets.index(), files.files()));
      Set<PrimaryAssetId> changedIds = new LinkedHashSet<>(before.values());
      changedIds.addAll(after.values());
      for (Map.Entry<World, ExperienceManager> world : managers.entrySet()) {
        Optional<LoadedExperience> loaded = world.getValue().loadedExperience();
        if (loaded.isPresent() && dependsOn(loaded.get(), changedIds)) {
          affected.add(loaded.get());
        }
      }
      for (Tracked one : tracked) {
        if (!changedIds.contains(one.id()) || one.world().isClosed()) {
          continue;
        }
        if (assets.index().find(one.id()).isEmpty()) {
          // Gone from the index (its file deleted or no longer naming it) while a world plays with
          // it: as for a file an experience needs, the change is refused and the world keeps it.
          String file = before.entrySet().stream().filter(entry -> entry.getValue().equals(one.id())).findFirst()
              .map(entry -> files.shown().get(entry.getKey())).orElse(null);
          Problem gone = Problem.error("Overture/TrackedAssetRemoved", one.id() + " is gone ("
                  + (file == null ? "its file" : file) + " was deleted or no longer holds it), but world " + one.world().name()
                  + " plays with it; the world keeps it. Put the file back, or end what the world plays first")
              .withAsset(one.id().toString());
          problems.add(file == null ? gone : gone.at(SourceLocation.ofFile(file)));
        } else {
          trackedHits.add(one);
          // A world that rolled back a change (a map it refused with its experience) takes its
          // experience again with the tracked asset it now gets: both halves, or neither.
          ExperienceManager manager = managers.get(one.world());
          Optional<LoadedExperience> loaded = manager == null ? Optional.empty() : manager.loadedExperience();
          if (loaded.isPresent() && rollBacks.rolledBack(one.world()) && !affected.contains(loaded.get())) {
            affected.add(loaded.get());
          }
        }
      }
    }

    private boolean dependsOn(LoadedExperience loaded, Set<PrimaryAssetId> changedIds) {
      for (AssetKey key : loaded.content().keySet()) {
        if (key instanceof PrimaryAssetId id ? changedIds.contains(id)
            : files.files().contains(new ContentFile(((SoftRef<?>) key).root(), ((SoftRef<?>) key).path()))) {
          return true;
        }
      }
      return false;
    }

    /** Loads what the change touches through a stage, then decides. */
    void check() {
      if (problems.stream().anyMatch(Problem::isError)) {
        finish();
        return;
      }
      for (PrimaryAssetId id : after.values()) {
        checks.put(id, null);
      }
      stage();
    }

    void stage() {
      stage = assets.tools().stage(files.files());
      List<CompletableFuture<?>> waits = new ArrayList<>();
      for (PrimaryAssetId id : List.copyOf(checks.keySet())) {
        LoadHandle handle = stage.load(List.of(id), EVERY_BUNDLE);
        checks.put(id, handle);
        waits.add(handle.future().exceptionally(error -> null));
      }
      // Each prepare completes on the thread that finished it (a worker, a world's own thread): the
      // reloads are collected here, on the executor, once all are done, in the worlds' order.
      List<CompletableFuture<ExperienceReload>> prepared = new ArrayList<>();
      for (LoadedExperience loaded : affected) {
        prepared.add(ExperienceReload.prepare(loaded, stage));
      }
      waits.addAll(prepared);
      CompletableFuture.allOf(waits.toArray(CompletableFuture[]::new)).whenCompleteAsync((ignored, error) -> step(() -> {
        for (CompletableFuture<ExperienceReload> reload : prepared) {
          if (!reload.isCompletedExceptionally()) {
            reloads.add(reload.join());
          }
        }
        validate();
      }), executor);
    }

    /** The changed assets loaded: their validators, then the decision. */
    private void validate() {
      Map<PrimaryAssetId, Object> changed = new LinkedHashMap<>();
      Map<AssetKey, Object> seen = new LinkedHashMap<>();
      for (Map.Entry<PrimaryAssetId, LoadHandle> check : checks.entrySet()) {
        LoadHandle handle = check.getValue();
        problems.addAll(handle.problems());
        if (handle.status() == LoadHandle.Status.COMPLETED) {
          LoadResult result = handle.future().join();
          changed.put(check.getKey(), result.assets().get(check.getKey()));
          seen.putAll(result.reached());
        }
      }
      AssetIndex index = assets.index();
      for (ExperienceReload reload : reloads) {
        reload.problems().forEach(problem -> problems.add(ChangedFiles.atGoneFile(problem, before, files.shown(), index)));
      }
      stage.failures().forEach((key, failed) -> problems.addAll(failed));
      if (changed.isEmpty() || problems.stream().anyMatch(Problem::isError)) {
        finish();
        return;
      }
      validator.check(changed, AssetOverlay.of(assets, seen)).whenCompleteAsync((found, error) -> step(() -> {
        if (error != null) {
          problems.add(Problem.error("Overture/ValidationFailed", "Checking the change failed: " + error));
        } else {
          problems.addAll(found);
        }
        finish();
      }), executor);
    }

    /** Refuses the change, or commits it and applies it in every world it reaches. */
    private void finish() {
      List<Problem> found = List.copyOf(new LinkedHashSet<>(problems));
      List<String> shown = List.copyOf(files.shown().values());
      if (activity.isClosed()) {
        // Closed while it was checked: dropped, as close promises, not applied after it.
        reloads.forEach(ExperienceReload::discard);
        releaseChecks();
        if (stage != null) {
          stage.close();
        }
        activity.exit();
        return;
      }
      if (found.stream().anyMatch(Problem::isError)) {
        reloads.forEach(ExperienceReload::discard);
        releaseChecks();
        if (stage != null) {
          stage.close();
        }
        if (alone != null) {
          // It took along the files of earlier refusals, and is refused: checked again without them,
          // so that a broken file refused before does not hold back an unrelated edit (or its fix).
          start(alone, null, firstNanos);
          return;
        }
        refuse(files.shown(), before, shown, found, firstNanos);
        activity.exit();
        return;
      }
      refusals.applied(files.files());
      List<String> changes = ChangeLines.describe(files.files(), before, after, reloads, trackedHits, stage, assets);
      List<ExperienceReload> applying = new ArrayList<>();
      for (ExperienceReload reload : reloads) {
        if (changesWorld(reload)) {
          applying.add(reload);
        } else {
          reload.discard(); // the world's assets mean the same as before
        }
      }
      Map<Tracked, Object> trackedValues = trackedValues(applying);
      stage.commit();
      rollBacks.applying();
      releaseChecks();
      // A world takes its tracked assets with its experience's reload, all or nothing: a refused
      // value rolls the reload back, a rolled back reload keeps the values it had. A reload that
      // found the world moved on hands them alone: they are not the experience's.
      Map<World, List<TrackedHandOver.Part>> parts = TrackedHandOver.parts(trackedValues, this::fileOf);
      List<CompletableFuture<?>> handed = new ArrayList<>();
      List<CompletableFuture<LiveReload.WorldUpdate>> updates = new ArrayList<>();
      Map<World, CompletableFuture<Boolean>> took = new LinkedHashMap<>();
      Map<World, CompletableFuture<Boolean>> alone = new LinkedHashMap<>();
      for (ExperienceReload reload : applying) {
        List<TrackedHandOver.Part> ofWorld = parts.getOrDefault(reload.world(), List.of());
        CompletableFuture<LiveReload.WorldUpdate> update = reload.apply(ofWorld).thenApply(result -> {
          synchronized (problems) {
            problems.addAll(result.problems());
          }
          return new LiveReload.WorldUpdate(reload.world().name(), reload.experience(), result.outcome());
        });
        updates.add(update);
        took.put(reload.world(), update.thenCompose(done -> done.outcome() == ExperienceReload.Outcome.SUPERSEDED
            && !ofWorld.isEmpty() && !reload.world().isClosed() ? TrackedHandOver.hand(reload.world(), ofWorld, problems)
            : CompletableFuture.completedFuture(done.outcome() == ExperienceReload.Outcome.APPLIED)));
      }
      parts.forEach((world, ofWorld) -> {
        if (!took.containsKey(world)) {
          alone.put(world, TrackedHandOver.hand(world, ofWorld, problems));
        }
      });
      took.putAll(alone);
      handed.addAll(took.values());
      boolean nothing = changes.isEmpty() && applying.isEmpty() && trackedValues.isEmpty();
      CompletableFuture.allOf(handed.toArray(CompletableFuture[]::new)).whenCompleteAsync((ignored, error) -> {
        try {
          List<LiveReload.WorldUpdate> worlds = new ArrayList<>();
          for (int i = 0; i < updates.size(); i++) {
            CompletableFuture<LiveReload.WorldUpdate> update = updates.get(i);
            if (!update.isCompletedExceptionally()) {
              worlds.add(update.join());
              rollBacks.remember(applying.get(i), update.join().outcome());
            }
          }
          TrackedHandOver.report(alone, worlds, managers);
          List<Problem> all;
          synchronized (problems) {
            Map<World, Boolean> ended = new LinkedHashMap<>();
            took.forEach((world, done) -> ended.put(world, !done.isCompletedExceptionally() && done.join()));
            TrackedHandOver.settle(parts, ended, problems);
            parts.values().forEach(ofWorld -> ofWorld.forEach(rollBacks::remember));
            all = List.copyOf(new LinkedHashSet<>(problems));
          }
          news.publish(nothing ? LiveReload.Status.UNCHANGED : LiveReload.Status.APPLIED, shown, changes, worlds, all, firstNanos);
        } finally {
          rollBacks.applied().forEach(ReloadPipeline.this::catchUp);
          activity.exit();
        }
      }, executor);
    }

    /**
     * The new values of tracked assets this change hands to the worlds it reaches, as the stage read
     * them (the manager keeps a value only while something pins it, and nothing may pin an asset a
     * world tracks); a value equal to the one the world runs (a save that brings it back) is not
     * handed. With them, the values a world reached did not take from earlier changes.
     */
    private Map<Tracked, Object> trackedValues(List<ExperienceReload> applying) {
      Map<Tracked, Object> values = new LinkedHashMap<>();
      Set<World> reached = new LinkedHashSet<>();
      for (Tracked hit : trackedHits) {
        rollBacks.forget(hit);
        Object value = stage.staged(hit.id()).orElseGet(() -> assets.getAsset(hit.id()).orElse(null));
        if (value != null && !value.equals(hit.inForce())) {
          values.put(hit, value);
          reached.add(hit.world());
        }
      }
      applying.forEach(reload -> reached.add(reload.world()));
      for (World world : reached) {
        rollBacks.pendingFor(world).forEach((hit, value) -> {
          if (!value.equals(hit.inForce())) {
            values.putIfAbsent(hit, value);
          }
        });
      }
      return values;
    }

    /** The file of {@code id} as users see it: the changed file that holds it, or its file in the index; null when neither. */
    private String fileOf(PrimaryAssetId id) {
      for (Map.Entry<ContentFile, PrimaryAssetId> held : after.entrySet()) {
        if (held.getValue().equals(id) && files.shown().containsKey(held.getKey())) {
          return files.shown().get(held.getKey());
        }
      }
      return assets.index().find(id).map(AssetEntry::file).orElse(null);
    }

    private void releaseChecks() {
      checks.values().forEach(handle -> {
        if (handle != null) {
          handle.release();
        }
      });
    }

    /** Whether applying {@code reload} changes anything the world runs. */
    private boolean changesWorld(ExperienceReload reload) {
      if (!reload.plugins().equals(reload.target().plugins())) {
        return true;
      }
      for (AssetKey key : reload.changedAssets()) {
        if (!Objects.equals(reload.target().content().get(key), reload.content().get(key))) {
          return true;
        }
      }
      return false;
    }

    private void step(Runnable body) {
      try {
        body.run();
      } catch (RuntimeException e) {
        failed("Live content failed while checking the change of " + files.shown().values(), e);
        reloads.forEach(ExperienceReload::discard);
        releaseChecks();
        if (stage != null) {
          stage.close();
        }
        activity.exit();
      }
    }
  }

  // ---------------------------------------------------------------- what is told

  private void refuse(Map<ContentFile, String> changed, Map<ContentFile, PrimaryAssetId> before, Collection<String> files,
      List<Problem> problems, long firstNanos) {
    if (!refusals.refused(changed, before, files, problems)) {
      log.debug("The same problems again for {}; reported already", files);
      return;
    }
    news.publish(LiveReload.Status.REFUSED, files, List.of(), List.of(), problems, firstNanos);
  }

  /** The ids of the plugins installed, for messages. */
  List<PluginId> plugins() {
    return features.plugins();
  }
}
