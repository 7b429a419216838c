package dev.overture.feature;

import dev.overture.asset.AssetManager;
import dev.overture.asset.PrimaryAssetId;
import dev.overture.core.Problem;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;

/**
 * The plugins a list of names asks for, resolved against the installed ones ({@link
 * GameFeatures#resolve}): those to request, each after those of them it depends on; every plugin
 * that ends up enabled (with their dependencies); the names that are not installed; and the check
 * that content uses a plugin's kinds only where that plugin is enabled. Immutable; any thread.
 */
public final class PluginSet {

  /**
   * A kind used where the plugin that contributes it is not enabled.
   *
   * @param pointer where in the action, relative to it ({@code ""} for the action's own kind)
   * @param problem what is wrong ({@code Overture/PluginNotEnabled}), without asset or location
   */
  public record Misuse(String pointer, Problem problem) {}

  private final List<PluginId> plugins;
  private final Set<PluginId> enabled;
  private final Map<PluginId, Problem> unknown;
  private final BiFunction<Contribution.Kind, String, Optional<PluginId>> contributors;
  private final AssetManager assets;

  PluginSet(
      List<PluginId> plugins,
      Set<PluginId> enabled,
      Map<PluginId, Problem> unknown,
      BiFunction<Contribution.Kind, String, Optional<PluginId>> contributors,
      AssetManager assets) {
    this.plugins = List.copyOf(plugins);
    this.enabled = Collections.unmodifiableSet(new LinkedHashSet<>(enabled));
    this.unknown = Collections.unmodifiableMap(new LinkedHashMap<>(unknown));
    this.contributors = contributors;
    this.assets = assets;
  }

  /**
   * The installed plugins among the names, each once, each after those of them it depends on,
   * otherwise in the order named: what to request, and the order an experience reports them in.
   */
  public List<PluginId> plugins() {
    return plugins;
  }

  /** The installed plugins named and everything they depend on, directly or not, in the order found. */
  public Set<PluginId> enabled() {
    return enabled;
  }

  /**
   * The names that are no installed plugin, each with its problem ({@code Overture/UnknownPlugin},
   * listing the closest installed names), without asset or location: the caller knows where it
   * named them.
   */
  public Map<PluginId, Problem> unknown() {
    return unknown;
  }

  /**
   * Actions and components a plugin contributes exist only where that plugin is enabled, as a game
   * feature's classes do in Unreal: the uses of such a kind by {@code action} (its own kind, and
   * its {@link GameFeatureAction#contributions()}) whose plugin this set does not enable. {@code
   * user} names what enables the set (an experience) in the messages.
   */
  public List<Misuse> misuses(GameFeatureAction action, PrimaryAssetId user) {
    List<Misuse> found = new ArrayList<>();
    if (action == null) {
      return found;
    }
    assets.tools().kindName(action.getClass()).ifPresent(kind -> check(Contribution.Kind.ACTION, kind, "", user, found));
    for (Contribution contribution : action.contributions()) {
      check(contribution.kind(), contribution.name(), contribution.pointer(), user, found);
    }
    return found;
  }

  private void check(Contribution.Kind kind, String name, String pointer, PrimaryAssetId user, List<Misuse> found) {
    contributors.apply(kind, name).filter(owner -> !enabled.contains(owner)).ifPresent(owner -> found.add(new Misuse(pointer,
        Problem.error("Overture/PluginNotEnabled", kind + " \"" + name + "\" belongs to plugin " + owner + ", which " + user
                + " does not enable; add \"" + owner + "\" to its gameFeaturesToEnable")
            .withChoices("enabled", enabled.stream().map(PluginId::name).toList()))));
  }

  @Override
  public String toString() {
    return "PluginSet[" + plugins + (unknown.isEmpty() ? "" : ", unknown " + unknown.keySet()) + "]";
  }
}
