package dev.overture.feature;

import static org.awaitility.Awaitility.await;
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

  /**
   * A plugin whose pool's thread, idle in the JDK's code, runs none of the plugin's but has its
   * loader as context class loader (as a library's pool might). The pool is left where the test can
   * shut it down (a system property holds any object), as the plugin does not.
   */
  private static final String POOL_PLUGIN = """
      package relics;

      import java.util.concurrent.LinkedBlockingQueue;
      import java.util.concurrent.ThreadPoolExecutor;
      import java.util.concurrent.TimeUnit;

      public final class RelicsPlugin implements dev.overture.feature.OverturePlugin {
        @Override
        public void register(dev.overture.feature.PluginRegistration plugin) {
          ClassLoader own = RelicsPlugin.class.getClassLoader();
          ThreadPoolExecutor pool = new ThreadPoolExecutor(1, 1, 10, TimeUnit.MINUTES, new LinkedBlockingQueue<>(), runnable -> {
            Thread thread = new Thread(runnable, "relic-pool");
            thread.setContextClassLoader(own);
            thread.setDaemon(true);
            return thread;
          });
          pool.execute(() -> { });
          System.getProperties().put("relics.pool", pool);
        }
      }
      """;

  /** A plugin whose registration starts its ticker and then fails. */
  private static final String FAILING_PLUGIN = """
      package relics;

      public final class RelicsPlugin implements dev.overture.feature.OverturePlugin {
        @Override
        public void register(dev.overture.feature.PluginRegistration plugin) {
          Ticker.start();
          throw new IllegalStateException("the relics are not ready");
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
    return jar(stopsItsThread, PLUGIN);
  }

  private Path jar(boolean stopsItsThread, String entryPoint) {
    String actions = stopsItsThread ? ", \"contributes\": { \"actions\": [\"StopTicker\"] }, \"actions\": [ { \"action\": \"StopTicker\" } ]" : "";
    return PluginJar.of()
        .file("plugin.json", "{ \"name\": \"Relics\", \"version\": \"1.0.0\", \"entryPoint\": \"relics.RelicsPlugin\"" + actions + " }")
        .java("relics.RelicsPlugin", entryPoint)
        .java("relics.Ticker", TICKER)
        .java("relics.StopTicker", STOP_TICKER)
        .writeTo(temp.resolve("jars/relics.jar"));
  }

  /** A runtime over the jars in {@code temp/jars}, its plugins' changes and reads run on the test's thread ({@link #pump}). */
  private final class Runtime implements AutoCloseable {
    private final ManualExecutor workers = new ManualExecutor();
    private final ManualExecutor serial = new ManualExecutor(); // the plugins' work runs on the test's thread, which is never counted
    private final AssetManager assets;
    private final GameFeatures features;

    Runtime(Duration grace) {
      this(grace, true);
    }

    /** {@code mustBeReady}: its plugins must all come up (else one failing is what is tested). */
    Runtime(Duration grace, boolean mustBeReady) {
      Path game = Content.of().file("pawns/Keeper.json", "{ \"pawnClass\": \"Pawn\" }").writeTo(temp.resolve("game"));
      assets = BuiltIns.register(AssetManager.builder()).contentRoot(AssetSource.directory(game)).executor(workers).build();
      features = GameFeatures.builder(assets).executor(serial).pluginJars(temp.resolve("jars")).strayThreadGrace(grace).build();
      pump();
      if (mustBeReady) {
        features.ready().join();
      }
    }

    void pump() {
      while (serial.runAll() + workers.runAll() > 0) {
        // until the plugins' changes are done
      }
    }

    /** Unregisters the plugin and returns what was logged meanwhile. */
    String unregisterLogged() {
      return StandardError.during(() -> {
        features.unregister(RELICS);
        pump();
        assertEquals(PluginState.INSTALLED, features.state(RELICS));
      });
    }

    @Override
    public void close() {
      features.close();
      assets.close();
    }
  }

  /** Waits until {@code count} threads named {@code name} are in {@code state}. */
  private static void awaitThreads(String name, Thread.State state, int count) {
    await().atMost(Duration.ofSeconds(30)).until(() -> Thread.getAllStackTraces().keySet().stream()
        .filter(thread -> thread.getName().equals(name) && thread.getState() == state).count() == count);
  }

  /** Registers the plugin, unregisters it with {@code grace} once its ticker waits, and returns what was logged meanwhile. */
  private String unregisterLogged(Duration grace) {
    return unregisterLogged(grace, THREAD);
  }

  /** The same, once the plugin's thread {@code name} waits (the ticker in the plugin's code, the pool's in the JDK's alone). */
  private String unregisterLogged(Duration grace, String name) {
    try (Runtime runtime = new Runtime(grace)) {
      awaitThreads(name, Thread.State.WAITING, 1);
      return runtime.unregisterLogged();
    }
  }

  private static Thread ticker() {
    return named(THREAD);
  }

  private static Thread named(String name) {
    return Thread.getAllStackTraces().keySet().stream().filter(thread -> thread.getName().equals(name)).findFirst().orElse(null);
  }

  @AfterEach
  void stopThePluginsThreads() throws InterruptedException {
    Object pool = System.getProperties().remove("relics.pool");
    if (pool instanceof java.util.concurrent.ExecutorService executor) {
      executor.shutdownNow();
    }
    for (Thread left : Thread.getAllStackTraces().keySet()) {
      if (left.getName().equals(THREAD)) {
        left.interrupt();
        left.join(Duration.ofSeconds(30).toMillis());
      }
    }
  }

  @Test
  void aThreadLeftRunningThePluginsCode_isNamedWhenItUnregisters_withWhereItIs() {
    jar(false);

    String log = unregisterLogged(Duration.ofMillis(100)); // looked at again during the grace, then named

    int line = TICKER.lines().toList().indexOf("      LockSupport.park();") + 1;
    String expected = "Plugin Relics was unregistered, but its code still runs on thread \"relic-ticker\" (at"
        + " relics.Ticker.tick(Ticker.java:" + line + ")): its classes stay in memory until that thread ends; stop the thread"
        + " when the plugin unregisters (in an action's onUnregistering)";
    assertTrue(log.contains(expected), log);
    assertEquals(1, log.lines().filter(each -> each.contains("still runs")).count(), log);
    assertFalse(StandardError.hasStackTrace(log), log);
    assertTrue(ticker().isAlive(), "named, not stopped: the thread is the plugin's to end");
  }

  /** No false alarm: the plugin interrupts its thread without waiting for it, and the grace lets it end. */
  @Test
  void aThreadThePluginStopsWhenItUnregisters_isGivenTheGraceToEnd_andNotNamed() {
    jar(true);

    String log = unregisterLogged(Duration.ofSeconds(30)); // an upper bound: the wait ends once the thread lets go

    assertFalse(log.contains("Plugin Relics was unregistered"), log);
    Thread left = ticker();
    assertTrue(left == null || java.util.Arrays.stream(left.getStackTrace())
        .noneMatch(frame -> "plugin Relics".equals(frame.getClassLoaderName())), "out of the plugin's code");
  }

  @Test
  void aThreadWithThePluginsLoaderAsContextLoader_isNamed_thoughItRunsNoneOfItsCode() {
    jar(false, POOL_PLUGIN);

    String log = unregisterLogged(Duration.ZERO, "relic-pool");

    assertTrue(log.contains("Plugin Relics was unregistered, but thread \"relic-pool\" still has its class loader as context"
        + " class loader: its classes stay in memory until that thread ends or its context class loader is set back; set it back"
        + " where the plugin set it"), log);
    assertFalse(StandardError.hasStackTrace(log), log);
  }

  /**
   * A hostile review: a registration that failed after its code started a thread was undone
   * without a word about the thread, which keeps the plugin's classes as one left at unregister
   * does. It is named the same way, with what happened to the plugin.
   */
  @Test
  void aThreadStartedByARegistrationThatFailed_isNamed_asAtUnregister() {
    jar(false, FAILING_PLUGIN);
    Runtime[] started = new Runtime[1];

    String log = StandardError.during(() -> started[0] = new Runtime(Duration.ZERO, false));

    try (Runtime runtime = started[0]) {
      assertEquals(PluginState.ERROR, runtime.features.state(RELICS));
      assertTrue(log.contains("Plugin Relics failed to register, but its code still runs on thread \"relic-ticker\" (at"
          + " relics.Ticker.tick(Ticker.java:"), log);
      assertFalse(StandardError.hasStackTrace(log), log);
    }
  }

  /**
   * A review of the first version: two runtimes of one JVM with the plugin registered both have a
   * loader named "plugin Relics", and a frame names only that; unregistering it in one named the
   * other's thread. While another runtime has a loader of that name in memory, frames are not
   * asked (this runtime's own thread then goes unnamed too, as docs/plugins.md says).
   */
  @Test
  void anotherRuntimesCopyOfThePlugin_isNotBlamedForItsThread() {
    jar(false);
    try (Runtime first = new Runtime(PluginThreads.GRACE); Runtime second = new Runtime(PluginThreads.GRACE)) {
      awaitThreads(THREAD, Thread.State.WAITING, 2);

      String log = first.unregisterLogged();

      assertEquals(PluginState.REGISTERED, second.features.state(RELICS));
      assertFalse(log.contains("Plugin Relics was unregistered"), log);
    }
  }

  /** Within one runtime a frame's name is its plugin's: an earlier copy's thread, kept running, is named with the new copy's. */
  @Test
  void anEarlierCopysThread_inTheSameRuntime_isNamedToo() {
    jar(false);
    try (Runtime runtime = new Runtime(Duration.ZERO)) {
      awaitThreads(THREAD, Thread.State.WAITING, 1);
      String first = runtime.unregisterLogged();
      runtime.features.register(RELICS);
      runtime.pump();
      awaitThreads(THREAD, Thread.State.WAITING, 2);

      String second = runtime.unregisterLogged();

      assertEquals(1, first.lines().filter(line -> line.contains("Plugin Relics was unregistered")).count(), first);
      assertEquals(2, second.lines().filter(line -> line.contains("Plugin Relics was unregistered, but its code still runs on thread"
          + " \"relic-ticker\"")).count(), "the new copy's ticker and the first copy's, still running: " + second);
    }
  }
}
