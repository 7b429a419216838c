/**
 * The asset manager: primary asset ids and types, scan rules, content roots and their sources
 * (folder, classpath, zip), the index, asynchronous loads with bundles, load handles, retention,
 * and weighted start-up jobs.
 *
 * <p>Start with {@link dev.overture.asset.AssetManager}. Assets are JSON files bound by Jackson to
 * immutable records; references to other primary assets are {@link
 * dev.overture.asset.PrimaryAssetId}s, references to other files are {@link
 * dev.overture.asset.SoftRef}s, and {@link dev.overture.asset.AssetBundles} says which bundles
 * follow them.
 */
package dev.overture.asset;
