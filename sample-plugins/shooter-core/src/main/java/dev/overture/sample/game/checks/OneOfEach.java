package dev.overture.sample.game.checks;

import dev.overture.asset.PrimaryAssetId;
import dev.overture.asset.PrimaryAssetType;
import dev.overture.experience.ExperienceActionSet;
import dev.overture.experience.ExperienceDefinition;
import dev.overture.feature.GameFeatureAction;
import dev.overture.sample.game.OnePerWorld;
import dev.overture.validation.ProjectContext;
import dev.overture.validation.ProjectValidator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * ShooterCore's rule of one of each ({@code Sample/TwiceInAWorld}): an experience runs at most one
 * action adding each {@link OnePerWorld} component to the game state, counting its own actions and
 * those of its action sets; the second would fail to activate in play ("ArenaGameState[GameState]
 * already has a component named ..."), which validate passed (found by differential fuzzing of
 * validate against play). Reported at the second, in the experience's order of activation. Stateless.
 */
public final class OneOfEach implements ProjectValidator {

  private static final PrimaryAssetType EXPERIENCE = PrimaryAssetType.of("Experience");

  /** Where an action adding a component is written. */
  private record Place(PrimaryAssetId asset, int index) {}

  @Override
  public void isDataValid(ProjectContext context) {
    for (PrimaryAssetId id : context.assets().index().ids(EXPERIENCE)) {
      if (context.asset(id).orElse(null) instanceof ExperienceDefinition experience) {
        check(context, id, experience);
      }
    }
  }

  /** Walks {@code experience}'s actions in the order they activate, as {@link MatchFirst} does. */
  private static void check(ProjectContext context, PrimaryAssetId id, ExperienceDefinition experience) {
    Map<String, Place> first = new HashMap<>();
    visit(context, id, id, experience.actions(), first);
    for (PrimaryAssetId set : experience.actionSetsInOrder(setId -> context.asset(setId)
        .filter(ExperienceActionSet.class::isInstance).map(ExperienceActionSet.class::cast))) {
      visit(context, id, set, ((ExperienceActionSet) context.asset(set).orElseThrow()).actions(), first);
    }
  }

  private static void visit(ProjectContext context, PrimaryAssetId experience, PrimaryAssetId asset,
      List<GameFeatureAction> actions, Map<String, Place> first) {
    for (int i = 0; i < actions.size(); i++) {
      if (!(actions.get(i) instanceof OnePerWorld action)) {
        continue;
      }
      String component = action.gameStateComponent();
      Place earlier = first.putIfAbsent(component, new Place(asset, i));
      if (earlier != null) {
        String name = actions.get(i).getClass().getSimpleName();
        context.about(asset).error("Sample/TwiceInAWorld", "/actions/" + i, "A second " + name + " in " + experience + ": "
            + earlier.asset() + " /actions/" + earlier.index() + " already adds " + component + " to the game state, and a world"
            + " holds one, so this one would fail in play; remove one of them");
      }
    }
  }
}
