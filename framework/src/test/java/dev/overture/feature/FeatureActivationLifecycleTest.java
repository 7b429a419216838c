package dev.overture.feature;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.asset.AssetManager;
import dev.overture.asset.ClassRef;
import dev.overture.feature.internal.BuiltIns;
import dev.overture.feature.internal.Extensions;
import dev.overture.feature.internal.FeatureActivation;
import dev.overture.feature.internal.FeatureActivationException;
import dev.overture.testing.Content;
import dev.overture.testing.ManualExecutor;
import dev.overture.world.AbilitySystemComponent;
import dev.overture.world.Pawn;
import dev.overture.world.World;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The lifecycle an action's author relies on: the hooks in order (register, load, activate; then
 * deactivate in reverse, and unload and unregister once every pause has ended), a failure at any
 * hook undoing exactly what was done, what an action kept released newest first even when a step
 * fails, and a world that closes not waiting for pauses.
 */
class FeatureActivationLifecycleTest {

  private final List<String> log = new ArrayList<>();
  private final AssetManager assets = BuiltIns.register(AssetManager.builder())
      .contentRoot(Content.of().source()).executor(new ManualExecutor()).build();
  private final World world = World.builder("Arena").build();

  @AfterEach
  void close() {
    world.close();
    assets.close();
  }

  /** Logs every hook; fails at the one named, if any; keeps two undo steps when it activates. */
  private final class Hooks implements GameFeatureAction {
    private final String name;
    private final String failAt;
    private Runnable pause;

    Hooks(String name, String failAt) {
      this.name = name;
      this.failAt = failAt;
    }

    private void hook(String which) {
      log.add(which + " " + name);
      if (which.equals(failAt)) {
        throw new IllegalStateException(name + " broke in " + which);
      }
    }

    @Override
    public void onRegistering() {
      hook("register");
    }

    @Override
    public void onLoading() {
      hook("load");
    }

    @Override
    public void onActivating(FeatureContext context) {
      context.keepUndo(() -> log.add("undo first " + name));
      context.keepUndo(() -> log.add("undo second " + name));
      hook("activate");
    }

    @Override
    public void onDeactivating(FeatureContext context) {
      if ("pause".equals(failAt)) {
        pause = context.pauseDeactivationUntilComplete("saving");
      }
      hook("deactivate");
    }

    @Override
    public void onUnloading() {
      hook("unload");
    }

    @Override
    public void onUnregistering() {
      hook("unregister");
    }
  }

  private FeatureActivation activate(GameFeatureAction... actions) {
    List<String> labels = new ArrayList<>();
    for (GameFeatureAction action : actions) {
      labels.add(action instanceof Hooks hooks ? hooks.name : action.toString());
    }
    return FeatureActivation.activate(List.of(actions), labels, world, assets);
  }

  @Test
  void anExperiencesActions_registerLoadAndActivate_inOrder_andGoInReverse_unloadingOnceDeactivated() {
    FeatureActivation activation = activate(new Hooks("a", null), new Hooks("b", null));
    assertEquals(List.of("register a", "load a", "activate a", "register b", "load b", "activate b"), log);
    assertEquals(List.of("a", "b"), activation.activated());
    assertEquals(4, activation.keptCount(), "two undo steps each, counted across the actions");
    log.clear();

    CompletableFuture<Void> done = activation.deactivate();

    assertTrue(done.isDone());
    assertEquals(List.of("deactivate b", "undo second b", "undo first b", "deactivate a", "undo second a", "undo first a",
        "unload b", "unregister b", "unload a", "unregister a"), log);
    assertEquals(0, activation.keptCount());
    assertSame(done, activation.deactivate(), "deactivating again is the same deactivation");
    assertEquals(10, log.size(), "and runs nothing twice");
  }

  @Test
  void aPluginsOwnActionsInOneWorld_onlyActivateAndDeactivate() {
    FeatureActivation activation =
        FeatureActivation.activateInWorld(List.of(new Hooks("a", null)), List.of("a"), world, assets, Extensions.none());
    activation.deactivate();

    assertEquals(List.of("activate a", "deactivate a", "undo second a", "undo first a"), log,
        "the plugin registers and loads its actions once, for every world");
  }

