package dev.overture.validation;

import dev.overture.asset.AssetLoadException;
import dev.overture.asset.AssetManager;
import dev.overture.asset.LoadHandle;
import dev.overture.asset.LoadResult;
import dev.overture.asset.PrimaryAssetId;
import dev.overture.core.Problem;
import dev.overture.core.SourceLocation;
import dev.overture.feature.GameFeatureAction;
import dev.overture.feature.GameFeatures;
import dev.overture.feature.PluginId;
import dev.overture.feature.PluginState;
import dev.overture.object.ObjectFactory;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeoutException;

/**
 * Validates a project's content the way Lyra's editor validators do, so that bad content is caught
 * before it ships, in an editor or in CI.
 *
 * <ol>
 *   <li><b>Load</b> (Lyra's {@code EditorValidator_Load}): every primary asset is loaded for real,
 *       in a load of its own, with every bundle; every warning and error the load reports is
 *       gathered and attributed to that asset. (Overture's loader reports problems rather than
 *       logging them, so this gathers all of them.) The loads are held until the checks are done,
 *       so a file an earlier load read is not read again: each file is read once, as in play; an
 *       asset an earlier load reached is not loaded again (the same bundles were followed from it).
 *       The loads run one at a time, and the workers read the next assets ahead of them (a window
 *       of 64 assets, {@link dev.overture.asset.AssetTools#readAhead}), so they are
 *       not idle while the run waits for a load: validating 10,000 assets took a third less time
 *       (on the manager's own workers; on a host's executor nothing is read ahead).
 *   <li><b>Assets</b>: each loaded asset goes to the validators of its class ({@link
 *       AssetValidator}), each action in it to those of its kind ({@link ActionValidator}) and to
 *       its own {@code validate}.
 *   <li><b>Project</b>: the {@link ProjectValidator}s.
 * </ol>
 *
 * An asset a newer engine saved is an error of its own (this build cannot read it); a reference to
 * it is a warning, since it loads as null.
 *
 * <p>The built-in checks: every reference resolves, and a plugin's content names only content of the
 * game and of the plugins it depends on; named plugins exist; every plugin could be installed and
 * registered (its descriptor reads, its dependencies are met, its code registers); actions have no
 * null entries (and their own checks); pawn archetypes build; archetypes fit their class; at most
 * one user-facing experience is the default; settings files parse. Then every check the plugins'
 * code registered as an extension ({@code AssetValidator}, {@code ActionValidator}, {@code
 * ProjectValidator}: see {@link GameFeatures#extensions}), so that what a plugin's rules would
 * reject at play time is caught here first. Problems carry their file, line, column and JSON
 * pointer.
 *
 * <p>Stricter than loading for play: an unknown property, a warning when a game loads (older code
 * must read newer content), is an error here, with the closest known name ("did you mean
 * scoreLimit?"). A property an upgrade step renames or removes never reaches the check: steps run
 * before the file is bound.
 *
 * <pre>{@code
 * ValidationReport report = Validator.builder(assets).features(features).build().run();
 * if (report.hasErrors()) log.error("{}", report.format()); // or the tool prints it
 * }</pre>
 *
 * <p>Not thread-safe; a run blocks the calling thread while assets load (call it from a tool's
 * thread, not a game thread).
 */
public final class Validator {

  private static final Duration LOAD_TIMEOUT = Duration.ofMinutes(2);

  /** The bundles validation loads every asset with: all of them, so that every reference is followed. */
  public static final List<String> BUNDLES = List.of("equipped", "client", "server");

  private final AssetManager assets;
  private final GameFeatures features;
  final CheckFailures failures;
  private final ObjectFactory objects;
  private final Path settingsFolder;
  private final Duration pluginTimeout;
  private final List<AssetValidator<?>> assetValidators;
  private final List<ActionValidator<?>> actionValidators;
  private final List<ProjectValidator> projectValidators;

  private Validator(Builder builder) {
    this.assets = builder.assets;
    this.features = builder.features;
    this.failures = new CheckFailures(builder.features);
    this.objects = builder.objects != null ? builder.objects : ObjectFactory.create();
    this.settingsFolder = builder.settingsFolder;
    this.pluginTimeout = builder.pluginTimeout;
    List<AssetValidator<?>> forAssets = new ArrayList<>(BuiltInChecks.assetValidators());
    forAssets.addAll(builder.assetValidators);
    this.assetValidators = List.copyOf(forAssets);
    this.actionValidators = List.copyOf(builder.actionValidators);
    List<ProjectValidator> forProject = new ArrayList<>(BuiltInChecks.projectValidators());
    forProject.addAll(builder.projectValidators);
    this.projectValidators = List.copyOf(forProject);
  }

