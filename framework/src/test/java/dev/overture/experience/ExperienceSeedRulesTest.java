package dev.overture.experience;

import static dev.overture.experience.ExperienceFixture.LOBBY;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.asset.PrimaryAssetId;
import dev.overture.core.Problem;
import dev.overture.core.ProblemException;
import dev.overture.version.EngineVersion;
import dev.overture.world.NetMode;
import dev.overture.world.Pawn;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The experience manager against the seeds' own words (issue 18): Lyra's asset manager's default
 * pawn data (seed 001, {@code TSoftObjectPtr<ULyraPawnData> DefaultPawnData}), and seed 000's rules
 * for assets a newer engine saved, as experiences meet them.
 */
class ExperienceSeedRulesTest {

  private static final String NEWER = "\"$version\": { \"engine\": \"9.0.0-1\", \"custom\": [] }";
  private static final PrimaryAssetId FUTURE = PrimaryAssetId.of("Experience", "Future");
  private static final PrimaryAssetId DUEL = PrimaryAssetId.of("Experience", "Duel");

  @TempDir Path temp;
  private ExperienceFixture game;

  @AfterEach
  void tearDown() {
    if (game != null) {
      game.close();
    }
  }

  /** The fixture at engine 1.0.0-500, with an experience and a pawn data a newer engine saved. */
  private ExperienceFixture open(boolean withDefaultPawnData) {
    game = new ExperienceFixture(temp, content -> content
            .file("experiences/Future.json", "{ " + NEWER + ", \"defaultPawnData\": \"Hero\" }")
            .file("experiences/Duel.json", "{ \"defaultPawnData\": \"Newer\" }")
            .file("pawns/Newer.json", "{ " + NEWER + ", \"pawnClass\": \"Pawn\", \"displayName\": \"Newer\" }")
            .file("pawns/Default.json", "{ \"pawnClass\": \"Pawn\", \"displayName\": \"Default\" }"),
        builder -> {
          builder.engineVersion(EngineVersion.parse("1.0.0-500"), EngineVersion.parse("1.0.0-500"));
          if (withDefaultPawnData) {
            builder.defaultPawnData(PrimaryAssetId.of("PawnData", "Default"));
          }
        });
    return game;
  }

  @Test
  void anExperienceThatNamesNoPawnData_usesTheAssetManagersDefaultPawnData() {
    open(true);
    ExperienceManager manager = game.loadedInWorld(LOBBY);

    assertEquals(LoadState.LOADED, manager.state(), () -> manager.failure().map(Throwable::getMessage).orElse(""));
    assertEquals(PrimaryAssetId.of("PawnData", "Default"), game.assets.defaultPawnData().orElseThrow());
    assertEquals("Default", manager.pawnData().orElseThrow().displayName());
    Pawn pawn = manager.spawnPawn("Player");
    assertEquals("Player", pawn.name());
    manager.deactivate();
    game.pump();
    assertEquals(0, game.assets.stats().loaded(), "the default pawn data is released with the experience");
  }

  @Test
  void anExperienceThatNamesItsOwnPawnData_keepsIt() {
    open(true);
    ExperienceManager manager = game.loadedInWorld(PrimaryAssetId.of("Experience", "Arena"));

    assertEquals("Hero", manager.pawnData().orElseThrow().displayName());
    assertTrue(game.assets.getAsset(PrimaryAssetId.of("PawnData", "Default")).isEmpty(), "the default was not even loaded");
  }

  @Test
  void pawnDataANewerEngineSaved_loadsAsNull_andTheDefaultTakesItsPlace() {
    open(true);
    ExperienceManager manager = game.loadedInWorld(DUEL);

    assertEquals(LoadState.LOADED, manager.state(), () -> manager.failure().map(Throwable::getMessage).orElse(""));
    assertEquals("Default", manager.pawnData().orElseThrow().displayName());
    assertFalse(game.assets.index().ids().contains(PrimaryAssetId.of("PawnData", "Newer")), "no longer listed");
  }

  @Test
  void anExperienceThatNeedsANewerEngine_isReportedAsSuch_whenAskedForById() {
    open(false);
    ExperienceManager manager = game.install("World", NetMode.STANDALONE);
    String needs = "Saved by engine 9.0.0-1, which needs 9.0.0-1 or newer to read it; this build is 1.0.0-500 (the file is left as"
        + " it is)";

    manager.setCurrentExperience(FUTURE);
    game.pump();

    assertEquals(LoadState.FAILED, manager.state());
    Problem loaded = manager.failure().orElseThrow().problems().get(0);
    assertEquals("Overture/NewerEngine", loaded.id());
    assertEquals(needs, loaded.message());
    assertEquals(game.root.resolve("experiences/Future.json").toString(), loaded.location().orElseThrow().file());

    game.assets.tools().checkVersions();
    assertFalse(game.assets.index().ids().contains(FUTURE), "not listed");
    CompletableFuture<ExperienceSelection.Selected> selected =
        ExperienceSelection.builder().commandLine(List.of("-Experience=Future")).build().select(game.assets);
    ProblemException refused = (ProblemException) assertThrowsCause(selected);
    assertEquals(List.of(loaded), refused.problems(), "asked for by id once it is hidden: the same problem, not an unknown id");
  }

  @Test
  void aPawnArchetypeANewerEngineSaved_failsTheLoad_sayingNoPawnCanBeBuilt() {
    game = new ExperienceFixture(temp, content -> content
            .file("experiences/Siege.json", "{ \"defaultPawnData\": \"Ram\" }")
            .file("pawns/Ram.json", "{ \"pawnClass\": \"Archetype:Ram\" }")
            .file("archetypes/Ram.json", "{ " + NEWER + ", \"class\": \"Knight\" }"),
        builder -> builder.engineVersion(EngineVersion.parse("1.0.0-500"), EngineVersion.parse("1.0.0-500")));
    ExperienceManager manager = game.loadedInWorld(PrimaryAssetId.of("Experience", "Siege"));

    assertEquals(LoadState.FAILED, manager.state());
    List<Problem> problems = manager.failure().orElseThrow().problems();
    assertEquals(1, problems.size(), problems.toString());
    assertEquals("Overture/WrongClass", problems.get(0).id());
    assertEquals("The pawn class of PawnData:Ram is Archetype:Ram, which this build cannot read (a newer engine saved it),"
        + " so no pawn can be built", problems.get(0).message());
    assertEquals(game.root.resolve("pawns/Ram.json").toString(), problems.get(0).location().orElseThrow().file());
    assertEquals("/pawnClass", problems.get(0).location().orElseThrow().pointer());
  }

  private static Throwable assertThrowsCause(CompletableFuture<?> future) {
    try {
      future.join();
    } catch (CompletionException e) {
      return e.getCause();
    }
    throw new AssertionError("expected a failure");
  }
}
