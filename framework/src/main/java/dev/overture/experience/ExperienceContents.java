package dev.overture.experience;

import dev.overture.asset.AssetManager;
import dev.overture.asset.PrimaryAssetId;
import dev.overture.feature.GameFeatureAction;
import dev.overture.feature.PluginId;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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
    for (PrimaryAssetId set : experience.actionSetsInOrder(setId -> assets.getAsset(setId, ExperienceActionSet.class))) {
      ExperienceActionSet actions = assets.getAsset(set, ExperienceActionSet.class).orElseThrow();
      sources.put(set, new Parts(actions.actions(), actions.gameFeaturesToEnable()));
    }
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
