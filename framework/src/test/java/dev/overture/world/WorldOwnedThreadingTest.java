package dev.overture.world;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.object.ObjectFactory;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Review finding 7: what a world owns (its actors, their components, the built-in components and
 * subsystems, and every handle they give out) refuses another thread as the world does, naming
 * both threads, and changes nothing; before a world owns it (under construction, or made outside
 * one) any thread may use it, as before.
 */
class WorldOwnedThreadingTest {

  static class Crate extends Actor {
    final Lamp lamp;

    public Crate() {
      lamp = createDefaultSubobject("Lamp", Lamp.class);
    }
  }

  public static class Lamp extends ActorComponent {}

  /** A world with one of everything, and a handle of each kind, made on the test's thread. */
  record Scene(World world, Crate crate, Pawn pawn, AbilitySystemComponent abilities, InputComponent input, HudModel hud,
      WorldViews views, Map<String, Handle> handles) {

    static Scene build() {
      World world = World.builder("Match-8").build();
      Crate crate = world.spawnActor(Crate.class, "Crate");
      Pawn pawn = world.spawnActor(Pawn.class, "Hero");
      AbilitySystemComponent abilities = pawn.addComponent(AbilitySystemComponent.class, "Abilities");
      InputComponent input = pawn.addComponent(InputComponent.class, "Input");
      HudModel hud = world.subsystem(HudModel.class);
      WorldViews views = world.subsystem(WorldViews.class);
      Map<String, Handle> handles = Map.ofEntries(
          Map.entry("timer", world.schedule(5, () -> {})),
          Map.entry("close listener", world.onClose(() -> {})),
          Map.entry("component request", world.componentManager().addComponentRequest(Crate.class, Lamp.class)),
          Map.entry("extension handler", world.componentManager().addExtensionHandler(Crate.class, (actor, event) -> {})),
          Map.entry("ability", abilities.grantAbility("Dash")),
          Map.entry("attribute set", abilities.addAttributeSet(new AbilitySystemComponent.AttributeSet("Body", Map.of("hp", 3.0)))),
          Map.entry("mapping context", input.addMappingContext("Walk", "keys", 1)),
          Map.entry("bindings", input.addBindings("Walk", "wasd")),
          Map.entry("HUD layout", hud.pushLayout("Game", "Arena")),
          Map.entry("HUD widget", hud.addWidget("Top", "Score")),
          Map.entry("world view", views.contribute(() -> null)));
      return new Scene(world, crate, pawn, abilities, input, hud, views, handles);
    }

    /** Everything the calls could change, read on the game thread. */
    String state() {
      return String.join("; ", List.of(
          "actors " + world.actors(),
          "crate " + crate.components() + " playing " + crate.isPlaying() + " lamp playing " + crate.lamp.isPlaying(),
          "pawn " + pawn.components() + " " + pawn.isLocallyControlled() + " " + pawn.pawnData(Object.class),
          "timers " + world.pendingTimers(),
          "requests " + world.componentManager().activeRequests() + " handlers " + world.componentManager().extensionHandlers(),
          "abilities " + abilities.abilities() + " " + abilities.attributeSets(),
          "input " + input.mappingContexts() + " " + input.bindings(),
          "hud " + hud.layers() + " " + hud.slots(),
          "released " + handles.values().stream().filter(Handle::isReleased).count()));
    }
  }

  private static Arguments call(String name, Consumer<Scene> call) {
    return Arguments.of(name, call);
  }