  @Test
  void anActionThatFailsToLoad_isUnregisteredButNotUnloaded_andTheOnesBeforeItAreUndoneWhole() {
    FeatureActivationException e = assertThrows(FeatureActivationException.class,
        () -> activate(new Hooks("a", null), new Hooks("b", "load")));

    assertEquals("b failed to load: b broke in load", e.getMessage());
    assertEquals(List.of("register a", "load a", "activate a", "register b", "load b", "unregister b",
        "deactivate a", "undo second a", "undo first a", "unload a", "unregister a"), log);
  }

  @Test
  void anActionThatFailsToRegister_isNeitherUnloadedNorUnregistered() {
    FeatureActivationException e = assertThrows(FeatureActivationException.class, () -> activate(new Hooks("a", "register")));

    assertEquals("a failed to register: a broke in register", e.getMessage(), "it said 'failed to activate'");
    assertEquals(List.of("register a"), log);
  }

  /** The log names the step that failed: a throw in onUnregistering was logged as failing "while unloading". */
  @ParameterizedTest
  @ValueSource(strings = {"unload", "unregister"})
  void anActionThatFailsToGoDown_isLoggedWithTheStepThatFailed(String step) {
    FeatureActivation activation = activate(new Hooks("a", step));

    String printed = dev.overture.internal.StandardError.during(activation::deactivate);

    assertTrue(printed.contains("a failed while " + step + "ing: a broke in " + step), printed);
    assertEquals(List.of("register a", "load a", "activate a", "deactivate a", "undo second a", "undo first a", "unload a",
        "unregister a"), log, "the step after the one that failed still runs");
  }

  @Test
  void anActionThatFailsToActivate_givesBackWhatItKept_andIsUnloadedAndUnregistered() {
    FeatureActivationException e = assertThrows(FeatureActivationException.class, () -> activate(new Hooks("a", "activate")));

    assertEquals("a failed to activate: a broke in activate", e.getMessage());
    assertEquals(List.of("register a", "load a", "activate a", "undo second a", "undo first a", "unload a", "unregister a"), log);
  }

  @Test
  void aHookThatFailsWhileGoing_stopsNothingElseFromGoing() {
    FeatureActivation activation = activate(new Hooks("a", "unload"), new Hooks("b", "deactivate"), new Hooks("c", "unregister"));
    log.clear();

    activation.deactivate();

    assertEquals(List.of("deactivate c", "undo second c", "undo first c", "deactivate b", "undo second b", "undo first b",
        "deactivate a", "undo second a", "undo first a", "unload c", "unregister c", "unload b", "unregister b", "unload a",
        "unregister a"), log);
  }

  @Test
  void anUndoStepThatFails_stopsNoOlderOneFromRunning() {
    GameFeatureAction keeper = new GameFeatureAction() {
      @Override
      public void onActivating(FeatureContext context) {
        context.keepUndo(() -> log.add("undo oldest"));
        context.keepUndo(() -> {
          throw new IllegalStateException("the undo broke");
        });
        context.keepUndo(() -> log.add("undo newest"));
      }
    };
    FeatureActivation activation = activate(keeper);

    activation.deactivate();

    assertEquals(List.of("undo newest", "undo oldest"), log);
    assertEquals(0, activation.keptCount());
  }

  @Test
  void deactivation_waitsForAPause_butAWorldThatClosesDoesNot() {
    Hooks saving = new Hooks("a", "pause");
    FeatureActivation activation = activate(saving);
    log.clear();

    CompletableFuture<Void> done = activation.deactivate();
    assertEquals(List.of("saving"), activation.pendingPausers());
    assertEquals(List.of("deactivate a", "undo second a", "undo first a"), log, "not unloaded while paused");

    activation.deactivateNow();

    assertTrue(done.isDone(), "the closing world does not wait");
    assertEquals(List.of(), activation.pendingPausers());
    assertEquals(List.of("deactivate a", "undo second a", "undo first a", "unload a", "unregister a"), log);
    saving.pause.run();
    world.tick(0);
    assertEquals(5, log.size(), "a pause that ends later changes nothing");
  }

  /**
   * A hostile review: a pause's resume run by work that ended after the world closed threw
   * RejectedExecutionException into that work's thread; the closed world had nothing left to resume.
   */
  @Test
  void aPauseEndedAfterTheWorldClosed_doesNothing_andDoesNotThrow() {
    Hooks saving = new Hooks("a", "pause");
    FeatureActivation activation = activate(saving);
    CompletableFuture<Void> done = activation.deactivate();
    activation.deactivateNow();
    world.close();
    log.clear();

    saving.pause.run();

    assertTrue(done.isDone());
    assertEquals(List.of(), log);
  }

