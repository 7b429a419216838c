package dev.overture.feature;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.asset.AssetManager;
import dev.overture.asset.AssetSource;
import dev.overture.feature.internal.BuiltIns;
import dev.overture.testing.Content;
import dev.overture.testing.ManualExecutor;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How requests for plugins are counted and queued, as a host sees it: {@code whenIdle}, releases
 * without a request, unloading and unregistering what is still in use, and closing.
 */
class PluginRequestsTest {

  private static final PluginId CORE = PluginId.of("Core");
  private static final PluginId COMBAT = PluginId.of("Combat");

  @TempDir Path temp;
  private final ManualExecutor workers = new ManualExecutor();
  private final ManualExecutor serial = new ManualExecutor();
  private AssetManager assets;
  private GameFeatures features;
  /** Whether the host's plugin executor refuses work (shut down, or its queue full). */
  private boolean refusing;

  @BeforeEach
  void setUp() {
    Path root = Content.of()
        .file("plugins/Core/plugin.json", "{ \"version\": \"1.0.0\" }")
        .file("plugins/Combat/plugin.json", "{ \"version\": \"1.0.0\", \"dependencies\": [ { \"name\": \"Core\" } ] }")
        .writeTo(temp.resolve("assets"));
    assets = BuiltIns.register(AssetManager.builder()).contentRoot(AssetSource.directory(root)).executor(workers).build();
    features = GameFeatures.builder(assets).executor(task -> {
      if (refusing) {
        throw new java.util.concurrent.RejectedExecutionException("host pool saturated");
      }
      serial.execute(task);
    }).build();
    pump();
  }

  @AfterEach
  void tearDown() {
    features.close();
    assets.close();
  }

  private void pump() {
    while (workers.runAll() + serial.runAll() > 0) {
      // until every queue is quiet
    }
  }

  private static Throwable failureOf(CompletableFuture<?> future) {
    return assertThrows(CompletionException.class, future::join).getCause();
  }

  // Regression (review-host #6): a host executor refusing one task was reported as "GameFeatures is
  // closed", and a refused release left the plugin active without a word.
  @Test
  void aRequestTheHostsExecutorRefuses_saysSo_notThatThePluginsAreClosed() {
    refusing = true;

    Throwable failure = failureOf(features.loadAndActivate(COMBAT));

    dev.overture.core.Problem problem = ((dev.overture.core.ProblemException) failure).problems().get(0);
    assertEquals("Overture/Rejected", problem.id());
    assertEquals("The plugin executor rejected the request of plugin Combat (it is shut down or its queue is full)",
        problem.message());
    refusing = false;
    features.loadAndActivate(COMBAT);
    pump();
    assertEquals(PluginState.ACTIVE, features.state(COMBAT), "not closed: the next request goes through");
  }

  @Test
  void aReleaseTheHostsExecutorRefuses_failsSayingSo_andTheRequestStillCounts() {
    features.loadAndActivate(COMBAT);
    pump();
    refusing = true;

    Throwable failure = failureOf(features.deactivate(COMBAT));

    assertEquals("The plugin executor rejected the release of plugin Combat (it is shut down or its queue is full)",
        ((dev.overture.core.ProblemException) failure).problems().get(0).message());
    assertEquals(1, features.requestCount(COMBAT));
    assertEquals(PluginState.ACTIVE, features.state(COMBAT));
  }

  @Test
  void whenIdle_waitsForEveryRequestInFlight() {
    assertTrue(features.whenIdle().isDone(), "idle at once");

    features.loadAndActivate(COMBAT);
    features.deactivate(COMBAT);
    CompletableFuture<Void> idle = features.whenIdle();
    assertFalse(idle.isDone(), "two requests queued");
    pump();

    assertTrue(idle.isDone() && !idle.isCompletedExceptionally());
    assertEquals(PluginState.LOADED, features.state(COMBAT));
  }

  @Test
  void closing_failsWhoeverWaitsForIdle() {
    features.loadAndActivate(COMBAT);
    CompletableFuture<Void> idle = features.whenIdle();

    features.close();

    assertEquals("GameFeatures is closed", failureOf(idle).getMessage());
    assertEquals("GameFeatures is closed", failureOf(features.whenIdle()).getMessage(), "still busy, and closed");
  }

  @Test
  void aReleaseWithoutARequest_changesNothing() {
    features.loadAndActivate(COMBAT);
    pump();

    CompletableFuture<Void> released = features.deactivate(CORE);
    pump();

    released.join();
    assertEquals(0, features.requestCount(CORE));
    assertEquals(1, features.requestCount(COMBAT));
    assertEquals(PluginState.ACTIVE, features.state(CORE), "Combat still needs it");
  }

