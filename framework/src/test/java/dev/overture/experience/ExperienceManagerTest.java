package dev.overture.experience;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.asset.PrimaryAssetId;
import dev.overture.asset.SoftRef;
import dev.overture.core.Problem;
import dev.overture.feature.AbilitySet;
import dev.overture.feature.InputConfig;
import dev.overture.feature.PluginId;
import dev.overture.feature.PluginState;
import dev.overture.feature.TestActions;
import dev.overture.world.AbilitySystemComponent;
import dev.overture.world.NetMode;
import dev.overture.world.Pawn;
import dev.overture.world.World;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

class ExperienceManagerTest {

  private static final PrimaryAssetId ARENA = PrimaryAssetId.of("Experience", "Arena");
  private static final PrimaryAssetId LOBBY = PrimaryAssetId.of("Experience", "Lobby");

  @TempDir Path temp;
  private ExperienceFixture game;

  @BeforeEach
  void setUp() {
    game = new ExperienceFixture(temp);
  }

  @AfterEach
  void tearDown() {
    game.close();
  }

  private static List<LoadState> states(ExperienceManager manager) {
    return manager.timeline().stream().map(ExperienceManager.Transition::to).toList();
  }

  private void assertNothingLeft(ExperienceManager manager) {
    game.pump();
    World world = manager.world();
    assertEquals(0, world.componentManager().activeRequests(), "component requests");
    assertEquals(0, world.componentManager().requestedComponents(), "requested components");
    assertEquals(0, world.componentManager().extensionHandlers(), "extension handlers");
    assertEquals(0, game.pluginRequests(), "plugin requests");
    assertEquals(0, game.assets.stats().pinned(), "pinned assets");
  }

  private static Problem onlyProblem(ExperienceManager manager) {
    List<Problem> problems = manager.failure().orElseThrow().problems();
    assertEquals(1, problems.size(), manager.failure().orElseThrow().getMessage());
    return problems.get(0);
  }

  @Test
  void load_walksLyrasStates_withTheDefinitionLoadedAsynchronously() {
    ExperienceManager manager = game.install("World", NetMode.STANDALONE);
    World world = manager.world();

    CompletableFuture<ExperienceDefinition> loaded = manager.setCurrentExperience(ARENA);
    assertEquals(LoadState.LOADING, manager.state());
    assertTrue(game.workers.queued() > 0, "the definition waits for a worker: nothing was read on the game thread");

    game.pump();

    assertEquals(List.of(LoadState.LOADING, LoadState.LOADING_GAME_FEATURES, LoadState.EXECUTING_ACTIONS, LoadState.LOADED),
        states(manager));
    assertTrue(loaded.isDone());
    assertEquals(List.of(PluginId.of("Core"), PluginId.of("Combat")), manager.activePlugins(), "the dependency activated first");
    assertEquals("Hero", manager.pawnData().orElseThrow().displayName());
    assertEquals(PluginState.ACTIVE, game.features.state(ExperienceFixture.plugin("Combat")));
    Pawn pawn = world.spawnActor(Pawn.class);
    assertTrue(pawn.findComponent(TestActions.Score.class).isPresent());
    assertTrue(pawn.findComponent(TestActions.Health.class).isPresent(), "from the action set");
    assertTrue(pawn.findComponent(AbilitySystemComponent.class).orElseThrow().hasAbility("Respawn"));
    assertTrue(TestActions.LOG.contains("activate arena in World"));
    assertTrue(TestActions.LOG.containsAll(List.of("activate Core in World", "activate Combat in World")), "plugin actions");
    assertEquals(List.of(
            "Experience:Arena actions[0] AddComponents", "Experience:Arena actions[1] AddAbilities",
            "Experience:Arena actions[2] Record", "ActionSet:Standard actions[0] AddComponents"),
        manager.activeActions());
  }

