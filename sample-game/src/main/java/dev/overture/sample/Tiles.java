package dev.overture.sample;

import dev.overture.asset.AssetManager;
import dev.overture.asset.LoadHandle;
import dev.overture.asset.LoadResult;
import dev.overture.asset.PrimaryAssetId;
import dev.overture.core.ProblemException;
import dev.overture.experience.Experiences;
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

  /** The heading of a tile that cannot be read: the menu, and so every command that chooses or lists tiles, needs them all. */
  static final String READ_FAILED = "Could not read the front end's tiles, which the menu lists (overture validate reports the same)";

  /** Every listed tile, by id (not those a newer engine saved); loading failures are thrown as problems. */
  static List<Tile> load(AssetManager assets) {
    try (Held held = loadHeld(assets)) {
      return held.tiles();
    }
  }

  /**
   * The listed tiles, and the load that keeps them in memory until {@link Held#close}: while it is
   * held, the other loads of a run that reach them (the selection of the default experience, the
   * checks of what is played) find them loaded, so each tile is read once and its warnings are
   * said once.
   */
  record Held(List<Tile> tiles, LoadHandle handle) implements AutoCloseable {
    @Override
    public void close() {
      handle.release();
    }
  }

  /** {@link #load}, the tiles kept loaded until the result is closed; loading failures are thrown as problems. */
  static Held loadHeld(AssetManager assets) {
    // A tile a newer engine saved is not listed (seed 000): its header is read before the list is
    // made, and so are the experiences', which the selection looks up in the index next. Only those:
    // the other types' headers are read by the loads that need them (the same problems, the same
    // warnings), instead of every content file's on the main thread before a game starts.
    assets.tools().checkVersions(Experiences.USER_FACING_EXPERIENCE);
    assets.tools().checkVersions(Experiences.EXPERIENCE);
    List<PrimaryAssetId> ids = assets.index().ids(Experiences.USER_FACING_EXPERIENCE);
    LoadHandle handle = assets.loadPrimaryAssets(ids, List.of());
    boolean held = false;
    try {
      LoadResult result = handle.waitUntilComplete(Duration.ofSeconds(60));
      List<Tile> tiles = new ArrayList<>();
      for (PrimaryAssetId id : ids) {
        tiles.add(new Tile(id, result.get(id, UserFacingExperience.class)));
      }
      held = true;
      return new Held(List.copyOf(tiles), handle);
    } catch (dev.overture.asset.AssetLoadException e) {
      // The framework's heading lists every tile's id; the command needed them all, so it says that.
      throw new ProblemException(READ_FAILED, e.problems(), e);
    } catch (java.util.concurrent.TimeoutException e) {
      throw new IllegalStateException("the tiles did not load within 60 seconds");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while loading the tiles");
    } finally {
      if (!held) {
        handle.release();
      }
    }
  }

  /**
   * The tile a run of {@code experience} plays, when several name it: the default tile if it is one
   * of them (what {@code play} without {@code --experience} selects), else the first by id. The
   * same tile whichever way the experience was chosen, so the menu's command and the run agree.
   */
  static Optional<Tile> forExperience(List<Tile> tiles, PrimaryAssetId experience) {
    List<Tile> naming = naming(tiles, experience);
    return naming.stream().filter(tile -> tile.tile().isDefaultExperience()).findFirst().or(() -> naming.stream().findFirst());
  }

  /** The tiles (by id) that start {@code experience}. */
  static List<Tile> naming(List<Tile> tiles, PrimaryAssetId experience) {
    return tiles.stream().filter(tile -> tile.tile().experienceId().equals(experience)).toList();
  }

  /**
   * The other tiles that start {@code chosen}'s experience on another map: a run of the experience
   * plays {@code chosen}'s, and {@code play --tile} chooses one of these instead.
   */
  static List<Tile> otherMaps(List<Tile> tiles, Tile chosen) {
    return naming(tiles, chosen.tile().experienceId()).stream()
        .filter(tile -> !tile.id().equals(chosen.id()) && !tile.tile().map().equals(chosen.tile().map()))
        .toList();
  }

  /**
   * The tile {@code id} names ({@code play --tile}).
   *
   * @throws IllegalArgumentException naming the tiles there are
   */
  static Tile named(List<Tile> tiles, PrimaryAssetId id) {
    return tiles.stream().filter(tile -> tile.id().equals(id)).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("--tile " + shown(id) + ": no such tile (tiles: "
            + ChoiceList.of(id.name(), tiles.stream().map(tile -> tile.id().name()).toList()) + ")"));
  }

  /** {@code id} as the user wrote it: a tile's name alone, any other type with its type (a review: --tile Map:Arena said "Arena"). */
  private static String shown(PrimaryAssetId id) {
    return id.type().equals(dev.overture.experience.Experiences.USER_FACING_EXPERIENCE) ? id.name() : id.toString();
  }

  /** The words of {@code play} that start {@code tile}'s experience on {@code tile}'s map. */
  static String command(List<Tile> tiles, Tile tile) {
    boolean chosenByExperience = forExperience(tiles, tile.tile().experienceId()).map(Tile::id).filter(tile.id()::equals).isPresent();
    return chosenByExperience ? "play --experience " + tile.tile().experienceId().name() : "play --tile " + tile.id().name();
  }
}
