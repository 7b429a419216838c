package dev.overture.experience;

import dev.overture.asset.AssetKey;
import dev.overture.asset.AssetManager;
import dev.overture.asset.PrimaryAssetId;
import dev.overture.asset.SoftRef;
import dev.overture.feature.PluginId;
import dev.overture.world.World;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A world's experience as it is in force: its id, the bundles it loaded, and every asset it depends
 * on (the experience, its action sets, pawn data, archetype, and whatever their bundles' references
 * reach) with the value the world uses. What live content tracks dependencies with, and what a
 * {@linkplain ExperienceReload reload} is prepared from. Each load and each applied reload publishes
 * a new one; {@link ExperienceManager#loadedExperience()} gives the current one.
 *
 * <p>Immutable; safe to read from any thread.
 */
public final class LoadedExperience {

  private final ExperienceManager manager;
  private final ExperienceLoad load;
  private final World world;
  private final PrimaryAssetId id;
  private final Set<String> bundles;
  private final List<PluginId> plugins;
  private final Map<AssetKey, Object> content;

  LoadedExperience(ExperienceManager manager, ExperienceLoad load, World world, PrimaryAssetId id, Set<String> bundles,
      List<PluginId> plugins, Map<AssetKey, Object> content) {
    this.manager = manager;
    this.load = load;
    this.world = world;
    this.id = id;
    this.bundles = Set.copyOf(bundles);
    this.plugins = List.copyOf(plugins);
    this.content = Map.copyOf(content);
  }

  ExperienceManager manager() {
    return manager;
  }

  ExperienceLoad load() {
    return load;
  }

  /** The world it runs in. */
  public World world() {
    return world;
  }

  /** The plugins it activated, in activation order. */
  public List<PluginId> plugins() {
    return plugins;
  }

  /** The experience. */
  public PrimaryAssetId id() {
    return id;
  }

  /** The bundles its assets were loaded with ({@code equipped}, and {@code client}/{@code server} by net mode). */
  public Set<String> bundles() {
    return bundles;
  }

  /** Every asset it depends on, with the value in force in the world. */
  public Map<AssetKey, Object> content() {
    return content;
  }

  /** Whether it depends on {@code key}. */
  public boolean dependsOn(AssetKey key) {
    return content.containsKey(key);
  }

  /** Whether it depends on the file {@code root}/{@code path} under any key: a soft reference to it, in any type. */
  public boolean dependsOnFile(SoftRef<?> file) {
    for (AssetKey key : content.keySet()) {
      if (key instanceof SoftRef<?> ref && ref.root().equals(file.root()) && ref.path().equals(file.path())) {
        return true;
      }
    }
    return false;
  }

  /**
   * The assets whose value in {@code assets} is no longer the one in force here: changed (and
   * committed) after this experience loaded them. A load that raced with a live reload is brought
   * up to date with these.
   */
  public Set<AssetKey> staleIn(AssetManager assets) {
    Set<AssetKey> stale = new LinkedHashSet<>();
    content.forEach((key, value) -> {
      Optional<?> now = key instanceof PrimaryAssetId primary ? assets.getAsset(primary) : assets.getAsset((SoftRef<?>) key);
      if (now.isPresent() && now.get() != value) {
        stale.add(key);
      }
    });
    return stale;
  }

  @Override
  public String toString() {
    return "LoadedExperience[" + id + " in " + world.name() + ", " + content.size() + " assets]";
  }
}
