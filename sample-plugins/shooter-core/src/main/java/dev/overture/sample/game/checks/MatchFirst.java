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
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * ShooterCore's rule of order ({@code Sample/MatchFirst}): an action that lays things on the match's
 * floor ({@link FloorItems}, such as TopDownArena's {@code SpawnPickups}) activates after the
 * experience's {@code ConfigureMatch}, which starts the match; before it there is no match, and the
 * action fails to activate in play. Actions activate in the experience's order: its own first, then
 * each action set after the sets it includes, each once. Validate found nothing of this, so play
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
    for (PrimaryAssetId set : setsInOrder(context, experience)) {
      if (!visit(context, id, set, ((ExperienceActionSet) context.asset(set).orElseThrow()).actions())) {
        return;
      }
    }
  }

  /**
   * The action sets {@code experience} reaches, each after the sets it includes, each once, as the
   * experience's load orders them. Iterative: content decides how deep includes go.
   */
  private static List<PrimaryAssetId> setsInOrder(ProjectContext context, ExperienceDefinition experience) {
    List<PrimaryAssetId> order = new ArrayList<>();
    Set<PrimaryAssetId> seen = new HashSet<>();
    for (PrimaryAssetId top : experience.actionSets()) {
      Deque<Map.Entry<PrimaryAssetId, Iterator<PrimaryAssetId>>> stack = new ArrayDeque<>();
      enter(context, top, seen, stack);
      while (!stack.isEmpty()) {
        Map.Entry<PrimaryAssetId, Iterator<PrimaryAssetId>> frame = stack.peek();
        if (frame.getValue().hasNext()) {
          enter(context, frame.getValue().next(), seen, stack);
        } else {
          order.add(stack.pop().getKey());
        }
      }
    }
    return order;
  }

  private static void enter(ProjectContext context, PrimaryAssetId set, Set<PrimaryAssetId> seen,
      Deque<Map.Entry<PrimaryAssetId, Iterator<PrimaryAssetId>>> stack) {
    if (seen.add(set) && context.asset(set).orElse(null) instanceof ExperienceActionSet actions) {
      stack.push(Map.entry(set, actions.actionSets().iterator()));
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
