package dev.overture.inject;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.asset.AssetManager;
import dev.overture.asset.PrimaryAssetId;
import dev.overture.core.Problem;
import dev.overture.experience.LoadState;
import dev.overture.feature.GameFeatures;
import dev.overture.feature.PluginId;
import dev.overture.feature.PluginState;
import dev.overture.testing.OvertureExtension;
import dev.overture.testing.TestWorld;
import dev.overture.world.NetMode;
import dev.overture.world.Pawn;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Several worlds in one runtime, as a server hosting matches (or a client and a server in one test
 * process) has them: they share loaded assets and plugins through request counting, and nothing
 * else.
 */
class ManyWorldsTest {

  @RegisterExtension
  final OvertureExtension overture = OvertureExtension.withContent(MatchContent.content()).configure(MatchContent::register);

  private PluginState combat() {
    GameFeatures features = overture.overture().features();
    return features.state(PluginId.of("Combat"));
  }

  private int combatRequests() {
    GameFeatures features = overture.overture().features();
    return features.requestCount(PluginId.of("Combat"));
  }

  @Test
  void twoMatches_shareThePluginAndTheAssets_untilBothRelease() {
    TestWorld one = overture.world("Match-1", NetMode.DEDICATED_SERVER).load("Duel").assertLoaded();
    TestWorld two = overture.world("Match-2", NetMode.DEDICATED_SERVER).load("Brawl").assertLoaded();
    AssetManager assets = overture.overture().assets();
    PrimaryAssetId fighter = PrimaryAssetId.parse("PawnData:Fighter");

    assertEquals(2, combatRequests());
    assertEquals(List.of(PluginId.of("Combat")), one.activePlugins());
    assertEquals(List.of(PluginId.of("Combat")), two.activePlugins());

    one.deactivate();

    assertEquals(LoadState.UNLOADED, one.experience().state());
    assertEquals(PluginState.ACTIVE, combat(), "Match-2 still needs Combat");
    assertTrue(assets.getAsset(fighter).isPresent(), "Match-2 still pins the fighter's pawn data");
    assertEquals(List.of(PluginId.of("Combat")), two.activePlugins());

    two.world().close();
    java.util.concurrent.CompletableFuture<Void> idle = overture.overture().features().whenIdle();
    assertEquals(false, idle.isDone(), "the release waits on the plugin executor");
    overture.pump();

    assertTrue(idle.isDone());
    assertEquals(0, combatRequests());
    assertEquals(PluginState.LOADED, combat());
    assertEquals(0, assets.stats().pinned());
  }

  @Test
  void eachWorld_hasItsOwnActorsAndComponents() {
    TestWorld duel = overture.world("Duel", NetMode.DEDICATED_SERVER).load("Duel").assertLoaded();
    TestWorld brawl = overture.world("Brawl", NetMode.DEDICATED_SERVER).load("Brawl").assertLoaded();

    Pawn duelist = duel.spawnPawn("Player");
    Pawn brawler = brawl.spawnPawn("Player");

    assertEquals(List.of(duelist), duel.actors(Pawn.class));
    assertEquals(List.of(brawler), brawl.actors(Pawn.class));
    duel.component(duelist, MatchContent.Duelist.class);
    duel.component(duelist, MatchContent.Score.class);
    assertTrue(brawler.findComponent(MatchContent.Duelist.class).isEmpty(), "Duel's own action does not reach Brawl");
    brawl.component(brawler, MatchContent.Score.class);
  }

  @Test
  void aClientAndAServer_inOneProcess_getWhatTheirNetModeAllows() {
    TestWorld server = overture.world("Server", NetMode.DEDICATED_SERVER).load("Duel").assertLoaded();
    TestWorld client = overture.world("Client", NetMode.CLIENT).load("Duel").assertLoaded();

    Pawn onServer = server.spawnPawn("Player");
    Pawn onClient = client.spawnPawn("Player");

    server.component(onServer, MatchContent.Score.class);
    assertTrue(onClient.findComponent(MatchContent.Score.class).isEmpty(), "Score is for servers only");
    client.component(onClient, MatchContent.Duelist.class);
  }

