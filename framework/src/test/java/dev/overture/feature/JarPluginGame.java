package dev.overture.feature;

import dev.overture.asset.AssetSource;
import dev.overture.inject.Overture;
import dev.overture.testing.Content;
import dev.overture.testing.FakeTicker;
import dev.overture.testing.ManualExecutor;
import java.nio.file.Path;
import java.time.Duration;

/**
 * A runtime for tests of jar plugins: a small game (one pawn data) in {@code temp/game}, the jars a
 * test wrote to {@link #plugins(Path) temp/plugins}, and the workers and plugin executor driven by
 * hand ({@link #pump}). Built after the jars are written. Confined to the test's thread.
 */
final class JarPluginGame implements AutoCloseable {

  private final ManualExecutor workers = new ManualExecutor();
  private final ManualExecutor serial = new ManualExecutor();
  private final Overture overture;

  private JarPluginGame(Path temp) {
    Path game = Content.of().file("pawns/Keeper.json", "{ \"pawnClass\": \"Pawn\" }").writeTo(temp.resolve("game"));
    overture = Overture.builder().contentRoot(AssetSource.directory(game)).plugins(plugins(temp)).workers(workers)
        .pluginExecutor(serial).ticker(new FakeTicker()).closeTimeout(Duration.ZERO).build();
    pump();
  }

  /** The plugins folder under {@code temp}, where a test writes its jars before {@link #open}. */
  static Path plugins(Path temp) {
    return temp.resolve("plugins");
  }

  /** The game over the jars already in {@code temp/plugins}, with discovery and initial states run. */
  static JarPluginGame open(Path temp) {
    return new JarPluginGame(temp);
  }

  Overture overture() {
    return overture;
  }

  GameFeatures features() {
    return overture.features();
  }

  /** Runs file reads and plugin state changes until none is queued. */
  void pump() {
    while (workers.runAll() + serial.runAll() > 0) {
      // until both queues are empty
    }
  }

  @Override
  public void close() {
    pump();
    overture.close();
  }
}
