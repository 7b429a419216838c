package dev.overture.sample.game.checks;

import dev.overture.asset.AssetLoadException;
import dev.overture.asset.AssetManager;
import dev.overture.asset.LoadHandle;
import dev.overture.asset.PrimaryAssetId;
import dev.overture.validation.ProjectContext;
import java.time.Duration;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;

/**
 * The assets a project check reads beyond those the validation has in memory (live content checks
 * an edited experience with the rest of the game as it is, and the tiles and maps are not kept
 * loaded by the game), loaded for the check and held until it ends.
 *
 * <p>Each asset gets a load of its own, so one that fails is only its own problem (the check sees
 * it as absent, and the asset's own load reports it), but the loads of a step are started together
 * ({@link #start}) and read side by side on the asset workers and the waiting thread. One after the
 * other, each waited for before the next was asked, they held {@code play} up before its match once
 * for every tile and every map, twice a run: with 150 more tiles and maps than the sample's, {@code
 * play --ticks 0} took a median 1,045 ms against 1,000 ms now (8 runs each, in turn). Used on the
 * check's thread only; {@link #close} releases every load.
 */
final class CheckLoads implements AutoCloseable {

  private final AssetManager assets;
  private final Function<PrimaryAssetId, Optional<Object>> known;
  private final Duration timeout;
  private final Map<PrimaryAssetId, LoadHandle> loads = new LinkedHashMap<>();

  /** For {@code context}'s checks: what the validation has in memory is taken from it, the rest loaded from its manager. */
  static CheckLoads of(ProjectContext context, Duration timeout) {
    return new CheckLoads(context.assets(), context::asset, timeout);
  }

  /**
   * @param known what the check has in memory already (empty: load it from {@code assets})
   * @param timeout how long {@link #get} waits for one load
   */
  CheckLoads(AssetManager assets, Function<PrimaryAssetId, Optional<Object>> known, Duration timeout) {
    this.assets = assets;
    this.known = known;
    this.timeout = timeout;
  }

  /** Starts the loads of those of {@code ids} that are neither in memory nor already started (nor unknown to the index). */
  void start(Collection<PrimaryAssetId> ids) {
    for (PrimaryAssetId id : ids) {
      if (!loads.containsKey(id) && known.apply(id).isEmpty() && assets.index().find(id).isPresent()) {
        loads.put(id, assets.loadPrimaryAssets(List.of(id), List.of()));
      }
    }
  }

  /**
   * The asset {@code id} as the check sees it: the validation's value, else its load's (started now
   * if {@link #start} did not); empty when it is not a {@code type}, failed to load, or did not load
   * within the timeout. Waits as {@link LoadHandle#waitUntilComplete} does: the check's thread reads
   * what no worker has taken yet.
   */
  <T> Optional<T> get(PrimaryAssetId id, Class<T> type) {
    Optional<T> inMemory = known.apply(id).filter(type::isInstance).map(type::cast);
    if (inMemory.isPresent()) {
      return inMemory;
    }
    start(List.of(id));
    LoadHandle load = loads.get(id);
    if (load == null) {
      return Optional.empty();
    }
    try {
      return Optional.ofNullable(load.waitUntilComplete(timeout).assets().get(id)).filter(type::isInstance).map(type::cast);
    } catch (AssetLoadException | CancellationException | TimeoutException e) {
      return Optional.empty();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Optional.empty();
    }
  }

  @Override
  public void close() {
    loads.values().forEach(LoadHandle::release);
    loads.clear();
  }
}
