package dev.overture.inject;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.inject.Guice;
import com.google.inject.Injector;
import com.google.inject.ProvisionException;
import dev.overture.asset.AssetPath;
import dev.overture.asset.AssetSource;
import dev.overture.asset.PrimaryAssetId;
import dev.overture.experience.ExperienceDefinition;
import dev.overture.experience.ExperienceManager;
import dev.overture.experience.LoadState;
import dev.overture.feature.AddComponents;
import dev.overture.feature.PluginId;
import dev.overture.persistence.PersistenceException;
import dev.overture.persistence.WorldStore;
import dev.overture.settings.SettingsFolder;
import dev.overture.testing.FakeTicker;
import dev.overture.testing.ManualExecutor;
import dev.overture.validation.ActionValidator;
import dev.overture.validation.AssetValidator;
import dev.overture.validation.ValidationContext;
import dev.overture.validation.ValidationReport;
import dev.overture.world.NetMode;
import dev.overture.world.Pawn;
import dev.overture.world.World;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The plain builder: what it assembles, which threads it starts, and what closing it stops. */
class OvertureTest {

  @TempDir Path temp;

  private static Set<String> overtureThreads() {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(Thread::isAlive)
        .map(Thread::getName)
        .filter(name -> name.startsWith("overture-"))
        .collect(Collectors.toSet());
  }

  private static Set<Thread> liveThreads() {
    return Thread.getAllStackTraces().keySet().stream().filter(Thread::isAlive).collect(Collectors.toSet());
  }

  private Overture.Builder manual(ManualExecutor workers, ManualExecutor plugins) {
    return MatchContent.register(Overture.builder())
        .contentRoot(AssetSource.directory(MatchContent.content().writeTo(temp.resolve("content"))))
        .workers(workers)
        .pluginExecutor(plugins)
        .ticker(new FakeTicker())
        .closeTimeout(Duration.ZERO); // nobody runs the manual executors while close waits
  }

  /** The test content on Overture's own pools (two workers). */
  private Overture.Builder withOwnPools() {
    return MatchContent.register(Overture.builder())
        .contentRoot(AssetSource.directory(MatchContent.content().writeTo(temp.resolve("content"))))
        .workerThreads(2);
  }

  /** A world of {@code overture} with Duel loaded, awaited on this (its game) thread. */
  private static World loadDuel(Overture overture) {
    World world = overture.worlds().create("Match");
    ExperienceManager experience = ExperienceManager.of(world).orElseThrow();
    experience.setCurrentExperience(PrimaryAssetId.parse("Experience:Duel"));
    await().pollInSameThread().atMost(Duration.ofSeconds(30)).until(() -> {
      world.runPendingTasks();
      return experience.state() == LoadState.LOADED;
    });
    return world;
  }

  private static void awaitNoNewOvertureThreads(Set<String> before) {
    await().atMost(Duration.ofSeconds(10)).until(() -> {
      Set<String> left = overtureThreads();
      left.removeAll(before);
      return left.isEmpty();
    });
  }

  private static void pump(ManualExecutor workers, ManualExecutor plugins, World world) {
    int ran;
    do {
      ran = workers.runAll() + plugins.runAll() + world.runPendingTasks();
    } while (ran > 0);
  }

  @Test
  void withTheHostsExecutors_noThreadIsStarted_evenThroughALoad() {
    Set<Thread> before = liveThreads();
    ManualExecutor workers = new ManualExecutor();
    ManualExecutor plugins = new ManualExecutor();

    try (Overture overture = manual(workers, plugins).build()) {
      World world = overture.worlds().create("Match");
      ExperienceManager experience = ExperienceManager.of(world).orElseThrow();
      experience.setCurrentExperience(PrimaryAssetId.parse("Experience:Duel"));
      pump(workers, plugins, world);
      assertEquals(LoadState.LOADED, experience.state());
      experience.spawnPawn("Player");
      world.tick(0.1);
      world.close();
      pump(workers, plugins, world);
    }

    Set<Thread> started = liveThreads();
    started.removeAll(before);
    assertEquals(Set.of(), started.stream().map(Thread::getName).collect(Collectors.toSet()));
  }