  static Stream<Arguments> gameThreadCalls() {
    Stream<Arguments> calls = Stream.of(
        call("world.gameState().components()", scene -> scene.world.gameState().components()),
        call("actor.stableId", scene -> scene.crate.stableId()),
        call("actor.isPlaying", scene -> scene.crate.isPlaying()),
        call("actor.isDestroyed", scene -> scene.crate.isDestroyed()),
        call("actor.components()", scene -> scene.crate.components()),
        call("actor.components(type)", scene -> scene.crate.components(Lamp.class)),
        call("actor.findComponent", scene -> scene.crate.findComponent(Lamp.class)),
        call("actor.findComponentNamed", scene -> scene.crate.findComponentNamed("Lamp")),
        call("actor.findOrAddComponent (finding)", scene -> scene.crate.findOrAddComponent(Lamp.class)),
        call("actor.isDefaultComponent", scene -> scene.crate.isDefaultComponent(scene.crate.lamp)),
        call("actor.defaultSubobject", scene -> scene.crate.defaultSubobject("Lamp")),
        call("actor.destroy", scene -> scene.crate.destroy()),
        call("component.isPlaying", scene -> scene.crate.lamp.isPlaying()),
        call("pawn.isLocallyControlled", scene -> scene.pawn.isLocallyControlled()),
        call("pawn.setLocallyControlled", scene -> scene.pawn.setLocallyControlled(true)),
        call("pawn.pawnData", scene -> scene.pawn.pawnData(Object.class)),
        call("pawn.setPawnData", scene -> scene.pawn.setPawnData("Hero")),
        call("abilities.grantAbility", scene -> scene.abilities.grantAbility("Jump")),
        call("abilities.addAttributeSet",
            scene -> scene.abilities.addAttributeSet(new AbilitySystemComponent.AttributeSet("Mind", Map.of()))),
        call("abilities.hasAbility", scene -> scene.abilities.hasAbility("Dash")),
        call("abilities.abilities", scene -> scene.abilities.abilities()),
        call("abilities.attributeSets", scene -> scene.abilities.attributeSets()),
        call("abilities.attribute", scene -> scene.abilities.attribute("hp", 0)),
        call("input.addMappingContext", scene -> scene.input.addMappingContext("Run", "keys", 2)),
        call("input.addBindings", scene -> scene.input.addBindings("Run", "shift")),
        call("input.mappingContexts", scene -> scene.input.mappingContexts()),
        call("input.bindings", scene -> scene.input.bindings()),
        call("hud.pushLayout", scene -> scene.hud.pushLayout("Menu", "Pause")),
        call("hud.addWidget", scene -> scene.hud.addWidget("Bottom", "Ammo")),
        call("hud.topLayout", scene -> scene.hud.topLayout("Game")),
        call("hud.layers", scene -> scene.hud.layers()),
        call("hud.slots", scene -> scene.hud.slots()),
        call("hud.size", scene -> scene.hud.size()),
        call("views.contribute", scene -> scene.views.contribute(() -> null)),
        call("views.current", scene -> scene.views.current()));
    Stream<Arguments> handles = Stream.of("timer", "close listener", "component request", "extension handler", "ability",
            "attribute set", "mapping context", "bindings", "HUD layout", "HUD widget", "world view")
        .flatMap(kind -> Stream.of(
            call(kind + " handle release", scene -> scene.handles.get(kind).release()),
            call(kind + " handle isReleased", scene -> scene.handles.get(kind).isReleased())));
    return Stream.concat(calls, handles);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("gameThreadCalls")
  void aCallFromAnotherThread_isRefusedNamingBothThreads_andChangesNothing(String name, Consumer<Scene> call)
      throws Exception {
    Scene scene = Scene.build();
    String before = scene.state();

    Throwable thrown = onIntruder(() -> {
      call.accept(scene);
      return null;
    });

    assertEquals("World \"Match-8\" was used from thread \"intruder\", but its game thread is \""
            + Thread.currentThread().getName() + "\"; hand work to world.executor()",
        thrown == null ? name + " was not refused" : thrown.getMessage());
    assertEquals(before, scene.state(), "nothing changed");
    scene.world.close();
  }

  @Test
  void whatIsFixedOnceInAWorld_mayBeReadFromAnyThread() throws Exception {
    Scene scene = Scene.build();

    Throwable thrown = onIntruder(() -> {
      assertEquals("Crate", scene.crate.name());
      assertEquals(scene.world, scene.crate.world());
      assertTrue(scene.crate.id() > 0);
      assertEquals("Lamp", scene.crate.lamp.name());
      assertEquals(scene.crate, scene.crate.lamp.owner());
      assertEquals(scene.world, scene.crate.lamp.world());
      assertEquals(scene.world.gameState(), scene.world.gameState(), "the reference, not what it holds");
      assertEquals("Match-8", scene.world.name());
      return null;
    });

    assertNull(thrown);
    scene.world.close();
  }

  @Test
  void beforeAWorldOwnsThem_actorsComponentsAndSubsystems_takeAnyThread() throws Exception {
    ObjectFactory objects = ObjectFactory.create();

    Throwable thrown = onIntruder(() -> {
      Crate loose = objects.newObject(Crate.class, null, "Loose");
      assertEquals(List.of(loose.lamp), loose.components());
      assertTrue(loose.isDefaultComponent(loose.lamp));
      HudModel hud = new HudModel();
      hud.addWidget("Top", "Score").release();
      InputComponent input = new InputComponent();
      input.addBindings("Walk", "wasd");
      assertEquals(1, input.bindings().size());
      return null;
    });

    assertNull(thrown);
  }

  @Test
  void closingAClosedWorld_fromAnotherThread_isRefusedToo() throws Exception {
    World world = World.builder("Match-8").build();
    world.close();

    Throwable thrown = onIntruder(() -> {
      world.close();
      return null;
    });

    assertEquals("World \"Match-8\" was used from thread \"intruder\", but its game thread is \""
        + Thread.currentThread().getName() + "\"; hand work to world.executor()", thrown.getMessage());
  }

  /** What {@code call} throws on a thread called "intruder", or null. */
  private static Throwable onIntruder(Callable<Void> call) throws Exception {
    ExecutorService other = Executors.newSingleThreadExecutor(task -> new Thread(task, "intruder"));
    try {
      return other.<Throwable>submit(() -> {
        try {
          call.call();
          return null;
        } catch (Throwable e) {
          return e;
        }
      }).get(10, TimeUnit.SECONDS);
    } finally {
      other.shutdownNow();
    }
  }
}
