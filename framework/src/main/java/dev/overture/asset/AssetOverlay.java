package dev.overture.asset;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * An asset manager seen with some loaded values fixed: {@link #getAsset} answers from {@code
 * values} for the keys it holds, and from the manager for every other key; everything else goes to
 * the manager. A world's experience reads its assets through one holding what its loads reached, as
 * they were when they completed, so a live reload that the manager has already committed reaches
 * the world only when the reload is applied there, at a tick boundary, all at once; live content
 * validates an edit through one holding the new versions before they are in force.
 *
 * <pre>{@code
 * AssetManager seen = AssetOverlay.of(assets, result.reached());
 * }</pre>
 *
 * <p>Immutable over its manager; any thread. {@link #close()} does nothing: the manager is not the
 * overlay's to close.
 */
public final class AssetOverlay implements AssetManager {

  private final AssetManager assets;
  private final Map<AssetKey, Object> content;

  private AssetOverlay(AssetManager assets, Map<AssetKey, Object> values) {
    this.assets = Objects.requireNonNull(assets, "assets");
    this.content = Map.copyOf(values);
  }

  /** {@code assets} seen with {@code values} in place of the loaded values of their keys. */
  public static AssetOverlay of(AssetManager assets, Map<AssetKey, Object> values) {
    AssetManager under = assets instanceof AssetOverlay overlay ? overlay.assets : assets;
    return new AssetOverlay(under, values);
  }

  /** The values fixed here, by key. */
  public Map<AssetKey, Object> values() {
    return content;
  }

  /** The manager underneath. */
  public AssetManager manager() {
    return assets;
  }

  private Object held(AssetKey key) {
    return content.get(key);
  }

  @Override
  public Optional<Object> getAsset(PrimaryAssetId id) {
    Object value = held(id);
    return value != null ? Optional.of(value) : assets.getAsset(id);
  }

  @Override
  public <T> Optional<T> getAsset(PrimaryAssetId id, Class<T> type) {
    Object value = held(id);
    if (value == null) {
      return assets.getAsset(id, type);
    }
    return Optional.of(AssetTypes.cast(id, value, type));
  }

  @Override
  public <T> Optional<T> getAsset(SoftRef<T> ref) {
    Object value = held(ref);
    return value != null ? Optional.of(ref.type().cast(value)) : assets.getAsset(ref);
  }

  @Override
  public <T> T getAsset(SoftRef<T> ref, boolean keepInMemory) {
    Object value = held(ref);
    return value != null && !keepInMemory ? ref.type().cast(value) : assets.getAsset(ref, keepInMemory);
  }

  @Override
  public AssetIndex index() {
    return assets.index();
  }

  @Override
  public LoadHandle loadPrimaryAssets(Collection<PrimaryAssetId> ids, Collection<String> bundles) {
    return assets.loadPrimaryAssets(ids, bundles);
  }

  /** The value fixed here when there is one (it is loaded), else the manager's load. */
  @Override
  public <T> T loadSynchronously(PrimaryAssetId id, Class<T> type) {
    Object value = held(id);
    return value != null ? AssetTypes.cast(id, value, type) : assets.loadSynchronously(id, type);
  }

  @Override
  public Optional<PrimaryAssetId> gameDataId() {
    return assets.gameDataId();
  }

  @Override
  public <T> T gameData(Class<T> type) {
    return assets.gameData(type);
  }

  @Override
  public Optional<PrimaryAssetId> defaultPawnData() {
    return assets.defaultPawnData();
  }

  @Override
  public StartupJobs startInitialLoading() {
    return assets.startInitialLoading();
  }

  @Override
  public LoadHandle changeBundleState(Collection<PrimaryAssetId> ids, Collection<String> addBundles, Collection<String> removeBundles) {
    return assets.changeBundleState(ids, addBundles, removeBundles);
  }

  @Override
  public Optional<Set<String>> bundleState(PrimaryAssetId id) {
    return assets.bundleState(id);
  }

  @Override
  public int unload(Collection<PrimaryAssetId> ids) {
    return assets.unload(ids);
  }

  @Override
  public void addContentRoot(ContentRoot root) {
    assets.addContentRoot(root);
  }

  @Override
  public boolean removeContentRoot(String name) {
    return assets.removeContentRoot(name);
  }

  @Override
  public void addExtension(String owner, AssetExtension extension) {
    assets.addExtension(owner, extension);
  }

  @Override
  public boolean removeExtension(String owner) {
    return assets.removeExtension(owner);
  }

  @Override
  public List<ContentRoot> contentRoots() {
    return assets.contentRoots();
  }

  @Override
  public java.util.Optional<ContentRoot> contentRoot(String name) {
    return assets.contentRoot(name);
  }

  @Override
  public Stats stats() {
    return assets.stats();
  }

  @Override
  public AssetSnapshot snapshot() {
    return assets.snapshot();
  }

  @Override
  public AssetTools tools() {
    return assets.tools();
  }

  /** Does nothing: the manager is not the overlay's to close. */
  @Override
  public void close() {}

  @Override
  public String toString() {
    return "AssetOverlay[" + content.size() + " assets over " + assets + "]";
  }
}
