package dev.overture.experience;

import dev.overture.asset.AssetManager;
import dev.overture.asset.PrimaryAssetId;
import dev.overture.core.Problem;
import dev.overture.feature.GameFeatures;
import dev.overture.feature.PluginSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Checks an experience's load makes on its whole content (the experience and every action set it
 * reaches), offered to tools that check content without a world, such as the validator: both
 * then refuse the same content with the same problem, at the same place.
 *
 * <p>Stateless. Any thread, once the experience and the action sets it reaches are loaded in the
 * asset manager (an action set that is not loaded is not looked at).
 */
public final class ExperienceContentChecks {

  /**
   * A problem in an experience's content, with where it is written.
   *
   * @param problem what is wrong, naming the asset, without a location
   * @param asset the asset it is written in (the experience, or one of its action sets)
   * @param pointer the JSON pointer in that asset
   */
  public record Found(Problem problem, PrimaryAssetId asset, String pointer) {}

  private ExperienceContentChecks() {}

  /**
   * The actions and components that belong to a plugin the experience does not enable (neither
   * it nor one of its action sets names it, directly or as a dependency), as {@code
   * Overture/PluginNotEnabled}: such an experience fails to load. As the load does, this looks
   * only when every plugin the content names is installed (a name that is not is reported on its
   * own, as {@code Overture/UnknownPlugin}, and then none of these).
   */
  public static List<Found> pluginMisuses(
      PrimaryAssetId id, ExperienceDefinition experience, AssetManager assets, GameFeatures features) {
    Objects.requireNonNull(features, "features");
    ExperienceContents contents = new ExperienceContents(id, experience, assets);
    PluginSet plugins = features.resolve(contents.pluginNames().keySet());
    return plugins.unknown().isEmpty() ? pluginMisuses(contents, plugins) : List.of();
  }

  static List<Found> pluginMisuses(ExperienceContents contents, PluginSet plugins) {
    List<Found> found = new ArrayList<>();
    for (ExperienceContents.SourcedAction sourced : contents.actions()) {
      ExperienceContents.Origin action = sourced.origin();
      for (PluginSet.Misuse misuse : plugins.misuses(sourced.action(), contents.id())) {
        found.add(new Found(misuse.problem().withAsset(action.asset().toString()), action.asset(), action.pointer() + misuse.pointer()));
      }
    }
    return found;
  }
}
