package dev.overture.world;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.overture.testing.FakeTicker;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
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
}
