package dev.overture.world;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * What an actor and its components promise about play: when they are playing, that neither ticks
 * unless it asks to, that both are saved with their world unless they say otherwise, and that a
 * component added from the wrong thread is refused without using up a generated name.
 */
class ActorPlayTest {

  /** A component that would count ticks, but does not ask for them. */
  static class Gauge extends ActorComponent {
    int ticks;

    @Override
    protected void tick(double deltaSeconds) {
      ticks++;
    }
  }

  /** An actor that would count ticks, but does not ask for them. */
  static class Buoy extends Actor {
    int ticks;

    @Override
    protected void tick(double deltaSeconds) {
      ticks++;
    }
  }

  /** An actor that notes what is playing while it is set up and while it begins play. */
  static class Stage extends Actor {
    Gauge early;
    boolean playingWhileInitializing;
    boolean componentPlayingWhileInitializing;
    boolean playingInBeginPlay;
    boolean componentPlayingInBeginPlay;

    @Override
    protected void initializeComponents() {
      early = addComponent(Gauge.class);
      playingWhileInitializing = isPlaying();
      componentPlayingWhileInitializing = early.isPlaying();
    }

    @Override
    protected void beginPlay() {
      playingInBeginPlay = isPlaying();
      componentPlayingInBeginPlay = early.isPlaying();
    }
  }

  @Test
  void anActorPlaysFromItsBeginPlay_itsComponentsAfterIt_andNeitherOnceEnded() {
    World world = World.builder("Match-3").build();

    Stage stage = world.spawnActor(Stage.class, "Stage");

    assertFalse(stage.playingWhileInitializing, "play has not begun while components are initialized");
    assertFalse(stage.componentPlayingWhileInitializing, "a component added before play waits for its actor");
    assertTrue(stage.playingInBeginPlay);
    assertFalse(stage.componentPlayingInBeginPlay, "the actor begins before its components do");
    assertTrue(stage.isPlaying());
    assertTrue(stage.early.isPlaying());

    Gauge removed = stage.addComponent(Gauge.class);
    assertTrue(removed.isPlaying(), "added to a playing actor, it plays at once");
    stage.removeComponent(removed);
    assertFalse(removed.isPlaying(), "a removed component no longer plays");

    stage.destroy();
    assertFalse(stage.isPlaying());
    assertFalse(stage.early.isPlaying());
  }

  @Test
  void actorsAndComponents_thatDoNotAskForTicks_areNotTicked() {
    World world = World.builder("Match-3").build();
    Buoy buoy = world.spawnActor(Buoy.class, "Buoy");
    Gauge gauge = buoy.addComponent(Gauge.class);

    world.tick(0.1);
    world.tick(0.1);

    assertEquals(0, buoy.ticks);
    assertEquals(0, gauge.ticks);
    assertTrue(buoy.isPlaying() && gauge.isPlaying(), "they play, they just do not tick");
  }

  @Test
  void actorsAndComponents_areSavedWithTheirWorld_unlessTheySayOtherwise() {
    World world = World.builder("Match-3").build();
    Buoy buoy = world.spawnActor(Buoy.class, "Buoy");

    assertTrue(buoy.isPersistent());
    assertTrue(buoy.addComponent(Gauge.class).isPersistent());
  }

  @Test
  void addingAComponentWithAGeneratedName_fromAnotherThread_isRefused_andUsesUpNoName() throws Exception {
    World world = World.builder("Match-3").build();
    Buoy buoy = world.spawnActor(Buoy.class, "Buoy");
    ExecutorService other = Executors.newSingleThreadExecutor(task -> new Thread(task, "intruder"));
    Throwable thrown;
    try {
      thrown = other.submit(() -> {
        try {
          buoy.addComponent(Gauge.class);
          return null;
        } catch (IllegalStateException e) {
          return e;
        }
      }).get(10, TimeUnit.SECONDS);
    } finally {
      other.shutdownNow();
    }

    assertEquals("World \"Match-3\" was used from thread \"intruder\", but its game thread is \""
        + Thread.currentThread().getName() + "\"; hand work to world.executor()",
        thrown == null ? "addComponent was not refused" : thrown.getMessage());
    assertEquals(List.of(), buoy.components());
    assertEquals("Gauge_1", buoy.addComponent(Gauge.class).name(), "the refused call took no name");
  }
}
