package dev.overture.experience;

import dev.overture.asset.AssetManager;
import dev.overture.asset.PrimaryAssetId;
import dev.overture.feature.GameFeatureAction;
import dev.overture.feature.PluginId;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.Iterator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A loaded experience with the action sets it reaches, in the order their actions and plugins join:
 * the experience first, then each set after the sets it includes, each set once (the loader refused
 * include cycles). Computed once its bundles have loaded. Immutable.
 */
final class ExperienceContents {

  /** Where something in an experience's content was named: an asset and the pointer in it. */
  record Origin(PrimaryAssetId asset, String pointer) {}

  /** An action with its label (as messages name it) and where it is written. */
  record SourcedAction(GameFeatureAction action, String label, Origin origin) {}

  private final PrimaryAssetId id;
  private final ExperienceDefinition experience;
  /** The experience's own actions and plugins first, then each action set's. */
  private final Map<PrimaryAssetId, Parts> sources = new LinkedHashMap<>();

  private record Parts(List<GameFeatureAction> actions, List<PluginId> plugins) {}

  ExperienceContents(PrimaryAssetId id, ExperienceDefinition experience, AssetManager assets) {
    this.id = id;
    this.experience = experience;
    sources.put(id, new Parts(experience.actions(), experience.gameFeaturesToEnable()));
    Set<PrimaryAssetId> visiting = new HashSet<>();
    for (PrimaryAssetId set : experience.actionSets()) {
      addActionSet(set, assets, visiting);
    }
  }

  /** An action set being added, and the sets it includes that are still to look at. */
  private record Frame(PrimaryAssetId id, ExperienceActionSet set, Iterator<PrimaryAssetId> included) {}

  /**
   * Adds {@code top} after the sets it includes, depth first, each set once. Iterative: content
   * decides how deep includes go, and no chain of them may exhaust the game thread's stack.
   */
  private void addActionSet(PrimaryAssetId top, AssetManager assets, Set<PrimaryAssetId> visiting) {
    Deque<Frame> stack = new ArrayDeque<>();
    enter(top, assets, visiting, stack);
    while (!stack.isEmpty()) {
      Frame frame = stack.peek();
      if (frame.included().hasNext()) {
        enter(frame.included().next(), assets, visiting, stack);
        continue;
      }
      stack.pop();
      sources.put(frame.id(), new Parts(frame.set().actions(), frame.set().gameFeaturesToEnable()));
    }
  }

  private void enter(PrimaryAssetId id, AssetManager assets, Set<PrimaryAssetId> visiting, Deque<Frame> stack) {
    if (sources.containsKey(id) || !visiting.add(id)) {
      return;
    }
    assets.getAsset(id, ExperienceActionSet.class).ifPresent(set -> stack.push(new Frame(id, set, set.actionSets().iterator())));
  }

  PrimaryAssetId id() {
    return id;
  }

  ExperienceDefinition experience() {
    return experience;
  }

  /** Every plugin named, once, with the first place that names it. */
  Map<PluginId, Origin> pluginNames() {
    Map<PluginId, Origin> names = new LinkedHashMap<>();
    sources.forEach((asset, parts) -> {
      for (int i = 0; i < parts.plugins().size(); i++) {
        names.putIfAbsent(parts.plugins().get(i), new Origin(asset, "/gameFeaturesToEnable/" + i));
      }
    });
    return names;
  }

  /** Every action, in the order they activate. */
  List<SourcedAction> actions() {
    List<SourcedAction> actions = new ArrayList<>();
    sources.forEach((asset, parts) -> {
      for (int i = 0; i < parts.actions().size(); i++) {
        GameFeatureAction action = parts.actions().get(i);
        String label = asset + " actions[" + i + "] " + (action == null ? "null" : action.getClass().getSimpleName());
        actions.add(new SourcedAction(action, label, new Origin(asset, "/actions/" + i)));
      }
    });
    return actions;
  }
}
