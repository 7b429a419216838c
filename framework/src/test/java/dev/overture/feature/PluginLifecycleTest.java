package dev.overture.feature;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.asset.AssetManager;
import dev.overture.asset.AssetSource;
import dev.overture.feature.internal.BuiltIns;
import dev.overture.testing.Content;
import dev.overture.testing.ManualExecutor;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A plugin's life as its own actions see it: each hears registering, loading, unloading and
 * unregistering once, in that order; one that fails while the plugin goes down does not keep it
 * up; the initial state a descriptor asks for is reached at start-up (an active one holds a
 * request of its own); and dependencies a plugin held are let go newest first, each only once.
 */
class PluginLifecycleTest {

  static final List<String> heard = new CopyOnWriteArrayList<>();

  /** A plugin action that notes each step, and can fail on the way down. */
  public record Journal(String name, boolean failDown) implements GameFeatureAction {
    @Override
    public void onRegistering() {
      heard.add(name + " registering");
    }

    @Override
    public void onLoading() {
      heard.add(name + " loading");
    }

    @Override
    public void onUnloading() {
      heard.add(name + " unloading");
      if (failDown) {
        throw new IllegalStateException(name + " would not unload");
      }
    }

    @Override
    public void onUnregistering() {
      heard.add(name + " unregistering");
      if (failDown) {
        throw new IllegalStateException(name + " would not unregister");
      }
    }
  }

  /** A plugin action whose loading fails. */
  public record Balk() implements GameFeatureAction {
    @Override
    public void onLoading() {
      throw new IllegalStateException("the balk would not load");
    }
  }

  /** Registers the journal action and the balking one. */
  public static final class JournalPlugin implements OverturePlugin {
    @Override
    public void register(PluginRegistration plugin) {
      plugin.kind(GameFeatureAction.class, "Journal", Journal.class);
      plugin.kind(GameFeatureAction.class, "Balk", Balk.class);
    }
  }

  @TempDir Path temp;
  private final ManualExecutor workers = new ManualExecutor();
  private final ManualExecutor serial = new ManualExecutor();
  private AssetManager assets;
  private GameFeatures features;

  private static String plugin(String extra) {
    return "{ \"version\": \"1.0.0\", \"entryPoint\": \"dev.overture.feature.PluginLifecycleTest$JournalPlugin\"" + extra + " }";
  }

  private void start(Content content) {
    heard.clear();
    Path root = content.writeTo(temp.resolve("assets"));
    assets = BuiltIns.register(AssetManager.builder()).contentRoot(AssetSource.directory(root)).executor(workers).build();
    features = GameFeatures.builder(assets).executor(serial).build();
    pump();
  }

  @AfterEach
  void stop() {
    if (features != null) {
      features.close();
      assets.close();
    }
  }

  private void pump() {
    while (workers.runAll() + serial.runAll() > 0) {
      // until every queue is quiet
    }
  }

  @Test
  void eachAction_hearsEveryStepOnce_inOrder_andOneThatFailsOnTheWayDown_doesNotKeepThePluginUp() {
    start(Content.of().file("plugins/Bell/plugin.json", plugin(", \"actions\": ["
        + " { \"action\": \"Journal\", \"name\": \"first\", \"failDown\": true },"
        + " { \"action\": \"Journal\", \"name\": \"second\", \"failDown\": false } ]")));
    PluginId bell = PluginId.of("Bell");
    assertEquals(PluginState.REGISTERED, features.state(bell), () -> features.failure(bell).map(Throwable::getMessage).orElse(""));

    features.loadAndActivate(bell);
    pump();
    features.deactivate(bell);
    pump();
    features.unload(bell);
    pump();
    features.unregister(bell);
    pump();

    assertEquals(List.of("first registering", "second registering", "first loading", "second loading",
        "first unloading", "second unloading", "first unregistering", "second unregistering"), heard);
    assertEquals(PluginState.INSTALLED, features.state(bell));
    assertEquals(java.util.Optional.empty(), assets.tools().kind(GameFeatureAction.class, "Journal"), "what its code registered left with it");
  }

