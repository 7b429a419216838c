package dev.overture.experience;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.asset.PrimaryAssetId;
import dev.overture.testing.Content;
import dev.overture.testing.TestRuntime;
import dev.overture.testing.TestWorld;
import dev.overture.world.Pawn;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Steps of one experience load that a game shows or relies on: the loading screen's progress moves
 * with the bundle's assets instead of sitting still until the plugins, a switch during the chaos
 * testing delay leaves no timer behind, and a reload that changes the pawn data hands the new data
 * to the pawns already playing.
 */
class ExperienceLoadStepsTest {

  private static Content content() {
    Content content = Content.of()
        .file("experiences/Duel.json", "{ \"defaultPawnData\": \"Fighter\", \"actionSets\": [\"A\", \"B\", \"C\", \"D\"] }")
        .file("experiences/Brawl.json", "{ \"defaultPawnData\": \"Fighter\" }")
        .file("pawns/Fighter.json", "{ \"pawnClass\": \"Pawn\", \"displayName\": \"Fighter\","
            + " \"defaultCameraMode\": \"cameras/Follow.json\","
            + " \"abilitySets\": [\"abilities/1.json\", \"abilities/2.json\", \"abilities/3.json\", \"abilities/4.json\"] }")
        .file("cameras/Follow.json", "{ \"distance\": 5, \"height\": 2 }")
        .file("pawns/Brawler.json", "{ \"pawnClass\": \"Pawn\", \"displayName\": \"Brawler\" }");
    for (String set : List.of("A", "B", "C", "D")) {
      content.file("actionsets/" + set + ".json", "{ \"actions\": [] }");
    }
    for (int i = 1; i <= 4; i++) {
      content.file("abilities/" + i + ".json", "{}"); // in the pawn data's bundles: read by the bundle load
    }
    return content;
  }

  @Test
  void theLoadingProgress_movesWithTheBundlesAssets_andNeverGoesBack() {
    try (TestRuntime runtime = TestRuntime.builder(content()).build()) {
      TestWorld world = runtime.world("Match");
      ExperienceManager manager = world.experience();
      manager.setCurrentExperience(PrimaryAssetId.parse("Experience:Duel"));
      List<Double> seen = new ArrayList<>();
      List<LoadState> states = new ArrayList<>();
      do {
        world.world().runPendingTasks();
        seen.add(manager.loadProgress());
        states.add(manager.state());
      } while (runtime.workers().runNext() || runtime.plugins().runNext() || world.world().runPendingTasks() > 0);
      world.settle().assertLoaded();

      for (int i = 1; i < seen.size(); i++) {
        assertTrue(seen.get(i) >= seen.get(i - 1), "went back: " + seen);
      }
      double highestWhileLoading = 0;
      for (int i = 0; i < seen.size(); i++) {
        if (states.get(i) == LoadState.LOADING) {
          highestWhileLoading = Math.max(highestWhileLoading, seen.get(i));
        }
      }
      assertTrue(highestWhileLoading > 0.1 && highestWhileLoading <= 0.8,
          "the bundle's assets move it past the definition's share: " + seen + " " + states);
      assertEquals(1.0, manager.loadProgress());
    }
  }

  @Test
  void aSwitchDuringTheChaosTestingDelay_leavesNoTimerBehind() {
    try (TestRuntime runtime = TestRuntime.builder(content())
        .overture(overture -> overture.experienceSettings(ExperienceSettings.defaults().withChaosDelay(5, 0, 1)))
        .build()) {
      TestWorld world = runtime.world("Match");
      ExperienceManager manager = world.experience();
      manager.setCurrentExperience(PrimaryAssetId.parse("Experience:Brawl"));
      runtime.pump();
      assertEquals(LoadState.LOADING_CHAOS_TESTING_DELAY, manager.state());
      assertEquals(1, world.world().pendingTimers());

      world.switchTo("Duel");

      assertEquals(LoadState.LOADED, world.experience().state());
      assertEquals(PrimaryAssetId.parse("Experience:Duel"), manager.experienceId().orElseThrow());
      assertEquals(0, world.world().pendingTimers(), "the abandoned load's delay was cancelled");
    }
  }

  @Test
  void aReloadThatChangesThePawnData_handsItToThePawnsAlreadyPlaying() {
    try (TestRuntime runtime = TestRuntime.builder(content()).liveContent().build()) {
      TestWorld world = runtime.world("Match").load("Brawl").assertLoaded();
      Pawn pawn = world.spawnPawn("Player");
      assertEquals("Fighter", pawn.pawnData(PawnData.class).orElseThrow().displayName());

      runtime.edit("experiences/Brawl.json", "{ \"defaultPawnData\": \"Brawler\" }");
      runtime.reload();

      assertEquals("Brawler", world.experience().pawnData().orElseThrow().displayName());
      assertEquals("Brawler", pawn.pawnData(PawnData.class).orElseThrow().displayName(), "the playing pawn has the new data");
    }
  }
}
