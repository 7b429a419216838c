package dev.overture.experience;

import dev.overture.asset.AllowedTypes;
import dev.overture.asset.AssetBundles;
import dev.overture.asset.PrimaryAssetId;
import dev.overture.core.ProblemReporter;
import dev.overture.feature.GameFeatureAction;
import dev.overture.feature.PluginId;
import java.util.List;
import java.util.Optional;

/**
 * What a game mode is, like Lyra's {@code ULyraExperienceDefinition}: the feature plugins to enable,
 * the default pawn, the actions to run and the action sets to add. A primary asset of type {@code
 * Experience}.
 *
 * <pre>{@code
 * {
 *   "gameFeaturesToEnable": ["ShooterCore"],
 *   "defaultPawnData": "HeroPawn",
 *   "actionSets": ["StandardComponents"],
 *   "actions": [ { "action": "AddWidgets", "widgets": [ { "slotId": "HUD.Slot.Score", "widgetClass": "ScoreWidget" } ] } ]
 * }
 * }</pre>
 *
 * @param gameFeaturesToEnable plugin names
 * @param defaultPawnData the pawn data players get ({@code PawnData}), loaded with the definition
 * @param actions actions run when the experience loads
 * @param actionSets action sets ({@code ActionSet}) whose actions and plugins join, loaded with the
 *     definition
 */
public record ExperienceDefinition(
    List<PluginId> gameFeaturesToEnable,
    @AssetBundles(AssetBundles.ALWAYS) @AllowedTypes("PawnData") PrimaryAssetId defaultPawnData,
    List<GameFeatureAction> actions,
    @AssetBundles(AssetBundles.ALWAYS) @AllowedTypes("ActionSet") List<PrimaryAssetId> actionSets) {

  public ExperienceDefinition {
    gameFeaturesToEnable = gameFeaturesToEnable == null ? List.of() : List.copyOf(gameFeaturesToEnable);
    actions = actions == null ? List.of() : List.copyOf(actions);
    actionSets = actionSets == null ? List.of() : List.copyOf(actionSets);
  }

  /** The default pawn data, if the experience names one. */
  public Optional<PrimaryAssetId> pawnData() {
    return Optional.ofNullable(defaultPawnData);
  }

  /** Reports problems of the actions' own data, at their place in the file. */
  public void validate(ProblemReporter problems) {
    for (int i = 0; i < actions.size(); i++) {
      actions.get(i).validate(problems.at("/actions/" + i));
    }
  }

  /**
   * The action sets this experience reaches, in the order their actions activate after its own:
   * each set after the sets it includes, depth first, each set once (a set {@code sets} does not
   * give, not loaded, is left out with what it includes). Iterative: content decides how deep
   * includes go, and no chain of them may exhaust a thread's stack. What a load activates and what
   * a check of the order of actions walks, alike.
   */
  public List<PrimaryAssetId> actionSetsInOrder(java.util.function.Function<PrimaryAssetId, Optional<ExperienceActionSet>> sets) {
    List<PrimaryAssetId> order = new java.util.ArrayList<>();
    java.util.Set<PrimaryAssetId> entered = new java.util.HashSet<>();
    java.util.Deque<java.util.Map.Entry<PrimaryAssetId, java.util.Iterator<PrimaryAssetId>>> stack = new java.util.ArrayDeque<>();
    for (PrimaryAssetId top : actionSets) {
      enter(top, sets, entered, stack);
      while (!stack.isEmpty()) {
        java.util.Map.Entry<PrimaryAssetId, java.util.Iterator<PrimaryAssetId>> frame = stack.peek();
        if (frame.getValue().hasNext()) {
          enter(frame.getValue().next(), sets, entered, stack);
        } else {
          order.add(stack.pop().getKey());
        }
      }
    }
    return order;
  }

  private static void enter(PrimaryAssetId set, java.util.function.Function<PrimaryAssetId, Optional<ExperienceActionSet>> sets,
      java.util.Set<PrimaryAssetId> entered,
      java.util.Deque<java.util.Map.Entry<PrimaryAssetId, java.util.Iterator<PrimaryAssetId>>> stack) {
    if (entered.add(set)) {
      sets.apply(set).ifPresent(found -> stack.push(java.util.Map.entry(set, found.actionSets().iterator())));
    }
  }
}
