package dev.overture.sample.game.checks;

import dev.overture.asset.PrimaryAssetId;
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
 * validate against play). Reported at the second, in the experience's order of activation
 * ({@link ActivationOrder}). Stateless.
 */
public final class OneOfEach implements ProjectValidator {

  /** Where an action adding a component is written. */
  private record Place(PrimaryAssetId asset, int index) {}

  @Override
  public void isDataValid(ProjectContext context) {
    ActivationOrder.experiences(context).forEach((id, experience) -> check(context, id, experience));
  }

  private static void check(ProjectContext context, PrimaryAssetId id, ExperienceDefinition experience) {
    Map<String, Place> first = new HashMap<>();
    for (ActivationOrder.Actions written : ActivationOrder.of(context, id, experience)) {
      visit(context, id, written.asset(), written.actions(), first);
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
