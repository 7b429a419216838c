package dev.overture.world;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.testing.FakeTicker;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The fixed-step loop, on a fake clock whose waiting moves the clock instead of sleeping. */
class FixedStepLoopTest {

  private final FakeTicker clock = new FakeTicker();

  /** Counts its ticks and the deltas they got. */
  static class Counter extends ActorComponent {
    final List<Double> deltas = new ArrayList<>();

    @Override
    protected boolean wantsTick() {
      return true;
    }

    @Override
    protected void tick(double deltaSeconds) {
      deltas.add(deltaSeconds);
    }
  }

  private FixedStepLoop.Builder loop() {
    return FixedStepLoop.builder(0.1).ticker(clock).waiter(clock::advanceNanos);
  }

  private static Counter counted(World world) {
    return world.gameState().addComponent(Counter.class);
  }

  @Test
  void advance_runsTheStepsThatAreDue_withTheSameDeltaEachTime() {
    World world = World.builder("W").build();
    Counter counter = counted(world);
    FixedStepLoop loop = loop().build();
    loop.add(world);

    assertEquals(1, loop.advance(), "the first call starts the clock and runs one step");
    clock.advance(Duration.ofMillis(50));
    assertEquals(0, loop.advance());
    clock.advance(Duration.ofMillis(260));
    assertEquals(3, loop.advance());

    assertEquals(List.of(0.1, 0.1, 0.1, 0.1), counter.deltas);
    assertEquals(4, loop.steps());
    assertEquals(0.4, world.timeSeconds(), 1e-9);
  }

  @Test
  void aFrameFarBehind_runsAtMostItsShare_andDropsTheRest() {
    World world = World.builder("W").build();
    Counter counter = counted(world);
    FixedStepLoop loop = loop().maxStepsPerFrame(3).build();
    loop.add(world);
    loop.advance();

    clock.advance(Duration.ofSeconds(2)); // 20 steps due

    assertEquals(3, loop.advance());
    assertEquals(1.7, loop.droppedSeconds(), 1e-9, "20 steps were due, 3 ran");
    clock.advance(Duration.ofMillis(100));
    assertEquals(1, loop.advance(), "after the drop the loop keeps its pace");
    assertEquals(5, counter.deltas.size());
  }

  @Test
  void runUntil_waitsBetweenSteps_andStopsWhenDone() {
    World one = World.builder("One").build();
    World two = World.builder("Two").build();
    Counter first = counted(one);
    Counter second = counted(two);
    FixedStepLoop loop = loop().build();
    loop.add(one);
    loop.add(two);

    loop.runUntil(() -> first.deltas.size() == 30);

    assertEquals(30, second.deltas.size());
    assertEquals(30, loop.steps());
    assertEquals(0.0, loop.droppedSeconds());
  }

  @Test
  void closedWorlds_leaveTheLoop_andAnEmptyLoopReturns() {
    World world = World.builder("W").build();
    FixedStepLoop loop = loop().build();
    loop.add(world);
    world.schedule(0.95, world::close);

    loop.runUntil(() -> false);

    assertEquals(List.of(), loop.worlds());
    assertEquals(10, loop.steps(), "the world closed on the step that passed 0.95 s");
  }

  @Test
  void workQueuedByOtherThreads_runsBetweenSteps() {
    World world = World.builder("W").build();
    FixedStepLoop loop = loop().build();
    loop.add(world);
    loop.advance();
    List<String> ran = new ArrayList<>();
    world.executor().execute(() -> ran.add("queued"));

    assertEquals(0, loop.advance());

    assertEquals(List.of("queued"), ran);
  }

  @Test
  void stop_endsRunUntil() {
    World world = World.builder("W").build();
    FixedStepLoop loop = loop().build();
    loop.add(world);
    world.schedule(0.45, loop::stop);

    loop.runUntil(() -> false);

    assertEquals(5, loop.steps());
  }

  @Test
  void aStepMustBeAFrame() {
    IllegalArgumentException zero = assertThrows(IllegalArgumentException.class, () -> FixedStepLoop.builder(0));
    assertEquals("the step must be more than 0 and at most 1 second: 0.0", zero.getMessage());
    IllegalArgumentException none = assertThrows(IllegalArgumentException.class, () -> FixedStepLoop.builder(0.1).maxStepsPerFrame(0));
    assertEquals("a frame must run at least one step: 0", none.getMessage());
  }

  @Test
  void worlds_areTickedInTheOrderAdded_onceEach_untilRemoved() {
    World one = World.builder("One").build();
    World two = World.builder("Two").build();
    Counter first = counted(one);
    Counter second = counted(two);
    FixedStepLoop loop = loop().build();
    loop.add(one);
    loop.add(two);
    loop.add(one);
    assertEquals(List.of(one, two), loop.worlds(), "a world added twice is ticked once");

    loop.advance();
    assertTrue(loop.remove(one));
    assertFalse(loop.remove(one), "the loop no longer had it");
    clock.advance(Duration.ofMillis(100));
    loop.advance();

    assertEquals(List.of(two), loop.worlds());
    assertEquals(1, first.deltas.size(), "not ticked once removed");
    assertEquals(2, second.deltas.size());
    assertFalse(one.isClosed(), "removing a world does not close it");
  }

