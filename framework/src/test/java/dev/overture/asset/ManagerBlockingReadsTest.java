package dev.overture.asset;

import static dev.overture.asset.TestAssets.id;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.testing.ManualExecutor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The manager's blocking reads ({@code getAsset(ref, keepInMemory)}, {@code gameData}), what a
 * closed manager refuses, and what reindexing a file drops.
 */
class ManagerBlockingReadsTest {

  /** An asset whose binding runs {@link #ON_BIND} on the thread that binds it: an asset worker. */
  record Probe(String name) {
    Probe {
      ON_BIND.get().run();
    }
  }

  static final AtomicReference<Runnable> ON_BIND = new AtomicReference<>(() -> {});

  private static final SoftRef<TestAssets.Icon> HERO_ICON =
      SoftRef.of(ContentRoot.GAME, AssetPath.parse("icons/hero.json"), TestAssets.Icon.class);

  @TempDir Path temp;
  private final ManualExecutor workers = new ManualExecutor();
  private AssetManager assets;

  @AfterEach
  void tearDown() {
    ON_BIND.set(() -> {});
    if (assets != null) {
      assets.close();
    }
  }

  private Path writeGame() {
    return TestAssets.game().file("probes/P.json", "{ \"name\": \"P\" }").writeTo(temp.resolve("assets"));
  }

  private AssetManager.Builder builder(AssetSource source) {
    return TestAssets.builder(source).scanRule(ScanRule.of("Probe", Probe.class, "probes"));
  }

  @Test
  void getAssetWithoutKeeping_readsAFileThatIsNotLoaded() {
    assets = builder(AssetSource.directory(writeGame())).executor(workers).build();

    TestAssets.Icon icon = assets.getAsset(HERO_ICON, false);

    assertNotNull(icon);
    assertEquals("hero.png", icon.texture());
    assertEquals(Optional.empty(), assets.getAsset(HERO_ICON), "not kept: nothing pins it");
  }

  @Test
  void getAssetWithoutKeeping_ofALoadedFile_readsNothing() {
    CountingSource source = new CountingSource(AssetSource.directory(writeGame()));
    assets = builder(source).executor(workers).build();
    LoadHandle hero = assets.loadPrimaryAsset(id("Pawn:Hero"), "client");
    workers.runAll();
    assertEquals(1, source.reads("icons/hero.json"));
    TestAssets.Icon loaded = assets.getAsset(HERO_ICON).orElseThrow();

    assertSame(loaded, assets.getAsset(HERO_ICON, false));
    assertEquals(1, source.reads("icons/hero.json"), "the loaded copy is handed back");
    hero.release();
  }

  @Test
  void getAssetKeepingInMemory_ofAFileALoadPins_keepsItAfterTheLoadIsReleased() {
    CountingSource source = new CountingSource(AssetSource.directory(writeGame()));
    assets = builder(source).executor(workers).build();
    LoadHandle hero = assets.loadPrimaryAsset(id("Pawn:Hero"), "client");
    workers.runAll();
    TestAssets.Icon loaded = assets.getAsset(HERO_ICON).orElseThrow();

    assertSame(loaded, assets.getAsset(HERO_ICON, true));
    hero.release();

    assertSame(loaded, assets.getAsset(HERO_ICON).orElseThrow(), "the manager keeps it until it closes");
    assertSame(loaded, assets.getAsset(HERO_ICON, true));
    assertEquals(1, source.reads("icons/hero.json"));
  }

  @Test
  void gameData_whileItsLoadIsStillUnderWay_isLoadedOnTheCallingThread() {
    assets = builder(AssetSource.directory(writeGame())).executor(workers).gameData(id("Mode:Base")).build();
    assets.changeBundleState(List.of(id("Mode:Base")), List.of(), List.of());
    assertTrue(assets.bundleState(id("Mode:Base")).isPresent());
    assertEquals(Optional.empty(), assets.getAsset(id("Mode:Base")), "no worker has read it yet");

    TestAssets.Mode base = assets.gameData(TestAssets.Mode.class);

    assertEquals("Base", base.title());
    assertSame(base, assets.getAsset(id("Mode:Base")).orElseThrow());
  }