  @Test
  void twoPausesWithOneTag_areTwoPauses_endedOnceEach() {
    List<Runnable> pauses = new ArrayList<>();
    GameFeatureAction twice = new GameFeatureAction() {
      @Override
      public void onDeactivating(FeatureContext context) {
        pauses.add(context.pauseDeactivationUntilComplete("save"));
        pauses.add(context.pauseDeactivationUntilComplete("save"));
      }
    };
    FeatureActivation activation = activate(twice);
    CompletableFuture<Void> done = activation.deactivate();
    assertEquals(Set.of("save", "save#2"), Set.copyOf(activation.pendingPausers()));

    pauses.get(0).run();
    pauses.get(0).run();
    world.tick(0);
    assertEquals(List.of("save#2"), activation.pendingPausers(), "ending the first twice does not end the second");
    pauses.get(1).run();
    world.tick(0);
    assertTrue(done.isDone());
  }

  @Test
  void abilitiesGrantedToAPawnWithItsOwnAbilityComponent_areTakenBack_andWhatThePawnHadStays() {
    Pawn hero = world.spawnActor(Pawn.class, "Hero");
    AbilitySystemComponent own = hero.addComponent(AbilitySystemComponent.class);
    own.grantAbility("Innate");
    own.grantAbility("Jump");
    AddAbilities grant = new AddAbilities(List.of(new AddAbilities.Entry(ClassRef.of("Pawn", Pawn.class),
        List.of("Jump", "Dash"), List.of(new AbilitySet.Attributes("HealthSet", Map.of("Health", 100.0))), List.of())));
    FeatureActivation activation = FeatureActivation.activate(List.of(grant), List.of("abilities"), world, assets);
    assertEquals(List.of("Innate", "Jump", "Dash"), own.abilities());
    assertEquals(100.0, own.attribute("Health", 0));

    activation.deactivate();

    assertSame(own, hero.findComponent(AbilitySystemComponent.class).orElseThrow(), "the pawn's own component stays");
    assertEquals(List.of("Innate", "Jump"), own.abilities(), "Jump was the pawn's before the action granted it too");
    assertEquals(List.of(), own.attributeSets());
  }

  @Test
  void aPawnThatGoesWhileActive_givesBackWhatItWasGranted() {
    Pawn hero = world.spawnActor(Pawn.class, "Hero");
    AbilitySystemComponent own = hero.addComponent(AbilitySystemComponent.class);
    AddAbilities grant = new AddAbilities(List.of(new AddAbilities.Entry(ClassRef.of("Pawn", Pawn.class),
        List.of("Dash"), List.of(), List.of())));
    FeatureActivation activation = FeatureActivation.activate(List.of(grant), List.of("abilities"), world, assets);
    assertEquals(List.of("Dash"), own.abilities());

    hero.destroy();

    assertEquals(List.of(), own.abilities());
    activation.deactivate();
    assertEquals(List.of(), own.abilities(), "and nothing is taken twice");
  }

  @Test
  void activatingOffTheGameThread_orWithLabelsThatDoNotMatch_orANullAction_isRefused() throws Exception {
    AtomicReference<Throwable> failure = new AtomicReference<>();
    Thread other = new Thread(() -> {
      try {
        activate(new Hooks("a", null));
      } catch (Throwable e) {
        failure.set(e);
      }
    }, "loader");
    other.start();
    other.join();
    assertTrue(failure.get().getMessage().startsWith("World \"Arena\" was used from thread \"loader\""), failure.get().getMessage());
    assertEquals(List.of(), log, "nothing ran");

    IllegalArgumentException labels = assertThrows(IllegalArgumentException.class,
        () -> FeatureActivation.activate(List.of(new Hooks("a", null)), List.of("a", "b"), world, assets));
    assertEquals("one label per action: 1 actions, 2 labels", labels.getMessage());

    List<GameFeatureAction> withNull = new ArrayList<>();
    withNull.add(new Hooks("a", null));
    withNull.add(null);
    FeatureActivationException missing =
        assertThrows(FeatureActivationException.class, () -> FeatureActivation.activate(withNull, List.of("a", "/actions/1"), world, assets));
    assertEquals("/actions/1 failed to register: the action is null", missing.getMessage());
    assertTrue(log.contains("unregister a"), "the action before it is undone: " + log);
  }
}
