package dev.overture.feature;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.asset.AssetManager;
import dev.overture.asset.AssetSource;
import dev.overture.asset.PrimaryAssetId;
import dev.overture.asset.ScanRule;
import dev.overture.core.Problem;
import dev.overture.feature.internal.BuiltIns;
import dev.overture.testing.Content;
import dev.overture.testing.ManualExecutor;
import dev.overture.world.ActorComponent;
import dev.overture.world.World;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GameFeaturesTest {

  record Note(String text) {}

  @TempDir Path temp;
  private final ManualExecutor workers = new ManualExecutor();
  private final ManualExecutor serial = new ManualExecutor();
  private AssetManager assets;
  private GameFeatures features;
  private Path root;

  @BeforeEach
  void setUp() {
    TestActions.LOG.clear();
    root = Content.of()
        .file("plugins/Core/plugin.json", """
            { "version": "1.0.0", "description": "Shared rules", "actions": [ { "action": "Record", "name": "Core" } ] }
            """)
        .file("plugins/Combat/plugin.json", """
            {
              "name": "Combat",
              "version": "1.2.0",
              "dependencies": [ { "name": "Core", "versions": "^1.0.0" } ],
              "contributes": { "components": ["Score"], "actions": ["Record"] },
              "primaryAssetTypesToScan": [ { "type": "Note", "assetClass": "Note", "directories": ["notes"] } ],
              "actions": [ { "action": "Record", "name": "Combat" } ]
            }
            """)
        .file("plugins/Combat/notes/Tactics.json", "{ \"text\": \"flank\" }")
        .file("plugins/Needy/plugin.json", "{ \"version\": \"1.0.0\", \"dependencies\": [ { \"name\": \"Cor\" } ] }")
        .file("plugins/Picky/plugin.json", "{ \"version\": \"1.0.0\", \"dependencies\": [ { \"name\": \"Core\", \"versions\": \"^2.0.0\" } ] }")
        .file("plugins/Ping/plugin.json", "{ \"version\": \"1.0.0\", \"dependencies\": [ { \"name\": \"Pong\" } ] }")
        .file("plugins/Pong/plugin.json", "{ \"version\": \"1.0.0\", \"dependencies\": [ { \"name\": \"Ping\" } ] }")
        .file("plugins/Braggart/plugin.json", "{ \"version\": \"1.0.0\", \"contributes\": { \"components\": [\"Scroe\"] } }")
        .file("plugins/Broken/plugin.json", "{ \"version\": \"1.0.0\", ")
        .file("plugins/Eager/plugin.json", "{ \"version\": \"1.0.0\", \"initialState\": \"active\", \"dependencies\": [ { \"name\": \"Core\" } ] }")
        .file("plugins/Flaky/plugin.json", "{ \"version\": \"1.0.0\", \"initialState\": \"installed\", \"actions\": [ { \"action\": \"Flaky\", \"name\": \"Flaky\" } ] }")
        .writeTo(temp.resolve("assets"));
    assets = BuiltIns.register(AssetManager.builder())
        .contentRoot(AssetSource.directory(root))
        .assetClass("Note", Note.class)
        .kind(ActorComponent.class, "Score", TestActions.Score.class)
        .kind(GameFeatureAction.class, "Record", TestActions.Record.class)
        .kind(GameFeatureAction.class, "Flaky", TestActions.Flaky.class)
        .executor(workers)
        .build();
    features = GameFeatures.builder(assets).executor(serial).build();
    pump();
  }

  @AfterEach
  void tearDown() {
    features.close();
    assets.close();
  }

  private void pump(World... worlds) {
    boolean ran;
    do {
      ran = workers.runAll() + serial.runAll() > 0;
      for (World world : worlds) {
        ran |= world.runPendingTasks() > 0;
      }
    } while (ran);
  }

  private static PluginId id(String name) {
    return PluginId.of(name);
  }

  private static <T> Throwable failureOf(CompletableFuture<T> future) {
    CompletionException e = org.junit.jupiter.api.Assertions.assertThrows(CompletionException.class, future::join);
    return e.getCause();
  }

  @Test
  void discovery_findsEveryPlugin_andBringsEachToItsInitialState() {
    assertEquals(List.of("Braggart", "Broken", "Combat", "Core", "Eager", "Flaky", "Needy", "Picky", "Ping", "Pong"),
        features.plugins().stream().map(PluginId::name).toList(), "in folder order, whatever the file system");
    assertEquals(PluginState.ACTIVE, features.state(id("Eager")), "initialState Active");
    assertEquals(PluginState.ACTIVE, features.state(id("Core")), "Eager's dependency");
    assertEquals(PluginState.REGISTERED, features.state(id("Combat")), "the default initial state");
    assertEquals(PluginState.ERROR, features.state(id("Broken")));
    Problem broken = features.failure(id("Broken")).orElseThrow().problems().get(0);
    assertEquals("Overture/MalformedJson", broken.id());
    assertEquals(root + "/plugins/Broken/plugin.json", broken.location().orElseThrow().file());
    CompletionException ready = org.junit.jupiter.api.Assertions.assertThrows(CompletionException.class, () -> features.ready().join());
    assertTrue(ready.getCause().getMessage().startsWith("Could not bring up the feature plugins"), ready.getCause().getMessage());
  }

  @Test
  void activation_bringsDependenciesFirst_andJoinsThePluginsContentToTheIndex() {
    World world = World.builder("Arena").build();
    features.attachWorld(world);
    pump(world);
    TestActions.LOG.clear();

    CompletableFuture<Void> active = features.loadAndActivate(id("Combat"));
    pump(world);

    active.join();
    assertEquals(PluginState.ACTIVE, features.state(id("Combat")));
    assertEquals(List.of("activate Combat in Arena"), TestActions.LOG, "Core was already active for Eager");
    assertTrue(assets.index().find(PrimaryAssetId.of("Note", "Tactics")).isPresent());
  }

  @Test
  void requestsAreCounted_andDependenciesDeactivateAfterTheirDependents() {
    World first = World.builder("First").build();
    World second = World.builder("Second").build();
    features.attachWorld(first);
    features.attachWorld(second);
    features.loadAndActivate(id("Combat"));
    features.loadAndActivate(id("Combat"));
    features.deactivate(id("Eager"));
    pump(first, second);
    TestActions.LOG.clear();

    features.deactivate(id("Combat"));
    pump(first, second);
    assertEquals(PluginState.ACTIVE, features.state(id("Combat")), "the second request still holds it");
    assertEquals(List.of(), TestActions.LOG);

    features.deactivate(id("Combat"));
    pump(first, second);

    assertEquals(PluginState.LOADED, features.state(id("Combat")));
    assertEquals(PluginState.LOADED, features.state(id("Core")), "released by both its dependents");
    int combatGone = TestActions.LOG.indexOf("deactivate Combat in Second");
    int coreGone = TestActions.LOG.indexOf("deactivate Core in Second");
    assertTrue(combatGone >= 0 && coreGone > combatGone, "reverse order: " + TestActions.LOG);
  }

  @Test
  void pluginActions_applyToWorldsAttachedLater_andEndWithTheWorld() {
    features.loadAndActivate(id("Combat"));
    pump();
    World late = World.builder("Late").build();
    TestActions.LOG.clear();

    features.attachWorld(late);
    pump(late);
    late.close();

    assertEquals(
        List.of("activate Core in Late", "activate Combat in Late", "deactivate Combat in Late", "undo Combat in Late",
            "deactivate Core in Late", "undo Core in Late"),
        TestActions.LOG,
        "applied in activation order, undone in reverse; plugins stay registered");
  }

  @Test
  void aMissingDependency_isAnErrorWithTheInstalledPlugins() {
    CompletableFuture<Void> result = features.loadAndActivate(id("Needy"));
    pump();
    Throwable failure = failureOf(result);

    PluginException plugin = assertInstanceOf(PluginException.class, failure);
    Problem problem = plugin.problems().get(0);
    assertEquals("Overture/MissingPluginDependency", problem.id(), "one id for the fault, as validate reports it (issue 14)");
    assertTrue(problem.message().startsWith("Plugin Needy depends on \"Cor\", which is not installed (installed: "), problem.message());
    assertTrue(problem.choices().contains("Core"));
    assertEquals(root + "/plugins/Needy/plugin.json:1:51 (/dependencies/0/name)", problem.location().orElseThrow().toString());
    assertEquals(PluginState.ERROR, features.state(id("Needy")));
    assertEquals(plugin, features.failure(id("Needy")).orElseThrow());
  }

  @Test
  void aDependencyOfTheWrongVersion_namesBoth() {
    CompletableFuture<Void> result = features.loadAndActivate(id("Picky"));
    pump();

    Problem problem = ((PluginException) failureOf(result)).problems().get(0);
    assertEquals("Overture/PluginVersionMismatch", problem.id());
    assertEquals("Plugin Picky needs Core ^2.0.0, but version 1.0.0 is installed", problem.message());
    assertEquals(root + "/plugins/Picky/plugin.json:1:71 (/dependencies/0/versions)", problem.location().orElseThrow().toString());
  }

  @Test
  void aDependencyCycle_namesTheChain() {
    CompletableFuture<Void> result = features.loadAndActivate(id("Ping"));
    pump();

    Problem problem = ((PluginException) failureOf(result)).problems().get(0);
    assertEquals("Overture/PluginCycle", problem.id());
    assertEquals("Plugins depend on each other in a cycle: Ping -> Pong -> Ping; none of them can activate until one of these dependencies is taken out of its plugin.json", problem.message());
    assertEquals(root + "/plugins/Ping/plugin.json:1:51 (/dependencies/0/name)", problem.location().orElseThrow().toString());
    Problem pong = features.failure(id("Pong")).orElseThrow().problems().get(0);
    assertEquals(problem, pong, "one cycle, one problem, whichever plugin of it is asked for");
  }

  @Test
  void contributionsNoCodeRegistered_failRegistration() {
    CompletableFuture<Void> result = features.loadAndActivate(id("Braggart"));
    pump();

    Problem problem = ((PluginException) failureOf(result)).problems().get(0);
    assertEquals("Overture/UnregisteredContribution", problem.id());
    assertEquals(
        "Plugin Braggart contributes the component \"Scroe\", which no code registered (registered components:"
            + " \"AbilitySystemComponent\", \"InputComponent\", \"Score\")",
        problem.message());
  }

  @Test
  void unregister_takesThePluginsContentOutOfTheIndex() {
    features.loadAndActivate(id("Combat"));
    features.deactivate(id("Combat"));
    pump();
    assertTrue(assets.index().find(PrimaryAssetId.of("Note", "Tactics")).isPresent());

    CompletableFuture<Void> done = features.unregister(id("Combat"));
    pump();

    done.join();
    assertEquals(PluginState.INSTALLED, features.state(id("Combat")));
    assertTrue(assets.index().find(PrimaryAssetId.of("Note", "Tactics")).isEmpty());
  }

  @Test
  void unloadingAPluginInUse_isRefused() {
    features.loadAndActivate(id("Combat"));
    pump();

    CompletableFuture<Void> result = features.unload(id("Combat"));
    pump();

    assertEquals("Plugin Combat is still requested (1 requests, 0 active dependents)",
        ((PluginException) failureOf(result)).problems().get(0).message());
  }

  @Test
  void aPluginReleasedBeforeAWorldAppliedIt_isUndoneThereToo() {
    World idle = World.builder("Idle").build();
    features.attachWorld(idle);
    pump(idle);
    TestActions.LOG.clear();

    features.loadAndActivate(id("Combat"));
    pump();
    features.deactivate(id("Combat"));
    pump();
    assertEquals(List.of(), TestActions.LOG, "the idle world has not run anything yet");
    idle.runPendingTasks();
    pump(idle);

    assertEquals(List.of("activate Combat in Idle", "deactivate Combat in Idle", "undo Combat in Idle"), TestActions.LOG);
    assertEquals(PluginState.LOADED, features.state(id("Combat")));
  }

  @Test
  void detachingAWorld_undoesThePluginsActionsThere() {
    World world = World.builder("Arena").build();
    features.attachWorld(world);
    pump(world);
    TestActions.LOG.clear();

    features.detachWorld(world);
    pump(world);

    assertEquals(List.of("deactivate Core in Arena", "undo Core in Arena"), TestActions.LOG);
  }

  @Test
  void aFailedTransition_isRetriedWhenAskedAgain() {
    TestActions.FLAKY_FAILURES.set(1);
    CompletableFuture<Void> first = features.loadAndActivate(id("Flaky"));
    pump();
    assertEquals("Overture/ActionFailed", ((PluginException) failureOf(first)).problems().get(0).id());
    assertEquals(PluginState.ERROR, features.state(id("Flaky")));
    features.deactivate(id("Flaky"));

    CompletableFuture<Void> second = features.loadAndActivate(id("Flaky"));
    pump();

    second.join();
    assertEquals(PluginState.ACTIVE, features.state(id("Flaky")));
    assertTrue(features.failure(id("Flaky")).isEmpty());
  }

  @Test
  void afterClose_everyRequestFailsAtOnce() {
    features.close();

    for (int i = 0; i < 3; i++) {
      CompletableFuture<Void> refused = features.loadAndActivate(id("Combat"));
      assertTrue(refused.isCompletedExceptionally(), "attempt " + i);
      assertEquals("GameFeatures is closed", failureOf(refused).getMessage());
    }
  }

  @Test
  void unknownIds_listThePlugins() {
    IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(
        IllegalArgumentException.class, () -> features.state(id("Combta")));
    assertTrue(e.getMessage().startsWith("No plugin \"Combta\" (plugins: \"Combat\", "), e.getMessage());
  }

  /** An action of no registered kind that says it adds the component {@code Score}. */
  record AddsScore() implements GameFeatureAction {
    @Override
    public List<Contribution> contributions() {
      return List.of(Contribution.component("Score", "/score"));
    }
  }

  @Test
  void resolve_ordersDependenciesFirst_andNamesTheUnknown() {
    PluginSet set = features.resolve(List.of(id("Combat"), id("Nope"), id("Core"), id("Combat")));

    assertEquals(List.of(id("Core"), id("Combat")), set.plugins(), "Core first: Combat depends on it");
    assertEquals(List.of(id("Combat"), id("Core")), List.copyOf(set.enabled()));
    assertEquals(List.of(id("Nope")), List.copyOf(set.unknown().keySet()));
    Problem unknown = set.unknown().get(id("Nope"));
    assertEquals("Overture/UnknownPlugin", unknown.id());
    assertTrue(unknown.message().startsWith("Plugin \"Nope\" is not installed (installed: "), unknown.message());
    assertEquals(List.of(id("Eager"), id("Core")), List.copyOf(features.resolve(List.of(id("Eager"))).enabled()),
        "dependencies are enabled with their dependents");
  }

  @Test
  void misuses_nameTheKindsOfPluginsTheSetDoesNotEnable_whereTheActionNamesThem() {
    PluginSet coreOnly = features.resolve(List.of(id("Core")));
    PrimaryAssetId user = PrimaryAssetId.of("Experience", "Duel");

    List<PluginSet.Misuse> record = coreOnly.misuses(new TestActions.Record("x", false, false), user);
    List<PluginSet.Misuse> component = coreOnly.misuses(new AddsScore(), user);

    assertEquals(1, record.size());
    assertEquals("", record.get(0).pointer(), "the action's own kind");
    assertEquals("Action \"Record\" belongs to plugin Combat, which Experience:Duel does not enable; add \"Combat\" to its"
        + " gameFeaturesToEnable (enabled: \"Core\")", record.get(0).problem().message());
    assertEquals("/score", component.get(0).pointer());
    assertEquals("Overture/PluginNotEnabled", component.get(0).problem().id());
    assertTrue(component.get(0).problem().message().startsWith("Component \"Score\" belongs to plugin Combat"));
    assertEquals(List.of(), features.resolve(List.of(id("Combat"))).misuses(new AddsScore(), user));
  }

  /**
   * Review D2: a plugin whose register never returned held ready() forever, and a host could not
   * tell which plugin it waited for, nor which waited behind it. notReady() names them, in order.
   */
  @Test
  void notReady_namesThePluginsOnTheirWay_inOrder_untilReadyCompletes() {
    Path other = Content.of()
        .file("plugins/First/plugin.json", "{ \"version\": \"1.0.0\" }")
        .file("plugins/Second/plugin.json", "{ \"version\": \"1.0.0\" }")
        .writeTo(temp.resolve("other"));
    try (AssetManager otherAssets = BuiltIns.register(AssetManager.builder())
            .contentRoot(AssetSource.directory(other)).executor(workers).build();
        GameFeatures otherFeatures = GameFeatures.builder(otherAssets).executor(serial).build()) {
      assertEquals(List.of(id("First"), id("Second")), otherFeatures.notReady());
      assertFalse(otherFeatures.runningChangeAbandoned());

      pump();

      assertEquals(List.of(), otherFeatures.notReady());
      otherFeatures.ready().join();
    }
  }

  @Test
  void aFolderWhoseNameIsNoPluginName_isReportedByReady_andTheOthersStillWork() {
    Path other = Content.of()
        .file("plugins/Good/plugin.json", "{ \"version\": \"1.0.0\" }")
        .file("plugins/Bad Name/plugin.json", "{ \"version\": \"1.0.0\" }")
        .writeTo(temp.resolve("other"));
    try (AssetManager otherAssets = BuiltIns.register(AssetManager.builder())
            .contentRoot(AssetSource.directory(other)).executor(workers).build();
        GameFeatures otherFeatures = GameFeatures.builder(otherAssets).executor(serial).build()) {
      pump();

      assertEquals(List.of(id("Good")), otherFeatures.plugins());
      assertEquals(PluginState.REGISTERED, otherFeatures.state(id("Good")));
      CompletionException ready = org.junit.jupiter.api.Assertions.assertThrows(CompletionException.class, otherFeatures.ready()::join);
      Problem problem = ((dev.overture.core.ProblemException) ready.getCause()).problems().get(0);
      assertEquals("Overture/InvalidPluginName", problem.id());
      assertEquals("Plugin folder \"Bad Name\" is not a plugin name: use ASCII letters, digits and '_', starting with a"
          + " letter, at most 64 characters; it names the plugin's content root", problem.message());
      assertEquals(other + "/plugins/Bad Name/plugin.json", problem.location().orElseThrow().file());
    }
  }

  /**
   * Issue 15: the plugins' activation order is decided on the plugins' thread and read on each
   * world's thread when it closes; each world application carries its order from one to the other
   * (a final field published through a concurrent map), so no thread reads the plugins' own fields
   * without a happens-before.
   */
  @Test
  void aWorldClosingOnItsThread_undoesPluginsNewestFirst_inTheOrderThePluginThreadActivatedThem() {
    try (AssetManager ownAssets = BuiltIns.register(AssetManager.builder())
            .contentRoot(AssetSource.directory(root))
            .assetClass("Note", Note.class)
            .kind(ActorComponent.class, "Score", TestActions.Score.class)
            .kind(GameFeatureAction.class, "Record", TestActions.Record.class)
            .kind(GameFeatureAction.class, "Flaky", TestActions.Flaky.class)
            .workerThreads(2)
            .build();
        GameFeatures threaded = GameFeatures.builder(ownAssets).build()) {
      World world = World.builder("Arena").build();
      threaded.attachWorld(world);
      CompletableFuture<Void> applied = threaded.loadAndActivate(id("Combat"))
          .thenCompose(v -> threaded.appliedIn(id("Combat"), world));
      org.awaitility.Awaitility.await().pollInSameThread().atMost(java.time.Duration.ofSeconds(30)).until(() -> {
        world.runPendingTasks();
        return applied.isDone();
      });
      applied.join();
      assertEquals(List.of("activate Core in Arena", "activate Combat in Arena"), TestActions.LOG.stream()
          .filter(line -> line.startsWith("activate Co")).toList(), "Eager's Core first, then Combat, on the plugins' thread");
      TestActions.LOG.clear();

      world.close();

      assertEquals(List.of("deactivate Combat in Arena", "undo Combat in Arena", "deactivate Core in Arena", "undo Core in Arena"),
          TestActions.LOG);
      threaded.whenIdle().join();
    }
  }
}
