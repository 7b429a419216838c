package dev.overture.feature;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.asset.AssetManager;
import dev.overture.asset.AssetSource;
import dev.overture.asset.ClassRef;
import dev.overture.asset.PrimaryAssetId;
import dev.overture.asset.ScanRule;
import dev.overture.feature.internal.BuiltIns;
import dev.overture.feature.internal.FeatureActivation;
import dev.overture.feature.internal.FeatureActivationException;
import dev.overture.testing.Content;
import dev.overture.testing.ManualExecutor;
import dev.overture.world.AbilitySystemComponent;
import dev.overture.world.Actor;
import dev.overture.world.ActorComponent;
import dev.overture.world.HudModel;
import dev.overture.world.InputComponent;
import dev.overture.world.NetMode;
import dev.overture.world.Pawn;
import dev.overture.world.World;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The built-in actions and the activation runner, in a world of each net mode. */
class FeatureActivationTest {

  /** A bag of actions bound from JSON, so that soft references load like an experience's. */
  record Bag(List<GameFeatureAction> actions) {}

  @TempDir Path temp;
  private final ManualExecutor workers = new ManualExecutor();
  private AssetManager assets;

  @BeforeEach
  void setUp() {
    TestActions.LOG.clear();
    TestActions.PAUSES.clear();
    Path root = Content.of()
        .file("bags/Everything.json", """
            { "actions": [
              { "action": "AddComponents", "componentList": [
                { "actorClass": "Pawn", "componentClass": "Score", "client": true, "server": false },
                { "actorClass": "Pawn", "componentClass": "Health", "client": false, "server": true } ] },
              { "action": "AddInputMapping", "inputMappings": [ { "inputMapping": "input/default.json", "priority": 1 } ] },
              { "action": "AddInputBinding", "inputConfigs": ["input/config.json"] },
              { "action": "AddAbilities", "abilitiesList": [ { "actorClass": "Pawn", "grantedAbilities": ["Jump"],
                  "grantedAttributes": [ { "attributeSet": "HealthSet", "initialValues": { "Health": 100 } } ],
                  "abilitySets": ["abilities/hero.json"] } ] },
              { "action": "AddWidgets", "layout": [ { "layerId": "UI.Layer.Game", "layoutClass": "HudLayout" } ],
                "widgets": [ { "slotId": "HUD.Slot.Score", "widgetClass": "ScoreWidget" } ] }
            ] }
            """)
        .file("input/default.json", "{ \"mappings\": [ { \"action\": \"Move\", \"keys\": [\"W\"] } ] }")
        .file("input/config.json", "{ \"nativeInputActions\": [ { \"inputAction\": \"Move\", \"inputTag\": \"InputTag.Move\" } ] }")
        .file("abilities/hero.json", "{ \"grantedAbilities\": [\"Dash\"] }")
        .writeTo(temp.resolve("assets"));
    assets = BuiltIns.register(AssetManager.builder())
        .contentRoot(AssetSource.directory(root))
        .scanRule(ScanRule.of("Bag", Bag.class, "bags"))
        .kind(ActorComponent.class, "Score", TestActions.Score.class)
        .kind(ActorComponent.class, "Health", TestActions.Health.class)
        .kind(GameFeatureAction.class, "Record", TestActions.Record.class)
        .executor(workers)
        .build();
  }

  @AfterEach
  void tearDown() {
    assets.close();
  }

  private List<GameFeatureAction> everything() throws Exception {
    var handle = assets.loadPrimaryAsset(PrimaryAssetId.of("Bag", "Everything"), "client", "server");
    workers.runAll();
    return handle.waitUntilComplete(Duration.ZERO).get(PrimaryAssetId.of("Bag", "Everything"), Bag.class).actions();
  }

