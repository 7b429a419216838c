package dev.overture.asset;

import dev.overture.core.Problem;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What a successful load gives: the requested primary assets, bound, and the warnings found while
 * loading them and what they refer to. The assets stay loaded while the handle that produced this
 * result is not released. Immutable; safe to share between threads.
 */
public final class LoadResult {

  private final Map<PrimaryAssetId, Object> assets;
  private final Map<AssetKey, Object> reached;
  private final List<Problem> warnings;
  private final Duration elapsed;

  LoadResult(Map<PrimaryAssetId, Object> assets, Map<AssetKey, Object> reached, List<Problem> warnings, Duration elapsed) {
    this.assets = Collections.unmodifiableMap(new LinkedHashMap<>(assets));
    // An immutable map of its own, not a view of a LinkedHashMap: about 16 bytes an asset instead of
    // 46 for as long as the handle is held, and an overlay of it (AssetOverlay.of) shares it.
    this.reached = Map.copyOf(reached);
    this.warnings = List.copyOf(warnings);
    this.elapsed = Objects.requireNonNull(elapsed, "elapsed");
  }

  /** The requested assets, in the order requested. */
  public Map<PrimaryAssetId, Object> assets() {
    return assets;
  }

  /**
   * Every asset the load reached and bound, the requested ones and those their bundles' references
   * led to (an asset a newer engine saved, which loads as null, is left out), with the value it
   * had when the load completed: what the load depends on. A reloaded file has a new value in the
   * manager, while this map keeps the one the load saw. Immutable, in no particular order.
   */
  public Map<AssetKey, Object> reached() {
    return reached;
  }

  /**
   * The requested asset {@code id} as a {@code type}.
   *
   * @throws IllegalArgumentException when {@code id} was not requested, or is not a {@code type}
   */
  public <T> T get(PrimaryAssetId id, Class<T> type) {
    Object value = assets.get(id);
    if (value == null) {
      throw new IllegalArgumentException(
          id + " is not part of this load (requested: " + assets.keySet() + ")");
    }
    return AssetTypes.cast(id, value, type);
  }

  /** Warnings found while loading (unknown properties, for example), sorted by file and position. */
  public List<Problem> warnings() {
    return warnings;
  }

  /** How long the load took, from request to completion, on the asset manager's ticker. */
  public Duration elapsed() {
    return elapsed;
  }

  @Override
  public String toString() {
    return "LoadResult[" + assets.keySet() + ", " + warnings.size() + " warnings, " + elapsed.toMillis() + " ms]";
  }
}