  @Test
  void twoRequests_needTwoReleases() {
    features.loadAndActivate(COMBAT);
    features.loadAndActivate(COMBAT);
    features.deactivate(COMBAT);
    pump();
    assertEquals(PluginState.ACTIVE, features.state(COMBAT));
    assertEquals(1, features.requestCount(COMBAT));

    features.deactivate(COMBAT);
    pump();
    assertEquals(PluginState.LOADED, features.state(COMBAT));
    assertEquals(PluginState.LOADED, features.state(CORE), "released with its last dependent");
  }

  @Test
  void aPluginAnActivePluginDependsOn_cannotBeUnloaded_norUnregistered() {
    features.loadAndActivate(COMBAT);
    pump();

    CompletableFuture<Void> unload = features.unload(CORE);
    CompletableFuture<Void> unregister = features.unregister(CORE);
    pump();

    assertEquals("Plugin Core is still requested (0 requests, 1 active dependents)",
        ((PluginException) failureOf(unload)).problems().get(0).message());
    assertEquals("Overture/PluginInUse", ((PluginException) failureOf(unregister)).problems().get(0).id());
    assertEquals(PluginState.ACTIVE, features.state(CORE));
  }

  // Regression (review D): an unregister and then a request, queued in that order, left the plugin
  // Active on nothing (its content root removed, its code released), and the unregister completed
  // as if it had unregistered it: the request ran between the unregister's steps down.
  @Test
  void aRequestThatComesWhileAPluginGoesDown_keepsItWhole_andTheUnregisterFailsSayingSo() {
    CompletableFuture<Void> unregister = features.unregister(COMBAT);
    CompletableFuture<Void> request = features.loadAndActivate(COMBAT);
    pump();

    request.join();
    assertEquals(PluginState.ACTIVE, features.state(COMBAT));
    assertTrue(assets.contentRoot("Combat").isPresent(), "an active plugin's content stays in the index");
    assertEquals("Plugin Combat is still requested (1 requests, 0 active dependents)",
        ((PluginException) failureOf(unregister)).problems().get(0).message());

    features.deactivate(COMBAT);
    CompletableFuture<Void> again = features.unregister(COMBAT);
    pump();
    again.join();
    assertEquals(PluginState.INSTALLED, features.state(COMBAT), "once released, it goes down whole");
    assertFalse(assets.contentRoot("Combat").isPresent());
  }

  @Test
  void aRegisteredPlugin_keepsItsDependencyRegistered() {
    CompletableFuture<Void> unregister = features.unregister(CORE);
    pump();

    assertEquals("Plugin Core is needed by plugin Combat, which is registered; unregister Combat first",
        ((PluginException) failureOf(unregister)).problems().get(0).message());
    assertEquals(PluginState.REGISTERED, features.state(CORE));

    features.unregister(COMBAT);
    features.unregister(CORE);
    pump();
    assertEquals(PluginState.INSTALLED, features.state(COMBAT));
    assertEquals(PluginState.INSTALLED, features.state(CORE));
  }

  /** Notes the thread its plugin registers on: registration is one of the plugin's state changes. */
  public static final class ThreadProbe implements OverturePlugin {
    static volatile String registeredOn;

    @Override
    public void register(PluginRegistration plugin) {
      registeredOn = Thread.currentThread().getName();
    }
  }

  @Test
  void withoutAnExecutor_theStateChangesRunOnAThreadOfTheirOwn_untilClosed() throws Exception {
    ThreadProbe.registeredOn = null;
    Path root = Content.of()
        .file("plugins/Core/plugin.json",
            "{ \"version\": \"1.0.0\", \"entryPoint\": \"dev.overture.feature.PluginRequestsTest$ThreadProbe\" }")
        .file("plugins/Combat/plugin.json", "{ \"version\": \"1.0.0\", \"dependencies\": [ { \"name\": \"Core\" } ] }")
        .writeTo(temp.resolve("own"));
    try (AssetManager ownAssets = BuiltIns.register(AssetManager.builder()).contentRoot(AssetSource.directory(root)).build();
        GameFeatures own = GameFeatures.builder(ownAssets).build()) {
      own.ready().join();
      assertEquals(PluginState.REGISTERED, own.state(CORE), () -> own.failure(CORE).map(Throwable::getMessage).orElse(""));
      // Read from the plugin's own code, not from a dependent stage of a future: a stage added
      // after the future completed runs on the caller's thread, whichever thread completed it.
      assertEquals("overture-features", ThreadProbe.registeredOn);

      own.loadAndActivate(COMBAT).join();
      assertEquals(PluginState.ACTIVE, own.state(COMBAT));
      own.deactivate(COMBAT).join();
      own.whenIdle().join();
    }
  }
}
