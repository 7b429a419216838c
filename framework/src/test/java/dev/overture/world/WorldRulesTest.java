package dev.overture.world;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.asset.ClassRef;
import dev.overture.id.StableId;
import dev.overture.object.ObjectArchetype;
import dev.overture.object.ObjectConstructionException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

/**
 * The rules a host relies on when it drives a world: which calls belong to the game thread (every
 * one of them refuses another thread, naming both, and changes nothing), which are refused once the
 * world closes, how subsystems live and end, how timers are due, and how restored ids and names are
 * kept unique.
 */
class WorldRulesTest {

  static final List<String> events = new ArrayList<>();

  static class Box extends Actor {
    @Override
    protected void beginPlay() {
      events.add("begin " + name());
    }

    @Override
    protected void endPlay(EndPlayReason reason) {
      events.add("end " + name() + " " + reason);
    }
  }

  /** A box that content varies through an archetype. */
  static class BigBox extends Box {}

  /** An actor class no test spawns. */
  static class Absent extends Actor {}

  /** An archetype of {@code type} from content, without overrides. */
  static ObjectArchetype archetype(Class<?> type) {
    return new ObjectArchetype(ClassRef.<Object>of(type.getSimpleName(), type), Map.of(), Map.of());
  }

  /** A subsystem that notes when it starts and ends, and can fail to end. */
  public static class Ledger implements WorldSubsystem {
    World world;
    boolean failOnEnd;

    @Override
    public void initialize(World owner) {
      world = owner;
      events.add("ledger initialized for " + owner.name());
    }

    @Override
    public void deinitialize() {
      events.add("ledger deinitialized");
      if (failOnEnd) {
        throw new IllegalStateException("the ledger would not close");
      }
    }
  }

  /** A second subsystem, created after the first. */
  public static class Tally implements WorldSubsystem {
    @Override
    public void deinitialize() {
      events.add("tally deinitialized");
    }
  }

  /** Every call that is the game thread's, as a host makes it. */
  static Stream<Arguments> gameThreadCalls() {
    return Stream.of(
        call("tick", world -> world.tick(0.1)),
        call("runPendingTasks", World::runPendingTasks),
        call("timeSeconds", World::timeSeconds),
        call("frame", World::frame),
        call("schedule", world -> world.schedule(1, () -> events.add("timer"))),
        call("pendingTimers", World::pendingTimers),
        call("spawnActor(type)", world -> world.spawnActor(Box.class)),
        call("spawnActor(type, name)", world -> world.spawnActor(Box.class, "Intruder")),
        call("spawnActor(type, name, id, beforePlay)",
            world -> world.spawnActor(Box.class, "Restored", StableId.of(77), actor -> {})),
        call("spawnActor(type, name, id, beforePlay) with a taken name",
            world -> world.spawnActor(Box.class, "Box", StableId.of(77), actor -> {})),
        call("spawnActor(archetype, expected, name)", world -> world.spawnActor(archetype(BigBox.class), Box.class, "Big")),
        call("spawnActor(archetype, expected, name) with a taken name",
            world -> world.spawnActor(archetype(BigBox.class), Box.class, "Box")),
        call("restoreGameStateId", world -> world.restoreGameStateId(StableId.of(78))),
        call("findActor", world -> world.findActor(StableId.of(1))),
        call("destroyActor", world -> world.destroyActor(world.gameState())),
        call("actors()", World::actors),
        call("actors(type)", world -> world.actors(Box.class)),
        call("subsystem", world -> world.subsystem(Ledger.class)),
        call("findSubsystem", world -> world.findSubsystem(Ledger.class)),
        call("onClose", world -> world.onClose(() -> events.add("closed"))),
        call("close", World::close),
        call("actor.addComponent(type)", world -> box(world).addComponent(Lamp.class)),
        call("actor.addComponent(type, name)", world -> box(world).addComponent(Lamp.class, "Lamp")),
        call("actor.findOrAddComponent (adding)", world -> box(world).findOrAddComponent(Clock.class)),
        call("actor.removeComponent", world -> box(world).removeComponent(FIXED.get(world))),
        call("componentManager.addComponentRequest", world -> world.componentManager().addComponentRequest(Box.class, Lamp.class)),
        call("componentManager.addComponentRequest (no actor of the class yet)",
            world -> world.componentManager().addComponentRequest(Absent.class, Lamp.class)),
        call("componentManager.addExtensionHandler",
            world -> world.componentManager().addExtensionHandler(Box.class, (actor, event) -> events.add(event))),
        call("componentManager.sendExtensionEvent", world -> world.componentManager().sendExtensionEvent(box(world), "Ping")),
        call("componentManager.activeRequests", world -> world.componentManager().activeRequests()),
        call("componentManager.extensionHandlers", world -> world.componentManager().extensionHandlers()),
        call("componentManager.requestedComponents", world -> world.componentManager().requestedComponents()),
        call("componentManager.isRequested", world -> world.componentManager().isRequested(FIXED.get(world))));
  }

