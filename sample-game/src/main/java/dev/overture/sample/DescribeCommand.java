package dev.overture.sample;

import dev.overture.asset.AssetManager;
import dev.overture.asset.PrimaryAssetId;
import dev.overture.asset.PrimaryAssetType;
import dev.overture.core.Problem;
import dev.overture.core.ProblemException;
import dev.overture.experience.ExperienceActionSet;
import dev.overture.experience.ExperienceDefinition;
import dev.overture.experience.PawnData;
import dev.overture.feature.GameFeatureAction;
import dev.overture.feature.GameFeatures;
import dev.overture.feature.PluginDescriptor;
import dev.overture.feature.PluginId;
import dev.overture.inject.Overture;
import dev.overture.internal.Choices;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code overture describe ID}: an experience resolved without playing it: its plugins with their
 * dependencies in activation order, its action sets (included ones too), every action in the order
 * it runs, the bundles it loads and its pawn.
 */
@Command(name = "describe", mixinStandardHelpOptions = true, description = "Show an experience resolved: plugins, action sets, actions, bundles, pawn and tiles.")
final class DescribeCommand implements Callable<Integer> {

  private static final PrimaryAssetType EXPERIENCE = PrimaryAssetType.of("Experience");

  @Mixin ContentOptions content;
  @Spec CommandSpec spec;

  @Parameters(paramLabel = "ID", description = "The experience, \"Control\" or \"Experience:Control\".")
  String experience;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    try (Overture overture = SampleContent.openReady(content.folderOrNull())) {
      AssetManager assets = overture.assets();
      GameFeatures features = overture.features();
      PrimaryAssetId id = PrimaryAssetId.parse(experience.trim(), EXPERIENCE);
      if (!id.type().equals(EXPERIENCE) || assets.index().find(id).isEmpty()) {
        List<String> names = assets.index().ids(EXPERIENCE).stream().map(PrimaryAssetId::toString).toList();
        throw new ProblemException("Cannot describe " + experience, List.of(
            Problem.error("Overture/UnknownExperience", "No experience " + id + " is indexed")
                .withChoices("experiences", Choices.closest(id.toString(), names))));
      }
      ExperienceDefinition definition = assets.loadSynchronously(id, ExperienceDefinition.class);
      out.printf("%s (%s)%n", id, assets.index().find(id).orElseThrow().file());

      List<String> sets = new ArrayList<>();
      List<String> actions = new ArrayList<>();
      Set<PluginId> pluginNames = new LinkedHashSet<>(definition.gameFeaturesToEnable());
      for (int i = 0; i < definition.actions().size(); i++) {
        actions.add(id + " actions[" + i + "] " + kind(definition.actions().get(i)));
      }
      for (PrimaryAssetId set : definition.actionSets()) {
        include(assets, set, "", sets, actions, pluginNames, new LinkedHashSet<>());
      }

      List<PluginId> ordered = new ArrayList<>();
      for (PluginId name : pluginNames) {
        activationOrder(features, name, ordered);
      }
      out.println("Plugins (in activation order):");
      for (PluginId name : ordered) {
        PluginDescriptor plugin = features.descriptor(name).orElseThrow();
        List<String> needs = plugin.dependencies().stream().map(d -> d.name() + " " + d.versions()).toList();
        out.printf("  %s %s%s%s%n", plugin.name(), plugin.version(), needs.isEmpty() ? "" : " (needs " + String.join(", ", needs) + ")",
            pluginNames.contains(name) ? "" : " (a dependency)");
      }
      if (ordered.isEmpty()) {
        out.println("  none");
      }
      out.println("Action sets:");
      sets.forEach(set -> out.println("  " + set));
      if (sets.isEmpty()) {
        out.println("  none");
      }
      out.println("Actions (in the order they run):");
      actions.forEach(action -> out.println("  " + action));
      out.println("Bundles: equipped always, client unless a dedicated server, server unless a client");
      if (definition.pawnData().isPresent()) {
        PawnData pawn = assets.loadSynchronously(definition.pawnData().get(), PawnData.class);
        out.printf("Pawn: %s, %s (%s)%n", definition.pawnData().get(), pawn.displayName(), pawn.pawnClass());
      } else {
        out.println("Pawn: none");
      }
      for (Tiles.Tile tile : Tiles.load(assets)) {
        if (tile.tile().experienceId().equals(id)) {
          out.printf("Tile: %s \"%s\", map %s%s%n", tile.id(), tile.tile().tileTitle(),
              tile.tile().map().map(Object::toString).orElse("none"), tile.tile().isDefaultExperience() ? " (default)" : "");
        }
      }
      out.flush();
      return 0;
    }
  }

  private static String kind(GameFeatureAction action) {
    return action.getClass().getSimpleName();
  }

  private static void include(AssetManager assets, PrimaryAssetId set, String indent, List<String> sets, List<String> actions,
      Set<PluginId> plugins, Set<PrimaryAssetId> seen) {
    if (!seen.add(set)) {
      return;
    }
    ExperienceActionSet loaded = assets.loadSynchronously(set, ExperienceActionSet.class);
    sets.add(indent + set);
    for (PrimaryAssetId included : loaded.actionSets()) {
      include(assets, included, indent + "  ", sets, actions, plugins, seen);
    }
    plugins.addAll(loaded.gameFeaturesToEnable());
    for (int i = 0; i < loaded.actions().size(); i++) {
      actions.add(set + " actions[" + i + "] " + kind(loaded.actions().get(i)));
    }
  }

  static void activationOrder(GameFeatures features, PluginId name, List<PluginId> ordered) {
    if (ordered.contains(name)) {
      return;
    }
    if (!features.isInstalled(name)) {
      throw new IllegalArgumentException("Plugin \"" + name + "\" is not installed (installed: "
          + String.join(", ", features.plugins().stream().map(PluginId::name).toList()) + ")");
    }
    PluginDescriptor plugin = features.descriptor(name).orElseThrow(
        () -> new IllegalArgumentException("Plugin \"" + name + "\" could not be read: " + features.failure(name).map(Exception::getMessage).orElse("")));
    for (PluginDescriptor.Dependency dependency : plugin.dependencies()) {
      activationOrder(features, dependency.name(), ordered);
    }
    ordered.add(name);
  }
}