  /** A builder validating the content of {@code assets}. */
  public static Builder builder(AssetManager assets) {
    return new Builder(assets);
  }

  /**
   * Validates everything; see the class comment. Plugins still in {@code Installed} are registered
   * first, so that their code's checks run and their content is checked too, and unregistered
   * again at the end; the run waits for that on the plugin executor.
   */
  public ValidationReport run() {
    List<PluginId> installed = new ArrayList<>();
    if (features != null) {
      for (PluginId id : features.plugins()) {
        if (features.state(id) == PluginState.INSTALLED) {
          installed.add(id);
        }
      }
      installed.forEach(id -> await(features.register(id)));
    }
    try {
      return check(installed);
    } finally {
      unregisterAgain(installed);
    }
  }

  /**
   * Takes the plugins this run registered back to {@code Installed}; dependents first, since a
   * plugin another registered plugin depends on refuses to go.
   */
  private void unregisterAgain(List<PluginId> installed) {
    List<PluginId> left = new ArrayList<>(installed);
    boolean progress = true;
    while (progress) {
      progress = false;
      for (PluginId id : List.copyOf(left)) {
        if (features.state(id) != PluginState.REGISTERED) {
          left.remove(id);
          continue;
        }
        await(features.unregister(id));
        if (features.state(id) == PluginState.INSTALLED) {
          left.remove(id);
          progress = true;
        }
      }
    }
  }