  @Test
  void aMatchThatFails_leavesTheOtherPlaying() {
    TestWorld good = overture.world("Good").load("Duel").assertLoaded();
    TestWorld bad = overture.world("Bad").load("Broken");

    Problem problem = bad.assertProblem("Overture/UnknownPlugin");

    assertEquals("Plugin \"Magic\" is not installed", problem.message().substring(0, "Plugin \"Magic\" is not installed".length()));
    assertEquals("/gameFeaturesToEnable/1", problem.location().orElseThrow().pointer());
    assertEquals(List.of(), bad.activePlugins(), "the failed load rolled back its plugin requests");
    assertEquals(1, combatRequests());
    assertEquals(List.of(PluginId.of("Combat")), good.activePlugins());
    good.assertLoaded();
  }

  @Test
  void switchingOneMatch_doesNotDisturbTheOther() {
    TestWorld one = overture.world("One").load("Duel").assertLoaded();
    TestWorld two = overture.world("Two").load("Duel").assertLoaded();

    one.switchTo("Lobby").assertLoaded();

    assertEquals(List.of(), one.activePlugins());
    assertEquals(1, combatRequests());
    assertEquals(PluginState.ACTIVE, combat());
    two.assertLoaded();
  }

  @Test
  void activePlugins_listDependenciesFirst_whateverOrderTheirActivationsFinishIn() {
    TestWorld world = overture.world("Match").load("Both").assertLoaded();

    assertEquals(List.of(PluginId.of("Core"), PluginId.of("Combat")), world.activePlugins());
  }

  @Test
  void aComponentOfAPlugin_existsOnlyWhereThePluginIsEnabled() {
    TestWorld world = overture.world("Match").load("Sneaky");

    Problem problem = world.assertProblem("Overture/PluginNotEnabled");

    assertEquals("Component \"Score\" belongs to plugin Combat, which Experience:Sneaky does not enable; add \"Combat\" to its"
        + " gameFeaturesToEnable (enabled: \"Core\")", problem.message());
    assertEquals("/actions/0/componentList/0/componentClass", problem.location().orElseThrow().pointer());
    assertEquals(3, problem.location().orElseThrow().line());
    assertEquals(List.of(), world.activePlugins(), "nothing was activated");
  }

  @Test
  void loadProgress_coversEveryStep_andNeverGoesBack() {
    TestWorld world = overture.world("Match");
    dev.overture.testing.TestRuntime runtime = overture.runtime();
    List<Double> seen = new java.util.ArrayList<>();
    world.experience().setCurrentExperience(PrimaryAssetId.parse("Experience:Duel"));
    seen.add(world.experience().loadProgress());
    boolean ran = true;
    while (ran) { // one task at a time, so every intermediate value shows
      ran = runtime.workers().runNext() || runtime.plugins().runNext() || world.world().runPendingTasks() > 0;
      seen.add(world.experience().loadProgress());
    }

    world.assertLoaded();
    assertEquals(1.0, seen.get(seen.size() - 1));
    for (int i = 1; i < seen.size(); i++) {
      assertTrue(seen.get(i) >= seen.get(i - 1), "went back: " + seen);
    }
    assertTrue(seen.stream().anyMatch(p -> p > 0.1 && p < 0.8), "bundle progress shows: " + seen);
    assertTrue(seen.stream().anyMatch(p -> p >= 0.8 && p < 1), "plugin progress shows: " + seen);
    world.deactivate();
    assertEquals(0.0, world.experience().loadProgress());
  }

  @Test
  void theKit_saysWhatWentWrong() {
    TestWorld world = overture.world("Match").load("Broken");

    AssertionError notLoaded = assertThrows(AssertionError.class, world::assertLoaded);
    assertTrue(notLoaded.getMessage().startsWith(
        "World \"Match\": expected the experience Experience:Broken to be LOADED, but it is Failed:\n"), notLoaded.getMessage());
    assertTrue(notLoaded.getMessage().contains("Plugin \"Magic\" is not installed"), notLoaded.getMessage());
    AssertionError noSuchProblem = assertThrows(AssertionError.class, () -> world.assertProblem("Overture/Nope"));
    assertTrue(noSuchProblem.getMessage().startsWith("World \"Match\": no problem Overture/Nope; the problems were:\n"),
        noSuchProblem.getMessage());
    TestWorld loaded = overture.world("Other").load("Duel");
    AssertionError notFailed = assertThrows(AssertionError.class, loaded::assertFailed);
    assertEquals("World \"Other\": expected the experience to have FAILED, but it is Loaded", notFailed.getMessage());
  }
}
