package dev.overture.sample.game.checks;

import dev.overture.asset.PrimaryAssetId;
import dev.overture.asset.PrimaryAssetType;
import dev.overture.experience.ExperienceActionSet;
import dev.overture.experience.ExperienceDefinition;
import dev.overture.feature.GameFeatureAction;
import dev.overture.validation.ProjectContext;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The experiences a check reads, and each one's actions in the order they activate: its own first,
 * then its action sets in {@link ExperienceDefinition#actionSetsInOrder}'s order, which the load
 * follows too. What the checks of order and of one-of-a-kind actions walk ({@link MatchFirst},
 * {@link OneOfEach}). Stateless.
 */
final class ActivationOrder {

  private static final PrimaryAssetType EXPERIENCE = PrimaryAssetType.of("Experience");

  /** The actions written in {@code asset} (the experience, or one of its action sets). */
  record Actions(PrimaryAssetId asset, List<GameFeatureAction> actions) {}

  private ActivationOrder() {}

  /** The indexed experiences that loaded, by id. */
  static Map<PrimaryAssetId, ExperienceDefinition> experiences(ProjectContext context) {
    Map<PrimaryAssetId, ExperienceDefinition> experiences = new LinkedHashMap<>();
    for (PrimaryAssetId id : context.assets().index().ids(EXPERIENCE)) {
      if (context.asset(id).orElse(null) instanceof ExperienceDefinition experience) {
        experiences.put(id, experience);
      }
    }
    return experiences;
  }

  /** {@code experience}'s actions, by where they are written, in the order they activate. */
  static List<Actions> of(ProjectContext context, PrimaryAssetId id, ExperienceDefinition experience) {
    List<Actions> order = new ArrayList<>(List.of(new Actions(id, experience.actions())));
    for (PrimaryAssetId set : experience.actionSetsInOrder(setId -> context.asset(setId)
        .filter(ExperienceActionSet.class::isInstance).map(ExperienceActionSet.class::cast))) {
      order.add(new Actions(set, ((ExperienceActionSet) context.asset(set).orElseThrow()).actions()));
    }
    return order;
  }
}