  /** Waits for a plugin change; its failure is the plugin's, reported by the plugin check. */
  private void await(CompletableFuture<Void> change) {
    try {
      change.get(dev.overture.internal.Durations.millis(pluginTimeout), java.util.concurrent.TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (java.util.concurrent.ExecutionException | TimeoutException e) {
      // the plugin's state and failure say what happened
    }
  }

  /** Loads and checks everything; {@code registered} are the plugins this run registered. */
  private ValidationReport check(List<PluginId> registered) {
    Run run = new Run(assets);
    // What indexing found: a scan rule's folder that does not exist or is a link, a setting only the
    // game's overture.json may give. validate said "no problems found" over them, and a folder of
    // assets the index never saw was only seen through the references to them that failed.
    for (Problem warning : assets.index().warnings()) {
      run.report(null, null, warning);
    }
    for (PluginId id : registered) {
      PluginState state = features.state(id);
      if (!state.isStable() && state != PluginState.ERROR) {
        // Its code has not returned: what it would contribute cannot be checked, so nothing passes.
        run.report(null, null, Problem.error("Overture/PluginTimedOut", "Plugin " + id + " was still " + state + " after "
                + pluginTimeout.toSeconds() + " s, so its content and checks could not be validated: its code is waiting for"
                + " something that does not come")
            .at(SourceLocation.ofFile(features.location(id))));
      }
    }
    // Assets a newer engine saved are not listed; each is still reported, as its own load refuses it.
    java.util.Set<PrimaryAssetId> all = new java.util.TreeSet<>(assets.index().ids());
    all.addAll(assets.index().newerAssets().keySet());
    // Every load is held until the checks are done: an asset that an earlier one reached is then
    // not read again. Releasing each at once made a chain of n action sets, each including the
    // next, read n(n+1)/2 files, where play reads n. And an asset an earlier load reached, with the
    // same bundles (a handle follows its bundles from every asset it reaches), has been loaded as
    // its own load would: its problems are reported, its value known; loading it again would only
    // walk its references again (n(n+1)/2 steps for that chain).
    List<LoadHandle> held = new ArrayList<>();
    Map<dev.overture.asset.AssetKey, Object> reached = new java.util.HashMap<>();
    List<PrimaryAssetId> order = List.copyOf(all);
    try (ReadAhead ahead = new ReadAhead(assets.tools(), order, BUNDLES, reached)) {
      for (int position = 0; position < order.size(); position++) {
        PrimaryAssetId id = order.get(position);
        if (reached.containsKey(id)) {
          run.loaded.put(id, reached.get(id));
          continue;
        }
        ahead.before(position);
        LoadHandle handle = load(run, id);
        held.add(handle);
        if (handle.status() == LoadHandle.Status.COMPLETED) {
          reached.putAll(handle.future().join().reached());
        }
      }
      registered.forEach(plugin -> run.indexedOnlyHere.add(plugin.name())); // a plugin's root is named after it
      run.loaded.forEach((id, value) -> checkAsset(run, id, value));
      checkPluginActions(run);
      runProjectValidators(run);
    } finally {
      held.forEach(LoadHandle::release);
    }
    return new ValidationReport(run.locate());
  }

  /** {@code host}'s checks, then those the plugins registered now contribute for {@code point}. */
  private <T> List<T> withPlugins(List<T> host, Class<T> point) {
    List<T> all = new ArrayList<>(host);
    if (features != null) {
      all.addAll(features.extensions(point));
    }
    return List.copyOf(all);
  }

  /**
   * Runs the checks of {@link #run()} on {@code changed}, new versions of assets that are bound but
   * not yet in force (live content checks an edit with this before anything in the game sees it):
   * each asset's and each action's validators and own checks, then the project validators, of
   * whose problems only those about {@code changed} are kept. The checks see {@code view} as the
   * asset manager (the new versions in it); the project validators see the changed assets and
   * every other asset in memory as loaded. Loading is the caller's: a staged load has already
   * reported what loading finds. Problems are located in the files as they are on disk.
   *
   * @return the problems, errors and warnings, once located (locating reads the files on the
   *     manager's workers, so the caller never waits for them on its own thread)
   */
  public CompletableFuture<List<Problem>> check(Map<PrimaryAssetId, Object> changed, AssetManager view) {
    Objects.requireNonNull(changed, "changed");
    Objects.requireNonNull(view, "view");
    Run run = new Run(view);
    for (PrimaryAssetId id : view.index().ids()) {
      view.getAsset(id).ifPresent(value -> run.loaded.put(id, value));
    }
    run.loaded.putAll(changed);
    changed.forEach((id, value) -> checkAsset(run, id, value));
    runProjectValidators(run);
    java.util.Set<String> about = new java.util.HashSet<>();
    changed.keySet().forEach(id -> about.add(id.toString()));
    run.pending.removeIf(pending -> pending.problem().asset().map(asset -> !about.contains(asset)).orElse(true));
    return run.locateLater();
  }

  private void runProjectValidators(Run run) {
    ProjectContext project = new ProjectContext(run);
    for (ProjectValidator validator : run.projectValidators) {
      Optional<PluginId> plugin = run.ownerOf(validator);
      failures.run(validator, plugin, () -> validator.isDataValid(project),
          problem -> run.report(null, null, failures.atPlugin(problem, plugin)));
    }
  }

  /** Loads {@code id} and what it references, reporting what the load met; the caller releases the handle. */
  private LoadHandle load(Run run, PrimaryAssetId id) {
    LoadHandle handle = assets.loadPrimaryAssets(List.of(id), BUNDLES);
    try {
      LoadResult result = handle.waitUntilComplete(LOAD_TIMEOUT);
      run.loaded.put(id, result.assets().get(id));
      result.warnings().forEach(warning -> run.report(null, null, attribute(strict(warning), id)));
    } catch (AssetLoadException e) {
      e.problems().forEach(problem -> run.report(null, null, attribute(problem, id)));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      run.report(null, null, Problem.error("Overture/LoadInterrupted", "Validation was interrupted while " + id + " loaded")
          .withAsset(id.toString()));
    } catch (TimeoutException e) {
      run.report(null, null, Problem.error("Overture/LoadTimedOut", "Loading " + id + " took longer than " + LOAD_TIMEOUT)
          .withAsset(id.toString()));
    }
    return handle;
  }

  /**
   * The plugins' problems, graded as loading grades them: what keeps a plugin from being found,
   * installed or registered (its descriptor, its dependencies, its code), each fault once even when
   * several plugins share it (a cycle), as errors; the warnings of their descriptors (an unknown
   * property) as warnings. {@code validate} reports them (an unknown property made an error, as
   * {@link #strict} makes every one); {@code play} refuses to start on an error among them, in the
   * same words, since what validate refuses is never played. Call it once the plugins have reached
   * their initial states ({@link GameFeatures#ready()}).
   */
  public static List<Problem> pluginProblems(GameFeatures features) {
    java.util.Set<Problem> problems = new java.util.LinkedHashSet<>(features.discoveryProblems());
    for (PluginId id : features.plugins()) {
      problems.addAll(features.descriptorWarnings(id));
      if (features.state(id) == PluginState.ERROR) {
        features.failure(id).ifPresent(failure -> problems.addAll(failure.problems()));
      }
    }
    return List.copyOf(problems);
  }

  /** An unknown property is an error here, though only a warning for play (see the class comment). */
  static Problem strict(Problem problem) {
    return problem.id().equals("Overture/UnknownProperty") ? problem.asError() : problem;
  }

  private static Problem attribute(Problem problem, PrimaryAssetId id) {
    return problem.asset().isPresent() ? problem : problem.withAsset(id.toString());
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private void checkAsset(Run run, PrimaryAssetId id, Object value) {
    ValidationContext context = new ValidationContext(id, "", run);
    for (AssetValidator validator : run.assetValidators) {
      if (validator.assetClass().isInstance(value)) {
        failures.run(validator, run.ownerOf(validator), () -> validator.isDataValid(value, context),
            problem -> context.report(problem, ""));
      }
    }
    forEachAction(value, (action, pointer) -> checkAction(run, context.at(pointer), action));
  }

  /** An action's own check and the validators of its kind, reporting at {@code at}. */
  @SuppressWarnings({"unchecked", "rawtypes"})
  private void checkAction(Run run, ValidationContext at, GameFeatureAction action) {
    if (action == null) {
      at.error("Overture/NullAction", "", "An action entry is null; write an object with \"action\" naming its kind, or remove it");
      return;
    }
    failures.run(action, failures.ownerOfKind(run.manager.tools().kindName(action.getClass())), () -> action.validate(at),
        problem -> at.report(problem, ""));
    for (ActionValidator validator : run.actionValidators) {
      if (validator.actionClass().isInstance(action)) {
        failures.run(validator, run.ownerOf(validator), () -> validator.isDataValid(action, at), problem -> at.report(problem, ""));
      }
    }
  }

  /**
   * The actions of each plugin's descriptor ({@code plugin.json}) through the checks an
   * experience's actions get (their own, and the validators of their kinds), located in the
   * descriptor: they apply to every world while the plugin is active. Only plugins whose
   * descriptor is bound (registered or further) have their actions read.
   */
  private void checkPluginActions(Run run) {
    if (features == null) {
      return;
    }
    for (PluginId id : features.plugins()) {
      features.descriptor(id).ifPresent(descriptor -> {
        ValidationContext context = ValidationContext.ofPlugin(id, run);
        for (int i = 0; i < descriptor.actions().size(); i++) {
          checkAction(run, context.at("/actions/" + i), descriptor.actions().get(i));
        }
      });
    }
  }

  /**
   * The problems {@code validate} finds in the plugins' own actions (see {@link #run()}), located in
   * their {@code plugin.json}: {@code play} refuses to start on an error among them, as on {@link
   * #pluginProblems}. Call it once the plugins have reached their initial states.
   */
  public List<Problem> pluginActionProblems() {
    Run run = new Run(assets);
    checkPluginActions(run);
    return run.locate();
  }

  /** The actions an asset holds: those of a record component {@code actions}, with their pointers. */
  private static void forEachAction(Object value, java.util.function.BiConsumer<GameFeatureAction, String> visit) {
    if (value == null || !value.getClass().isRecord()) {
      return;
    }
    for (java.lang.reflect.RecordComponent component : value.getClass().getRecordComponents()) {
      if (!component.getName().equals("actions") || !List.class.isAssignableFrom(component.getType())) {
        continue;
      }
      try {
        component.getAccessor().setAccessible(true);
        List<?> actions = (List<?>) component.getAccessor().invoke(value);
        for (int i = 0; actions != null && i < actions.size(); i++) {
          Object action = actions.get(i);
          if (action == null || action instanceof GameFeatureAction) {
            visit.accept((GameFeatureAction) action, "/actions/" + i);
          }
        }
      } catch (ReflectiveOperationException e) {
        throw new IllegalStateException("Cannot read the actions of " + value.getClass().getName(), e);
      }
    }
  }

  /** One run: what loaded, and the problems found, to be located at the end. */
  @SuppressWarnings({"unchecked", "rawtypes"})
  final class Run {
    private final AssetManager manager;
    private final Map<PrimaryAssetId, Object> loaded = new LinkedHashMap<>();
    /** The checks of this run: the host's, then those of the plugins registered when it starts. */
    private final List<AssetValidator<?>> assetValidators = withPlugins((List) Validator.this.assetValidators, (Class) AssetValidator.class);
    private final List<ActionValidator<?>> actionValidators = withPlugins((List) Validator.this.actionValidators, (Class) ActionValidator.class);
    private final List<ProjectValidator> projectValidators = withPlugins(Validator.this.projectValidators, ProjectValidator.class);
    private final List<ProblemLocations.Found> pending = new ArrayList<>();
    /**
     * The content roots of the plugins this run registered (their initial state is Installed): their
     * assets are indexed while it runs, not when play resolves an experience's references.
     */
    final java.util.Set<String> indexedOnlyHere = new java.util.HashSet<>();

    /**
     * Who registered each check, looked up once a run: {@link GameFeatures#ownerOf} walks every
     * plugin's extensions, and was asked again for every asset and action each check met.
     */
    private final Map<Object, Optional<PluginId>> owners = new java.util.IdentityHashMap<>();

    Run(AssetManager manager) {
      this.manager = manager;
      for (List<?> checks : List.of(assetValidators, actionValidators, projectValidators)) {
        for (Object check : checks) {
          owners.computeIfAbsent(check, failures::ownerOf);
        }
      }
    }

    /** The plugin whose code registered {@code check}, if a plugin's. */
    Optional<PluginId> ownerOf(Object check) {
      return owners.getOrDefault(check, Optional.empty());
    }

    AssetManager assets() {
      return manager;
    }

    GameFeatures features() {
      return features;
    }

    ObjectFactory objects() {
      return objects;
    }

    Path settingsFolder() {
      return settingsFolder;
    }

    Map<PrimaryAssetId, Object> loaded() {
      return loaded;
    }

    void report(PrimaryAssetId asset, String pointer, Problem problem) {
      pending.add(new ProblemLocations.Found(asset, pointer, asset != null && problem.asset().isEmpty() ? problem.withAsset(asset.toString()) : problem));
    }

    /** Every problem, each with its file, line and column where it concerns a place in an asset. */
    List<Problem> locate() {
      return locateLater().join();
    }

    /** {@link #locate()}, completing once the files were read again on the manager's workers. */
    CompletableFuture<List<Problem>> locateLater() {
      return ProblemLocations.locate(assets.tools(), features, pending);
    }
  }

  /** Configures a {@link Validator}. Not thread-safe. */
  public static final class Builder {
    private final AssetManager assets;
    private GameFeatures features;
    private ObjectFactory objects;
    private Path settingsFolder;
    private Duration pluginTimeout = LOAD_TIMEOUT;
    private final List<AssetValidator<?>> assetValidators = new ArrayList<>();
    private final List<ActionValidator<?>> actionValidators = new ArrayList<>();
    private final List<ProjectValidator> projectValidators = new ArrayList<>();

    private Builder(AssetManager assets) {
      this.assets = Objects.requireNonNull(assets, "assets");
    }

    /** The feature plugins, for the plugin checks (without them, plugin names are not checked). */
    public Builder features(GameFeatures newFeatures) {
      features = Objects.requireNonNull(newFeatures, "features");
      return this;
    }

    /** The object factory archetypes are checked with (the game's, when it injects dependencies). */
    public Builder objects(ObjectFactory factory) {
      objects = Objects.requireNonNull(factory, "factory");
      return this;
    }

    /** A settings folder whose files must parse. */
    public Builder settingsFolder(Path folder) {
      settingsFolder = Objects.requireNonNull(folder, "folder");
      return this;
    }

    /**
     * How long the run waits for each plugin it registers (those still {@code Installed}) before it
     * reports {@code Overture/PluginTimedOut}; two minutes unless set.
     */
    public Builder pluginTimeout(Duration timeout) {
      Objects.requireNonNull(timeout, "timeout");
      if (timeout.isNegative() || timeout.isZero()) {
        throw new IllegalArgumentException("the plugin timeout must be positive: " + timeout);
      }
      pluginTimeout = timeout;
      return this;
    }

    /** Adds a check of one asset class. */
    public Builder validator(AssetValidator<?> validator) {
      assetValidators.add(Objects.requireNonNull(validator, "validator"));
      return this;
    }

    /** Adds a check of one action kind. */
    public Builder validator(ActionValidator<?> validator) {
      actionValidators.add(Objects.requireNonNull(validator, "validator"));
      return this;
    }

    /** Adds a project-wide check. */
    public Builder validator(ProjectValidator validator) {
      projectValidators.add(Objects.requireNonNull(validator, "validator"));
      return this;
    }

    /** The validator. */
    public Validator build() {
      return new Validator(this);
    }
  }
}
