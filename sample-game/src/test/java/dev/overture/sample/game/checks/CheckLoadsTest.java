package dev.overture.sample.game.checks;

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
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * MatchSetup's loads of the tiles and maps it checks: asked for together, each failing alone, held
 * until the check ends. The workers are an executor that only queues, so the test sees what was
 * asked for before anything was waited for, and runs the reads itself.
 */
class CheckLoadsTest {

  private static final PrimaryAssetId ARENA = PrimaryAssetId.of("UserFacingExperience", "ArenaTile");
  private static final PrimaryAssetId LOBBY = PrimaryAssetId.of("UserFacingExperience", "LobbyTile");
  private static final PrimaryAssetId BROKEN = PrimaryAssetId.of("UserFacingExperience", "BrokenTile");
  private static final PrimaryAssetId UNKNOWN = PrimaryAssetId.of("UserFacingExperience", "NoSuchTile");
  private static final Duration WAIT = Duration.ofSeconds(30);

  @TempDir Path folder;

  private final ConcurrentLinkedQueue<Runnable> queued = new ConcurrentLinkedQueue<>();

  private AssetManager assets() throws Exception {
    Path tiles = Files.createDirectories(folder.resolve("ui/experiences"));
    Files.writeString(tiles.resolve("ArenaTile.json"), "{ \"experienceId\": \"Arena\", \"mapId\": \"Map:Arena\" }");
    Files.writeString(tiles.resolve("LobbyTile.json"), "{ \"experienceId\": \"Lobby\" }");
    Files.writeString(tiles.resolve("BrokenTile.json"), "{ \"experienceId\": ");
    return Experiences.register(AssetManager.builder()).contentRoot(AssetSource.directory(folder)).executor(queued::add).build();
  }

  private void runQueued() {
    for (Runnable read = queued.poll(); read != null; read = queued.poll()) {
      read.run();
    }
  }

  @Test
  void theLoadsOfAStep_areAskedForTogether_beforeAnyIsWaitedFor() throws Exception {
    try (AssetManager assets = assets(); CheckLoads loads = new CheckLoads(assets, id -> Optional.empty(), WAIT)) {
      loads.start(List.of(ARENA, LOBBY, BROKEN));

      assertEquals(3, queued.size(), "one read of each tile asked for at once");
      runQueued();
      assertEquals(Optional.of("Map:Arena"), loads.get(ARENA, UserFacingExperience.class).flatMap(UserFacingExperience::map)
          .map(Object::toString));
      assertTrue(loads.get(LOBBY, UserFacingExperience.class).isPresent());
    }
  }

  @Test
  void aTileThatFails_isOnlyItsOwnProblem_andAnUnknownOneIsNotLoaded() throws Exception {
    try (AssetManager assets = assets(); CheckLoads loads = new CheckLoads(assets, id -> Optional.empty(), WAIT)) {
      loads.start(List.of(BROKEN, ARENA, UNKNOWN));
      runQueued();

      assertEquals(Optional.empty(), loads.get(BROKEN, UserFacingExperience.class));
      assertTrue(loads.get(ARENA, UserFacingExperience.class).isPresent(), "the tile after the broken one still loads");
      assertEquals(Optional.empty(), loads.get(UNKNOWN, UserFacingExperience.class));
      assertEquals(Optional.empty(), loads.get(ARENA, String.class), "another type than the asset's is absent");
      assertTrue(queued.isEmpty(), "nothing read for the unknown tile, or twice for the others");
    }
  }

  @Test
  void whatTheValidationHolds_isNotLoadedAgain() throws Exception {
    UserFacingExperience edited = new UserFacingExperience(null, PrimaryAssetId.of("Experience", "Edited"), null, null, null, null,
        null, null, false, null, false, null);
    try (AssetManager assets = assets(); CheckLoads loads = new CheckLoads(assets, id -> id.equals(ARENA) ? Optional.of(edited)
        : Optional.empty(), WAIT)) {
      loads.start(List.of(ARENA, LOBBY));

      assertEquals(1, queued.size(), "only the tile the validation does not hold is read");
      assertEquals(Optional.of(edited), loads.get(ARENA, UserFacingExperience.class));
    }
  }

  @Test
  void closing_releasesEveryLoad() throws Exception {
    try (AssetManager assets = assets()) {
      try (CheckLoads loads = new CheckLoads(assets, id -> Optional.empty(), WAIT)) {
        loads.start(List.of(ARENA, LOBBY));
        runQueued();
        assertTrue(loads.get(ARENA, UserFacingExperience.class).isPresent());
        assertTrue(assets.getAsset(LOBBY).isPresent(), "held while the check runs");
      }

      assertEquals(Optional.empty(), assets.getAsset(ARENA));
      assertEquals(Optional.empty(), assets.getAsset(LOBBY));
    }
  }
}
