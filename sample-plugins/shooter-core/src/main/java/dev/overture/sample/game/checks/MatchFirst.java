package dev.overture.sample.game.checks;

import dev.overture.asset.PrimaryAssetId;
import dev.overture.asset.PrimaryAssetType;
import dev.overture.experience.ExperienceActionSet;
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
 * action fails to activate in play. Actions activate in the experience's order: its own first, then
 * its action sets in {@link ExperienceDefinition#actionSetsInOrder}'s order, which the load follows too. Validate found nothing of this, so play
 * refused content validate had passed (a hostile review). Stateless.
 */
public final class MatchFirst implements ProjectValidator {

  private static final PrimaryAssetType EXPERIENCE = PrimaryAssetType.of("Experience");

  @Override
  public void isDataValid(ProjectContext context) {
    for (PrimaryAssetId id : context.assets().index().ids(EXPERIENCE)) {
      if (context.asset(id).orElse(null) instanceof ExperienceDefinition experience) {
        check(context, id, experience);
      }
    }
  }

  /** Walks {@code experience}'s actions in the order they activate, until its ConfigureMatch. */
  private static void check(ProjectContext context, PrimaryAssetId id, ExperienceDefinition experience) {
    if (!visit(context, id, id, experience.actions())) {
      return;
    }
    for (PrimaryAssetId set : experience.actionSetsInOrder(setId -> context.asset(setId)
        .filter(ExperienceActionSet.class::isInstance).map(ExperienceActionSet.class::cast))) {
      if (!visit(context, id, set, ((ExperienceActionSet) context.asset(set).orElseThrow()).actions())) {
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