  /**
   * Seed 001, OnExperienceLoadComplete: {@code if (NumGameFeaturePluginsLoading > 0) { LoadState =
   * LoadingGameFeatures; ... } else { OnExperienceFullLoadCompleted(); }} (issue 18).
   */
  @Test
  void anExperienceWithNoPlugins_goesStraightFromLoadingToTheActions_withoutLoadingGameFeatures() {
    ExperienceManager manager = game.install("World", NetMode.STANDALONE);

    manager.setCurrentExperience(LOBBY);
    game.pump();

    assertEquals(List.of(LoadState.LOADING, LoadState.EXECUTING_ACTIONS, LoadState.LOADED), states(manager));
    assertEquals(List.of(), manager.activePlugins());
    assertTrue(TestActions.LOG.contains("activate lobby in World"), "its actions ran: " + TestActions.LOG);
  }

  @Test
  void spawnPawn_buildsThePawnFromThePawnDatasArchetype_whichLoadedWithIt() {
    ExperienceManager manager = game.install("World", NetMode.STANDALONE);
    manager.setCurrentExperience(PrimaryAssetId.of("Experience", "Joust"));
    game.pump();
    assertEquals(LoadState.LOADED, manager.state(), () -> manager.failure().map(Throwable::getMessage).orElse(""));

    ExperienceFixture.Knight knight = (ExperienceFixture.Knight) manager.spawnPawn("Player");

    assertEquals(3, knight.armor);
    assertEquals(9, knight.shield.weight);
    assertEquals("Knight", knight.pawnData(PawnData.class).orElseThrow().displayName());
    assertTrue(knight.isLocallyControlled());
    assertEquals("Player", knight.name());
    ExperienceFixture.Knight plain = manager.world().spawnActor(ExperienceFixture.Knight.class, "Plain");
    assertEquals(1, plain.armor, "the archetype changes only what is built from it");
  }

  @Test
  void spawnPawn_ofAClassNamedDirectly_setsThePawnData() {
    ExperienceManager manager = game.install("World", NetMode.DEDICATED_SERVER);
    assertEquals("Cannot spawn a pawn: the experience is Unloaded, not Loaded",
        assertThrows(IllegalStateException.class, () -> manager.spawnPawn("Player")).getMessage());
    manager.setCurrentExperience(ARENA);
    game.pump();

    Pawn pawn = manager.spawnPawn("Player");

    assertEquals(Pawn.class, pawn.getClass());
    assertEquals("Hero", pawn.pawnData(PawnData.class).orElseThrow().displayName());
    assertFalse(pawn.isLocallyControlled(), "a dedicated server has no local player");
    assertTrue(pawn.findComponent(TestActions.Health.class).isPresent());
  }

  @Test
  void spawnPawn_withoutPawnData_saysSo() {
    ExperienceManager manager = game.install("World", NetMode.STANDALONE);
    manager.setCurrentExperience(LOBBY);
    game.pump();

    assertEquals("Cannot spawn a pawn: experience Experience:Lobby names no defaultPawnData and the asset manager has no default"
            + " pawn data",
        assertThrows(IllegalStateException.class, () -> manager.spawnPawn("Player")).getMessage());
  }

  @Test
  void aPawnArchetypeTheClassRefuses_failsTheLoad_atItsPlaceInTheArchetype() {
    ExperienceManager manager = game.install("World", NetMode.STANDALONE);
    manager.setCurrentExperience(PrimaryAssetId.of("Experience", "BadJoust"));
    game.pump();

    assertEquals(LoadState.FAILED, manager.state());
    Problem problem = onlyProblem(manager);
    assertEquals("Overture/UnknownSubobject", problem.id());
    assertEquals("Knight creates no default subobject \"Sheild\" (subobjects: \"Shield\")", problem.message());
    assertEquals(new dev.overture.core.SourceLocation(game.root + "/archetypes/Shieldless.json", 3, 29, "/subobjects/Sheild"),
        problem.location().orElseThrow());
    assertEquals("Archetype:Shieldless", problem.asset().orElseThrow());
    assertNothingLeft(manager);
  }

