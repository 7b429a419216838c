package dev.overture.experience;

import dev.overture.core.ProblemReporter;
import dev.overture.feature.GameFeatureAction;
import java.util.List;

/**
 * Actions and plugins that several experiences share, like Lyra's {@code
 * ULyraExperienceActionSet}: standard components, a standard HUD, shared input. A primary asset of
 * type {@code ActionSet}.
 *
 * @param actions actions run when an experience that includes the set loads
 * @param gameFeaturesToEnable plugin names the set needs
 */
public record ExperienceActionSet(List<GameFeatureAction> actions, List<String> gameFeaturesToEnable) {

  public ExperienceActionSet {
    actions = actions == null ? List.of() : List.copyOf(actions);
    gameFeaturesToEnable = gameFeaturesToEnable == null ? List.of() : List.copyOf(gameFeaturesToEnable);
  }

  /** Reports problems of the actions' own data, at their place in the file. */
  public void validate(ProblemReporter problems) {
    for (int i = 0; i < actions.size(); i++) {
      actions.get(i).validate(problems.at("/actions/" + i));
    }
  }
}
