package dev.overture.sample;

import dev.overture.asset.AssetManager;
import dev.overture.asset.PrimaryAssetId;
import dev.overture.asset.PrimaryAssetType;
import dev.overture.core.Problem;
import dev.overture.core.ProblemException;
import dev.overture.experience.ExperienceActionSet;
import dev.overture.experience.ExperienceDefinition;
import dev.overture.experience.ExperienceSelection;
import dev.overture.experience.Experiences;
import dev.overture.experience.PawnData;
import dev.overture.feature.GameFeatureAction;
import dev.overture.feature.GameFeatures;
import dev.overture.feature.PluginDescriptor;
import dev.overture.feature.PluginId;
import dev.overture.inject.Overture;
import dev.overture.feature.PluginDescriptor;
import dev.overture.feature.PluginSet;
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
@Command(addMethodSubcommands = false, name = "describe", mixinStandardHelpOptions = true, description = "Show an experience resolved: plugins, action sets, actions, bundles, pawn and tiles.")
final class DescribeCommand implements Callable<Integer> {

  private static final PrimaryAssetType EXPERIENCE = Experiences.EXPERIENCE;

  @Mixin ContentOptions content;
  @Spec CommandSpec spec;

  @Parameters(paramLabel = "ID", description = "The experience, \"Control\" or \"Experience:Control\".")
  String experience;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    try (Overture overture = SampleContent.openReady(content, spec.commandLine().getErr())) {
      AssetManager assets = overture.assets();
      GameFeatures features = overture.features();
      PrimaryAssetId id;
      try {
        id = PrimaryAssetId.parse(experience.trim(), EXPERIENCE);
      } catch (IllegalArgumentException e) {
        throw new picocli.CommandLine.ParameterException(spec.commandLine(), "ID " + experience + ": " + e.getMessage());
      }
      if (!id.type().equals(EXPERIENCE) || assets.index().find(id).isEmpty()) {
        List<String> names = assets.index().ids(EXPERIENCE).stream().map(PrimaryAssetId::toString).toList();
        String guess = Choices.didYouMean(id.name(), assets.index().ids(EXPERIENCE).stream().map(PrimaryAssetId::name).toList())
            .map(name -> EXPERIENCE + ":" + name)
            .or(() -> id.type().equals(EXPERIENCE) ? java.util.Optional.empty() : Choices.didYouMean(id.toString(), names))
            .map(name -> "; did you mean " + name + "?").orElse("");
        throw InstalledPluginContent.withHints(new ProblemException("Cannot describe " + experience, List.of(
            Problem.error("Overture/UnknownExperience", ExperienceSelection.notAnExperience(assets, id) + guess)
                .withChoices("experiences", Choices.closest(id.toString(), names)))), features, id);
      }
      ExperienceDefinition definition = assets.loadSynchronously(id, ExperienceDefinition.class);
      out.printf("%s (%s)%n", id, assets.index().find(id).orElseThrow().file());

      List<String> sets = new ArrayList<>();
      List<String> actions = new ArrayList<>();
      Set<PluginId> pluginNames = new LinkedHashSet<>(definition.gameFeaturesToEnable());
      for (int i = 0; i < definition.actions().size(); i++) {
        actions.add(id + " actions[" + i + "] " + kind(definition.actions().get(i)));
      }
      Set<PrimaryAssetId> seenSets = new LinkedHashSet<>();
      for (PrimaryAssetId set : definition.actionSets()) {
        include(assets, set, sets, actions, pluginNames, seenSets);
      }

      PluginSet resolved = features.resolve(pluginNames);
      if (!resolved.unknown().isEmpty()) {
        throw new ProblemException("Cannot describe " + id, List.copyOf(resolved.unknown().values()));
      }
      List<PluginId> ordered = activationOrder(features, pluginNames);
      List<Problem> broken = new ArrayList<>();
      for (PluginId name : ordered) {
        features.failure(name).ifPresent(failure -> broken.addAll(failure.problems()));
      }
      if (!broken.isEmpty()) {
        // One fault, one problem: plugins on one cycle share theirs.
        throw new ProblemException("Cannot describe " + id + ": plugins it needs cannot be used",
            List.copyOf(new java.util.LinkedHashSet<>(broken)));
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

  /**
   * How many levels of included sets are shown by indentation; a set deeper than that is shown at
   * this indentation with its level, so that a long chain of includes prints lines of bounded
   * length (a chain of 20,000 sets printed 400 MB of spaces).
   */
  static final int MAX_INDENT_LEVELS = 16;

  /**
   * Lists {@code top} and the sets it includes (indented under it), each once, their plugins and
   * actions. Iterative, so no chain of includes can exhaust the stack; an include cycle never gets
   * here, since loading the set refuses it, located.
   */
  private static void include(AssetManager assets, PrimaryAssetId top, List<String> sets, List<String> actions,
      Set<PluginId> plugins, Set<PrimaryAssetId> seen) {
    // Sets are listed as they are reached, their actions once their includes' are (the order they run).
    record Pending(PrimaryAssetId set, int level, ExperienceActionSet loaded) {}
    java.util.Deque<Pending> stack = new java.util.ArrayDeque<>(List.of(new Pending(top, 0, null)));
    while (!stack.isEmpty()) {
      Pending next = stack.pop();
      if (next.loaded() != null) {
        plugins.addAll(next.loaded().gameFeaturesToEnable());
        for (int i = 0; i < next.loaded().actions().size(); i++) {
          actions.add(next.set() + " actions[" + i + "] " + kind(next.loaded().actions().get(i)));
        }
        continue;
      }
      if (!seen.add(next.set())) {
        continue;
      }
      // Loading the experience loaded (and keeps) every set it reaches: loading each again walked
      // the rest of its chain of includes once per set, quadratic in the chain's length.
      ExperienceActionSet loaded = assets.getAsset(next.set(), ExperienceActionSet.class)
          .orElseGet(() -> assets.loadSynchronously(next.set(), ExperienceActionSet.class));
      int shown = Math.min(next.level(), MAX_INDENT_LEVELS);
      sets.add("  ".repeat(shown) + next.set() + (next.level() > shown ? " (included " + next.level() + " levels deep)" : ""));
      stack.push(new Pending(next.set(), next.level(), loaded));
      List<PrimaryAssetId> included = loaded.actionSets();
      for (int i = included.size() - 1; i >= 0; i--) {
        stack.push(new Pending(included.get(i), next.level() + 1, null));
      }
    }
  }

  /**
   * The plugins {@code names} enable, each after those it depends on: what activates, in order.
   * The catalog orders them without recursion, so no dependency graph can exhaust the stack.
   */
  static List<PluginId> activationOrder(GameFeatures features, java.util.Collection<PluginId> names) {
    PluginSet named = features.resolve(names);
    List<PluginId> enabled = new ArrayList<>();
    for (PluginId plugin : named.enabled()) {
      if (features.isInstalled(plugin)) {
        enabled.add(plugin);
      }
    }
    return features.resolve(enabled).plugins();
  }
}
