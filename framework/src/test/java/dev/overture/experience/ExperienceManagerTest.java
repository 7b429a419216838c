package dev.overture.experience;

import static dev.overture.experience.ExperienceFixture.ARENA;
import static dev.overture.experience.ExperienceFixture.LOBBY;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.asset.PrimaryAssetId;
import dev.overture.asset.SoftRef;
import dev.overture.feature.AbilitySet;
import dev.overture.feature.PluginId;
import dev.overture.feature.PluginState;
import dev.overture.feature.TestActions;
import dev.overture.world.AbilitySystemComponent;
import dev.overture.world.NetMode;
import dev.overture.world.Pawn;
import dev.overture.world.World;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Loading an experience through Lyra's states: the definition loaded asynchronously, the pawn built
 * from its pawn data, the bundles of the net mode, the chaos delay, the listeners and the timeline.
 */
class ExperienceManagerTest extends WithExperienceFixture {

  @Test
  void load_walksLyrasStates_withTheDefinitionLoadedAsynchronously() {
    ExperienceManager manager = game.install("World", NetMode.STANDALONE);
    World world = manager.world();

    CompletableFuture<ExperienceDefinition> loaded = manager.setCurrentExperience(ARENA);
    assertEquals(LoadState.LOADING, manager.state());
    assertTrue(game.workers.queued() > 0, "the definition waits for a worker: nothing was read on the game thread");

    game.pump();

    assertEquals(List.of(LoadState.LOADING, LoadState.LOADING_GAME_FEATURES, LoadState.EXECUTING_ACTIONS, LoadState.LOADED),
        ExperienceFixture.states(manager));
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
    ExperienceManager manager = game.loadedInWorld(LOBBY);

    assertEquals(List.of(LoadState.LOADING, LoadState.EXECUTING_ACTIONS, LoadState.LOADED), ExperienceFixture.states(manager));
    assertEquals(List.of(), manager.activePlugins());
    assertTrue(TestActions.LOG.contains("activate lobby in World"), "its actions ran: " + TestActions.LOG);
  }

  @Test
  void spawnPawn_buildsThePawnFromThePawnDatasArchetype_whichLoadedWithIt() {
    ExperienceManager manager = game.loadedInWorld(PrimaryAssetId.of("Experience", "Joust"));
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
    ExperienceManager manager = game.loadedInWorld(LOBBY);

    assertEquals("Cannot spawn a pawn: experience Experience:Lobby names no defaultPawnData and the asset manager has no default"
            + " pawn data",
        assertThrows(IllegalStateException.class, () -> manager.spawnPawn("Player")).getMessage());
  }

  @Test
  void theLocalSettings_hearWhenAnExperienceHasLoaded_asInLyra() {
    dev.overture.settings.Settings<dev.overture.settings.LocalSettings> local = dev.overture.settings.Settings.createTemporary(
        temp.resolve("LocalSettings.json"), dev.overture.settings.SettingsKind.LOCAL);
    List<String> reasons = new ArrayList<>();
    local.onApplied((before, after, reason) -> reasons.add(reason.name()));
    game.settings = game.settings.withLocalSettings(local);
    ExperienceManager manager = game.loadedInWorld(ARENA);

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
        ExperienceFixture.states(manager), "the lobby enables no plugin, so there is no LoadingGameFeatures");
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
    ExperienceManager manager = game.loadedInWorld(LOBBY);

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
}