  /** The test's box, found without the game thread (the world's actor list is the game thread's). */
  private static Box box(World world) {
    return BOXES.get(world);
  }

  private static final java.util.Map<World, Box> BOXES = new java.util.concurrent.ConcurrentHashMap<>();
  /** The box's lamp, found without the game thread too (an actor's components are the game thread's). */
  private static final java.util.Map<World, Lamp> FIXED = new java.util.concurrent.ConcurrentHashMap<>();

  /** A component that notes its play. */
  static class Lamp extends ActorComponent {
    @Override
    protected void beginPlay() {
      events.add("lamp begins");
    }

    @Override
    protected void endPlay(EndPlayReason reason) {
      events.add("lamp ends " + reason);
    }
  }

  private static Arguments call(String name, Consumer<World> call) {
    return Arguments.of(name, call);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("gameThreadCalls")
  void aGameThreadCall_fromAnotherThread_isRefusedNamingBothThreads_andChangesNothing(String name, Consumer<World> call)
      throws Exception {
    events.clear();
    World world = World.builder("Match-7").build();
    Box box = world.spawnActor(Box.class, "Box");
    FIXED.put(world, box.addComponent(Lamp.class, "Fixed"));
    BOXES.put(world, box);
    events.clear();
    ExecutorService other = Executors.newSingleThreadExecutor(task -> new Thread(task, "intruder"));
    Throwable thrown;
    try {
      thrown = other.submit(() -> {
        try {
          call.accept(world);
          return null;
        } catch (IllegalStateException e) {
          return e;
        }
      }).get(10, TimeUnit.SECONDS);
    } finally {
      other.shutdownNow();
    }

    assertEquals("World \"Match-7\" was used from thread \"intruder\", but its game thread is \""
        + Thread.currentThread().getName() + "\"; hand work to world.executor()",
        thrown == null ? name + " was not refused" : thrown.getMessage());
    assertEquals(List.of(), events, "nothing ran");
    assertFalse(world.isClosed());
    assertEquals(List.of(world.gameState(), box), world.actors());
    assertEquals(0, world.frame());
    assertEquals(0, world.pendingTimers());
    assertEquals(Optional.empty(), world.findSubsystem(Ledger.class));
    assertEquals(Optional.empty(), world.findActor(StableId.of(77)));
    assertEquals(1, box.components().size(), "no component added or removed");
    assertEquals(0, world.componentManager().activeRequests());
    assertEquals(0, world.componentManager().extensionHandlers());
    world.executor().execute(() -> events.add("still open"));
    assertEquals(1, world.runPendingTasks(), "the world still takes work");
    assertEquals(List.of("still open"), events);
    BOXES.remove(world);
    FIXED.remove(world);
  }

  /** What a closed world refuses, each with the world's name. */
  static Stream<Arguments> refusedOnceClosed() {
    return Stream.of(
        call("tick", world -> world.tick(0.1)),
        call("schedule", world -> world.schedule(0, () -> events.add("timer"))),
        call("spawnActor(type)", world -> world.spawnActor(Box.class)),
        call("spawnActor(type, name, id, beforePlay)",
            world -> world.spawnActor(Box.class, "Restored", StableId.of(77), actor -> {})),
        call("spawnActor(archetype, expected, name)", world -> world.spawnActor(archetype(Box.class), Box.class, "Box")),
        call("subsystem", world -> world.subsystem(Ledger.class)),
        call("onClose (review finding 8: it would never run)", world -> world.onClose(() -> events.add("too late"))));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("refusedOnceClosed")
  void aClosedWorld_refusesNewWork_sayingItIsClosed(String name, Consumer<World> call) {
    World world = World.builder("Match-7").build();
    world.close();
    events.clear();

    IllegalStateException refused = assertThrows(IllegalStateException.class, () -> call.accept(world), name);

    assertEquals("World \"Match-7\" is closed", refused.getMessage());
    assertEquals(List.of(), events);
    assertEquals(List.of(), world.actors());
  }

  @Test
  void aCloseListener_registeredWhileTheWorldCloses_isRefused_sayingItIsClosing() {
    events.clear();
    World world = World.builder("Match-7").build();
    world.onClose(() -> {
      try {
        world.onClose(() -> events.add("never"));
      } catch (IllegalStateException e) {
        events.add(e.getMessage());
      }
    });

    world.close();

    assertEquals(List.of("World \"Match-7\" is closing"), events);
  }

  @Test
  void closing_endsSubsystemsNewestFirst_evenPastOneThatFails_andForgetsThem() {
    events.clear();
    World world = World.builder("Match-7").build();
    Ledger ledger = world.subsystem(Ledger.class);
    ledger.failOnEnd = true;
    world.subsystem(Tally.class);
    assertSame(ledger, world.subsystem(Ledger.class), "created once");
    assertSame(world, ledger.world);
    assertEquals(Optional.of(ledger), world.findSubsystem(Ledger.class));

    world.close();
    world.close();

    assertEquals(List.of("ledger initialized for Match-7", "tally deinitialized", "ledger deinitialized"), events,
        "initialized once, ended once each, newest first, the failure did not stop the other");
    assertEquals(Optional.empty(), world.findSubsystem(Ledger.class), "a closed world holds no subsystem");
  }

  @Test
  void closing_runsEachCloseListenerOnce_butNotOneWhoseHandleWasReleased_thenDropsTimersAndQueuedWork() {
    events.clear();
    World world = World.builder("Match-7").build();
    world.onClose(() -> events.add("listener"));
    Handle released = world.onClose(() -> events.add("released listener"));
    released.release();
    world.schedule(5, () -> events.add("timer"));
    world.executor().execute(() -> events.add("queued"));
    assertEquals(1, world.pendingTimers());

    world.close();
    world.close();

    assertEquals(List.of("listener"), events);
    assertEquals(0, world.pendingTimers());
    assertEquals(0, world.runPendingTasks(), "queued work is dropped, not run later");
    assertTrue(world.isClosed());
  }

  @Test
  void aTimer_isDueAtExactlyItsTime_notATickBefore_andTimersOfOneTimeRunInTheOrderTheyWereSet() {
    events.clear();
    World world = World.builder("Match-7").build();
    world.tick(1.0);
    world.schedule(0.5, () -> events.add("first at 1.5"));
    world.schedule(0.5, () -> events.add("second at 1.5"));
    world.schedule(0, () -> events.add("at once"));
    assertEquals(3, world.pendingTimers());

    world.tick(0.25);
    assertEquals(List.of("at once"), events, "a zero delay is due at the next tick; 1.25 is before 1.5");
    world.tick(0.25);

    assertEquals(List.of("at once", "first at 1.5", "second at 1.5"), events);
    assertEquals(0, world.pendingTimers());
    assertEquals(1.5, world.timeSeconds());
    assertEquals(3, world.frame());
  }

  @Test
  void aTimerDelay_mustBeFiniteAndNotNegative() {
    World world = World.builder("Match-7").build();
    for (double bad : new double[] {-0.5, Double.NaN, Double.POSITIVE_INFINITY}) {
      assertEquals("delay must be a finite number >= 0: " + bad,
          assertThrows(IllegalArgumentException.class, () -> world.schedule(bad, () -> {})).getMessage());
    }
    assertEquals(0, world.pendingTimers());
  }

  @Test
  void generatedNames_countUp_andEveryWayOfSpawningRefusesATakenName() {
    World world = World.builder("Match-7").build();
    Box first = world.spawnActor(Box.class);
    Box second = world.spawnActor(Box.class);

    assertTrue(first.name().startsWith("Box_") && second.name().startsWith("Box_"), first + ", " + second);
    assertTrue(second.id() > first.id(), "ids count up: " + first.id() + ", " + second.id());
    assertEquals("Box_" + second.id(), second.name());
    assertTrue(first.stableId().value() > 0 && second.stableId().value() > first.stableId().value());
    String taken = "World \"Match-7\" already has an actor named \"" + first.name() + "\"";
    assertEquals(taken, assertThrows(IllegalArgumentException.class, () -> world.spawnActor(Box.class, first.name())).getMessage());
    assertEquals(taken, assertThrows(IllegalArgumentException.class,
        () -> world.spawnActor(Box.class, first.name(), StableId.of(900), actor -> {})).getMessage());
    assertEquals(taken, assertThrows(IllegalArgumentException.class,
        () -> world.spawnActor(archetype(BigBox.class), Box.class, first.name())).getMessage());
    assertEquals(3, world.actors().size());
  }

  @Test
  void aRestoredActor_keepsItsSavedId_andAnIdALiveActorHolds_isRefused() {
    events.clear();
    World world = World.builder("Match-7").build();
    List<String> before = new ArrayList<>();
    Box restored = world.spawnActor(Box.class, "Saved", StableId.of(500), actor -> before.add(actor.name() + " playing " + actor.isPlaying()));

    assertEquals(List.of("Saved playing false"), before, "beforePlay runs before play begins");
    assertEquals(StableId.of(500), restored.stableId());
    assertEquals(Optional.of(restored), world.findActor(StableId.of(500)));
    IllegalArgumentException twice = assertThrows(IllegalArgumentException.class,
        () -> world.spawnActor(Box.class, "Copy", StableId.of(500), actor -> {}));
    assertEquals("World \"Match-7\" already has an actor with " + StableId.of(500) + ": " + restored, twice.getMessage());
    assertEquals("a restored actor needs a stable id, not none (Nobody)", assertThrows(IllegalArgumentException.class,
        () -> world.spawnActor(Box.class, "Nobody", StableId.NONE, actor -> {})).getMessage());
    assertEquals(List.of(world.gameState(), restored), world.actors());
  }

  @Test
  void aRestoredActorWhoseBeforePlayFails_leavesTheWorld_andEndsWithoutHavingBegun() {
    events.clear();
    World world = World.builder("Match-7").build();

    List<Box> seen = new ArrayList<>();
    IllegalStateException failed = assertThrows(IllegalStateException.class,
        () -> world.spawnActor(Box.class, "Broken", StableId.of(600), actor -> {
          seen.add(actor);
          throw new IllegalStateException("its saved properties do not fit");
        }));

    assertEquals("its saved properties do not fit", failed.getMessage());
    assertTrue(seen.get(0).isDestroyed(), "the half-restored actor is done with, not left usable");
    assertFalse(seen.get(0).isPlaying());
    assertEquals(List.of(world.gameState()), world.actors());
    assertEquals(Optional.empty(), world.findActor(StableId.of(600)));
    assertEquals(List.of(), events, "it never began play");
    world.spawnActor(Box.class, "Broken", StableId.of(600), actor -> {});
    assertEquals(List.of("begin Broken"), events, "its name and id are free again");
  }

  @Test
  void theGameState_takesItsSavedId_unlessAnotherActorHasIt() {
    World world = World.builder("Match-7").build();
    Box box = world.spawnActor(Box.class, "Box");

    world.restoreGameStateId(StableId.of(40));
    world.restoreGameStateId(StableId.of(40));

    assertEquals(StableId.of(40), world.gameState().stableId(), "its own id again is no conflict");
    assertEquals(Optional.of(world.gameState()), world.findActor(StableId.of(40)));
    IllegalArgumentException taken = assertThrows(IllegalArgumentException.class, () -> world.restoreGameStateId(box.stableId()));
    assertEquals("World \"Match-7\" already has an actor with " + box.stableId() + ": " + box, taken.getMessage());
    assertEquals(StableId.of(40), world.gameState().stableId());
    assertEquals("a game state needs a stable id, not none",
        assertThrows(IllegalArgumentException.class, () -> world.restoreGameStateId(StableId.NONE)).getMessage());
  }

  @Test
  void actors_isASnapshot_andActorsOfATypeListOnlyThatType() {
    World world = World.builder("Match-7").build();
    Box box = world.spawnActor(Box.class, "Box");
    List<Actor> snapshot = world.actors();

    world.destroyActor(box);
    world.destroyActor(box);

    assertEquals(List.of(world.gameState(), box), snapshot);
    assertEquals(List.of(world.gameState()), world.actors());
    assertEquals(List.of(), world.actors(Box.class));
    assertEquals(List.of(world.gameState()), world.actors(GameState.class));
    assertThrows(UnsupportedOperationException.class, () -> snapshot.add(box));
  }

  /** An actor that notes its construction and its ticks, and wants them. */
  static class Ticker extends Actor {
    int ticks;
    boolean constructed;

    @Override
    protected void onConstructed() {
      constructed = true;
    }

    @Override
    protected boolean wantsTick() {
      return true;
    }

    @Override
    protected void tick(double deltaSeconds) {
      ticks++;
    }
  }

  /** A component that wants ticks. */
  static class Clock extends ActorComponent {
    int ticks;

    @Override
    protected boolean wantsTick() {
      return true;
    }

    @Override
    protected void tick(double deltaSeconds) {
      ticks++;
    }
  }

  @Test
  void anActorAndItsComponents_tickOnlyWhenTheyAskTo_andOnlyWhilePlaying() {
    World world = World.builder("Match-7").build();
    Ticker ticker = world.spawnActor(Ticker.class, "Ticker");
    Box box = world.spawnActor(Box.class, "Box");
    Clock clock = box.addComponent(Clock.class);
    Lamp lamp = box.addComponent(Lamp.class);

    world.tick(0.1);
    world.tick(0.1);
    ticker.destroy();
    world.tick(0.1);

    assertTrue(ticker.constructed, "onConstructed ran");
    assertEquals(2, ticker.ticks, "not after it was destroyed");
    assertEquals(3, clock.ticks, "a component ticks when it asks, on an actor that does not");
    assertTrue(lamp.isPlaying());
  }

  @Test
  void components_areAddedFoundOrAddedAndRemoved_andADestroyedActorTakesNone() {
    events.clear();
    World world = World.builder("Match-7").build();
    Box box = world.spawnActor(Box.class, "Box");
    events.clear();

    Lamp lamp = box.findOrAddComponent(Lamp.class);
    assertSame(lamp, box.findOrAddComponent(Lamp.class), "found, not added again");
    assertEquals("Lamp_1", lamp.name());
    assertEquals("WorldRulesTest.Box[Box] already has a component named \"Lamp_1\"".replace("WorldRulesTest.", ""),
        assertThrows(IllegalArgumentException.class, () -> box.addComponent(Lamp.class, "Lamp_1")).getMessage());
    assertTrue(box.removeComponent(lamp));
    assertFalse(box.removeComponent(lamp), "not its component any more");
    assertEquals(List.of("lamp begins", "lamp ends REMOVED"), events);

    box.destroy();
    assertEquals("Box[Box] is destroyed", assertThrows(IllegalStateException.class, () -> box.addComponent(Lamp.class)).getMessage());
    assertEquals("Box[Box] is destroyed",
        assertThrows(IllegalStateException.class, () -> box.addComponent(Lamp.class, "Late")).getMessage());
  }

  @Test
  void componentRequests_andHandlers_areCounted_andAReleasedRequestRemovesWhatItAdded() {
    World world = World.builder("Match-7").build();
    Box first = world.spawnActor(Box.class, "First");
    ComponentManager manager = world.componentManager();
    Lamp own = first.addComponent(Lamp.class);

    Handle lamps = manager.addComponentRequest(Box.class, Lamp.class);
    Handle again = manager.addComponentRequest(Box.class, Lamp.class);
    Handle clocks = manager.addComponentRequest(Box.class, Clock.class);
    Handle handler = manager.addExtensionHandler(Box.class, (actor, event) -> events.add(event));
    Box second = world.spawnActor(Box.class, "Second");

    assertEquals(2, manager.activeRequests(), "the same pair asked twice is one request");
    assertEquals(1, manager.extensionHandlers());
    assertEquals(4, manager.requestedComponents(), "a lamp and a clock on each box");
    assertFalse(manager.isRequested(own), "the box added that one itself");
    assertTrue(manager.isRequested(second.findComponent(Clock.class).orElseThrow()));
    assertEquals("ComponentManager[Match-7, 2 requests, 1 handlers]", manager.toString());

    lamps.release();
    assertEquals(2, manager.activeRequests(), "still asked for by the other handle");
    again.release();
    assertEquals(1, manager.activeRequests());
    assertEquals(List.of(own), first.components(Lamp.class), "the requested lamps are gone, the box's own stays");
    assertEquals(List.of(), second.components(Lamp.class));
    clocks.release();
    handler.release();
    assertEquals(0, manager.requestedComponents());
    assertEquals(0, manager.extensionHandlers());
    Box third = world.spawnActor(Box.class, "Third");
    assertEquals(List.of(), third.components(Lamp.class), "a released request adds nothing to new actors");
  }

  @Test
  void anArchetype_spawnsAnActorOfItsClass_thatBeginsPlayWithAFreshStableId_andMustBeWhatIsExpected() {
    events.clear();
    World world = World.builder("Match-7").build();

    Box big = world.spawnActor(archetype(BigBox.class), Box.class, "Big");

    assertEquals(BigBox.class, big.getClass());
    assertEquals("Big", big.name());
    assertTrue(big.isPlaying());
    assertEquals(List.of("begin Big"), events);
    assertFalse(big.stableId().isNone());
    assertTrue(big.stableId().value() > world.gameState().stableId().value(), big.stableId() + " after the game state's");
    assertEquals(Optional.of(big), world.findActor(big.stableId()));
    assertEquals(List.of(world.gameState(), big), world.actors());
    ObjectConstructionException notABigBox = assertThrows(ObjectConstructionException.class,
        () -> world.spawnActor(archetype(Box.class), BigBox.class, "Small"));
    assertEquals("The archetype's class Box is not a BigBox", notABigBox.getMessage());
    assertEquals(List.of(world.gameState(), big), world.actors(), "nothing spawned");
  }

  @Test
  void runPendingTasks_runsTheQueuedWorkAndWhatItQueues_andSaysHowMuchRan() {
    World world = World.builder("Match-7").build();
    List<String> ran = new ArrayList<>();
    world.executor().execute(() -> ran.add("first"));
    world.executor().execute(() -> {
      ran.add("second");
      world.executor().execute(() -> ran.add("queued by the second"));
    });
    world.executor().execute(() -> {
      throw new IllegalStateException("a task that fails still ran");
    });

    assertEquals(4, world.runPendingTasks());

    assertEquals(List.of("first", "second", "queued by the second"), ran);
    assertEquals(0, world.runPendingTasks(), "nothing left");
    assertEquals(0.0, world.timeSeconds(), "time did not move");
    assertEquals(0, world.frame());
  }

  @Test
  void toString_namesTheWorld_itsMode_itsActorsAndItsTime() {
    World world = World.builder("Match-7").netMode(NetMode.DEDICATED_SERVER).build();
    world.spawnActor(Box.class, "Box");
    world.tick(0.5);

    assertEquals("World[Match-7, DEDICATED_SERVER, 2 actors, t=0.5s]", world.toString());
  }
}
