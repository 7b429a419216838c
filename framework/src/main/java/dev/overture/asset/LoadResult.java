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
 * result is not released. Immutable (the map of what it reached is built once, when first asked
 * for); safe to share between threads.
 */
public final class LoadResult {

  private final Map<PrimaryAssetId, Object> assets;
  private final List<Problem> warnings;
  private final Duration elapsed;
  /** Guards {@link #reachedPairs} while {@link #reached} is built from it. */
  private final Object reachedLock = new Object();
  /**
   * What the load reached, as keys and values in turn, until {@link #reached()} is first asked
   * for; then null. A bulk load nobody asks this of keeps 8 bytes an asset and never hashes them:
   * building the map at completion took 15-27 ms of a fresh JVM's 4th load of 10,000 assets, on
   * one worker at the load's very end, in code the JIT had not compiled yet.
   */
  private Object[] reachedPairs;
  /**
   * The immutable map of {@link #reachedPairs}, once asked for (about 16 bytes an asset, and an
   * overlay of it, {@link AssetOverlay#of}, shares it).
   */
  private volatile Map<AssetKey, Object> reached;

  LoadResult(Map<PrimaryAssetId, Object> assets, Map<AssetKey, Object> reached, List<Problem> warnings, Duration elapsed) {
    this(assets, pairs(reached), warnings, elapsed);
  }

  /**
   * @param reachedPairs what the load reached, keys ({@link AssetKey}) and values (not null) in
   *     turn, each key once; kept, not copied
   */
  LoadResult(Map<PrimaryAssetId, Object> assets, Object[] reachedPairs, List<Problem> warnings, Duration elapsed) {
    this.assets = Collections.unmodifiableMap(new LinkedHashMap<>(assets));
    this.reachedPairs = Objects.requireNonNull(reachedPairs, "reachedPairs");
    this.warnings = List.copyOf(warnings);
    this.elapsed = Objects.requireNonNull(elapsed, "elapsed");
  }

  private static Object[] pairs(Map<AssetKey, Object> map) {
    Object[] pairs = new Object[map.size() * 2];
    int i = 0;
    for (Map.Entry<AssetKey, Object> entry : map.entrySet()) {
      pairs[i++] = entry.getKey();
      pairs[i++] = entry.getValue();
    }
    return pairs;
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
    Map<AssetKey, Object> built = reached;
    if (built != null) {
      return built;
    }
    synchronized (reachedLock) {
      if (reached == null) {
        Object[] pairs = reachedPairs;
        @SuppressWarnings("unchecked")
        Map.Entry<AssetKey, Object>[] entries = new Map.Entry[pairs.length / 2];
        for (int i = 0; i < entries.length; i++) {
          entries[i] = Map.entry((AssetKey) pairs[2 * i], pairs[2 * i + 1]);
        }
        reached = Map.ofEntries(entries);
        reachedPairs = null;
      }
      return reached;
    }
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
