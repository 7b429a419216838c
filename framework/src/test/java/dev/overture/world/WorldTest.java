package dev.overture.world;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class WorldTest {

  static final List<String> events = new ArrayList<>();

  static class Crate extends Actor {
    @Override
    protected void initializeComponents() {
      addComponent(Lid.class);
    }

    @Override
    protected void beginPlay() {
      events.add("crate begins");
    }

    @Override
    protected void endPlay(EndPlayReason reason) {
      events.add("crate ends " + reason);
    }
  }

  static class Lid extends ActorComponent {
    int ticks;

    @Override
    protected void beginPlay() {
      events.add("lid begins");
    }

    @Override
    protected void endPlay(EndPlayReason reason) {
      events.add("lid ends " + reason);
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

  static class RecordingState extends GameState {
    @Override
    protected void endPlay(EndPlayReason reason) {
      events.add("game state ends " + reason);
    }
  }

  @Test
  void actorsAndComponents_beginAndEndPlayInOrder() {
    events.clear();
    World world = World.builder("Test").build();

    Crate crate = world.spawnActor(Crate.class, "Crate1");
    Lid lid = crate.findComponent(Lid.class).orElseThrow();
    world.tick(0.5);
    crate.destroy();

    assertEquals(List.of("crate begins", "lid begins", "lid ends DESTROYED", "crate ends DESTROYED"), events);
    assertEquals(1, lid.ticks);
    assertTrue(crate.isDestroyed());
    assertEquals(List.of(world.gameState()), world.actors());
  }

  @Test
  void close_endsTheGameStateFirst_thenActorsInReverse_andRefusesWork() {
    events.clear();
    World world = World.builder("Test").gameState(RecordingState.class).build();
    world.spawnActor(Crate.class, "First");
    world.spawnActor(Crate.class, "Second");
    events.clear();

    world.close();

    assertEquals(
        List.of("game state ends WORLD_CLOSED", "lid ends WORLD_CLOSED", "crate ends WORLD_CLOSED",
            "lid ends WORLD_CLOSED", "crate ends WORLD_CLOSED"),
        events);
    assertTrue(world.isClosed());
    RejectedExecutionException e = assertThrows(RejectedExecutionException.class, () -> world.executor().execute(() -> {}));
    assertEquals("World \"Test\" is closed", e.getMessage());
  }

  @Test
  void queuedWork_runsInOrderOnTheGameThread_duringTicks() throws Exception {
    World world = World.builder("Test").build();
    List<String> ran = new ArrayList<>();
    ExecutorService other = Executors.newSingleThreadExecutor();
    try {
      other.submit(() -> world.executor().execute(() -> ran.add("from another thread"))).get(10, TimeUnit.SECONDS);
    } finally {
      other.shutdownNow();
    }
    world.executor().execute(() -> {
      ran.add("first");
      world.executor().execute(() -> ran.add("queued by a task"));
    });
    assertEquals(List.of(), ran, "nothing runs until the world ticks");

    world.tick(0);

    assertEquals(List.of("from another thread", "first", "queued by a task"), ran);
  }

  @Test
  void timers_fireAtTheFirstTickAtOrAfterTheirTime_inOrder() {
    World world = World.builder("Test").build();
    List<String> fired = new ArrayList<>();
    world.schedule(1.0, () -> fired.add("one second"));
    world.schedule(0.5, () -> fired.add("half a second"));
    Handle cancelled = world.schedule(0.75, () -> fired.add("cancelled"));
    cancelled.release();

    world.tick(0.4);
    assertEquals(List.of(), fired);
    world.tick(0.6);

    assertEquals(List.of("half a second", "one second"), fired);
    assertEquals(1.0, world.timeSeconds(), 1e-9);
    assertEquals(2, world.frame());
    assertEquals(0, world.pendingTimers());
  }

  @Test
  void usingAWorldFromAnotherThread_isRefusedWithAClearMessage() throws Exception {
    World world = World.builder("Match-1").build();
    ExecutorService other = Executors.newSingleThreadExecutor(task -> new Thread(task, "intruder"));
    try {
      Throwable thrown =
          other.submit(() -> {
            try {
              world.spawnActor(Crate.class);
              return null;
            } catch (IllegalStateException e) {
              return e;
            }
          }).get(10, TimeUnit.SECONDS);
      assertEquals(
          "World \"Match-1\" was used from thread \"intruder\", but its game thread is \"" + Thread.currentThread().getName()
              + "\"; hand work to world.executor()",
          thrown.getMessage());
    } finally {
      other.shutdownNow();
    }
  }

  @Test
  void aTickFromAnotherThread_isRefused_andLeavesTheWorldWhereItWas() throws Exception {
    World world = World.builder("Match-1").build();
    ExecutorService other = Executors.newSingleThreadExecutor(task -> new Thread(task, "intruder"));
    try {
      Throwable thrown = other.submit(() -> {
        try {
          world.tick(0.1);
          return null;
        } catch (IllegalStateException e) {
          return e;
        }
      }).get(10, TimeUnit.SECONDS);

      assertEquals(
          "World \"Match-1\" was used from thread \"intruder\", but its game thread is \"" + Thread.currentThread().getName()
              + "\"; hand work to world.executor()",
          thrown.getMessage());
    } finally {
      other.shutdownNow();
    }
    assertTrue(world.isInGameThread(), "no silent rebind: the builder's thread still owns the world");
    assertEquals(0, world.frame());
    assertEquals(0.0, world.timeSeconds());
  }

  @Test
  void handOverTo_movesTheWorldToTheThreadThatWillRunIt_andOnlyItsOwnerMayDoSo() throws Exception {
    World world = World.builder("Match-1").build();
    world.spawnActor(Crate.class, "Crate1");
    List<String> seen = new ArrayList<>();
    Thread loop = new Thread(() -> {
      world.tick(0.5);
      seen.add(world.frame() + " frame, " + world.actors().size() + " actors, on " + Thread.currentThread().getName());
    }, "match-loop");

    world.handOverTo(loop);
    loop.start();
    loop.join(10_000);

    assertEquals(List.of("1 frame, 2 actors, on match-loop"), seen, "what the builder did is visible to the new owner");
    assertFalse(world.isInGameThread());
    IllegalStateException stale = assertThrows(IllegalStateException.class, world::frame);
    assertEquals("World \"Match-1\" was used from thread \"" + Thread.currentThread().getName()
        + "\", but its game thread is \"match-loop\"; hand work to world.executor()", stale.getMessage());
    IllegalStateException notOwner = assertThrows(IllegalStateException.class, () -> world.handOverTo(Thread.currentThread()));
    assertTrue(notOwner.getMessage().startsWith("World \"Match-1\" was used from thread"), notOwner.getMessage());
  }

  @Test
  void spawning_checksNamesAndConstructors() {
    World world = World.builder("Test").build();
    world.spawnActor(Crate.class, "Crate");

    assertEquals(
        "World \"Test\" already has an actor named \"Crate\"",
        assertThrows(IllegalArgumentException.class, () -> world.spawnActor(Crate.class, "Crate")).getMessage());
    assertEquals(
        "Cannot construct NoDefault: nothing supplies its parameter 1 (int): no dependency resolver is set"
            + " (ObjectFactory.builder().dependencies(...))",
        assertThrows(dev.overture.object.ObjectConstructionException.class, () -> world.spawnActor(NoDefault.class)).getMessage());
  }

  static class NoDefault extends Actor {
    NoDefault(int unused) {}
  }

  static class Buddy extends Actor {
    Actor friend;

    @Override
    protected void endPlay(EndPlayReason reason) {
      events.add("buddy ends " + name());
      if (friend != null && !friend.isDestroyed()) {
        friend.destroy();
      }
    }
  }

  /** A component whose end of play throws, as a plugin's buggy code may. */
  static class Brittle extends ActorComponent {
    @Override
    protected void endPlay(EndPlayReason reason) {
      events.add("brittle throws");
      throw new IllegalStateException("boom in endPlay");
    }
  }

  /** An actor whose own end of play throws. */
  static class BrittleCrate extends Crate {
    @Override
    protected void endPlay(EndPlayReason reason) {
      super.endPlay(reason);
      throw new IllegalStateException("boom in the crate's endPlay");
    }
  }

  /** Review C, defect 1: an endPlay that threw left the world half-closed and its experience never ended. */
  @Test
  void close_endsEveryActorAndComponent_evenWhenTheirEndPlayThrows_andSaysWhichInALine() {
    events.clear();
    World world = World.builder("Test").gameState(RecordingState.class).build();
    world.gameState().addComponent(Lid.class, "Older");
    world.gameState().addComponent(Brittle.class, "Hot");
    world.spawnActor(BrittleCrate.class, "Crate");
    events.clear();

    String log = dev.overture.internal.StandardError.during(world::close);

    assertTrue(world.isClosed(), "closed whatever the game's code threw");
    assertEquals(
        List.of("brittle throws", "lid ends WORLD_CLOSED", "game state ends WORLD_CLOSED", "lid ends WORLD_CLOSED",
            "crate ends WORLD_CLOSED"),
        events);
    assertEquals(List.of(), world.actors());
    assertTrue(log.contains("ERROR dev.overture.world.World - Component Hot (Brittle) of actor GameState failed in endPlay"
        + " in world Test; the world went on without it: boom in endPlay"), log);
    assertTrue(log.contains("ERROR dev.overture.world.World - Actor Crate (BrittleCrate) failed in endPlay in world Test;"
        + " the world went on without it: boom in the crate's endPlay"), log);
    assertFalse(dev.overture.internal.StandardError.hasStackTrace(log), "a line each; the trace is at debug: " + log);
  }

  /** A component whose tick throws. */
  static class Hot extends ActorComponent {
    @Override
    protected boolean wantsTick() {
      return true;
    }

    @Override
    protected void tick(double deltaSeconds) {
      throw new IllegalStateException("boom in tick");
    }
  }

  /** Review C, defect 5: a tick that threw surfaced with its bare message, naming nothing. */
  @Test
  void aTickThatThrows_endsTheTickWithAFailureNamingTheComponentAndItsActor() {
    World world = World.builder("Test").build();
    world.gameState().addComponent(Hot.class, "Hot");

    GameCodeException e = assertThrows(GameCodeException.class, () -> world.tick(0.1));

    assertEquals("Component Hot of actor GameState failed in tick: boom in tick", e.getMessage());
    assertEquals("boom in tick", e.getCause().getMessage());
    world.close();
  }

  /** Throws a checked exception its signature does not declare, as Kotlin code and Lombok's @SneakyThrows do. */
  static class Sneaky extends ActorComponent {
    @Override
    protected boolean wantsTick() {
      return true;
    }

    @Override
    protected void tick(double deltaSeconds) {
      Sneaky.<RuntimeException>sneaky(new java.io.IOException("the disk is on fire"));
    }

    @SuppressWarnings("unchecked")
    static <T extends Throwable> void sneaky(Throwable thrown) throws T {
      throw (T) thrown;
    }
  }

  /** A checked exception thrown sneakily left the tick as itself, past the catch of game code's failures. */
  @Test
  void aTickThatThrowsACheckedExceptionSneakily_endsTheTickWithAFailureNamingTheComponent() {
    World world = World.builder("Test").build();
    world.gameState().addComponent(Sneaky.class, "Sneaky");

    GameCodeException e = assertThrows(GameCodeException.class, () -> world.tick(0.1));

    assertEquals("Component Sneaky of actor GameState failed in tick: the disk is on fire", e.getMessage());
    assertTrue(e.getCause() instanceof java.io.IOException, String.valueOf(e.getCause()));
    world.close();
  }

  /** A component whose tick fails a test's assertion. */
  public static class Asserting extends ActorComponent {
    @Override
    protected boolean wantsTick() {
      return true;
    }

    @Override
    protected void tick(double deltaSeconds) {
      throw new AssertionError("expected 3 heroes but was 2");
    }
  }

  /** The maintainer's read: an Error (a test's failed assertion) stays what it was, so a test still fails as one. */
  @Test
  void aTickThatThrowsAnError_endsTheTickWithThatError_asItWas() {
    World world = World.builder("Test").build();
    world.gameState().addComponent(Asserting.class, "Asserting");

    AssertionError e = assertThrows(AssertionError.class, () -> world.tick(0.1));

    assertEquals("expected 3 heroes but was 2", e.getMessage());
    world.close();
  }

  @Test
  void close_copesWithActorsThatDestroyOthersWhileEnding() {
    events.clear();
    World world = World.builder("Test").build();
    Buddy first = world.spawnActor(Buddy.class, "First");
    Buddy second = world.spawnActor(Buddy.class, "Second");
    second.friend = first;

    world.close();

    assertTrue(world.isClosed());
    assertEquals(List.of("buddy ends Second", "buddy ends First"), events);
    assertTrue(first.isDestroyed() && second.isDestroyed());
  }

  @Test
  void nothingCanBeSpawnedWhileTheWorldCloses() {
    World world = World.builder("Test").build();
    List<String> refused = new ArrayList<>();
    world.onClose(() -> {
      try {
        world.spawnActor(Crate.class);
      } catch (IllegalStateException e) {
        refused.add(e.getMessage());
      }
    });

    world.close();

    assertEquals(List.of("World \"Test\" is closing"), refused);
  }

  // Regression (review-host #1): a close listener that threw an Error left the world half-closed:
  // closing, its actors never ended, so its experience's plugins and pins were never released.
  @Test
  void close_endsEveryActor_evenWhenACloseListenerFailsAnAssertion() {
    events.clear();
    World world = World.builder("Test").gameState(RecordingState.class).build();
    world.spawnActor(Crate.class, "First");
    List<String> heard = new ArrayList<>();
    world.onClose(() -> {
      throw new AssertionError("host assertion");
    });
    world.onClose(() -> heard.add("second listener"));
    events.clear();

    world.close();

    assertEquals(List.of("second listener"), heard);
    assertEquals(List.of("game state ends WORLD_CLOSED", "lid ends WORLD_CLOSED", "crate ends WORLD_CLOSED"), events);
    assertTrue(world.isClosed());
  }

  @Test
  void close_endsEveryActor_thenThrowsAnOutOfMemoryErrorOfACloseListener() {
    events.clear();
    World world = World.builder("Test").gameState(RecordingState.class).build();
    world.onClose(() -> {
      throw new OutOfMemoryError("Java heap space");
    });
    events.clear();

    assertThrows(OutOfMemoryError.class, world::close);

    assertEquals(List.of("game state ends WORLD_CLOSED"), events);
    assertTrue(world.isClosed());
  }

  @Test
  void anActorDestroyedWhileSpawning_neverBeginsPlay() {
    events.clear();
    World world = World.builder("Test").build();
    world.componentManager().addExtensionHandler(Crate.class, (actor, event) -> {
      if (event.equals(ComponentManager.EXTENSION_ADDED)) {
        actor.destroy();
      }
    });

    Crate crate = world.spawnActor(Crate.class);

    assertTrue(crate.isDestroyed());
    assertFalse(crate.isPlaying());
    assertEquals(List.of(), events, "never began, so never ended");
    assertEquals(List.of(world.gameState()), world.actors());
  }

  @Test
  void netModes_sayWhoIsServerAndWhoIsClient() {
    assertTrue(NetMode.STANDALONE.hasServer() && NetMode.STANDALONE.hasClient());
    assertTrue(NetMode.LISTEN_SERVER.hasServer() && NetMode.LISTEN_SERVER.hasClient());
    assertTrue(NetMode.DEDICATED_SERVER.hasServer() && !NetMode.DEDICATED_SERVER.hasClient());
    assertFalse(NetMode.CLIENT.hasServer());
    assertTrue(NetMode.CLIENT.hasClient());
  }

  @Test
  void subsystems_areCreatedOnceAndShutDownOnClose() {
    World world = World.builder("Test").build();
    HudModel hud = world.subsystem(HudModel.class);
    assertTrue(hud == world.subsystem(HudModel.class));
    Handle widget = hud.addWidget("HUD.Slot.Score", "Score");
    assertEquals(1, hud.size());
    widget.release();
    widget.release();
    assertEquals(0, hud.size());
  }

  @Test
  void aDroppableTaskTheWorldDropsAtClose_isToldSo_afterTheActorsEnded_andOneThatRanIsNot() {
    World world = World.builder("Arena").build();
    List<String> log = new ArrayList<>();
    world.spawnActor(Ending.class, "Crate").log = log;
    world.executor().execute(World.droppable(() -> log.add("ran"), () -> log.add("told it ran (wrong)")));
    world.runPendingTasks();
    world.executor().execute(World.droppable(() -> log.add("dropped ran (wrong)"), () -> log.add("first dropped")));
    world.executor().execute(() -> log.add("plain ran (wrong)"));
    Runnable broken = () -> {
      throw new IllegalStateException("a broken waiter");
    };
    world.executor().execute(World.droppable(() -> log.add("dropped ran (wrong)"), broken));
    world.executor().execute(World.droppable(() -> log.add("dropped ran (wrong)"), () -> log.add("last dropped")));

    world.close();

    assertEquals(List.of("ran", "crate ended", "first dropped", "last dropped"), log, "in queue order; one that throws stops none");
    assertThrows(RejectedExecutionException.class,
        () -> world.executor().execute(World.droppable(() -> {}, () -> log.add("told (wrong): it was refused, not queued"))));
    assertEquals(4, log.size());
  }

  /** A queue that holds a hand-over from {@code producer} halfway, until the test lets it go on. */
  static final class PausingQueue extends java.util.concurrent.ConcurrentLinkedQueue<Runnable> {
    final java.util.concurrent.CountDownLatch inAdd = new java.util.concurrent.CountDownLatch(1);
    final java.util.concurrent.CountDownLatch goOn = new java.util.concurrent.CountDownLatch(1);
    volatile Thread producer;

    @Override
    public boolean add(Runnable task) {
      if (Thread.currentThread() == producer) {
        inAdd.countDown();
        try {
          goOn.await();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
      return super.add(task);
    }
  }

  // Regression (review-host #2): a task handed over while the world closed could pass the closing
  // check, land in the queue after close() had drained it, and then neither run nor be told.
  @Test
  void aTaskHandedOverWhileTheWorldCloses_isRefused_neverLost() throws Exception {
    PausingQueue queue = new PausingQueue();
    World world = World.builder("Arena").taskQueue(queue).build();
    List<String> heard = new java.util.concurrent.CopyOnWriteArrayList<>();
    ExecutorService other = Executors.newSingleThreadExecutor();
    try {
      var handOver = other.submit(() -> {
        queue.producer = Thread.currentThread();
        world.executor().execute(World.droppable(() -> heard.add("ran"), () -> heard.add("told it was dropped")));
        return "accepted";
      });
      assertTrue(queue.inAdd.await(10, TimeUnit.SECONDS));

      world.close(); // the hand-over has passed the check and not yet added: the drain misses it
      queue.goOn.countDown();

      var outcome = assertThrows(java.util.concurrent.ExecutionException.class, () -> handOver.get(10, TimeUnit.SECONDS));
      assertTrue(outcome.getCause() instanceof RejectedExecutionException, outcome.getCause().toString());
      assertEquals("World \"Arena\" is closed", outcome.getCause().getMessage());
      assertEquals(List.of(), heard, "refused, so neither run nor told");
      assertTrue(queue.isEmpty());
    } finally {
      other.shutdownNow();
    }
  }

  @Test
  void actorsAreFoundByNameAndStableId_andLetGoOfBothWhenTheyGo() {
    World world = World.builder("Arena").build();
    Actor crate = world.spawnActor(Actor.class, "Crate");
    assertEquals(java.util.Optional.of(crate), world.findActor("Crate"));
    assertEquals(java.util.Optional.of(crate), world.findActor(crate.stableId()));

    crate.destroy();
    assertEquals(java.util.Optional.empty(), world.findActor("Crate"));
    assertEquals(java.util.Optional.empty(), world.findActor(crate.stableId()));
    Actor again = world.spawnActor(Actor.class, "Crate"); // the name is free again
    assertEquals(java.util.Optional.of(again), world.findActor("Crate"));

    dev.overture.id.StableId saved = dev.overture.id.StableId.of(9_000);
    dev.overture.id.StableId before = world.gameState().stableId();
    world.restoreGameStateId(saved);
    assertEquals(java.util.Optional.of(world.gameState()), world.findActor(saved));
    assertEquals(java.util.Optional.empty(), world.findActor(before), "its old id is free");
    world.close();
  }

  /** Says when it ends. */
  public static class Ending extends Actor {
    List<String> log;

    @Override
    protected void endPlay(EndPlayReason reason) {
      log.add("crate ended");
    }
  }
}
