package dev.overture.asset;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.testing.ManualExecutor;
import dev.overture.version.AssetVersions;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.RejectedExecutionException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 20: the first load with a set of registrations has the manager's own workers build the
 * Jackson reader of every asset class beside it, so that the files its references lead to (other
 * classes, met level after level) do not wait for theirs. Nothing a bind sees changes: a reader is
 * built once per registrations either way, one that cannot be built is reported by the bind as
 * before, and a host's executor is given no task but its loads'.
 */
class PreparedReadersTest {

  @TempDir Path temp;

  private static final Map<String, Class<?>> CLASSES = Map.of(
      "Pawn", TestAssets.Pawn.class, "Arena", TestAssets.Arena.class, "Icon", TestAssets.Icon.class);

  /** A class Jackson cannot build a reader for: two of its properties have one name. */
  record Unbindable(
      @com.fasterxml.jackson.annotation.JsonProperty("a") String first,
      @com.fasterxml.jackson.annotation.JsonProperty("a") String second) {}

  private static AssetJson binder(Map<String, Class<?>> classes) {
    return new AssetJson(AssetLimits.defaults(), new KindRegistry(), classes, AssetVersions.none());
  }

  @Test
  void preparing_buildsTheReaderOfEveryAssetClass_inOneTask_onceForTheseRegistrations() {
    AssetJson binder = binder(CLASSES);
    ManualExecutor executor = new ManualExecutor();

    binder.prepareReaders(executor);
    binder.prepareReaders(executor);

    assertEquals(1, executor.queued(), "one task, and none for the second call");
    assertEquals(Set.of(), binder.readerTypes(), "nothing built before the task runs");
    executor.runAll();
    assertEquals(Set.copyOf(CLASSES.values()), binder.readerTypes());
    binder.prepareReaders(executor);
    assertEquals(0, executor.queued());
  }

  @Test
  void newRegistrations_arePreparedAgain_andTheOlderTaskStopsEarly() {
    AssetJson binder = binder(CLASSES);
    ManualExecutor executor = new ManualExecutor();
    binder.prepareReaders(executor);

    binder.replace(new KindRegistry(), Map.of("Arena", TestAssets.Arena.class), AssetVersions.none());
    executor.runAll();

    assertEquals(Set.of(), binder.readerTypes(), "the older task built nothing for registrations no longer in force");
    binder.prepareReaders(executor);
    executor.runAll();
    assertEquals(Set.of(TestAssets.Arena.class), binder.readerTypes());
  }

  @Test
  void aReaderThatCannotBeBuilt_isLeftForTheBind_whichReportsItAsWithoutPreparing() {
    ManualExecutor executor = new ManualExecutor();
    AssetJson prepared = binder(Map.of("Odd", Unbindable.class, "Arena", TestAssets.Arena.class));
    AssetJson plain = binder(Map.of("Odd", Unbindable.class, "Arena", TestAssets.Arena.class));

    prepared.prepareReaders(executor);
    executor.runAll();

    assertEquals(Set.of(Unbindable.class, TestAssets.Arena.class), prepared.readerTypes(),
        "Jackson's reader leaves what it could not build to its first use");
    byte[] json = "{ \"a\": \"x\" }".getBytes(StandardCharsets.UTF_8);
    AssetLoadException fromPrepared = org.junit.jupiter.api.Assertions.assertThrows(AssetLoadException.class,
        () -> prepared.bind(json, Unbindable.class, new BindContext(ContentRoot.GAME, "Odd.json", "Odd:One")));
    AssetLoadException fromPlain = org.junit.jupiter.api.Assertions.assertThrows(AssetLoadException.class,
        () -> plain.bind(json, Unbindable.class, new BindContext(ContentRoot.GAME, "Odd.json", "Odd:One")));
    assertEquals(fromPlain.problems(), fromPrepared.problems());
  }

  @Test
  void anExecutorThatRefuses_leavesItUndone() {
    AssetJson binder = binder(CLASSES);

    binder.prepareReaders(task -> {
      throw new RejectedExecutionException("shut down");
    });

    assertEquals(Set.of(), binder.readerTypes());
  }

  @Test
  void theManagersOwnWorkers_prepareEveryAssetClass_onTheFirstLoad() throws Exception {
    Path root = TestAssets.game().writeTo(temp.resolve("assets"));
    try (AssetManager manager = TestAssets.builder(AssetSource.directory(root)).build()) {
      DefaultAssetManager assets = (DefaultAssetManager) manager;
      Set<Class<?>> all = Set.copyOf(manager.tools().assetClasses().values());
      assertTrue(assets.readerTypes().stream().noneMatch(all::contains), "building the manager prepares nothing: a tool may load nothing");

      manager.loadPrimaryAsset(TestAssets.id("Arena:Dust")).waitUntilComplete(Duration.ofSeconds(30));

      await().atMost(Duration.ofSeconds(30)).until(() -> assets.readerTypes().containsAll(all));
    }
  }

  @Test
  void aHostsExecutor_isGivenOnlyItsLoadsTasks() {
    Path root = TestAssets.game().writeTo(temp.resolve("assets"));
    ManualExecutor workers = new ManualExecutor();
    try (AssetManager manager = TestAssets.builder(AssetSource.directory(root)).executor(workers).build()) {
      LoadHandle load = manager.loadPrimaryAsset(TestAssets.id("Arena:Dust"));
      workers.runAll();

      assertTrue(load.isDone());
      Set<Class<?>> all = Set.copyOf(manager.tools().assetClasses().values());
      assertEquals(List.of(TestAssets.Arena.class),
          ((DefaultAssetManager) manager).readerTypes().stream().filter(all::contains).toList(), "only the asset class it bound");
      assertEquals(0, workers.queued());
      List.of(load).forEach(LoadHandle::release);
    }
  }
}
