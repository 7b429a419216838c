package dev.overture.live;

import dev.overture.asset.AssetManager;
import dev.overture.asset.PrimaryAssetId;
import dev.overture.core.MissingDependencyException;
import dev.overture.core.Reports;
import dev.overture.core.Ticker;
import dev.overture.experience.ExperienceManager;
import dev.overture.experience.LoadState;
import dev.overture.experience.LoadedExperience;
import dev.overture.feature.GameFeatures;
import dev.overture.internal.OptionalDependency;
import dev.overture.validation.Validator;
import dev.overture.world.Handle;
import dev.overture.world.World;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Live content, a development mode: edit a content file while the game runs and see the change in
 * every world that uses it within a fraction of a second; a broken edit changes nothing and is
 * reported, located, and the next good save applies.
 *
 * <pre>{@code
 * try (Overture overture = Overture.builder().contentRoot(AssetSource.directory(assets))
 *     .liveContent(live -> live.quietPeriod(Duration.ofMillis(40)))
 *     .build()) {
 *   LiveContent live = overture.liveContent().orElseThrow();
 *   live.subscribe(reload -> log.info("{}", reload.summary())); // the host's SLF4J logger
 *   ...
 * }
 * }</pre>
 *
 * <p><b>The path of a change.</b> The content roots that are folders on disk (plugins' folders
 * included) are watched (or the host {@linkplain #announce announces} changed paths itself). Events
 * gather until none has come for the {@linkplain Builder#quietPeriod quiet period}: an editor's
 * burst of writes is one change. Then, off every game thread: the changed files are reindexed; the
 * worlds whose experience depends on one of them (directly, or through its action sets, pawn data,
 * archetype, or anything their bundles' references reach) and the worlds that {@linkplain #track
 * track} one are found; the changed assets are read, upgraded and bound through a {@link
 * dev.overture.asset.StagedContent}, each loaded alone with every bundle and checked by the
 * validators {@code validate} runs, and each world's experience prepared again from the new content
 * with the checks its load runs ({@link dev.overture.experience.ExperienceReload}). Only if all of
 * that found no error is the change committed in the asset manager and applied in each world, on
 * its game thread at its next tick boundary, all at once: see {@link
 * dev.overture.experience.ExperienceReload} for what that does, and {@link
 * dev.overture.experience.CarryOver} for the state a game keeps across it. Otherwise nothing
 * changes anywhere, and the problems are reported once.
 *
 * <p><b>What is told.</b> Every change ends in one {@link LiveReload} for the {@linkplain #subscribe
 * subscribers} (what changed, the worlds reached, the problems), and one report in the runtime's
 * {@link Reports} ({@code Reloaded} or {@code EditRefused}) for tools such as the inspector.
 *
 * <p><b>What a restart applies.</b> A content root's {@code overture.json} and a plugin's
 * descriptor are read when the game starts, and plugins are found then: changing the first two, or
 * adding a plugin folder, is refused with a message that says so; the running game keeps them as
 * they were. A plugin folder removed while running removes its content files, which worlds that use
 * them refuse like any other deleted file.
 *
 * <p><b>Threads.</b> Every method may be called from any thread, except {@link #attach}, which is
 * called on the world's game thread. Changes are checked on one serial executor (the host's, or a
 * daemon thread {@code overture-live} that also runs the timer, stopped on close); files are read on
 * the asset manager's workers; subscribers are called on the serial executor, and must be quick.
 */
public final class LiveContent implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(LiveContent.class);

  /** Runs a task after a delay: the wait of the quiet period. Tests pass a manual one. */
  @FunctionalInterface
  public interface Timer {
    /** Runs {@code task} once {@code delay} has passed, on a thread of the timer's choosing. */
    void schedule(Duration delay, Runnable task);
  }

  private final AssetManager assets;
  private final Executor executor;
  private final ScheduledExecutorService ownThread;
  private final Activity activity = new Activity();
  private final Map<World, ExperienceManager> managers = new ConcurrentHashMap<>();
  private final List<Tracked> tracked = new CopyOnWriteArrayList<>();
  private final ReloadPipeline pipeline;
  private final Debouncer debouncer;
  private final ContentWatcher watcher;
  private final List<Path> watched;
  private volatile boolean closed;

  private LiveContent(Builder builder) {
    this.assets = builder.assets;
    Ticker ticker = builder.ticker != null ? builder.ticker : Ticker.system();
    if (builder.executor == null || builder.timer == null) {
      ScheduledThreadPoolExecutor thread = new ScheduledThreadPoolExecutor(1, task -> {
        Thread daemon = new Thread(task, "overture-live");
        daemon.setDaemon(true);
        return daemon;
      });
      thread.setRemoveOnCancelPolicy(true);
      ownThread = thread;
    } else {
      ownThread = null;
    }
    this.executor = builder.executor != null ? builder.executor : ownThread;
    Timer timer = builder.timer != null ? builder.timer
        : (delay, task) -> ownThread.schedule(task, delay.toNanos(), TimeUnit.NANOSECONDS);
    this.pipeline = new ReloadPipeline(assets, builder.pluginJars, builder.features, builder.validator, builder.reports, executor, ticker, activity,
        managers, tracked);
    this.debouncer = new Debouncer(ticker, timer, builder.quietPeriod, builder.maxDelay, activity, batch -> {
      activity.enter();
      executor.execute(() -> pipeline.process(batch));
    });
    List<Path> folders = new ArrayList<>(ChangedFiles.folders(assets).values());
    if (builder.pluginJars != null && java.nio.file.Files.isDirectory(builder.pluginJars)) {
      folders.add(builder.pluginJars);
    }
    if (builder.watch) {
      OptionalDependency library = OptionalDependency.DIRECTORY_WATCHER;
      if (!library.isPresent()) {
        close();
        throw new MissingDependencyException("Live content's file watcher (Overture.Builder.liveContent)", library.artifactId(),
            library.coordinates(), "turn watching off (LiveContent.Builder.watch(false)) and announce changed files yourself");
      }
      if (folders.isEmpty()) {
        close();
        throw new IllegalStateException("Live content has nothing to watch: no content root is a folder on disk (content roots: "
            + assets.contentRoots().stream().map(root -> root.name() + " in " + root.source().name()).toList() + ")");
      }
      try {
        watcher = ContentWatcher.start(folders, path -> debouncer.changed(List.of(path)));
      } catch (IOException | RuntimeException e) {
        close();
        throw new UncheckedIOException("Could not watch the content folders " + folders,
            e instanceof IOException io ? io : new IOException(e.getMessage(), e));
      }
      watched = ChangedFiles.outermost(folders);
    } else {
      watcher = null;
      watched = List.of();
    }
    log.info("Live content is on{}", watched.isEmpty() ? " (changes are announced, not watched)" : ", watching " + watched);
  }

  /**
   * A builder of live content over {@code assets}, whose changes are checked with {@code validator}
   * and whose plugins are {@code features}. {@code Overture.Builder.liveContent} builds one for the
   * runtime; hosts that assemble the parts themselves use this.
   */
  public static Builder builder(AssetManager assets, GameFeatures features, Validator validator) {
    return new Builder(assets, features, validator);
  }

  /**
   * Follows the experience of {@code world} (its manager, when it has one): changes reach it from
   * now on, until the world closes. {@code Overture}'s worlds are attached when created. Game thread
   * of {@code world}.
   */
  public void attach(World world) {
    world.checkGameThread();
    Optional<ExperienceManager> found = ExperienceManager.of(world);
    if (found.isEmpty() || closed) {
      return;
    }
    ExperienceManager manager = found.get();
    managers.put(world, manager);
    // A load (or a reload) that raced with a change may hold what the change replaced: catch up.
    manager.onStateChanged(transition -> {
      if (transition.to() == LoadState.LOADED) {
        catchUp(manager);
      }
    });
    world.onClose(() -> {
      managers.remove(world);
      tracked.removeIf(one -> one.world() == world);
    });
  }

  private void catchUp(ExperienceManager manager) {
    if (closed) {
      return;
    }
    activity.enter();
    try {
      executor.execute(() -> pipeline.catchUp(manager));
    } catch (RuntimeException e) {
      activity.exit();
      log.debug("Live content could not check world {} after it loaded: {}", manager, e.toString());
    }
  }

  /**
   * Makes {@code world} depend on the primary asset {@code id} beyond its experience (the map it
   * plays on, say), as {@link #track(World, PrimaryAssetId, Object, Consumer)} does, the value the
   * world runs now being the asset manager's, when it holds one.
   */
  public Handle track(World world, PrimaryAssetId id, Consumer<Object> apply) {
    Objects.requireNonNull(id, "id");
    return track(world, id, assets.getAsset(id).orElse(null), apply);
  }

  /**
   * Makes {@code world} depend on the primary asset {@code id} beyond its experience (the map it
   * plays on, say): when a change of {@code id} is applied, {@code apply} gets its new value on the
   * world's game thread, at the same tick boundary as the world's reload of its experience and in
   * the same task, all or nothing: when {@code apply} throws (the world refuses the value, having
   * changed nothing), the reload of the experience rolls back and the values of other tracked
   * assets taken in that task are given back; when the reload rolls back, {@code apply} is not
   * called. A refusal is reported with the change. A save that brings back a value equal to the one
   * the world runs is not handed again. Until the handle is released or the world closes.
   *
   * @param current the value the world runs now, handed back to {@code apply} when the world refuses
   *     another part of a change; null when unknown (such a value cannot be given back, which the
   *     change's report says)
   */
  public Handle track(World world, PrimaryAssetId id, Object current, Consumer<Object> apply) {
    Objects.requireNonNull(world, "world");
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(apply, "apply");
    Tracked one = new Tracked(world, id, apply, current);
    tracked.add(one);
    return Handle.of(() -> {
      one.release();
      tracked.remove(one);
    });
  }

  /**
   * Says that {@code paths} (files or folders, anywhere under a content root's folder) were created,
   * changed or deleted, as the watcher does: they join the change waiting out its quiet period.
   * For hosts that watch files themselves, and for tests. Paths outside every content root are
   * ignored.
   */
  public void announce(Collection<Path> paths) {
    debouncer.changed(List.copyOf(paths));
  }

  /** Calls {@code subscriber} with every change from now on, on live content's executor, until the handle is released. */
  public Handle subscribe(Consumer<? super LiveReload> subscriber) {
    Objects.requireNonNull(subscriber, "subscriber");
    Consumer<LiveReload> entry = subscriber::accept; // one entry per subscription
    pipeline.subscribers().add(entry);
    return Handle.of(() -> pipeline.subscribers().remove(entry));
  }

  /** The folders watched (a plugin folder inside the game's is watched with it); empty when changes are only announced. */
  public List<Path> watchedFolders() {
    return watched;
  }

  /**
   * Completes once nothing is in hand: no change waiting out its quiet period, being checked, or
   * queued on a game thread. A world that is not ticking holds its reload, and this, until it ticks.
   * Once closed, at once: what was in hand is dropped.
   */
  public CompletableFuture<Void> whenIdle() {
    return activity.whenIdle();
  }

  /** Stops watching; changes not applied yet are dropped. Idempotent. */
  @Override
  public void close() {
    closed = true;
    activity.close(); // what is in hand is dropped: the pipeline asks it
    if (debouncer != null) {
      debouncer.close();
    }
    if (watcher != null) {
      watcher.close();
    }
    if (ownThread != null) {
      ownThread.shutdownNow();
    }
  }

  @Override
  public String toString() {
    return "LiveContent[" + (watched.isEmpty() ? "announced" : "watching " + watched) + ", " + managers.size() + " worlds"
        + (closed ? ", closed" : "") + "]";
  }

  /**
   * Configures {@link LiveContent}: how long a burst of writes may last, the time and threads it
   * runs on, whether it watches. Every setting may be given once. Not thread-safe.
   */
  public static final class Builder {
    private final AssetManager assets;
    private final GameFeatures features;
    private final Validator validator;
    private Duration quietPeriod;
    private Duration maxDelay;
    private boolean watch = true;
    private boolean watchSet;
    private Ticker ticker;
    private Timer timer;
    private Executor executor;
    private Reports reports;
    private Path pluginJars;

    private Builder(AssetManager assets, GameFeatures features, Validator validator) {
      this.assets = Objects.requireNonNull(assets, "assets");
      this.features = Objects.requireNonNull(features, "features");
      this.validator = Objects.requireNonNull(validator, "validator");
    }

    /**
     * How long no write may come before a change goes on (40 ms by default): an editor's save
     * (write, rename, touch) falls within it, and a person does not notice it.
     */
    public Builder quietPeriod(Duration quiet) {
      check(quietPeriod == null, "the quiet period");
      if (quiet.isNegative() || quiet.isZero()) {
        throw new IllegalArgumentException("the quiet period must be positive: " + quiet);
      }
      quietPeriod = quiet;
      return this;
    }

    /**
     * The longest a change waits after its first write (500 ms by default), so that a file written
     * without pause still reloads.
     */
    public Builder maxDelay(Duration max) {
      check(maxDelay == null, "the longest delay");
      if (max.isNegative() || max.isZero()) {
        throw new IllegalArgumentException("the longest delay must be positive: " + max);
      }
      maxDelay = max;
      return this;
    }

    /** Whether to watch the content folders (on by default); without, the host {@linkplain LiveContent#announce announces} changes. */
    public Builder watch(boolean on) {
      check(!watchSet, "watching");
      watchSet = true;
      watch = on;
      return this;
    }

    /** The time of the quiet period and of the reports' elapsed times; the system's by default. */
    public Builder ticker(Ticker newTicker) {
      check(ticker == null, "the ticker");
      ticker = Objects.requireNonNull(newTicker, "newTicker");
      return this;
    }

    /** What waits out the quiet period; by default live content's own thread. */
    public Builder timer(Timer newTimer) {
      check(timer == null, "the timer");
      timer = Objects.requireNonNull(newTimer, "newTimer");
      return this;
    }

    /** The serial executor changes are checked on (one task at a time); by default live content's own thread. */
    public Builder executor(Executor newExecutor) {
      check(executor == null, "the executor");
      executor = Objects.requireNonNull(newExecutor, "newExecutor");
      return this;
    }

    /**
     * The plugins folder of jars ({@code Overture.Builder.plugins}), watched too: a jar that
     * appears, changes or goes away is refused with a message that a restart applies it, since a
     * plugin's code cannot be swapped in a running game. {@code Overture} passes its own.
     */
    public Builder pluginsFolder(Path folder) {
      check(pluginJars == null, "the plugins folder");
      pluginJars = folder.toAbsolutePath().normalize();
      return this;
    }

    /** The feed each change is reported to ({@code Reloaded}, {@code EditRefused}). */
    public Builder reports(Reports feed) {
      check(reports == null, "the reports feed");
      reports = Objects.requireNonNull(feed, "feed");
      return this;
    }

    private static void check(boolean unset, String what) {
      if (!unset) {
        throw new IllegalStateException(what + " was already set");
      }
    }

    /**
     * Starts live content: the watcher, when watching.
     *
     * @throws MissingDependencyException when watching and directory-watcher is not on the class path
     * @throws IllegalStateException when watching and no content root is a folder on disk, or the
     *     quiet period is longer than the longest delay
     * @throws UncheckedIOException when the folders cannot be watched
     */
    public LiveContent start() {
      if (quietPeriod == null) {
        quietPeriod = Duration.ofMillis(40);
      }
      if (maxDelay == null) {
        maxDelay = Duration.ofMillis(Math.max(500, quietPeriod.toMillis()));
      }
      if (quietPeriod.compareTo(maxDelay) > 0) {
        throw new IllegalStateException("the quiet period (" + quietPeriod.toMillis() + " ms) is longer than the longest delay ("
            + maxDelay.toMillis() + " ms)");
      }
      return new LiveContent(this);
    }
  }
}
