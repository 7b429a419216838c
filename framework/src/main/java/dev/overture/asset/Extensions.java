package dev.overture.asset;

import dev.overture.version.AssetVersions;
import dev.overture.version.EngineVersion;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The registrations an asset manager binds with: the game's own, from the builder, and each
 * plugin's extension, by owner. Every change replays them all into a fresh kind registry, asset
 * class map and versions, and gives those to {@link AssetJson} whole; a change that contradicts
 * what is there changes nothing. An empty extension (a plugin without code) is only recorded: it
 * changes no registration, and replaying every other one and building a new mapper for it made
 * registering thousands of such plugins take time growing with their square. Changes are
 * serialized by this object's lock (they are rare: a plugin registering or unregistering); binding
 * never takes it.
 */
final class Extensions {

  private final AssetExtension base;
  private final EngineVersion current;
  private final EngineVersion compatible;
  private final Map<String, AssetExtension> added = new LinkedHashMap<>();
  private AssetJson json;
  /** How many changes replayed every registration: what a test bounds. */
  private long replays;

  Extensions(AssetExtension base, EngineVersion current, EngineVersion compatible) {
    this.base = base;
    this.current = current;
    this.compatible = compatible;
  }

  /** The registrations of the builder alone, to build the manager's first {@link AssetJson} with. */
  AssetExtension.Target initial() {
    return replay(List.of(base));
  }

  /** The binder changes go to. */
  synchronized void bindTo(AssetJson binder) {
    json = binder;
  }

  synchronized void add(String owner, AssetExtension extension) {
    if (added.containsKey(owner)) {
      throw new IllegalStateException(owner + " already added its registrations; remove them first");
    }
    if (extension.isEmpty()) {
      added.put(owner, extension);
      return;
    }
    List<AssetExtension> all = new ArrayList<>();
    all.add(base);
    all.addAll(added.values());
    all.add(extension);
    AssetExtension.Target target;
    try {
      target = replay(all);
    } catch (IllegalArgumentException | IllegalStateException e) {
      throw conflictOf(owner, extension, e);
    }
    added.put(owner, extension);
    publish(target);
  }

  synchronized boolean remove(String owner) {
    AssetExtension removed = added.remove(owner);
    if (removed == null) {
      return false;
    }
    if (removed.isEmpty()) {
      return true;
    }
    List<AssetExtension> all = new ArrayList<>();
    all.add(base);
    all.addAll(added.values());
    publish(replay(all));
    return true;
  }

  /**
   * The refusal of {@code extension} of {@code owner} naming who registered a name it gives another
   * class first (the game, or another owner: a plugin), and saying so when both classes have one
   * name (two class loaders: a plugin jar holding a copy of another plugin's or the game's code).
   */
  private RuntimeException conflictOf(String owner, AssetExtension extension, RuntimeException refusal) {
    Map<String, AssetExtension> before = new LinkedHashMap<>();
    before.put("the game", base);
    added.forEach((name, other) -> before.put(name, other));
    for (Map.Entry<String, AssetExtension> other : before.entrySet()) {
      java.util.Optional<String> clash = extension.clashWith(other.getValue());
      if (clash.isPresent()) {
        String message = clash.get().replace("{owner}", other.getKey()).replace("{new}", owner);
        return refusal instanceof IllegalStateException ? new IllegalStateException(message) : new IllegalArgumentException(message);
      }
    }
    return refusal;
  }

  synchronized long replays() {
    return replays;
  }

  private void publish(AssetExtension.Target target) {
    json.replace(target.kinds, target.assetClasses, target.versions.build());
  }

  /** Every registration of {@code extensions}, in order, on an empty registry and versions builder. */
  private AssetExtension.Target replay(List<AssetExtension> extensions) {
    replays++;
    AssetVersions.Builder versions = AssetVersions.builder();
    if (current != null) {
      versions.engine(current, compatible);
    }
    AssetExtension.Target target = new AssetExtension.Target(versions);
    for (AssetExtension extension : extensions) {
      extension.applyDefinitions(target);
    }
    for (AssetExtension extension : extensions) {
      extension.applyUses(target);
    }
    return target;
  }
}
