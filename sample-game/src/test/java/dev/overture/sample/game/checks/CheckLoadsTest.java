package dev.overture.sample.game.checks;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.asset.AssetManager;
import dev.overture.asset.AssetSource;
import dev.overture.asset.PrimaryAssetId;
import dev.overture.experience.Experiences;
import dev.overture.experience.UserFacingExperience;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * MatchSetup's loads of the tiles and maps it checks: read ahead side by side on the manager's own
 * workers, one load per asset waited for once, nothing read ahead on a host's executor (whose queue
 * may be bounded), and what was read ahead released when the check ends.
 */
class CheckLoadsTest {

  private static final PrimaryAssetId ARENA = PrimaryAssetId.of("UserFacingExperience", "ArenaTile");
  private static final PrimaryAssetId LOBBY = PrimaryAssetId.of("UserFacingExperience", "LobbyTile");
  private static final PrimaryAssetId BROKEN = PrimaryAssetId.of("UserFacingExperience", "BrokenTile");
  private static final PrimaryAssetId UNKNOWN = PrimaryAssetId.of("UserFacingExperience", "NoSuchTile");
  private static final Duration WAIT = Duration.ofSeconds(30);

  @TempDir Path folder;

  private Path tiles() throws Exception {
    Path tiles = Files.createDirectories(folder.resolve("ui/experiences"));
    Files.writeString(tiles.resolve("ArenaTile.json"), "{ \"experienceId\": \"Arena\", \"mapId\": \"Map:Arena\" }");
    Files.writeString(tiles.resolve("LobbyTile.json"), "{ \"experienceId\": \"Lobby\" }");
    Files.writeString(tiles.resolve("BrokenTile.json"), "{ \"experienceId\": ");
    return tiles;
  }

  /** A manager over the tiles, reading on its own workers ({@code executor} null) or on {@code executor}. */
  private AssetManager assets(Executor executor) throws Exception {
    tiles();
    AssetManager.Builder builder = Experiences.register(AssetManager.builder()).contentRoot(AssetSource.directory(folder));
    return (executor == null ? builder : builder.executor(executor)).build();
  }

  @Test
  void aStepsAssets_areReadAheadSideBySide_beforeAnyIsAskedFor() throws Exception {
    try (AssetManager assets = assets(null); CheckLoads loads = new CheckLoads(assets, id -> Optional.empty(), WAIT)) {
      loads.readAhead(List.of(ARENA, LOBBY));

      await().atMost(WAIT).until(() -> assets.getAsset(ARENA).isPresent() && assets.getAsset(LOBBY).isPresent());
      assertEquals(Optional.of("Map:Arena"), loads.get(ARENA, UserFacingExperience.class).flatMap(UserFacingExperience::map)
          .map(Object::toString));
      assertTrue(loads.get(LOBBY, UserFacingExperience.class).isPresent());
    }
  }

  /** A review of the first version, which asked for every load at once: on this executor 35 of 40 tiles were refused and absent. */
  @Test
  void onAHostsBoundedExecutor_everyTileIsStillLoaded_oneAtATime() throws Exception {
    Path tiles = tiles();
    List<PrimaryAssetId> ids = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      Files.writeString(tiles.resolve("Tile" + i + ".json"), "{ \"experienceId\": \"Arena\" }");
      ids.add(PrimaryAssetId.of("UserFacingExperience", "Tile" + i));
    }
    ThreadPoolExecutor host = new ThreadPoolExecutor(1, 1, 0, TimeUnit.SECONDS, new ArrayBlockingQueue<>(4));
    try (AssetManager assets = Experiences.register(AssetManager.builder()).contentRoot(AssetSource.directory(folder))
            .executor(host).build();
        CheckLoads loads = new CheckLoads(assets, id -> Optional.empty(), WAIT)) {
      loads.readAhead(ids);

      assertEquals(ids.size(), ids.stream().filter(id -> loads.get(id, UserFacingExperience.class).isPresent()).count());
    } finally {
      host.shutdownNow();
    }
  }

  @Test
  void aTileThatFails_isOnlyItsOwnProblem_andAnUnknownOneIsNotLoaded() throws Exception {
    try (AssetManager assets = assets(null); CheckLoads loads = new CheckLoads(assets, id -> Optional.empty(), WAIT)) {
      loads.readAhead(List.of(BROKEN, ARENA, UNKNOWN));

      assertEquals(Optional.empty(), loads.get(BROKEN, UserFacingExperience.class));
      assertTrue(loads.get(ARENA, UserFacingExperience.class).isPresent(), "the tile after the broken one still loads");
      assertEquals(Optional.empty(), loads.get(UNKNOWN, UserFacingExperience.class));
      assertEquals(Optional.empty(), loads.get(ARENA, String.class), "another type than the asset's is absent");
    }
  }

  /** A review of the first version: a tile that never loaded was waited for by the pass over the tiles, then again by the check. */
  @Test
  void aTileIsWaitedForOnce_evenWhenItDoesNotLoad() throws Exception {
    ConcurrentLinkedQueue<Runnable> queued = new ConcurrentLinkedQueue<>(); // reads that never run: the load stalls
    try (AssetManager assets = assets(queued::add); CheckLoads loads = new CheckLoads(assets, id -> Optional.empty(), Duration.ofMillis(50))) {
      loads.readAhead(List.of(ARENA));
      assertTrue(queued.isEmpty(), "nothing read ahead on a host's executor");

      assertEquals(Optional.empty(), loads.get(ARENA, UserFacingExperience.class), "not loaded within the timeout");
      assertEquals(1, queued.size());
      assertEquals(Optional.empty(), loads.get(ARENA, UserFacingExperience.class));
      assertEquals(1, queued.size(), "not asked for, nor waited for, again");
    }
  }

  @Test
  void whatTheValidationHolds_isNotLoadedAgain() throws Exception {
    ConcurrentLinkedQueue<Runnable> queued = new ConcurrentLinkedQueue<>();
    UserFacingExperience edited = new UserFacingExperience(null, PrimaryAssetId.of("Experience", "Edited"), null, null, null, null,
        null, null, false, null, false, null);
    try (AssetManager assets = assets(queued::add);
        CheckLoads loads = new CheckLoads(assets, id -> id.equals(ARENA) ? Optional.of(edited) : Optional.empty(), WAIT)) {
      loads.readAhead(List.of(ARENA));

      assertEquals(Optional.of(edited), loads.get(ARENA, UserFacingExperience.class));
      assertTrue(queued.isEmpty(), "nothing read");
    }
  }

  @Test
  void closing_releasesWhatWasReadAhead() throws Exception {
    try (AssetManager assets = assets(null)) {
      try (CheckLoads loads = new CheckLoads(assets, id -> Optional.empty(), WAIT)) {
        loads.readAhead(List.of(ARENA, LOBBY));
        assertTrue(loads.get(ARENA, UserFacingExperience.class).isPresent());
        await().atMost(WAIT).until(() -> assets.getAsset(LOBBY).isPresent());
        assertTrue(assets.getAsset(ARENA).isPresent(), "held while the check runs");
      }

      assertEquals(Optional.empty(), assets.getAsset(ARENA));
      assertEquals(Optional.empty(), assets.getAsset(LOBBY));
    }
  }
}
