package dev.overture.experience;

import static dev.overture.experience.ExperienceFixture.LOBBY;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.asset.PrimaryAssetId;
import dev.overture.core.Problem;
import dev.overture.feature.PluginState;
import dev.overture.feature.TestActions;
import dev.overture.world.NetMode;
import dev.overture.world.Pawn;
import dev.overture.world.World;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;

/**
 * An experience load that fails (an unknown experience, plugin or asset, a pawn its class refuses,
 * an action that throws, a closed world) ends in {@code Failed} with the problem at its place, and
 * leaves nothing behind: no request, no pin, no action.
 */
class ExperienceLoadFailureTest extends WithExperienceFixture {

  @Test
  void aPawnArchetypeTheClassRefuses_failsTheLoad_atItsPlaceInTheArchetype() {
    ExperienceManager manager = game.loadedInWorld(PrimaryAssetId.of("Experience", "BadJoust"));

    assertEquals(LoadState.FAILED, manager.state());
    Problem problem = ExperienceFixture.onlyProblem(manager);
    assertEquals("Overture/UnknownSubobject", problem.id());
    assertEquals("Knight creates no default subobject \"Sheild\" (subobjects: \"Shield\")", problem.message());
    assertEquals(new dev.overture.core.SourceLocation(game.root + "/archetypes/Shieldless.json", 3, 29, "/subobjects/Sheild"),
        problem.location().orElseThrow());
    assertEquals("Archetype:Shieldless", problem.asset().orElseThrow());
    game.assertNothingLeft(manager);
  }

  @Test
  void aPawnWhoseConstructorThrows_failsTheLoad_insteadOfTheFirstSpawn() {
    ExperienceManager manager = game.install("World", NetMode.STANDALONE);
    CompletableFuture<ExperienceDefinition> loaded = manager.setCurrentExperience(PrimaryAssetId.of("Experience", "Curse"));
    game.pump();

    assertEquals(LoadState.FAILED, manager.state());
    assertTrue(loaded.isCompletedExceptionally());
    Problem problem = ExperienceFixture.onlyProblem(manager);
    assertEquals("Overture/ConstructionFailed", problem.id());
    assertEquals("Cannot build Cursed: The constructor of Cursed failed: cursed", problem.message());
    assertEquals(new dev.overture.core.SourceLocation(game.root + "/archetypes/Cursed.json", 1, 12, "/class"),
        problem.location().orElseThrow());
    game.assertNothingLeft(manager);
  }

  @Test
  void aPawnArchetypeOfAnotherClass_failsTheLoad_atThePawnData() {
    ExperienceManager manager = game.loadedInWorld(PrimaryAssetId.of("Experience", "ShieldJoust"));

    Problem problem = ExperienceFixture.onlyProblem(manager);
    assertEquals("Overture/WrongClass", problem.id());
    assertEquals("The pawn class of PawnData:ShieldPawn is Archetype:JustAShield, an archetype of Shield, which is not a Pawn",
        problem.message());
    assertEquals(new dev.overture.core.SourceLocation(game.root + "/pawns/ShieldPawn.json", 1, 16, "/pawnClass"),
        problem.location().orElseThrow());
    game.assertNothingLeft(manager);
  }

  @Test
  void anUnknownExperience_fails() {
    ExperienceManager manager = game.loadedInWorld(PrimaryAssetId.of("Experience", "Arean"));

    assertEquals(LoadState.FAILED, manager.state());
    Problem problem = ExperienceFixture.onlyProblem(manager);
    assertEquals("Overture/UnknownAsset", problem.id());
    assertTrue(problem.message().contains("\"Experience:Arena\""), problem.message());
    game.assertNothingLeft(manager);
  }

  @Test
  void anAssetThatIsNotAnExperience_fails() {
    ExperienceManager manager = game.loadedInWorld(PrimaryAssetId.of("PawnData", "Hero"));

    assertEquals("PawnData:Hero is a PawnData, not an experience", ExperienceFixture.onlyProblem(manager).message());
    game.assertNothingLeft(manager);
  }

  @Test
  void aBundleAssetThatFails_failsTheLoad_andUnpinsEverything() {
    ExperienceManager manager = game.loadedInWorld(PrimaryAssetId.of("Experience", "Haunted"));

    Problem problem = ExperienceFixture.onlyProblem(manager);
    assertEquals("Overture/MissingFile", problem.id());
    assertEquals(game.root + "/pawns/Ghost.json:1:39 (/inputConfig)", problem.location().orElseThrow().toString());
    game.assertNothingLeft(manager);
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
    game.assertNothingLeft(manager);
    assertEquals(PluginState.REGISTERED, game.features.state(ExperienceFixture.plugin("Combat")), "never requested");
  }

