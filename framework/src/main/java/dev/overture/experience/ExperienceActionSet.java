package dev.overture.experience;

import dev.overture.asset.AllowedTypes;
import dev.overture.asset.AssetBundles;
import dev.overture.asset.PrimaryAssetId;
import dev.overture.core.ProblemReporter;
import dev.overture.feature.GameFeatureAction;
import dev.overture.feature.PluginId;
import java.util.List;

/**
 * Actions and plugins that several experiences share, like Lyra's {@code
 * ULyraExperienceActionSet}: standard components, a standard HUD, shared input. A primary asset of
 * type {@code ActionSet}.
 *
 * <p>A set may include other sets ({@code "actionSets"}): their actions and plugins join, before
 * its own, each set once however many sets include it. Sets must not include themselves, directly
 * or through others: such a cycle fails the load ({@code Overture/ReferenceCycle}), and validation
 * reports it.
 *
 * @param actions actions run when an experience that includes the set loads
 * @param gameFeaturesToEnable plugin names the set needs
 * @param actionSets other sets this one includes, loaded with it
 */
public record ExperienceActionSet(
    List<GameFeatureAction> actions,
    List<PluginId> gameFeaturesToEnable,
    @AssetBundles(value = AssetBundles.ALWAYS, acyclic = true) @AllowedTypes("ActionSet") List<PrimaryAssetId> actionSets) {

  public ExperienceActionSet {
    actions = actions == null ? List.of() : List.copyOf(actions);
    gameFeaturesToEnable = gameFeaturesToEnable == null ? List.of() : List.copyOf(gameFeaturesToEnable);
    actionSets = actionSets == null ? List.of() : List.copyOf(actionSets);
  }

  /** Reports problems of the actions' own data, at their place in the file. */
  public void validate(ProblemReporter problems) {
    for (int i = 0; i < actions.size(); i++) {
      actions.get(i).validate(problems.at("/actions/" + i));
    }
  }
}