  @Test
  void aPawnWhoseConstructorThrows_failsTheLoad_insteadOfTheFirstSpawn() {
    ExperienceManager manager = game.install("World", NetMode.STANDALONE);
    CompletableFuture<ExperienceDefinition> loaded = manager.setCurrentExperience(PrimaryAssetId.of("Experience", "Curse"));
    game.pump();

    assertEquals(LoadState.FAILED, manager.state());
    assertTrue(loaded.isCompletedExceptionally());
    Problem problem = onlyProblem(manager);
    assertEquals("Overture/ConstructionFailed", problem.id());
    assertEquals("Cannot build Cursed: The constructor of Cursed failed: cursed", problem.message());
    assertEquals(new dev.overture.core.SourceLocation(game.root + "/archetypes/Cursed.json", 1, 12, "/class"),
        problem.location().orElseThrow());
    assertNothingLeft(manager);
  }

  @Test
  void aPawnArchetypeOfAnotherClass_failsTheLoad_atThePawnData() {
    ExperienceManager manager = game.install("World", NetMode.STANDALONE);
    manager.setCurrentExperience(PrimaryAssetId.of("Experience", "ShieldJoust"));
    game.pump();

    Problem problem = onlyProblem(manager);
    assertEquals("Overture/WrongClass", problem.id());
    assertEquals("The pawn class of PawnData:ShieldPawn is Archetype:JustAShield, an archetype of Shield, which is not a Pawn",
        problem.message());
    assertEquals(new dev.overture.core.SourceLocation(game.root + "/pawns/ShieldPawn.json", 1, 16, "/pawnClass"),
        problem.location().orElseThrow());
    assertNothingLeft(manager);
  }