  private static List<String> labels(int count) {
    return java.util.stream.IntStream.range(0, count).mapToObj(i -> "action " + i).toList();
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({
    "STANDALONE, true, true",
    "LISTEN_SERVER, true, true",
    "DEDICATED_SERVER, false, true",
    "CLIENT, true, false",
  })
  void builtInActions_applyWhereTheirSideExists_andUndoOnDeactivation(NetMode mode, boolean client, boolean server)
      throws Exception {
    List<GameFeatureAction> actions = everything();
    World world = World.builder("Test").netMode(mode).build();
    Pawn hero = world.spawnActor(Pawn.class, "Hero");
    hero.setLocallyControlled(true);

    FeatureActivation activation = FeatureActivation.activate(actions, labels(actions.size()), world, assets);
    Pawn late = world.spawnActor(Pawn.class, "Late");

    for (Pawn pawn : List.of(hero, late)) {
      assertEquals(client, pawn.findComponent(TestActions.Score.class).isPresent(), mode + ": client component");
      assertEquals(server, pawn.findComponent(TestActions.Health.class).isPresent(), mode + ": server component");
      assertEquals(server, pawn.findComponent(AbilitySystemComponent.class).map(a -> a.hasAbility("Jump") && a.hasAbility("Dash")).orElse(false));
    }
    InputComponent input = hero.findComponent(InputComponent.class).orElse(null);
    assertEquals(client, input != null && input.mappingContexts().size() == 1 && input.bindings().size() == 1);
    assertTrue(late.findComponent(InputComponent.class).map(i -> i.mappingContexts().isEmpty()).orElse(true), "not locally controlled");
    late.setLocallyControlled(true);
    world.componentManager().sendExtensionEvent(late, dev.overture.world.ComponentManager.GAME_ACTOR_READY);
    world.componentManager().sendExtensionEvent(late, dev.overture.world.ComponentManager.GAME_ACTOR_READY);
    assertEquals(client ? 1 : 0, late.findComponent(InputComponent.class).map(i -> i.mappingContexts().size()).orElse(0),
        "bound once when possessed later and ready");
    HudModel hud = world.subsystem(HudModel.class);
    assertEquals(client ? 2 : 0, hud.size());

    activation.deactivate().join();

    assertTrue(hero.findComponent(TestActions.Score.class).isEmpty());
    assertTrue(hero.findComponent(TestActions.Health.class).isEmpty());
    assertTrue(hero.findComponent(AbilitySystemComponent.class).isEmpty(), "added by the action's request, removed with it");
    assertTrue(hero.findComponent(InputComponent.class).isEmpty());
    assertEquals(0, hud.size());
    assertEquals(0, world.componentManager().activeRequests());
    assertEquals(0, world.componentManager().extensionHandlers());
    assertEquals(0, activation.keptCount());
  }

  @Test
  void anActionThatThrows_undoesTheOnesBefore_andNamesItself() {
    World world = World.builder("Test").build();
    List<GameFeatureAction> actions = List.of(
        new TestActions.Record("first", false, false),
        new AddComponents(List.of(new AddComponents.Entry(
            ClassRef.of("Pawn", Pawn.class), ClassRef.of("Score", TestActions.Score.class), null, null, null))),
        new TestActions.Record("broken", false, true));
    Pawn pawn = world.spawnActor(Pawn.class);

    FeatureActivationException e = assertThrows(
        FeatureActivationException.class,
        () -> FeatureActivation.activate(actions, List.of("first", "components", "broken"), world, assets));

    assertEquals("broken failed to activate: broken refuses to activate", e.getMessage());
    assertEquals(
        List.of("activate first in Test", "unregister broken", "deactivate first in Test", "undo first in Test", "unregister first"),
        TestActions.LOG,
        "the failing action is unregistered too, as far as it was registered");
    assertTrue(pawn.findComponent(TestActions.Score.class).isEmpty());
    assertEquals(0, world.componentManager().activeRequests());
  }

  @Test
  void deactivation_waitsForEveryPause_andRunsInReverseOrder() {
    World world = World.builder("Test").build();
    List<GameFeatureAction> actions = List.of(
        new TestActions.Record("a", true, false),
        new TestActions.Record("b", false, false),
        new TestActions.Record("c", true, false));
    FeatureActivation activation = FeatureActivation.activate(actions, List.of("a", "b", "c"), world, assets);
    TestActions.LOG.clear();

    CompletableFuture<Void> done = activation.deactivate();

    assertEquals(List.of("deactivate c in Test", "undo c in Test", "deactivate b in Test", "undo b in Test",
        "deactivate a in Test", "undo a in Test"), TestActions.LOG);
    assertEquals(List.of("a", "c"), activation.pendingPausers().stream().sorted().toList());
    TestActions.PAUSES.get(0).run();
    world.tick(0);
    assertFalse(done.isDone(), "one pause left");
    TestActions.PAUSES.get(1).run();
    TestActions.PAUSES.get(1).run();
    world.tick(0);
    assertTrue(done.isDone());
    assertEquals(List.of(), activation.pendingPausers());
    assertTrue(TestActions.LOG.contains("unregister a"));
  }

  @Test
  void pausingOutsideDeactivation_isRefused() {
    World world = World.builder("Test").build();
    GameFeatureAction eager = new GameFeatureAction() {
      @Override
      public void onActivating(FeatureContext context) {
        context.pauseDeactivationUntilComplete("too early");
      }
    };

    FeatureActivationException e =
        assertThrows(FeatureActivationException.class, () -> FeatureActivation.activate(List.of(eager), List.of("eager"), world, assets));
    assertEquals("pauseDeactivationUntilComplete(\"too early\") outside onDeactivating", e.getCause().getMessage());
  }

  @Test
  void validate_reportsEntriesThatNeverApply() {
    AddComponents action = new AddComponents(List.of(new AddComponents.Entry(
        ClassRef.of("Actor", Actor.class), ClassRef.of("Score", TestActions.Score.class), false, false, null)));
    List<String> reported = new java.util.ArrayList<>();
    action.validate(new dev.overture.core.ProblemReporter() {
      @Override
      public void error(String id, String pointer, String message) {
        reported.add("error " + id + " " + pointer + " " + message);
      }

      @Override
      public void warning(String id, String pointer, String message) {
        reported.add("warning " + id + " " + pointer + " " + message);
      }
    }.at("/actions/3"));

    assertEquals(List.of("warning Overture/EntryNeverApplies /actions/3/componentList/0 Component Score is neither a client"
        + " nor a server component: it is never added"), reported);
  }
}
