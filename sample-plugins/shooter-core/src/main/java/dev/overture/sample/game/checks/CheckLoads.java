package dev.overture.sample.game.checks;

import dev.overture.asset.AssetLoadException;
import dev.overture.asset.AssetManager;
import dev.overture.asset.LoadHandle;
import dev.overture.asset.PrimaryAssetId;
import dev.overture.validation.ProjectContext;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;

/**
 * The assets a project check reads beyond those the validation has in memory (live content checks
 * an edited experience with the rest of the game as it is, and the tiles and maps are not kept
 * loaded by the game).
 *
 * <p>Each asset the check asks for ({@link #get}) gets a load of its own, waited for once, so one
 * that fails is only its own problem (the check sees it as absent) and a load that stalls costs one
 * timeout. Before the check walks a step's assets it reads them all ahead ({@link #readAhead},
 * {@link dev.overture.asset.AssetTools#readAhead}): side by side on the manager's own workers,
 * quietly, so that each asset's own load then finds it read and meets, logs and reports what it
 * would have alone. One after the other, each waited for before the next was asked, the loads held
 * {@code play} up before its match once for every tile and every map, twice a run: with 150 more
 * tiles and maps than the sample's, {@code play --ticks 0} took a median 1,236 ms against 1,123 ms
 * read ahead (8 runs each, in turn). On a host's executor, whose queue may be bounded, nothing is
 * read ahead and the loads go one at a time as before. What was read ahead stays loaded until
 * {@link #close}. Used on the check's thread only.
 */
final class CheckLoads implements AutoCloseable {

  private final AssetManager assets;
  private final Function<PrimaryAssetId, Optional<Object>> known;
  private final Duration timeout;
  private final List<LoadHandle> ahead = new ArrayList<>();
  /** What each asset's own load gave, so that each is waited for once. */
  private final Map<PrimaryAssetId, Optional<Object>> loaded = new HashMap<>();

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

  /** Reads ahead those of {@code ids} that are indexed, not in memory and not asked for yet. */
  void readAhead(Collection<PrimaryAssetId> ids) {
    List<PrimaryAssetId> wanted = new ArrayList<>();
    for (PrimaryAssetId id : ids) {
      if (!loaded.containsKey(id) && known.apply(id).isEmpty() && assets.index().find(id).isPresent()) {
        wanted.add(id);
      }
    }
    if (!wanted.isEmpty()) {
      ahead.add(assets.tools().readAhead(wanted, List.of()));
    }
  }

  /**
   * The asset {@code id} as the check sees it: the validation's value, else what its own load gave;
   * empty when it is not a {@code type}, is not indexed, failed to load, or did not load within the
   * timeout.
   *
   * @throws java.util.concurrent.CancellationException when its load was cancelled (the manager closing)
   */
  <T> Optional<T> get(PrimaryAssetId id, Class<T> type) {
    Optional<Object> value = known.apply(id);
    if (value.isEmpty()) {
      value = loaded.get(id);
      if (value == null) {
        value = load(id);
        loaded.put(id, value);
      }
    }
    return value.filter(type::isInstance).map(type::cast);
  }

  private Optional<Object> load(PrimaryAssetId id) {
    if (assets.index().find(id).isEmpty()) {
      return Optional.empty();
    }
    LoadHandle handle = assets.loadPrimaryAssets(List.of(id), List.of());
    try {
      return Optional.ofNullable(handle.waitUntilComplete(timeout).assets().get(id));
    } catch (AssetLoadException | TimeoutException e) {
      return Optional.empty();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Optional.empty();
    } finally {
      handle.release();
    }
  }

  /** Releases what was read ahead. */
  @Override
  public void close() {
    ahead.forEach(LoadHandle::release);
    ahead.clear();
  }
}
