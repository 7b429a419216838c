package dev.overture.asset;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * What an asset manager holds, asset by asset, at about one moment ({@link AssetManager#snapshot()}):
 * every asset in memory with its pins, the bundles the manager keeps for it and an estimate of its
 * memory, and the loads in flight with their progress. For diagnostics (the inspector, a leak
 * report); a running game asks {@link AssetManager#stats()} for the counts only.
 *
 * <p>Each entry is consistent in itself; the list is not one atomic cut across assets, since loads
 * go on while it is taken. Immutable once made.
 *
 * @param assets the assets in memory (loading, loaded, or failed until the next try), in no order
 * @param loads the loads in flight, in no order
 */
public record AssetSnapshot(List<Asset> assets, List<Load> loads) {

  public AssetSnapshot {
    assets = List.copyOf(assets);
    loads = List.copyOf(loads);
  }

  /** Where an asset in memory is. */
  public enum State {
    /** Being read, or waiting for a worker. */
    LOADING,
    /** Read and bound: usable. */
    LOADED,
    /** Its last read failed; the next pin reads it again. */
    FAILED
  }

  /**
   * One asset in memory.
   *
   * @param name how problems name it: {@code Type:Name} for a primary asset, {@code root:/path} for a file
   * @param type its primary asset type, or for a file the simple name of the class it loads as
   * @param state where it is
   * @param pins how many pins hold it: loads that reached it, and the manager's own bundle state; 0
   *     for an asset the retention policy keeps
   * @param keptBundles the bundles the manager keeps loaded for it ({@link AssetManager#bundleState}),
   *     empty when it does not keep it
   * @param file the file it is read from, as shown to users ("" until read)
   * @param bytes an estimate of its memory: the size of the file it was bound from (0 until loaded)
   */
  public record Asset(String name, String type, State state, int pins, Set<String> keptBundles, String file, long bytes) {
    public Asset {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(type, "type");
      Objects.requireNonNull(state, "state");
      Objects.requireNonNull(file, "file");
      keptBundles = Set.copyOf(keptBundles);
    }
  }

  /**
   * One load in flight ({@link LoadHandle} still loading).
   *
   * @param requested the primary assets it was asked for
   * @param bundles the bundles it follows
   * @param loaded how many assets it reached are loaded (or failed)
   * @param total how many assets it has reached so far
   * @param progress its progress, in [0, 1), as {@link LoadHandle#progress()} reports it
   * @param elapsed how long it has taken so far
   */
  public record Load(List<PrimaryAssetId> requested, Set<String> bundles, int loaded, int total, double progress, Duration elapsed) {
    public Load {
      requested = List.copyOf(requested);
      bundles = Set.copyOf(bundles);
      Objects.requireNonNull(elapsed, "elapsed");
    }
  }

  /** The estimated memory of every loaded asset, in bytes. */
  public long bytes() {
    long total = 0;
    for (Asset asset : assets) {
      total += asset.bytes();
    }
    return total;
  }
}
