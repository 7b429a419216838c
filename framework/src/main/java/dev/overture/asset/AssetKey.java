package dev.overture.asset;

/**
 * What names one asset the manager can hold in memory: a primary asset by its {@link
 * PrimaryAssetId}, a secondary one (a file) by its {@link SoftRef}, which carries its content root,
 * path and the type it loads as. The key of the slot table, of the assets a load reached ({@link
 * LoadResult#reached()}) and of what a loaded experience depends on. Both kinds are immutable
 * values, cheap to hash, safe to share between threads.
 */
public sealed interface AssetKey permits PrimaryAssetId, SoftRef {

  /** How problems and logs name the asset: {@code Type:Name}, or {@code root:/path} for a file. */
  static String label(AssetKey key) {
    return key instanceof SoftRef<?> ref ? ref.root() + ":/" + ref.path() : key.toString();
  }
}
