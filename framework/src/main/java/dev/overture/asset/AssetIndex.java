package dev.overture.asset;

import dev.overture.core.Problem;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The primary assets an asset manager knows, by id and by type, found by its scan rules without
 * reading any file; less those found to need a newer engine ({@link #newerAssets()}). Each instance is an immutable snapshot: adding or removing a content root and
 * {@link AssetTools#reindex re-indexing} a file publish a new one, which {@link
 * AssetManager#index()} returns from then on.
 *
 * <p>Safe to read from any thread; reads never block.
 */
public interface AssetIndex {

  /** The types that scan rules declare, sorted, including types with no asset yet. */
  Set<PrimaryAssetType> types();

  /** The ids of {@code type}, sorted; empty for a type with no asset. */
  List<PrimaryAssetId> ids(PrimaryAssetType type);

  /** Every indexed id, sorted. */
  List<PrimaryAssetId> ids();

  /** The entry of {@code id}, if indexed. */
  Optional<AssetEntry> find(PrimaryAssetId id);

  /** How many assets are indexed. */
  int size();

  /**
   * The assets hidden from the ids because a newer engine saved them, each with the problem that
   * says which version it needs, sorted by id. As the seed says of Unreal's content browser, such an
   * asset is not listed, and a reference to it loads as null, with a warning. The index lists
   * files without reading them, so an asset joins this map when its file is first read (a load, a
   * validation, a resave) or when {@link AssetTools#checkVersions} reads every header.
   */
  Map<PrimaryAssetId, Problem> newerAssets();

  /**
   * Warnings found while indexing (a scan rule folder that does not exist), in the order found.
   * Errors are never here: an index with errors is refused with {@link AssetIndexException}.
   */
  List<Problem> warnings();

  /**
   * The problem of a request of, or a reference to, {@code id} when it is not in this index, as a
   * load reports it, without location: {@code Overture/UnknownAsset} naming the closest indexed
   * ids of its type ({@code Overture/UnknownAssetType} when no scan rule declares the type), or
   * the asset's problem when a newer engine saved it. Checks that find a dangling reference
   * report it with this, so that one fault has one id wherever it is found.
   */
  Problem unknownAsset(PrimaryAssetId id);
}