  @Test
  void gameData_onceKept_canBeReadOnAnAssetWorker() {
    assets = builder(AssetSource.directory(writeGame())).executor(workers).gameData(id("Mode:Base")).build();
    assets.changeBundleState(List.of(id("Mode:Base")), List.of(), List.of());
    workers.runAll();
    TestAssets.Mode kept = assets.getAsset(id("Mode:Base"), TestAssets.Mode.class).orElseThrow();
    AtomicReference<Object> seen = new AtomicReference<>();
    ON_BIND.set(() -> {
      try {
        seen.set(assets.gameData(TestAssets.Mode.class));
      } catch (RuntimeException e) {
        seen.set(e);
      }
    });

    LoadHandle probe = assets.loadPrimaryAsset(id("Probe:P"));
    workers.runAll();

    assertTrue(probe.future().isDone());
    assertSame(kept, seen.get(), "the kept game data, without a blocking load");
    probe.release();
  }

  @Test
  void close_stopsTheWorkersTheManagerStarted() {
    assets = builder(AssetSource.directory(writeGame())).workerThreads(1).build();
    AtomicReference<Thread> worker = new AtomicReference<>();
    ON_BIND.set(() -> worker.set(Thread.currentThread()));
    LoadHandle probe = assets.loadPrimaryAsset(id("Probe:P"));
    probe.future().join();
    probe.release();
    assertNotNull(worker.get());
    assertTrue(worker.get().getName().startsWith("overture-assets-"), worker.get().getName());

    assets.close();

    Awaitility.await().atMost(Duration.ofSeconds(5)).until(() -> !worker.get().isAlive());
  }

  @Test
  void reindexingAChangedFile_dropsItsRetainedCopy() throws Exception {
    Path root = writeGame();
    assets = builder(AssetSource.directory(root)).executor(workers).retention(RetentionPolicy.maximumSize(100)).build();
    SoftRef<TestAssets.Pawn> villainFile =
        SoftRef.of(ContentRoot.GAME, AssetPath.parse("pawns/Villain.json"), TestAssets.Pawn.class);
    assertEquals("Villain", assets.getAsset(villainFile, false).name());
    assertTrue(assets.getAsset(villainFile).isPresent(), "retained while unpinned");

    Files.writeString(root.resolve("pawns/Villain.json"), "{ \"name\": \"Villain II\" }");
    IndexChange change = assets.tools().reindex(ContentRoot.GAME, AssetPath.parse("pawns/Villain.json"));

    assertEquals(IndexChange.UPDATED, change);
    assertEquals(Optional.empty(), assets.getAsset(villainFile), "the next read reads the new file");
    assertEquals("Villain II", assets.getAsset(villainFile, false).name());
  }

  @Test
  void aClosedManager_refusesChangesAndTools() {
    assets = builder(AssetSource.directory(writeGame())).executor(workers).build();
    AssetTools tools = assets.tools();
    assets.close();

    for (org.junit.jupiter.api.function.Executable call : List.<org.junit.jupiter.api.function.Executable>of(
        () -> assets.changeBundleState(List.of(), List.of("client"), List.of()),
        () -> tools.reindex(ContentRoot.GAME, AssetPath.parse("pawns/Hero.json")),
        () -> tools.stage(List.of(new ContentFile(ContentRoot.GAME, AssetPath.parse("pawns/Hero.json")))),
        tools::checkVersions,
        () -> tools.resave(true))) {
      assertEquals("the asset manager is closed", assertThrows(IllegalStateException.class, call).getMessage());
    }
    assertFalse(tools.toString().isEmpty());
  }
}
