package dev.overture.sample.game.checks;

import dev.overture.asset.PrimaryAssetId;
import dev.overture.experience.ExperienceDefinition;
import dev.overture.feature.GameFeatureAction;
import dev.overture.sample.game.ConfigureMatch;
import dev.overture.sample.game.FloorItems;
import dev.overture.validation.ProjectContext;
import dev.overture.validation.ProjectValidator;
import java.util.List;

/**
 * ShooterCore's rule of order ({@code Sample/MatchFirst}): an action that lays things on the match's
 * floor ({@link FloorItems}, such as TopDownArena's {@code SpawnPickups}) activates after the
 * experience's {@code ConfigureMatch}, which starts the match; before it there is no match, and the
 * action fails to activate in play. Actions activate in the experience's order ({@link
 * ActivationOrder}), which the load follows too. Validate found nothing of this, so play refused
 * content validate had passed (a hostile review). Stateless.
 */
public final class MatchFirst implements ProjectValidator {

  @Override
  public void isDataValid(ProjectContext context) {
    ActivationOrder.experiences(context).forEach((id, experience) -> check(context, id, experience));
  }

  /** Walks {@code experience}'s actions in the order they activate, until its ConfigureMatch. */
  private static void check(ProjectContext context, PrimaryAssetId id, ExperienceDefinition experience) {
    for (ActivationOrder.Actions written : ActivationOrder.of(context, id, experience)) {
      if (!visit(context, id, written.asset(), written.actions())) {
        return;
      }
    }
  }

  /** Reports each floor-laying action of {@code asset} before a ConfigureMatch; false once one is met. */
  private static boolean visit(ProjectContext context, PrimaryAssetId experience, PrimaryAssetId asset,
      List<GameFeatureAction> actions) {
    for (int i = 0; i < actions.size(); i++) {
      if (actions.get(i) instanceof ConfigureMatch) {
        return false;
      }
      if (actions.get(i) instanceof FloorItems items) {
        String name = actions.get(i).getClass().getSimpleName();
        context.about(asset).error("Sample/MatchFirst", "/actions/" + i, name + " lays " + items.floorItemsName() + " on the"
            + " match's floor, but " + experience + " activates it before its ConfigureMatch starts the match, so it would fail"
            + " in play (\"" + name + " needs a match\"); put a ConfigureMatch action before it");
      }
    }
    return true;
  }
}
