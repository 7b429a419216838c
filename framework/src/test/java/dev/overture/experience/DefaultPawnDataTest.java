package dev.overture.experience;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.overture.asset.AssetIndexException;
import dev.overture.asset.AssetSource;
import dev.overture.asset.PrimaryAssetId;
import dev.overture.core.Problem;
import dev.overture.inject.Overture;
import dev.overture.testing.Content;
import dev.overture.validation.ValidationReport;
import dev.overture.world.World;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A hostile review: the game's default pawn data (overture.json) was never validated. validate
 * called content valid whose default named no asset, and play failed with the problem placed
 * nowhere; one naming a map failed play with a stack trace. Now a reference of another type is
 * refused where overture.json is read, and an unknown one by validate and by the load alike, at
 * overture.json's "defaultPawnData".
 */
class DefaultPawnDataTest {

  @TempDir Path temp;

  private static Content game(String defaultPawnData) {
    return Content.of()
        .file("overture.json", "{\n  \"defaultPawnData\": \"" + defaultPawnData + "\"\n}\n")
        .file("experiences/Duel.json", "{ \"actions\": [] }")
        .file("pawns/Fighter.json", "{ \"pawnClass\": \"Pawn\", \"displayName\": \"Fighter\" }")
        .file("maps/Pit.json", "{ \"title\": \"The Pit\" }");
  }

  private static String shown(Problem problem) {
    return problem.id() + " " + problem.message() + " at " + problem.location().map(at -> at.line() + ":" + at.column() + " "
        + at.pointer()).orElse("nowhere");
  }

  @Test
  void anUnknownDefault_isRefusedByValidate_andByTheLoad_inTheSameWords_atOvertureJson() {
    assertRefusedAlike("PawnData:Figther",
        "Overture/UnknownAsset No asset PawnData:Figther is indexed (indexed: \"PawnData:Fighter\") at 2:22 /defaultPawnData");
  }

  /**
   * One naming a map failed play with a stack trace ("Map:Pit is a MapDefinition, not a PawnData"):
   * it is refused where overture.json is read, as an experience's own defaultPawnData would be.
   */
  @Test
  void aDefaultOfAnotherType_isRefusedWhereOvertureJsonIsRead() {
    Path game = game("Map:Pit").writeTo(temp.resolve("game"));
    AssetIndexException refused = assertThrows(AssetIndexException.class,
        () -> Overture.builder().contentRoot(AssetSource.directory(game)).workerThreads(2).build().close());
    assertEquals(List.of("Overture/WrongAssetType Reference \"Map:Pit\" is of type Map, which this field does not take"
        + " (allowed: \"PawnData\") at 2:22 /defaultPawnData"), refused.problems().stream().map(DefaultPawnDataTest::shown).toList());
  }

  /** {@code defaultPawnData} in overture.json refused by validate and by a load falling back to it, as {@code expected}. */
  private void assertRefusedAlike(String defaultPawnData, String expected) {
    Path game = game(defaultPawnData).writeTo(temp.resolve("game"));
    // The validator blocks while assets load, so this runtime reads files on its own pool.
    try (Overture overture = Overture.builder().contentRoot(AssetSource.directory(game)).workerThreads(2).build()) {
      ValidationReport report = overture.validator().run();
      List<Problem> errors = report.problems().stream().filter(Problem::isError).toList();
      assertEquals(List.of(expected), errors.stream().map(DefaultPawnDataTest::shown).toList());
      assertEquals(game.resolve("overture.json").toString(), errors.get(0).location().orElseThrow().file());

      World world = overture.worlds().create("Match");
      ExperienceManager experience = ExperienceManager.of(world).orElseThrow();
      experience.setCurrentExperience(PrimaryAssetId.parse("Experience:Duel"));
      await().pollInSameThread().atMost(Duration.ofSeconds(30)).until(() -> {
        world.tick(0);
        return experience.state() == LoadState.LOADED || experience.state() == LoadState.FAILED;
      });
      assertEquals(List.of(expected), experience.failure().orElseThrow().problems().stream().map(DefaultPawnDataTest::shown).toList());
    }
  }
}
