package dev.overture.feature;

import dev.overture.asset.AssetSource;
import dev.overture.inject.Overture;
import dev.overture.testing.Content;
import dev.overture.testing.FakeTicker;
import dev.overture.testing.ManualExecutor;
import dev.overture.world.World;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * The runtime the jar plugin tests open: a small game, the test's plugins folder, every worker's and
 * the plugins' work run when the test pumps it (no thread of its own), closed after each test. Not
 * thread-safe: the test's thread.
 */
abstract class JarPluginHarness {

  @TempDir Path temp;
  final ManualExecutor workers = new ManualExecutor();
  final ManualExecutor serial = new ManualExecutor();
  Overture overture;

  /** The plugins folder the runtime reads. */
  Path plugins() {
    return temp.resolve("plugins");
  }

  /** A runtime of a small game and the plugins folder, brought up. */
  Overture open() {
    Path game = Content.of()
        .file("pawns/Keeper.json", "{ \"pawnClass\": \"Pawn\", \"displayName\": \"Keeper\" }")
        .writeTo(temp.resolve("game"));
    overture = Overture.builder()
        .contentRoot(AssetSource.directory(game))
        .plugins(plugins())
        .workers(workers)
        .pluginExecutor(serial)
        .ticker(new FakeTicker())
        .closeTimeout(Duration.ZERO)
        .build();
    pump();
    return overture;
  }

  @AfterEach
  void close() {
    if (overture != null) {
      pump();
      overture.close();
    }
  }

  /** Runs the workers' and the plugins' queued work, and the worlds' tasks, until none is left. */
  void pump(World... worlds) {
    boolean ran;
    do {
      ran = workers.runAll() + serial.runAll() > 0;
      for (World world : worlds) {
        ran |= world.runPendingTasks() > 0;
      }
    } while (ran);
  }
}
