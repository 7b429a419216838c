package dev.overture.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.overture.asset.PrimaryAssetId;
import dev.overture.experience.ExperienceManager;
import dev.overture.experience.LoadState;
import dev.overture.experience.MapDefinition;
import dev.overture.inject.Overture;
import dev.overture.sample.game.ArenaGameState;
import dev.overture.sample.game.ArenaLevel;
import dev.overture.world.NetMode;
import dev.overture.world.World;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Plays whole matches in-process through the framework's API, many on one runtime, as a host
 * would: a world per match (from {@code overture.worlds()}) on the map of the experience's tile, seeded, driven turn by turn until a team wins, the
 * match ends in a draw or a turn limit passes. Not thread-safe: the calling thread is every
 * world's game thread.
 */
final class MatchRunner implements AutoCloseable {

  /** How a match ended: {@code winner} is a team's name, "" for a draw or when not over. */
  record Outcome(String experience, long seed, boolean over, String winner, int turn) {}

  private final Overture overture;
  private final List<Tiles.Tile> tiles;

  MatchRunner(Path assets) {
    overture = SampleContent.openReady(assets);
    tiles = Tiles.load(overture.assets());
  }

  /** Plays {@code experience} (a name, as {@code play --experience} takes) from {@code seed}. */
  Outcome play(String experience, long seed, int maxTurns) {
    PrimaryAssetId experienceId = PrimaryAssetId.parse("Experience:" + experience);
    String mapId = Tiles.forExperience(tiles, experienceId).flatMap(tile -> tile.tile().map()).map(Object::toString).orElseThrow();
    World world = overture.worlds().create("Fairness", NetMode.STANDALONE, ArenaGameState.class);
    try {
      world.subsystem(ArenaLevel.class).load(mapId, overture.assets().loadSynchronously(PrimaryAssetId.parse(mapId), MapDefinition.class));
      ArenaGameState state = (ArenaGameState) world.gameState();
      state.seed(seed);
      ExperienceManager manager = ExperienceManager.of(world).orElseThrow();
      manager.setCurrentExperience(experienceId);
      settle(world, () -> manager.state() == LoadState.LOADED || manager.state() == LoadState.FAILED);
      assertEquals(LoadState.LOADED, manager.state(), () -> manager.failure().map(Throwable::getMessage).orElse("still loading"));
      while (!state.isOver() && state.turn() < maxTurns) {
        world.tick(1.0 / 30);
      }
      Outcome outcome = new Outcome(experience, seed, state.isOver(), state.winner(), state.turn());
      CompletableFuture<Void> deactivated = manager.deactivate();
      settle(world, deactivated::isDone);
      return outcome;
    } finally {
      world.close();
    }
  }

  /** Runs the world's queued work (the loading workers' results) until {@code done}. */
  private static void settle(World world, java.util.function.BooleanSupplier done) {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (!done.getAsBoolean() && System.nanoTime() < deadline) {
      if (world.runPendingTasks() == 0) {
        Thread.yield(); // the loading workers need the cores more than this loop
      }
    }
  }

  @Override
  public void close() {
    overture.close();
  }
}
