package dev.overture.live;

import dev.overture.asset.AssetKey;
import dev.overture.asset.AssetManager;
import dev.overture.asset.ContentFile;
import dev.overture.asset.PrimaryAssetId;
import dev.overture.asset.SoftRef;
import dev.overture.asset.StagedContent;
import dev.overture.experience.ExperienceReload;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The lines of a change's report that say what changed ({@code Experience:Duel /actions/0/name: old
 * -> new}, {@code Map:Arena added}): each changed file's assets, the value in force before the
 * change against the one staged. Stateless; called by the {@link ReloadPipeline} on its serial
 * executor, before the change is committed.
 */
final class ChangeLines {

  private ChangeLines() {}

  /** What changed, one line each: each changed asset's differences, the assets added and removed. */
  static List<String> describe(Set<ContentFile> files, Map<ContentFile, PrimaryAssetId> before,
      Map<ContentFile, PrimaryAssetId> after, List<ExperienceReload> reloads, List<Tracked> trackedHits, StagedContent stage,
      AssetManager assets) {
    List<String> lines = new ArrayList<>();
    for (ContentFile file : files) {
      PrimaryAssetId was = before.get(file);
      PrimaryAssetId now = after.get(file);
      if (was != null && now == null) {
        lines.add(was + " removed");
        continue;
      }
      if (now != null && was == null) {
        lines.add(now + " added");
        continue;
      }
      List<AssetKey> keys = new ArrayList<>();
      if (now != null) {
        keys.add(now);
      } else {
        for (ExperienceReload reload : reloads) {
          for (AssetKey key : reload.content().keySet()) {
            if (key instanceof SoftRef<?> ref && file.isFileOf(ref) && !keys.contains(key)) {
              keys.add(key);
            }
          }
        }
      }
      for (AssetKey key : keys) {
        Object newer = stage.staged(key).orElse(null);
        Object older = previous(key, reloads, trackedHits, assets);
        if (newer == null || older == null) {
          continue;
        }
        for (String line : Differences.between(older, newer)) {
          lines.add(AssetKey.label(key) + " " + line);
        }
      }
    }
    return lines;
  }

  /** The value in force before the change: a world's (of its experience, or tracked), or the manager's (not committed yet). */
  private static Object previous(AssetKey key, List<ExperienceReload> reloads, List<Tracked> trackedHits, AssetManager assets) {
    for (ExperienceReload reload : reloads) {
      Object value = reload.target().content().get(key);
      if (value != null) {
        return value;
      }
    }
    for (Tracked hit : trackedHits) {
      if (hit.id().equals(key) && hit.inForce() != null) {
        return hit.inForce();
      }
    }
    return key instanceof PrimaryAssetId id ? assets.getAsset(id).orElse(null) : assets.getAsset((SoftRef<?>) key).orElse(null);
  }
}