  @Test
  void theInitialStateADescriptorAsksFor_isReachedAtStartUp_andAnActiveOneHoldsARequestOfItsOwn() {
    start(Content.of()
        .file("plugins/Awake/plugin.json", plugin(", \"initialState\": \"Active\","
            + " \"actions\": [ { \"action\": \"Journal\", \"name\": \"awake\", \"failDown\": false } ]"))
        .file("plugins/Ready/plugin.json", "{ \"version\": \"1.0.0\", \"initialState\": \"Loaded\" }")
        .file("plugins/Idle/plugin.json", "{ \"version\": \"1.0.0\", \"initialState\": \"Installed\" }"));

    assertEquals(PluginState.ACTIVE, features.state(PluginId.of("Awake")));
    assertEquals(1, features.requestCount(PluginId.of("Awake")));
    assertEquals(PluginState.LOADED, features.state(PluginId.of("Ready")));
    assertEquals(0, features.requestCount(PluginId.of("Ready")));
    assertEquals(PluginState.INSTALLED, features.state(PluginId.of("Idle")));
    assertEquals(List.of("awake registering", "awake loading"), heard);

    features.deactivate(PluginId.of("Awake"));
    pump();
    assertEquals(PluginState.LOADED, features.state(PluginId.of("Awake")), "its own request released");
    assertEquals(0, features.requestCount(PluginId.of("Awake")));
  }

  /**
   * A hostile review: a plugin whose descriptor asks for {@code Loaded} and whose action fails in
   * {@code onLoading} stayed in {@code Loading} with no failure, so {@code list} showed it loading
   * and {@code validate} called the content valid. It is in {@code Error} with the action's failure,
   * located at its descriptor's actions, as the same failure on the way to {@code Active} leaves it.
   */
  @Test
  void aLoadedInitialStateWhoseActionFailsToLoad_leavesThePluginInError_withTheActionsFailure() {
    start(Content.of()
        .file("plugins/Stuck/plugin.json", plugin(", \"initialState\": \"Loaded\", \"actions\": [ { \"action\": \"Balk\" } ]"))
        .file("plugins/Fine/plugin.json", plugin(", \"initialState\": \"Loaded\","
            + " \"actions\": [ { \"action\": \"Journal\", \"name\": \"fine\", \"failDown\": false } ]")));
    PluginId stuck = PluginId.of("Stuck");

    assertEquals(PluginState.ERROR, features.state(stuck));
    PluginException failure = features.failure(stuck).orElseThrow();
    assertEquals("Overture/ActionFailed", failure.problems().get(0).id());
    assertEquals("An action of plugin Stuck failed to load: the balk would not load", failure.problems().get(0).message());
    assertEquals(failure.problems(), dev.overture.validation.Validator.pluginProblems(features));
    assertTrue(features.ready().isDone());
    assertEquals(PluginState.LOADED, features.state(PluginId.of("Fine")), "the other plugin is not held back");

    features.loadAndActivate(stuck);
    pump();
    assertEquals(PluginState.ERROR, features.state(stuck), "a new attempt fails the same way");
  }

  @Test
  void theDependenciesAPluginHeld_areLetGoOnce_andOneStillRequestedStaysActive() {
    start(Content.of()
        .file("plugins/Core/plugin.json", "{ \"version\": \"1.0.0\" }")
        .file("plugins/Util/plugin.json", "{ \"version\": \"1.0.0\" }")
        .file("plugins/Combat/plugin.json",
            "{ \"version\": \"1.0.0\", \"dependencies\": [ { \"name\": \"Core\" }, { \"name\": \"Util\" } ] }"));
    PluginId core = PluginId.of("Core");
    PluginId util = PluginId.of("Util");
    PluginId combat = PluginId.of("Combat");
    features.loadAndActivate(core);
    pump();

    for (int round = 0; round < 3; round++) {
      features.loadAndActivate(combat);
      pump();
      assertEquals(PluginState.ACTIVE, features.state(util));
      features.deactivate(combat);
      pump();
      assertEquals(PluginState.LOADED, features.state(combat));
      assertEquals(PluginState.LOADED, features.state(util), "nothing holds it any more");
      assertEquals(PluginState.ACTIVE, features.state(core), "its own request still holds it, round " + round);
    }

    features.deactivate(core);
    pump();
    assertEquals(PluginState.LOADED, features.state(core));
  }
}
