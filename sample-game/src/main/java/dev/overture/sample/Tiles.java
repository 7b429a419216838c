package dev.overture.sample;

import dev.overture.asset.AssetManager;
import dev.overture.asset.LoadHandle;
import dev.overture.asset.LoadResult;
import dev.overture.asset.PrimaryAssetId;
import dev.overture.asset.PrimaryAssetType;
import dev.overture.experience.UserFacingExperience;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The front end's tiles (user-facing experiences), loaded for the tool's commands. */
final class Tiles {

  /** A tile and its id. */
  record Tile(PrimaryAssetId id, UserFacingExperience tile) {}

  private Tiles() {}

  /** Every listed tile, by id (not those a newer engine saved); loading failures are thrown as problems. */
  static List<Tile> load(AssetManager assets) {
    // A tile a newer engine saved is not listed (seed 000): its header is read before the list is made.
    assets.tools().checkVersions();
    List<PrimaryAssetId> ids = assets.index().ids(PrimaryAssetType.of("UserFacingExperience"));
    LoadHandle handle = assets.loadPrimaryAssets(ids, List.of());
    try {
      LoadResult result = handle.waitUntilComplete(Duration.ofSeconds(60));
      List<Tile> tiles = new ArrayList<>();
      for (PrimaryAssetId id : ids) {
        tiles.add(new Tile(id, result.get(id, UserFacingExperience.class)));
      }
      return tiles;
    } catch (java.util.concurrent.TimeoutException e) {
      throw new IllegalStateException("the tiles did not load within 60 seconds");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while loading the tiles");
    } finally {
      handle.release();
    }
  }

  /** The first tile (by id) that starts {@code experience}. */
  static Optional<Tile> forExperience(List<Tile> tiles, PrimaryAssetId experience) {
    return tiles.stream().filter(tile -> tile.tile().experienceId().equals(experience)).findFirst();
  }
}
