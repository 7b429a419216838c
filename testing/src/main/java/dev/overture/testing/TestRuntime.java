package dev.overture.testing;

import dev.overture.asset.AssetSource;
import dev.overture.inject.Overture;
import dev.overture.inject.RuntimeSetup;
import dev.overture.live.LiveContent;
import dev.overture.world.NetMode;
import dev.overture.world.World;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * An {@link Overture} runtime for a test: content from a few JSON strings (in memory, or in a
 * temporary folder), files read on a {@link ManualExecutor}, plugins changing state on another, a
 * {@link FakeTicker} for time, and worlds whose game thread is the test's. Nothing happens until
 * the test {@linkplain #pump() pumps}, so every asynchronous step is deterministic and no test
 * sleeps.
 *
 * <pre>{@code
 * try (TestRuntime runtime = TestRuntime.builder(content).component("Score", Score.class).build()) {
 *   TestWorld world = runtime.world("Match").load("Arena").assertLoaded();
 *   assertEquals(List.of(PluginId.of("Core"), PluginId.of("Combat")), world.activePlugins());
 * }
 * }</pre>
 *
 * JUnit Jupiter tests may use {@link OvertureExtension}, which makes one for each test. Confined to
 * the thread that built it.
 */
public final class TestRuntime implements AutoCloseable {

  private final ManualExecutor workers = new ManualExecutor();
  private final ManualExecutor plugins = new ManualExecutor();
  private final FakeTicker ticker = new FakeTicker();
  private final ManualExecutor live = new ManualExecutor();
  private final ManualTimer timer = new ManualTimer(ticker);
  private final Path folder;
  private final Overture overture;
  private final List<TestWorld> worlds = new ArrayList<>();
  /** The thread that built it, the only one that may use it. */
  private final Thread owner = Thread.currentThread();

  private TestRuntime(Builder builder) {
    AssetSource source;
    if (builder.onDisk || builder.liveContent) {
      try {
        folder = Files.createTempDirectory("overture-test");
      } catch (IOException e) {
        throw new UncheckedIOException("Could not create a temporary content folder", e);
      }
      source = AssetSource.directory(builder.content.writeTo(folder));
    } else {
      folder = null;
      source = builder.content.source();
    }
    try {
      Overture.Builder assembly =
          Overture.builder().contentRoot(source).workers(workers).pluginExecutor(plugins).ticker(ticker);
      if (builder.liveContent) {
        assembly.liveContent(settings -> settings.watch(false).executor(live).timer(timer).ticker(ticker));
      }
      builder.configure.forEach(configure -> configure.accept(assembly));
      overture = assembly.build();
    } catch (RuntimeException e) {
      deleteFolder();
      throw e;
    }
    try {
      pump();
    } catch (RuntimeException e) {
      close();
      throw e;
    }
  }

  /** A builder of a runtime over {@code content}. */
  public static Builder builder(Content content) {
    return new Builder(content);
  }

  /** The runtime. */
  public Overture overture() {
    return overture;
  }

  /** The executor files are read and bound on. */
  public ManualExecutor workers() {
    return workers;
  }

  /** The executor plugin state changes run on. */
  public ManualExecutor plugins() {
    return plugins;
  }

  /** The time of loading (progress, timelines). World time moves only with ticks. */
  public FakeTicker ticker() {
    return ticker;
  }

  /** The content folder, when the content was written to disk ({@link Builder#onDisk()}). */
  public Optional<Path> folder() {
    return Optional.ofNullable(folder);
  }

  /**
   * Live content, when the builder turned it on ({@link Builder#liveContent()}): it watches nothing;
   * {@link #edit}, {@link #delete} and {@link #announce} tell it what changed, and {@link #pump()}
   * (after the quiet period, which {@link #reload()} lets pass) runs the change.
   */
  public LiveContent live() {
    return overture.liveContent().orElseThrow(() -> new IllegalStateException(
        "live content is off: build the runtime with TestRuntime.builder(content).liveContent()"));
  }

  /** The timer of live content's quiet period, on {@link #ticker()}. */
  public ManualTimer timer() {
    return timer;
  }

  /**
   * Writes {@code text} to the content file {@code path} (relative to the content folder) and
   * announces it to live content, as an editor's save and the watcher would. Nothing is checked
   * until {@link #reload()}.
   */
  public TestRuntime edit(String path, String text) {
    Path file = contentFile(path);
    try {
      Files.createDirectories(file.getParent());
      Files.writeString(file, text);
    } catch (IOException e) {
      throw new UncheckedIOException("Could not write " + file, e);
    }
    live().announce(List.of(file));
    return this;
  }

  /** Deletes the content file {@code path} and announces it to live content. */
  public TestRuntime delete(String path) {
    Path file = contentFile(path);
    try {
      Files.delete(file);
    } catch (IOException e) {
      throw new UncheckedIOException("Could not delete " + file, e);
    }
    live().announce(List.of(file));
    return this;
  }

  /** Announces the content files {@code paths} (relative to the content folder) to live content, unchanged. */
  public TestRuntime announce(String... paths) {
    List<Path> files = new ArrayList<>();
    for (String path : paths) {
      files.add(contentFile(path));
    }
    live().announce(files);
    return this;
  }

  /**
   * The most rounds {@link #pump()} runs before it gives up: a test whose tasks queue each other
   * forever fails instead of hanging the build. A round runs everything queued, so a test far from
   * a loop needs a few dozen.
   */
  static final int MAX_PUMP_ROUNDS = 10_000;

  /**
   * The most tasks {@link #pump()} runs before it gives up; a world runs what its tasks queue in
   * the same drain, so a world's task that queues itself is caught by this count, not the rounds.
   */
  static final int MAX_PUMP_TASKS = 5_000_000;

  /**
   * Lets live content's quiet period pass (the ticker moves 1 second) and pumps until the change
   * is checked and applied in every world of this thread; returns how many tasks ran.
   */
  public int reload() {
    ticker.advance(java.time.Duration.ofSeconds(1));
    return pump();
  }

  private Path contentFile(String path) {
    checkThread();
    if (folder == null) {
      throw new IllegalStateException("the content is in memory: build the runtime with onDisk() or liveContent()");
    }
    return folder.resolve(Content.contentPath(path)); // never outside the folder that close deletes
  }

  /** A new standalone world. */
  public TestWorld world(String name) {
    return world(name, NetMode.STANDALONE);
  }

  /** A new world of {@code mode}, whose game thread is the caller's. */
  public TestWorld world(String name, NetMode mode) {
    checkThread();
    World world = overture.worlds().create(name, mode);
    TestWorld test = new TestWorld(this, world);
    worlds.add(test);
    pump();
    return test;
  }

  /**
   * Runs the queued work (file reads, plugin state changes, each open world's game-thread tasks)
   * until there is none; returns how many tasks ran.
   *
   * @throws IllegalStateException when tasks still come after {@value #MAX_PUMP_ROUNDS} rounds
   */
  public int pump() {
    checkThread();
    int total = 0;
    int ran;
    int rounds = 0;
    do {
      if (++rounds > MAX_PUMP_ROUNDS || total > MAX_PUMP_TASKS) {
        throw new IllegalStateException("Tasks kept coming after " + (rounds - 1) + " rounds of pumping (" + total
            + " tasks): something queues itself again forever");
      }
      // What is queued now, not what that queues: a task that queues itself runs once a round.
      ran = workers.runQueued();
      ran += plugins.runQueued();
      ran += timer.runDue();
      ran += live.runQueued();
      for (World world : overture.worlds().open()) {
        if (world.isInGameThread()) {
          ran += world.runPendingTasks();
        }
      }
      total += ran;
    } while (ran > 0);
    return total;
  }

  /**
   * Closes the open worlds of this thread and the runtime, runs what that queued, and deletes the
   * content folder.
   */
  @Override
  public void close() {
    checkThread();
    try {
      for (World world : overture.worlds().open()) {
        if (world.isInGameThread()) {
          world.close();
        }
      }
      pump();
      overture.close();
      drain(workers);
      drain(plugins);
      drain(live);
    } finally {
      deleteFolder();
    }
  }

  /** Runs what {@code executor} has, and what that queues, within {@link #MAX_PUMP_ROUNDS} rounds. */
  private static void drain(ManualExecutor executor) {
    for (int round = 0; round < MAX_PUMP_ROUNDS && executor.runQueued() > 0; round++) {
      // each round runs what the one before queued
    }
  }

  /**
   * Refuses a call from another thread than the one that built the runtime: its worlds' game
   * thread is that one, so a pump from elsewhere would skip them and say nothing.
   */
  private void checkThread() {
    if (Thread.currentThread() != owner) {
      throw new IllegalStateException("TestRuntime is confined to the thread that built it (\"" + owner.getName()
          + "\"), but was used from \"" + Thread.currentThread().getName() + "\"");
    }
  }

  private void deleteFolder() {
    if (folder == null) {
      return;
    }
    try (Stream<Path> files = Files.walk(folder)) {
      for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(file);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Could not delete the temporary content folder " + folder, e);
    }
  }

  /**
   * Configures a {@link TestRuntime}: the content, and anything of the runtime in the vocabulary
   * every Overture builder shares ({@link RuntimeSetup}: kinds, custom versions, validators...),
   * applied to the runtime's {@link Overture.Builder} when it is built, in order.
   */
  public static final class Builder implements RuntimeSetup<Builder> {
    private final Content content;
    private final List<Consumer<Overture.Builder>> configure = new ArrayList<>();
    private boolean onDisk;
    private boolean liveContent;

    private Builder(Content content) {
      this.content = Objects.requireNonNull(content, "content");
    }

    /** Keeps {@code step}, to apply to the runtime's builder when the runtime is built. Repeatable. */
    @Override
    public Builder overture(Consumer<Overture.Builder> step) {
      configure.add(Objects.requireNonNull(step, "step"));
      return this;
    }

    /** The same as {@link #overture}: configures the runtime further. Repeatable. */
    public Builder configure(Consumer<Overture.Builder> step) {
      return overture(step);
    }

    /** Writes the content to a temporary folder (deleted on close) instead of keeping it in memory. */
    public Builder onDisk() {
      onDisk = true;
      return this;
    }

    /**
     * Turns live content on, on the content written to a temporary folder, driven by the test: it
     * watches nothing, its changes are checked on a manual executor that {@link TestRuntime#pump()}
     * runs, and its quiet period passes on the runtime's {@link FakeTicker} ({@link
     * TestRuntime#reload()}).
     */
    public Builder liveContent() {
      liveContent = true;
      return this;
    }

    /** The runtime, with its plugins pumped to their initial states. */
    public TestRuntime build() {
      return new TestRuntime(this);
    }
  }
}