  @Test
  void withDefaults_ownPoolsAreStarted_andCloseStopsThem() {
    Set<String> before = overtureThreads();
    Overture overture = withOwnPools()
        .build();
    overture.ready().join();
    World world = loadDuel(overture);
    Set<String> running = overtureThreads();
    running.removeAll(before);
    assertTrue(running.contains("overture-features"), running.toString());
    assertTrue(running.stream().anyMatch(name -> name.startsWith("overture-assets-")), running.toString());

    overture.close();

    assertTrue(world.isClosed(), "close() closed the world of the calling thread");
    awaitNoNewOvertureThreads(before);
  }

  @Test
  void close_closesTheWorldsTheCallerRuns_deactivatesTheirExperiences_andRefusesNewWorlds() {
    ManualExecutor workers = new ManualExecutor();
    ManualExecutor plugins = new ManualExecutor();
    Overture overture = manual(workers, plugins).build();
    World world = overture.worlds().create("Match");
    ExperienceManager experience = ExperienceManager.of(world).orElseThrow();
    experience.setCurrentExperience(PrimaryAssetId.parse("Experience:Duel"));
    pump(workers, plugins, world);
    Pawn pawn = experience.spawnPawn("Player");

    overture.close();

    assertTrue(world.isClosed());
    assertTrue(pawn.isDestroyed());
    assertEquals(List.of(), overture.worlds().open());
    assertEquals(0, overture.assets().stats().pinned(), "every pin of the experience was released");
    IllegalStateException refused = assertThrows(IllegalStateException.class, () -> overture.worlds().create("Late"));
    assertEquals("Overture is closed; world \"Late\" cannot be created", refused.getMessage());
    CompletionException late = assertThrows(CompletionException.class,
        () -> overture.features().loadAndActivate(PluginId.of("Combat")).join());
    assertEquals("GameFeatures is closed", late.getCause().getMessage());
    overture.close(); // idempotent
  }