  @Test
  void theLocalSettings_hearWhenAnExperienceHasLoaded_asInLyra() {
    dev.overture.settings.Settings<dev.overture.settings.LocalSettings> local = dev.overture.settings.Settings.createTemporary(
        temp.resolve("LocalSettings.json"), dev.overture.settings.SettingsKind.LOCAL);
    List<String> reasons = new ArrayList<>();
    local.onApplied((before, after, reason) -> reasons.add(reason.name()));
    game.settings = game.settings.withLocalSettings(local);
    ExperienceManager manager = game.install("World", NetMode.STANDALONE);

    manager.setCurrentExperience(ARENA);
    game.pump();

    assertEquals(LoadState.LOADED, manager.state());
    assertEquals(List.of("EXPERIENCE_LOADED"), reasons);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({
    "STANDALONE, true, true",
    "LISTEN_SERVER, true, true",
    "DEDICATED_SERVER, false, true",
    "CLIENT, true, false",
  })
  void bundles_followTheNetMode(NetMode mode, boolean client, boolean server) {
    ExperienceManager manager = game.install("World", mode);
    manager.setCurrentExperience(ARENA);
    game.pump();

    PawnData hero = manager.pawnData().orElseThrow();
    assertEquals(client, game.assets.getAsset(hero.inputConfig()).isPresent(), "client bundle");
    assertEquals(client, game.assets.getAsset(hero.defaultCameraMode()).isPresent(), "client bundle");
    assertTrue(game.assets.getAsset(hero.abilitySets().get(0)).isPresent(), "equipped bundle, always");
    SoftRef<AbilitySet> serverSet = SoftRef.of("Game", dev.overture.asset.AssetPath.parse("abilities/server.json"), AbilitySet.class);
    assertEquals(server, game.assets.getAsset(serverSet).isPresent(), "server bundle");
    Pawn pawn = manager.world().spawnActor(Pawn.class);
    assertEquals(client, pawn.findComponent(TestActions.Score.class).isPresent());
    assertEquals(server, pawn.findComponent(TestActions.Health.class).isPresent());
  }

  @Test
  void chaosDelay_waitsSeededWorldTimeBeforeTheActions() {
    game.settings = game.settings.withChaosDelay(1.0, 0.5, 42);
    ExperienceManager manager = game.install("World", NetMode.STANDALONE);
    double delay = 1.0 + new Random(42).nextDouble() * 0.5;

    manager.setCurrentExperience(LOBBY);
    game.pump();
    assertEquals(LoadState.LOADING_CHAOS_TESTING_DELAY, manager.state());
    manager.world().tick(delay - 0.01);
    assertEquals(LoadState.LOADING_CHAOS_TESTING_DELAY, manager.state());
    manager.world().tick(0.02);

    assertEquals(LoadState.LOADED, manager.state());
    assertEquals(List.of(LoadState.LOADING, LoadState.LOADING_CHAOS_TESTING_DELAY, LoadState.EXECUTING_ACTIONS, LoadState.LOADED),
        states(manager), "the lobby enables no plugin, so there is no LoadingGameFeatures");
  }

  @Test
  void anUnknownExperience_fails() {
    ExperienceManager manager = game.install("World", NetMode.STANDALONE);
    manager.setCurrentExperience(PrimaryAssetId.of("Experience", "Arean"));
    game.pump();

    assertEquals(LoadState.FAILED, manager.state());
    Problem problem = onlyProblem(manager);
    assertEquals("Overture/UnknownAsset", problem.id());
    assertTrue(problem.message().contains("\"Experience:Arena\""), problem.message());
    assertNothingLeft(manager);
  }

  @Test
  void anAssetThatIsNotAnExperience_fails() {
    ExperienceManager manager = game.install("World", NetMode.STANDALONE);
    manager.setCurrentExperience(PrimaryAssetId.of("PawnData", "Hero"));
    game.pump();

    assertEquals("PawnData:Hero is a PawnData, not an experience", onlyProblem(manager).message());
    assertNothingLeft(manager);
  }

  @Test
  void aBundleAssetThatFails_failsTheLoad_andUnpinsEverything() {
    ExperienceManager manager = game.install("World", NetMode.STANDALONE);
    manager.setCurrentExperience(PrimaryAssetId.of("Experience", "Haunted"));
    game.pump();

    Problem problem = onlyProblem(manager);
    assertEquals("Overture/MissingFile", problem.id());
    assertEquals(game.root + "/pawns/Ghost.json:1:39 (/inputConfig)", problem.location().orElseThrow().toString());
    assertNothingLeft(manager);
  }

  @Test
  void anUnknownPlugin_failsBeforeAnyPluginIsRequested_withItsLocation() {
    ExperienceManager manager = game.install("World", NetMode.STANDALONE);
    List<String> failures = new ArrayList<>();
    manager.callOrRegisterOnFailed(failure -> failures.add(failure.getMessage()));

    manager.setCurrentExperience(PrimaryAssetId.of("Experience", "Misspelled"));
    game.pump();

    String nl = System.lineSeparator();
    assertEquals(
        "Could not load experience Experience:Misspelled, see the following problem:" + nl + nl
            + "1) [Overture/UnknownPlugin] Plugin \"Combt\" is not installed (installed: \"Clumsy\", \"Combat\", \"Core\","
            + " \"Needy\")" + nl
            + "   at " + game.root + "/experiences/Misspelled.json:2:38 (/gameFeaturesToEnable/1)" + nl + nl
            + "1 problem",
        manager.failure().orElseThrow().getMessage());
    assertEquals(List.of(manager.failure().orElseThrow().getMessage()), failures);
    assertNothingLeft(manager);
    assertEquals(PluginState.REGISTERED, game.features.state(ExperienceFixture.plugin("Combat")), "never requested");
  }

  @Test
  void aPluginNameThatCannotBeOne_isABindingError_atItsPlace() {
    game.close();
    game = new ExperienceFixture(temp.resolve("bad"), content -> content.file("experiences/Spaced.json", """
        { "gameFeaturesToEnable": ["Shooter Core"] }
        """));
    ExperienceManager manager = game.install("World", NetMode.STANDALONE);

    manager.setCurrentExperience(PrimaryAssetId.of("Experience", "Spaced"));
    game.pump();

    Problem problem = manager.failure().orElseThrow().problems().get(0);
    assertEquals("Overture/InvalidValue", problem.id());
    assertEquals("Invalid plugin name \"Shooter Core\" (the \"name\" in a plugin.json, or a plugin folder's name): use ASCII"
        + " letters, digits and '_', starting with a letter; it names the plugin's content root", problem.message());
    assertEquals(game.root + "/experiences/Spaced.json:1:28 (/gameFeaturesToEnable/0)", problem.location().orElseThrow().toString());
  }

  @Test
  void aPluginThatCannotActivate_failsTheLoad_andReleasesEveryRequest() {
    ExperienceManager manager = game.install("World", NetMode.STANDALONE);
    CompletableFuture<ExperienceDefinition> loaded = manager.setCurrentExperience(PrimaryAssetId.of("Experience", "Needy"));
    game.pump();

    assertEquals(LoadState.FAILED, manager.state());
    assertEquals("Overture/MissingPluginDependency", onlyProblem(manager).id(), "the id validate reports (issue 14)");
    CompletionException e = assertThrows(CompletionException.class, loaded::join);
    assertTrue(e.getCause() instanceof ExperienceLoadException);
    assertNothingLeft(manager);
  }

  @Test
  void anActionThatThrows_failsTheLoad_andRollsBackActionsPluginsAndPins() {
    ExperienceManager manager = game.install("World", NetMode.STANDALONE);
    Pawn pawn = manager.world().spawnActor(Pawn.class);
    manager.setCurrentExperience(PrimaryAssetId.of("Experience", "Throws"));
    game.pump();

    Problem problem = onlyProblem(manager);
    assertEquals("Overture/ActionFailed", problem.id());
    assertEquals(
        "Experience:Throws actions[2] Record failed to activate: bad refuses to activate",
        problem.message());
    assertEquals(game.root + "/experiences/Throws.json:6:5 (/actions/2)", problem.location().orElseThrow().toString());
    assertTrue(pawn.findComponent(TestActions.Score.class).isEmpty(), "the first action was undone");
    assertTrue(TestActions.LOG.contains("undo ok in World"));
    assertEquals(PluginState.LOADED, game.features.state(ExperienceFixture.plugin("Combat")));
    assertNothingLeft(manager);
  }

  @Test
  void afterAFailure_anotherExperienceLoads() {
    ExperienceManager manager = game.install("World", NetMode.STANDALONE);
    manager.setCurrentExperience(PrimaryAssetId.of("Experience", "Needy"));
    game.pump();

    manager.setCurrentExperience(LOBBY);
    game.pump();

    assertEquals(LoadState.LOADED, manager.state());
    assertTrue(manager.failure().isEmpty());
  }

  @Test
  void switching_deactivatesTheOldExperienceCompletely_thenLoadsTheNew() {
    ExperienceManager manager = game.install("World", NetMode.STANDALONE);
    Pawn pawn = manager.world().spawnActor(Pawn.class);
    manager.setCurrentExperience(ARENA);
    game.pump();
    TestActions.LOG.clear();

    CompletableFuture<ExperienceDefinition> lobby = manager.switchExperience(LOBBY);
    game.pump();

    assertTrue(lobby.isDone());
    assertEquals(LoadState.LOADED, manager.state());
    assertEquals(LOBBY, manager.experienceId().orElseThrow());
    assertTrue(pawn.findComponent(TestActions.Score.class).isEmpty());
    assertTrue(pawn.findComponent(TestActions.Health.class).isEmpty());
    assertEquals(PluginState.LOADED, game.features.state(ExperienceFixture.plugin("Combat")));
    assertEquals(PluginState.LOADED, game.features.state(ExperienceFixture.plugin("Core")));
    assertEquals(0, game.pluginRequests());
    assertTrue(TestActions.LOG.indexOf("deactivate Combat in World") < TestActions.LOG.indexOf("deactivate Core in World"),
        "plugins deactivate in reverse order of activation: " + TestActions.LOG);
    assertTrue(TestActions.LOG.indexOf("deactivate arena in World") < TestActions.LOG.indexOf("deactivate Combat in World"),
        "actions before plugins");
  }

  @ParameterizedTest
  @EnumSource(value = LoadState.class, names = {"LOADING", "LOADING_GAME_FEATURES", "LOADING_CHAOS_TESTING_DELAY"})
  void cancellingInAnyLoadingState_rollsBackCleanly(LoadState when) {
    game.settings = game.settings.withChaosDelay(1.0, 0, 1);
    ExperienceManager manager = game.install("World", NetMode.STANDALONE);
    manager.setCurrentExperience(ARENA);
    while (manager.state() != when) {
      assertTrue(game.step(), "never reached " + when + ": " + states(manager));
    }

    manager.deactivate();
    game.pump();
    manager.world().tick(2);

    assertEquals(LoadState.UNLOADED, manager.state());
    assertFalse(TestActions.LOG.contains("activate arena in World"), "the actions never ran");
    assertNothingLeft(manager);
    manager.setCurrentExperience(LOBBY);
    game.pump();
    manager.world().tick(2);
    assertEquals(LoadState.LOADED, manager.state());
  }

  @Test
  void endOfPlayDuringALoad_cancelsIt() {
    ExperienceManager manager = game.install("World", NetMode.STANDALONE);
    manager.setCurrentExperience(ARENA);
    while (manager.state() != LoadState.LOADING_GAME_FEATURES) {
      assertTrue(game.step());
    }

    manager.world().close();
    game.pump();

    assertEquals(LoadState.UNLOADED, manager.state());
    assertEquals(0, game.pluginRequests());
    assertEquals(0, game.assets.stats().pinned());
  }

  @Test
  void deactivation_waitsForPauses_beforeReleasingPlugins() {
    ExperienceManager manager = game.install("World", NetMode.STANDALONE);
    manager.setCurrentExperience(PrimaryAssetId.of("Experience", "Pausing"));
    game.pump();

    CompletableFuture<Void> done = manager.deactivate();
    game.pump();
    assertEquals(LoadState.DEACTIVATING, manager.state());
    assertEquals(List.of("slow"), manager.pendingPausers());
    assertEquals(PluginState.ACTIVE, game.features.state(ExperienceFixture.plugin("Combat")), "plugins wait for the pause");

    TestActions.PAUSES.get(0).run();
    game.pump();

    assertTrue(done.isDone());
    assertEquals(LoadState.UNLOADED, manager.state());
    assertNothingLeft(manager);
  }

  @Test
  void aPluginSharedByTwoWorlds_staysActiveUntilBothReleaseIt() {
    ExperienceManager first = game.install("First", NetMode.DEDICATED_SERVER);
    ExperienceManager second = game.install("Second", NetMode.DEDICATED_SERVER);
    first.setCurrentExperience(ARENA);
    second.setCurrentExperience(ARENA);
    game.pump();
    assertEquals(2, game.features.requestCount(ExperienceFixture.plugin("Combat")));

    first.deactivate();
    game.pump();
    assertEquals(PluginState.ACTIVE, game.features.state(ExperienceFixture.plugin("Combat")));
    assertEquals(1, game.features.requestCount(ExperienceFixture.plugin("Combat")));

    second.deactivate();
    game.pump();
    assertEquals(PluginState.LOADED, game.features.state(ExperienceFixture.plugin("Combat")));
    assertEquals(0, game.pluginRequests());
  }

  @Test
  void loadedListeners_runOnceByPriority_andLateOnesAtOnce() {
    ExperienceManager manager = game.install("World", NetMode.STANDALONE);
    List<String> calls = new ArrayList<>();
    manager.callOrRegisterOnLoaded(ExperienceManager.Priority.LOW, experience -> calls.add("low"));
    manager.callOrRegisterOnLoaded(ExperienceManager.Priority.NORMAL, experience -> {
      throw new IllegalStateException("listener bug");
    });
    manager.callOrRegisterOnLoaded(ExperienceManager.Priority.NORMAL, experience -> calls.add("normal"));
    manager.callOrRegisterOnLoaded(ExperienceManager.Priority.HIGH, experience -> calls.add("high"));

    manager.setCurrentExperience(LOBBY);
    game.pump();
    manager.callOrRegisterOnLoaded(ExperienceManager.Priority.LOW, experience -> calls.add("late"));
    manager.switchExperience(ARENA);
    game.pump();

    assertEquals(List.of("high", "normal", "low", "late"), calls, "each once, though a second experience loaded");
  }

  @Test
  void setCurrentExperience_refusesToReplaceOne() {
    ExperienceManager manager = game.install("World", NetMode.STANDALONE);
    manager.setCurrentExperience(LOBBY);
    game.pump();

    IllegalStateException e = assertThrows(IllegalStateException.class, () -> manager.setCurrentExperience(ARENA));
    assertEquals("World \"World\" already has experience Experience:Lobby (Loaded); use switchExperience", e.getMessage());
  }

  @Test
  void theTimeline_recordsWorldTimeAndTickerTime() {
    ExperienceManager manager = game.install("World", NetMode.STANDALONE);
    manager.world().tick(3);
    manager.setCurrentExperience(LOBBY);
    game.ticker.advance(Duration.ofMillis(40));
    game.pump();

    ExperienceManager.Transition loaded = manager.timeline().get(manager.timeline().size() - 1);
    assertEquals(LoadState.LOADED, loaded.to());
    assertEquals(LoadState.EXECUTING_ACTIONS, loaded.from());
    assertEquals(3.0, loaded.worldSeconds());
    assertEquals(Duration.ofMillis(40).toNanos(), loaded.sinceStartNanos());
  }

  @Test
  void aPluginWhoseActionsFailInThisWorld_failsTheExperience() {
    ExperienceManager manager = game.install("World", NetMode.STANDALONE);
    manager.setCurrentExperience(PrimaryAssetId.of("Experience", "Clumsy"));
    game.pump();

    Problem problem = onlyProblem(manager);
    assertEquals("Overture/ActionFailed", problem.id());
    assertEquals(game.root + "/plugins/Clumsy/plugin.json:1:36 (/actions/0)", problem.location().orElseThrow().toString(),
        "located with line and column, as every problem of a descriptor");
    assertNothingLeft(manager);
  }

  @Test
  void switchingTwiceInARow_theLastSwitchWins() {
    ExperienceManager manager = game.install("World", NetMode.STANDALONE);
    manager.setCurrentExperience(PrimaryAssetId.of("Experience", "Pausing"));
    game.pump();

    CompletableFuture<ExperienceDefinition> toArena = manager.switchExperience(ARENA);
    CompletableFuture<ExperienceDefinition> toLobby = manager.switchExperience(LOBBY);
    assertEquals(LoadState.DEACTIVATING, manager.state());
    TestActions.PAUSES.get(0).run();
    game.pump();

    assertTrue(toArena.isCancelled());
    assertTrue(toLobby.isDone() && !toLobby.isCompletedExceptionally());
    assertEquals(LOBBY, manager.experienceId().orElseThrow());
    assertEquals(LoadState.LOADED, manager.state());
  }

  // Regression (review-host #3): deactivate() during a switch let the switch go on: its future
  // completed while the next experience was loading, and the world ended up with it loaded.
  @Test
  void deactivatingDuringASwitch_cancelsTheSwitch_andEndsUnloaded() {
    ExperienceManager manager = game.install("World", NetMode.STANDALONE);
    manager.setCurrentExperience(LOBBY);
    game.pump();

    CompletableFuture<ExperienceDefinition> toArena = manager.switchExperience(ARENA);
    assertEquals(LoadState.DEACTIVATING, manager.state());
    CompletableFuture<Void> deactivated = manager.deactivate();
    game.pump();

    assertTrue(toArena.isCancelled());
    assertTrue(deactivated.isDone());
    assertEquals(LoadState.UNLOADED, manager.state());
    assertEquals(java.util.Optional.empty(), manager.experienceId());
    assertNothingLeft(manager);
  }

  @Test
  void deactivatingASwitchThatCancelledALoad_keepsTheWorldUnloaded() {
    ExperienceManager manager = game.install("World", NetMode.STANDALONE);
    manager.setCurrentExperience(LOBBY); // still loading

    CompletableFuture<ExperienceDefinition> toArena = manager.switchExperience(ARENA);
    assertEquals(LoadState.UNLOADED, manager.state(), "the load was cancelled; the switch waits for its release");
    manager.deactivate();
    game.pump();

    assertTrue(toArena.isCancelled());
    assertEquals(LoadState.UNLOADED, manager.state());
    assertNothingLeft(manager);
  }

  @Test
  void aListenerThatRetriesOnFailure_getsItsOwnLoad_andTheFailedOneStillFails() {
    ExperienceManager manager = game.install("World", NetMode.STANDALONE);
    List<CompletableFuture<ExperienceDefinition>> retries = new ArrayList<>();
    manager.onStateChanged(change -> {
      if (change.to() == LoadState.FAILED) {
        retries.add(manager.setCurrentExperience(LOBBY));
      }
    });

    CompletableFuture<ExperienceDefinition> needy = manager.setCurrentExperience(PrimaryAssetId.of("Experience", "Needy"));
    game.pump();

    assertTrue(needy.isCompletedExceptionally(), "the failed load's future fails");
    assertEquals(1, retries.size());
    assertEquals(LOBBY, manager.experienceId().orElseThrow());
    assertTrue(retries.get(0).isDone() && !retries.get(0).isCompletedExceptionally(), "the retry's future reports the retry");
    assertEquals(LoadState.LOADED, manager.state());
  }

  @Test
  void aListenerThatSwitchesWhenDeactivationStarts_isNotBroken() {
    ExperienceManager manager = game.install("World", NetMode.STANDALONE);
    manager.setCurrentExperience(ARENA);
    game.pump();
    List<CompletableFuture<Void>> again = new ArrayList<>();
    manager.onStateChanged(change -> {
      if (change.to() == LoadState.DEACTIVATING) {
        again.add(manager.deactivate());
      }
    });

    CompletableFuture<Void> done = manager.deactivate();
    game.pump();

    assertTrue(done.isDone());
    assertTrue(again.get(0) == done, "a second deactivate during deactivation gets the same future");
    assertEquals(LoadState.UNLOADED, manager.state());
    assertNothingLeft(manager);
  }

  @Test
  void aClosedWorld_refusesToLoad() {
    ExperienceManager manager = game.install("World", NetMode.STANDALONE);
    manager.world().close();

    IllegalStateException e = assertThrows(IllegalStateException.class, () -> manager.setCurrentExperience(LOBBY));
    assertEquals("World \"World\" has ended: it cannot load Experience:Lobby", e.getMessage());
    assertEquals(0, game.assets.stats().pinned());
  }

  @Test
  void cancellingAfterThePluginsActivated_undoesTheirActionsInThisWorld() {
    ExperienceManager manager = game.install("World", NetMode.STANDALONE);
    manager.setCurrentExperience(ARENA);
    while (manager.state() != LoadState.LOADING_GAME_FEATURES) {
      assertTrue(game.step());
    }
    while (game.workers.runNext() || game.serial.runNext()) {
      // the plugins activate; their actions wait for this world's next frame
    }

    manager.deactivate();
    game.pump();

    List<String> applied = TestActions.LOG.stream().filter(line -> line.startsWith("activate ")).toList();
    List<String> undone = TestActions.LOG.stream().filter(line -> line.startsWith("undo ")).toList();
    assertEquals(applied.size(), undone.size(), "every plugin action applied here was undone: " + TestActions.LOG);
    assertNothingLeft(manager);
  }

  @Test
  void switchingAThousandTimes_leavesNothingBehind() {
    ExperienceManager manager = game.install("World", NetMode.LISTEN_SERVER);
    Pawn pawn = manager.world().spawnActor(Pawn.class);
    pawn.setLocallyControlled(true);
    for (int i = 0; i < 1000; i++) {
      manager.switchExperience(i % 2 == 0 ? ARENA : LOBBY);
      game.pump();
      assertEquals(LoadState.LOADED, manager.state(), "switch " + i);
    }
    manager.deactivate();
    game.pump();

    assertEquals(LoadState.UNLOADED, manager.state());
    assertNothingLeft(manager);
    assertEquals(0, game.assets.stats().loaded(), "no asset stays loaded");
    assertEquals(List.of(manager.world().gameState(), pawn), manager.world().actors());
    assertEquals(List.of(), pawn.components(), "every component the experiences added is gone");
    assertEquals(List.of(LoadState.LOADING, LoadState.EXECUTING_ACTIONS, LoadState.LOADED, LoadState.DEACTIVATING,
        LoadState.UNLOADED), states(manager), "no history kept");
  }
}
