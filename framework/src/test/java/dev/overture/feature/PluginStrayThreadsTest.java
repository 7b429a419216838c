package dev.overture.feature;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.asset.AssetManager;
import dev.overture.asset.AssetSource;
import dev.overture.feature.internal.BuiltIns;
import dev.overture.internal.StandardError;
import dev.overture.testing.Content;
import dev.overture.testing.ManualExecutor;
import dev.overture.testing.PluginJar;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A plugin that leaves a thread running its code when it unregisters keeps its class loader, and
 * so all its classes, in memory: the unregistering says so, naming the thread and where it is in
 * the plugin's code. A plugin that stops its thread when it unregisters is not named.
 */
class PluginStrayThreadsTest {

  private static final PluginId RELICS = PluginId.of("Relics");
  private static final String THREAD = "relic-ticker";

  @TempDir Path temp;

  private static final String TICKER = """
      package relics;

      import java.util.concurrent.CountDownLatch;
      import java.util.concurrent.locks.LockSupport;

      public final class Ticker {
        static volatile Thread thread;

        /** Starts the thread and returns once it runs the plugin's code. */
        static void start() {
          CountDownLatch running = new CountDownLatch(1);
          thread = new Thread(() -> tick(running), "relic-ticker");
          thread.setDaemon(true);
          thread.start();
          try {
            running.await();
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
        }

        static void tick(CountDownLatch running) {
          running.countDown();
          while (!Thread.currentThread().isInterrupted()) {
            LockSupport.park();
          }
        }
      }
      """;

  private static final String PLUGIN = """
      package relics;

      public final class RelicsPlugin implements dev.overture.feature.OverturePlugin {
        @Override
        public void register(dev.overture.feature.PluginRegistration plugin) {
          plugin.kind(dev.overture.feature.GameFeatureAction.class, "StopTicker", StopTicker.class);
          Ticker.start();
        }
      }
      """;

  private static final String STOP_TICKER = """
      package relics;

      public record StopTicker() implements dev.overture.feature.GameFeatureAction {
        @Override
        public void onUnregistering() {
          Ticker.thread.interrupt(); // not waited for: the thread ends on its own, soon after
        }
      }
      """;

  /** The plugin's jar; {@code stopsItsThread}, its descriptor runs StopTicker when it unregisters. */
  private Path jar(boolean stopsItsThread) {
    String actions = stopsItsThread ? ", \"contributes\": { \"actions\": [\"StopTicker\"] }, \"actions\": [ { \"action\": \"StopTicker\" } ]" : "";
    return PluginJar.of()
        .file("plugin.json", "{ \"name\": \"Relics\", \"version\": \"1.0.0\", \"entryPoint\": \"relics.RelicsPlugin\"" + actions + " }")
        .java("relics.RelicsPlugin", PLUGIN)
        .java("relics.Ticker", TICKER)
        .java("relics.StopTicker", STOP_TICKER)
        .writeTo(temp.resolve("jars/relics.jar"));
  }

  /** Registers the plugin, unregisters it with {@code grace}, and returns what was logged meanwhile. */
  private String unregisterLogged(Duration grace) {
    Path game = Content.of().file("pawns/Keeper.json", "{ \"pawnClass\": \"Pawn\" }").writeTo(temp.resolve("game"));
    ManualExecutor workers = new ManualExecutor();
    ManualExecutor serial = new ManualExecutor(); // the plugins' work runs on this thread, which is never counted
    try (AssetManager assets = BuiltIns.register(AssetManager.builder()).contentRoot(AssetSource.directory(game)).executor(workers).build();
        GameFeatures features = GameFeatures.builder(assets).executor(serial).pluginJars(temp.resolve("jars"))
            .strayThreadGrace(grace).build()) {
      Runnable pump = () -> {
        while (serial.runAll() + workers.runAll() > 0) {
          // until the plugins' changes are done
        }
      };
      pump.run();
      features.ready().join();
      assertEquals(List.of(ticker()), PluginThreads.running("plugin Relics").stream().map(PluginThreads.Stray::thread).toList(),
          "the plugin's thread runs its code");
      return StandardError.during(() -> {
        features.unregister(RELICS);
        pump.run();
        assertEquals(PluginState.INSTALLED, features.state(RELICS));
      });
    }
  }

  private static Thread ticker() {
    return Thread.getAllStackTraces().keySet().stream().filter(thread -> thread.getName().equals(THREAD)).findFirst().orElse(null);
  }

  @AfterEach
  void stopTheTicker() throws InterruptedException {
    Thread left = ticker();
    if (left != null) {
      left.interrupt();
      left.join(Duration.ofSeconds(30).toMillis());
    }
  }

  @Test
  void aThreadLeftRunningThePluginsCode_isNamedWhenItUnregisters_withWhereItIs() {
    jar(false);

    String log = unregisterLogged(Duration.ZERO);

    int line = TICKER.lines().toList().indexOf("      LockSupport.park();") + 1;
    String expected = "Plugin Relics was unregistered, but its code still runs on thread \"relic-ticker\" (at"
        + " relics.Ticker.tick(Ticker.java:" + line + ")): its classes stay in memory until that thread ends; stop the thread"
        + " when the plugin unregisters (in an action's onUnregistering)";
    assertTrue(log.contains(expected), log);
    assertEquals(1, log.lines().filter(each -> each.contains("still runs")).count(), log);
    assertFalse(StandardError.hasStackTrace(log), log);
    assertTrue(ticker().isAlive(), "named, not stopped: the thread is the plugin's to end");
  }

  @Test
  void aThreadThePluginStopsWhenItUnregisters_isGivenTheGraceToEnd_andNotNamed() {
    jar(true);

    String log = unregisterLogged(Duration.ofSeconds(30)); // an upper bound: the wait ends when the thread does

    assertFalse(log.contains("still runs"), log);
    assertEquals(null, ticker(), "the thread ended");
  }
}