  @Test
  void aFrameOneStepPastItsShare_dropsThatStep_ratherThanRunningItLate() {
    World world = World.builder("W").build();
    Counter counter = counted(world);
    FixedStepLoop loop = loop().maxStepsPerFrame(3).build();
    loop.add(world);
    loop.advance();

    clock.advance(Duration.ofMillis(400)); // 4 steps due, the last exactly now

    assertEquals(3, loop.advance());
    assertEquals(0.1, loop.droppedSeconds(), 1e-9);
    assertEquals(0, loop.advance(), "the dropped step does not run on the next frame");
    clock.advance(Duration.ofMillis(100));
    assertEquals(1, loop.advance());
    assertEquals(5, counter.deltas.size());
  }

  @Test
  void aClockWhoseReadingsAreNegative_keepsThePace_andDropsTheBacklog() {
    AtomicLong nanos = new AtomicLong(-50_000_000_000L); // System.nanoTime's origin is arbitrary: it may read below zero
    World world = World.builder("W").build();
    Counter counter = counted(world);
    FixedStepLoop loop = FixedStepLoop.builder(0.1).ticker(nanos::get).waiter(nanos::addAndGet).maxStepsPerFrame(3).build();
    loop.add(world);
    loop.advance();

    nanos.addAndGet(2_000_000_000L); // 20 steps due

    assertEquals(3, loop.advance());
    assertEquals(1.7, loop.droppedSeconds(), 1e-9);
    nanos.addAndGet(100_000_000L);
    assertEquals(1, loop.advance(), "after the drop the loop keeps its pace");
    loop.runUntil(() -> counter.deltas.size() == 8);
    assertEquals(8, loop.steps());
  }

  @Test
  void aWaiterThatWakesEarly_isAskedToWaitForTheRest_andNoStepRunsEarly() {
    World world = World.builder("W").build();
    Counter counter = counted(world);
    List<Long> waits = new ArrayList<>();
    // parkNanos may return before its time: this one never sleeps more than 30 ms
    FixedStepLoop loop = loop().waiter(wait -> {
      waits.add(wait);
      clock.advanceNanos(Math.min(wait, 30_000_000L));
    }).build();
    loop.add(world);
    int[] frames = {0};

    loop.runUntil(() -> {
      if (++frames[0] > 100) {
        throw new AssertionError("the loop spun without waiting: " + waits);
      }
      return counter.deltas.size() == 2;
    });

    assertEquals(List.of(100_000_000L, 70_000_000L, 40_000_000L, 10_000_000L), waits);
    assertEquals(2, loop.steps());
    assertEquals(0.0, loop.droppedSeconds());
  }

  // Regression (review-host #5): once the thread was interrupted, parkNanos returned at once and the
  // loop spun, burning a core, until its predicate said done.
  @Test
  void anInterruptEndsTheRun_afterItsFrame_andTheFlagStaysSet() {
    World world = World.builder("W").build();
    Counter counter = counted(world);
    int[] waits = {0};
    FixedStepLoop loop = loop().waiter(wait -> {
      if (++waits[0] > 100) {
        throw new AssertionError("the loop spun on an interrupted thread");
      }
      clock.advanceNanos(wait);
      if (waits[0] == 2) {
        Thread.currentThread().interrupt(); // a shutdown hook; a parked thread wakes at once
      }
    }).build();
    loop.add(world);

    try {
      loop.runUntil(() -> false);

      assertTrue(Thread.currentThread().isInterrupted(), "the flag is kept for the host");
    } finally {
      Thread.interrupted();
    }
    assertEquals(2, waits[0]);
    assertEquals(2, counter.deltas.size(), "no frame runs once the thread is interrupted");
    assertFalse(world.isClosed());
  }

  @Test
  void theStepMayBeUpToOneSecond_andAFrameMayRunJustOneStep() {
    FixedStepLoop second = FixedStepLoop.builder(1).build();
    assertEquals(1.0, second.stepSeconds());
    assertEquals("the step must be more than 0 and at most 1 second: 1.5",
        assertThrows(IllegalArgumentException.class, () -> FixedStepLoop.builder(1.5)).getMessage());
    assertEquals("the step must be more than 0 and at most 1 second: NaN",
        assertThrows(IllegalArgumentException.class, () -> FixedStepLoop.builder(Double.NaN)).getMessage());

    World world = World.builder("W").build();
    Counter counter = counted(world);
    FixedStepLoop loop = loop().maxStepsPerFrame(1).build();
    assertEquals(0.1, loop.stepSeconds());
    loop.add(world);
    loop.advance();
    clock.advance(Duration.ofMillis(250));

    assertEquals(1, loop.advance());
    assertEquals(0.1, loop.droppedSeconds(), 1e-9);
    assertEquals(2, counter.deltas.size());
  }
}