  // Regression (review D): a second close() on another thread (a shutdown hook beside the main
  // thread's try-with-resources) returned at once while the first was still closing, so the process
  // could end before the world store had written its saves and the pools had stopped.
  @Test
  void aCloseOnAnotherThread_returnsOnceTheFirstCloseIsDone_andOneFromInsideThatCloseAtOnce() throws Exception {
    Overture overture = manual(new ManualExecutor(), new ManualExecutor()).build();
    java.util.concurrent.CountDownLatch inside = new java.util.concurrent.CountDownLatch(1);
    java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
    Thread first = new Thread(() -> {
      World world = overture.worlds().create("Match");
      world.onClose(() -> {
        overture.close(); // from inside the close: at once, or this thread would wait for itself
        inside.countDown();
        try {
          release.await();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      });
      overture.close();
    }, "first-closer");
    first.start();
    inside.await();
    AtomicReference<Boolean> closedWhenReturned = new AtomicReference<>();
    Thread second = new Thread(() -> {
      overture.close();
      closedWhenReturned.set(overture.features().isClosed());
    }, "second-closer");
    second.start();

    await().atMost(Duration.ofSeconds(10)).until(() -> second.getState() == Thread.State.WAITING || !second.isAlive());
    assertTrue(second.isAlive(), "the second close returned while the first was still closing");
    release.countDown();
    second.join();
    first.join();

    assertEquals(Boolean.TRUE, closedWhenReturned.get(), "it returned once the plugins were closed");
  }

  @Test
  void aWorldOfAnotherThread_isLeftToThatThread() throws Exception {
    ManualExecutor workers = new ManualExecutor();
    ManualExecutor plugins = new ManualExecutor();
    Overture overture = manual(workers, plugins).build();
    AtomicReference<World> other = new AtomicReference<>();
    Thread owner = new Thread(() -> other.set(overture.worlds().create("Elsewhere")), "match-thread");
    owner.start();
    owner.join();

    overture.close();

    assertFalse(other.get().isClosed(), "only its game thread may close it");
  }

  @Test
  void worldsOfARuntimeWithAStore_takeTheirIdsFromIt_acrossRuns() {
    ManualExecutor workers = new ManualExecutor();
    ManualExecutor plugins = new ManualExecutor();
    Path file = temp.resolve("game.db");
    long firstId;
    try (Overture overture = manual(workers, plugins).worldStore(file).build()) {
      WorldStore store = overture.worldStore().orElseThrow();
      World world = overture.worlds().create("Saved", NetMode.DEDICATED_SERVER);
      firstId = world.gameState().stableId().value();
      assertEquals(1, store.save(world).actors());
      world.close();
    }
    assertTrue(Files.exists(file));
    try (Overture again = manual(new ManualExecutor(), new ManualExecutor()).worldStore(file).build()) {
      World world = again.worlds().create("Saved", NetMode.DEDICATED_SERVER);
      assertTrue(world.gameState().stableId().value() != firstId, "ids never repeat across runs of one store");
      world.close();
    }
  }

  @Test
  void close_closesTheWorldStore_soThatALaterSaveIsRefused_namingIt() {
    Path file = temp.resolve("game.db");
    Overture overture = manual(new ManualExecutor(), new ManualExecutor()).worldStore(file).build();
    WorldStore store = overture.worldStore().orElseThrow();
    World world = overture.worlds().create("Kept", NetMode.DEDICATED_SERVER);
    world.handOverTo(Thread.currentThread());

    overture.close();

    PersistenceException e =
        assertThrows(PersistenceException.class, () -> store.save(world));
    assertEquals(file + " is closed", e.getMessage());
  }

  @Test
  void aSettingsFolder_givesLocalSettingsThatHearOfLoadedExperiences_andPlayerSettings() {
    ManualExecutor workers = new ManualExecutor();
    ManualExecutor plugins = new ManualExecutor();
    SettingsFolder folder = SettingsFolder.at(temp.resolve("settings"));
    try (Overture overture = manual(workers, plugins).settings(folder).build()) {
      List<String> heard = new java.util.ArrayList<>();
      overture.localSettings().orElseThrow().onApplied((before, after, reason) -> heard.add(reason.toString()));
      World world = overture.worlds().create("Match");
      ExperienceManager.of(world).orElseThrow().setCurrentExperience(PrimaryAssetId.parse("Experience:Duel"));
      pump(workers, plugins, world);

      assertEquals(1, heard.size(), heard.toString());
      assertTrue(Files.exists(folder.localFile(dev.overture.settings.SettingsKind.LOCAL)), "the defaults were saved");
      overture.sharedSettings("player-1");
      assertTrue(Files.exists(folder.playerFile("player-1", dev.overture.settings.SettingsKind.SHARED)));
      world.close();
    }
  }

  @Test
  void withoutASettingsFolder_playerSettingsSayHowToGetOne() {
    try (Overture overture = manual(new ManualExecutor(), new ManualExecutor()).build()) {
      IllegalStateException e = assertThrows(IllegalStateException.class, () -> overture.sharedSettings("p"));
      assertEquals("Overture was built without a settings folder (Overture.builder().settings(...))", e.getMessage());
    }
  }

  @Test
  void theValidator_checksTheRuntimesContent_withTheHostsChecks() {
    List<String> checked = new java.util.ArrayList<>();
    dev.overture.validation.ProjectValidator counting = context -> checked.add("project");
    AssetValidator<ExperienceDefinition> experiences = new AssetValidator<>() {
      @Override
      public Class<ExperienceDefinition> assetClass() {
        return ExperienceDefinition.class;
      }

      @Override
      public void isDataValid(ExperienceDefinition experience, ValidationContext context) {
        checked.add(context.asset().toString());
      }
    };
    ActionValidator<AddComponents> actions = new ActionValidator<>() {
      @Override
      public Class<AddComponents> actionClass() {
        return AddComponents.class;
      }

      @Override
      public void isDataValid(AddComponents action, ValidationContext context) {
        context.warning("Game/Noted", "", "an AddComponents action");
      }
    };
    // The validator blocks while assets load, so this runtime reads files on its own pool.
    try (Overture overture = withOwnPools()
        .validator(counting)
        .validator(experiences)
        .validator(actions)
        .build()) {
      ValidationReport report = overture.validator().run();

      // Sneaky uses Combat's component without enabling Combat: validate refuses it as its load does.
      assertEquals(List.of("Game/Noted", "Overture/PluginNotEnabled", "Overture/UnknownPlugin"),
          report.problems().stream().map(dev.overture.core.Problem::id).distinct().sorted().toList(), report.format());
      assertEquals("project", checked.get(checked.size() - 1));
      assertTrue(checked.contains("Experience:Duel"), checked.toString());
    }
  }

  @Test
  void aBuildThatFails_closesWhatItOpened() throws Exception {
    Set<String> before = overtureThreads();
    Path notAFolder = Files.writeString(temp.resolve("settings-is-a-file"), "not a folder");
    RuntimeException e = assertThrows(RuntimeException.class, () -> withOwnPools()
        .settings(SettingsFolder.at(notAFolder))
        .build());

    assertTrue(e.getMessage().startsWith("Could not read the settings in "), e.getMessage());
    awaitNoNewOvertureThreads(before);
  }

  @Test
  void closingWaitsForTheClosedWorldsPluginReleases() {
    Overture overture = withOwnPools()
        .build();
    World world = loadDuel(overture);
    PluginId combat = PluginId.of("Combat");

    overture.close();

    assertEquals(0, overture.features().requestCount(combat), "the world's release ran before the plugin thread stopped");
  }

  /** The game's content, counting how often it is closed; listing {@code failing} fails. */
  private static final class WatchedSource extends dev.overture.asset.ForwardingSource {
    final String failing;
    final AtomicInteger closed = new AtomicInteger();

    WatchedSource(AssetSource content, String failing) {
      super(content);
      this.failing = failing;
    }

    @Override
    public List<String> list(AssetPath folder, boolean recursive) throws IOException {
      if (folder.value().equals(failing)) {
        throw new IOException("the disk is on fire");
      }
      return super.list(folder, recursive);
    }

    @Override
    public void close() throws IOException {
      closed.incrementAndGet();
      super.close();
    }
  }

  private WatchedSource watchedContent(String failing) {
    return new WatchedSource(AssetSource.directory(MatchContent.content().writeTo(temp.resolve("content"))), failing);
  }

  /** Issue 15: the plugins cannot be found after the asset pool started and the content was indexed. */
  @Test
  void aBuildThatFailsPartWay_closesThePoolAndTheContentItOpened_andLeavesTheHostsExecutorAlone() {
    Set<String> before = overtureThreads();
    WatchedSource content = watchedContent("plugins");
    ExecutorService hostPlugins = Executors.newSingleThreadExecutor();
    try {
      UncheckedIOException e = assertThrows(UncheckedIOException.class, () -> MatchContent.register(Overture.builder())
          .contentRoot(content)
          .workerThreads(2)
          .pluginExecutor(hostPlugins)
          .build());

      assertEquals("Could not list " + content.displayPath(AssetPath.parse("plugins")), e.getMessage());
      assertEquals(1, content.closed.get(), "the content root was closed");
      assertFalse(hostPlugins.isShutdown(), "the host's executor is the host's to stop");
      awaitNoNewOvertureThreads(before);
    } finally {
      hostPlugins.shutdownNow();
    }
  }

  /** Issue 15: the same through Guice, failing after the asset pool and the plugin thread started. */
  @Test
  void aGuiceRuntimeWhoseBuildFailsPartWay_closesWhatItOpened() throws Exception {
    Set<String> before = overtureThreads();
    WatchedSource content = watchedContent("");
    Path notAFolder = Files.writeString(temp.resolve("settings-is-a-file"), "not a folder");
    Injector injector = Guice.createInjector(new OvertureModule(overture -> MatchContent.register(overture)
        .contentRoot(content)
        .workerThreads(2)
        .settings(SettingsFolder.at(notAFolder))));

    ProvisionException e = assertThrows(ProvisionException.class, () -> injector.getInstance(Overture.class));

    UncheckedIOException cause = assertInstanceOf(UncheckedIOException.class, e.getCause());
    assertTrue(cause.getMessage().startsWith("Could not read the settings in "), cause.getMessage());
    assertEquals(1, content.closed.get(), "the content root was closed");
    awaitNoNewOvertureThreads(before);
  }
}
