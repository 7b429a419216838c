package dev.overture.experience;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.overture.asset.PrimaryAssetId;
import dev.overture.core.ProblemReporter;
import dev.overture.feature.GameFeatureAction;
import dev.overture.world.NetMode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The experience's data as content authors write it: definitions and action sets report their
 * actions' own problems at the action's place in the file, tag relationships left out of a pawn's
 * file read as none, and the manager is not saved with its world.
 */
class ExperienceDataTest {

  @TempDir Path temp;

  /** Collects what is reported, as "level id pointer: message". */
  private static final class Collected implements ProblemReporter {
    final List<String> reported = new ArrayList<>();

    @Override
    public void error(String id, String pointer, String message) {
      reported.add("error " + id + " " + pointer + ": " + message);
    }

    @Override
    public void warning(String id, String pointer, String message) {
      reported.add("warning " + id + " " + pointer + ": " + message);
    }
  }

  /** An action whose own data has a problem at {@code /what}. */
  private static GameFeatureAction complaining(String what) {
    return new GameFeatureAction() {
      @Override
      public void validate(ProblemReporter problems) {
        problems.warning("Test/Odd", "/" + what, what + " is odd");
      }
    };
  }

  private static final GameFeatureAction FINE = new GameFeatureAction() {};

  @Test
  void aDefinition_reportsEachActionsProblems_atThatActionsPlace() {
    ExperienceDefinition definition = new ExperienceDefinition(null, null,
        List.of(complaining("first"), FINE, complaining("third")), null);
    Collected collected = new Collected();

    definition.validate(collected);

    assertEquals(List.of("warning Test/Odd /actions/0/first: first is odd", "warning Test/Odd /actions/2/third: third is odd"),
        collected.reported);
  }

  @Test
  void anActionSet_reportsEachActionsProblems_atThatActionsPlace() {
    ExperienceActionSet set = new ExperienceActionSet(List.of(FINE, complaining("second")), null, null);
    Collected collected = new Collected();

    set.validate(collected);

    assertEquals(List.of("warning Test/Odd /actions/1/second: second is odd"), collected.reported);
    new ExperienceActionSet(null, null, null).validate(collected);
    assertEquals(1, collected.reported.size(), "a set without actions reports nothing");
  }

  @Test
  void tagRelationshipsLeftOut_readAsNone_andTheRulesCannotBeChangedAfterwards() {
    try (ExperienceFixture game = new ExperienceFixture(temp, content -> content
        .file("experiences/Tagged.json", "{ \"defaultPawnData\": \"Tagged\" }")
        .file("pawns/Tagged.json", "{ \"pawnClass\": \"Pawn\", \"tagRelationshipMapping\": \"tags/tagged.json\" }")
        .file("tags/tagged.json", "{ \"relationships\": [ { \"abilityTag\": \"Ability.Jump\" },"
            + " { \"abilityTag\": \"Ability.Dash\", \"abilityTagsToBlock\": [\"Ability.Jump\"] } ] }")
        .file("tags/empty.json", "{}"))) {
      ExperienceManager manager = game.loadedInWorld(PrimaryAssetId.of("Experience", "Tagged"));
      assertEquals(LoadState.LOADED, manager.state(), () -> manager.failure().map(Throwable::getMessage).orElse(""));

      PawnData.TagRelationshipMapping mapping =
          game.assets.getAsset(manager.pawnData().orElseThrow().tagRelationshipMapping()).orElseThrow();

      assertEquals(List.of(
              new PawnData.TagRelationshipMapping.Relationship("Ability.Jump", List.of(), List.of()),
              new PawnData.TagRelationshipMapping.Relationship("Ability.Dash", List.of("Ability.Jump"), List.of())),
          mapping.relationships());
      assertThrows(UnsupportedOperationException.class, () -> mapping.relationships().clear());
      assertThrows(UnsupportedOperationException.class, () -> mapping.relationships().get(1).abilityTagsToBlock().clear());
    }
    assertEquals(List.of(), new PawnData.TagRelationshipMapping(null).relationships(), "a mapping without rules");
  }

  @Test
  void theManager_isNotSavedWithItsWorld() {
    try (ExperienceFixture game = new ExperienceFixture(temp)) {
      assertFalse(game.install("World", NetMode.STANDALONE).isPersistent());
    }
  }
}