  @Test
  void aPluginNameThatCannotBeOne_isABindingError_atItsPlace() {
    game.close();
    game = new ExperienceFixture(temp.resolve("bad"), content -> content.file("experiences/Spaced.json", """
        { "gameFeaturesToEnable": ["Shooter Core"] }
        """));
    ExperienceManager manager = game.loadedInWorld(PrimaryAssetId.of("Experience", "Spaced"));

    Problem problem = manager.failure().orElseThrow().problems().get(0);
    assertEquals("Overture/InvalidValue", problem.id());
    assertEquals("Invalid plugin name \"Shooter Core\" (the \"name\" in a plugin.json, or a plugin folder's name): use ASCII"
        + " letters, digits and '_', starting with a letter, at most 64 characters; it names the plugin's content root",
        problem.message());
    assertEquals(game.root + "/experiences/Spaced.json:1:28 (/gameFeaturesToEnable/0)", problem.location().orElseThrow().toString());
  }

  @Test
  void aPluginThatCannotActivate_failsTheLoad_andReleasesEveryRequest() {
    ExperienceManager manager = game.install("World", NetMode.STANDALONE);
    CompletableFuture<ExperienceDefinition> loaded = manager.setCurrentExperience(PrimaryAssetId.of("Experience", "Needy"));
    game.pump();

    assertEquals(LoadState.FAILED, manager.state());
    assertEquals("Overture/MissingPluginDependency", ExperienceFixture.onlyProblem(manager).id(), "the id validate reports (issue 14)");
    CompletionException e = assertThrows(CompletionException.class, loaded::join);
    assertTrue(e.getCause() instanceof ExperienceLoadException);
    game.assertNothingLeft(manager);
  }

  @Test
  void anActionThatThrows_failsTheLoad_andRollsBackActionsPluginsAndPins() {
    ExperienceManager manager = game.install("World", NetMode.STANDALONE);
    Pawn pawn = manager.world().spawnActor(Pawn.class);
    manager.setCurrentExperience(PrimaryAssetId.of("Experience", "Throws"));
    game.pump();

    Problem problem = ExperienceFixture.onlyProblem(manager);
    assertEquals("Overture/ActionFailed", problem.id());
    assertEquals(
        "Experience:Throws actions[2] Record failed to activate: bad refuses to activate",
        problem.message());
    assertEquals(game.root + "/experiences/Throws.json:6:5 (/actions/2)", problem.location().orElseThrow().toString());
    assertTrue(pawn.findComponent(TestActions.Score.class).isEmpty(), "the first action was undone");
    assertTrue(TestActions.LOG.contains("undo ok in World"));
    assertEquals(PluginState.LOADED, game.features.state(ExperienceFixture.plugin("Combat")));
    game.assertNothingLeft(manager);
  }

  @Test
  void afterAFailure_anotherExperienceLoads() {
    ExperienceManager manager = game.loadedInWorld(PrimaryAssetId.of("Experience", "Needy"));

    manager.setCurrentExperience(LOBBY);
    game.pump();

    assertEquals(LoadState.LOADED, manager.state());
    assertTrue(manager.failure().isEmpty());
  }

  @Test
  void aPluginWhoseActionsFailInThisWorld_failsTheExperience() {
    ExperienceManager manager = game.loadedInWorld(PrimaryAssetId.of("Experience", "Clumsy"));

    Problem problem = ExperienceFixture.onlyProblem(manager);
    assertEquals("Overture/ActionFailed", problem.id());
    assertEquals(game.root + "/plugins/Clumsy/plugin.json:1:36 (/actions/0)", problem.location().orElseThrow().toString(),
        "located with line and column, as every problem of a descriptor");
    game.assertNothingLeft(manager);
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
  void aClosedWorld_refusesToLoad() {
    ExperienceManager manager = game.install("World", NetMode.STANDALONE);
    manager.world().close();

    IllegalStateException e = assertThrows(IllegalStateException.class, () -> manager.setCurrentExperience(LOBBY));
    assertEquals("World \"World\" has ended: it cannot load Experience:Lobby", e.getMessage());
    assertEquals(0, game.assets.stats().pinned());
  }
}
