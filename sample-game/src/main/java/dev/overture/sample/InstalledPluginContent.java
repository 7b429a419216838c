package dev.overture.sample;

import dev.overture.asset.AssetEntry;
import dev.overture.asset.PrimaryAssetId;
import dev.overture.core.Problem;
import dev.overture.experience.Experiences;
import dev.overture.feature.GameFeatures;
import dev.overture.feature.PluginId;
import dev.overture.validation.ProjectContext;
import dev.overture.validation.ProjectValidator;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Experiences inside a plugin that stays {@code Installed} when the game starts: its content is
 * indexed only once the plugin registers, so {@code play --experience} cannot find them ("No
 * experience ... is indexed"), while {@code validate}, which registers every plugin to check it,
 * sees them. Both now say the same, {@code Overture/PluginNotRegistered} at the plugin's {@code
 * initialState}: {@code play} beside its "not indexed", {@code validate} as a warning for each such
 * experience (it is content, just unreachable until the plugin registers). Stateless.
 */
final class InstalledPluginContent implements ProjectValidator {

  static final String ID = "Overture/PluginNotRegistered";

  /** The problem for {@code experience}, held by {@code plugin}, which is not registered. */
  static Problem notRegistered(GameFeatures features, PluginId plugin, PrimaryAssetId experience) {
    return Problem.error(ID, experience + " is in plugin " + plugin + ", which stays Installed when the game starts (its"
            + " initialState), so its content is not indexed and play cannot select it; set \"initialState\" to \"Registered\" in"
            + " its plugin.json to play it")
        .at(features.locateInDescriptor(plugin, "/initialState"));
  }

  /**
   * {@code failure} with, when it says an experience is not indexed and an installed plugin holds
   * it, {@link #notRegistered} after it.
   */
  static List<Problem> hints(List<Problem> failure, GameFeatures features, PrimaryAssetId experience) {
    List<Problem> problems = new ArrayList<>(failure);
    if (experience != null && failure.stream().anyMatch(problem -> problem.id().equals("Overture/UnknownExperience"))) {
      PrimaryAssetId id = experience.type().equals(Experiences.EXPERIENCE) ? experience : new PrimaryAssetId(Experiences.EXPERIENCE, experience.name());
      Optional<PluginId> holder = features.unregisteredHolderOf(id);
      holder.filter(plugin -> features.state(plugin) == dev.overture.feature.PluginState.INSTALLED)
          .ifPresent(plugin -> problems.add(notRegistered(features, plugin, id)));
    }
    return problems;
  }

  /**
   * {@link SampleContent#withPluginsInError}, and {@link #notRegistered} when an installed plugin
   * holds {@code experience} (the id asked for; null when none was).
   */
  static dev.overture.core.ProblemException withHints(
      dev.overture.core.ProblemException failure, GameFeatures features, PrimaryAssetId experience) {
    dev.overture.core.ProblemException withErrors = SampleContent.withPluginsInError(failure, features);
    List<Problem> problems = hints(withErrors.problems(), features, experience);
    return problems.size() == withErrors.problems().size()
        ? withErrors : new dev.overture.core.ProblemException(withErrors.heading(), problems, failure);
  }

  @Override
  public void isDataValid(ProjectContext context) {
    Optional<GameFeatures> features = context.features();
    if (features.isEmpty()) {
      return;
    }
    for (PluginId plugin : features.get().installedAtStart()) {
      for (PrimaryAssetId experience : context.assets().index().ids(Experiences.EXPERIENCE)) {
        Optional<AssetEntry> entry = context.assets().index().find(experience);
        if (entry.isPresent() && entry.get().root().equals(plugin.name())) {
          Problem problem = notRegistered(features.get(), plugin, experience);
          context.report(new Problem(dev.overture.core.Severity.WARNING, problem.id(), problem.message(),
              Optional.of(experience.toString()), problem.location(), List.of()));
        }
      }
    }
  }
}
