package dev.overture.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.overture.asset.AssetManager;
import dev.overture.asset.AssetSource;
import dev.overture.asset.PrimaryAssetId;
import dev.overture.asset.ScanRule;
import dev.overture.core.Problem;
import dev.overture.experience.MapDefinition;
import dev.overture.experience.Experiences;
import dev.overture.feature.GameFeatureAction;
import dev.overture.testing.Content;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link Validator#check}, how an edit is checked before the game sees it: the checks run on the
 * edited values, the project checks see them in place of what is in memory, only problems about
 * the edited assets are kept, and each comes back located in its file. A game's own asset classes
 * need not be public for their actions to be checked.
 */
class ValidatorEditCheckTest {

  /** An action of the test's game: a wave of enemies, at least one. */
  record Wave(int enemies) implements GameFeatureAction {}

  /** A game asset of its own, package-private, holding actions and a non-list "actions"-like part. */
  record Level(String title, List<GameFeatureAction> actions) {}

  @TempDir Path temp;

  private static final PrimaryAssetId DUST = PrimaryAssetId.parse("Map:Dust");
  private static final PrimaryAssetId PIT = PrimaryAssetId.parse("Map:Pit");
  private static final PrimaryAssetId FIRST = PrimaryAssetId.parse("Level:First");

  private AssetManager assets(Content content) {
    Path root = content.writeTo(temp.resolve("assets"));
    return Experiences.register(AssetManager.builder())
        .contentRoot(AssetSource.directory(root))
        .scanRule(ScanRule.of("Level", Level.class, "levels"))
        .kind(GameFeatureAction.class, "Wave", Wave.class)
        .build();
  }

  private static final AssetValidator<MapDefinition> TITLED = new AssetValidator<>() {
    @Override
    public Class<MapDefinition> assetClass() {
      return MapDefinition.class;
    }

    @Override
    public void isDataValid(MapDefinition map, ValidationContext context) {
      if (map.title().isBlank()) {
        context.error("Game/Untitled", "/title", "A map needs a title");
      }
    }
  };

  private static final ActionValidator<Wave> SOMEONE_COMES = new ActionValidator<>() {
    @Override
    public Class<Wave> actionClass() {
      return Wave.class;
    }

    @Override
    public void isDataValid(Wave wave, ValidationContext context) {
      if (wave.enemies() < 1) {
        context.error("Game/EmptyWave", "/enemies", "A wave needs at least one enemy, not " + wave.enemies());
      }
    }
  };

  @Test
  void anEdit_isCheckedAsEdited_andOnlyItsOwnProblemsAreKept_located() {
    List<String> seenByTheProject = new ArrayList<>();
    ProjectValidator titlesDiffer = (ProjectContext context) -> {
      MapDefinition dust = (MapDefinition) context.asset(DUST).orElseThrow();
      MapDefinition pit = (MapDefinition) context.asset(PIT).orElseThrow();
      seenByTheProject.add(dust.title() + " / " + pit.title());
      if (dust.title().equals(pit.title())) {
        context.about(DUST).error("Game/SameTitle", "/title", "Two maps are called \"" + dust.title() + "\"");
        context.about(PIT).error("Game/SameTitle", "/title", "Two maps are called \"" + pit.title() + "\"");
      }
    };
    try (AssetManager assets = assets(Content.of()
        .file("maps/Dust.json", "{\n  \"title\": \"Dust\"\n}\n")
        .file("maps/Pit.json", "{ \"title\": \"Pit\" }"))) {
      assets.loadPrimaryAssets(List.of(DUST, PIT), List.of()).future().join();
      Validator validator = Validator.builder(assets).validator(TITLED).validator(titlesDiffer).build();
      MapDefinition edited = new MapDefinition("Pit", null, List.of());

      List<Problem> problems = validator.check(Map.of(DUST, edited), assets).join();

      assertEquals(List.of("Pit / Pit"), seenByTheProject, "the project check saw the edit, not what is in memory");
      assertEquals(1, problems.size(), problems.toString());
      Problem problem = problems.get(0);
      assertEquals("Game/SameTitle", problem.id());
      assertEquals("Map:Dust", problem.asset().orElseThrow(), "the problem about Pit is not the edit's");
      assertEquals(2, problem.location().orElseThrow().line(), "located in the file on disk");
    }
  }

  @Test
  void theActionsOfAGamesOwnAsset_areChecked_evenWhenItsClassIsNotPublic() throws Exception {
    try (AssetManager assets = assets(Content.of()
        .file("levels/First.json", "{ \"title\": \"First\", \"actions\": [ { \"action\": \"Wave\", \"enemies\": 3 },"
            + " { \"action\": \"Wave\", \"enemies\": 0 } ] }"))) {
      ValidationReport report = Validator.builder(assets).validator(SOMEONE_COMES).build().run();

      assertEquals(1, report.problems().size(), report.format());
      Problem problem = report.problems().get(0);
      assertEquals("Game/EmptyWave", problem.id());
      assertEquals("A wave needs at least one enemy, not 0", problem.message());
      assertEquals("/actions/1/enemies", problem.location().orElseThrow().pointer());
      assertEquals(FIRST.toString(), problem.asset().orElseThrow());
    }
  }
}
