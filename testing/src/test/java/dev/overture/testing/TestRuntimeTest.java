package dev.overture.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.experience.ExperienceSettings;
import dev.overture.experience.LoadState;
import dev.overture.feature.FeatureContext;
import dev.overture.feature.GameFeatureAction;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What the kit does besides the happy path: time, disk, and a load that cannot finish. */
class TestRuntimeTest {

  private static Content lobby() {
    return Content.of().file("experiences/Lobby.json", "{}");
  }

  @Test
  void onDisk_writesAFolder_andCloseDeletesIt() {
    Path folder;
    try (TestRuntime runtime = TestRuntime.builder(lobby()).onDisk().build()) {
      folder = runtime.folder().orElseThrow();
      assertTrue(Files.exists(folder.resolve("experiences/Lobby.json")));
      runtime.world("W").load("Lobby").assertLoaded();
    }
    assertFalse(Files.exists(folder));
  }

  @Test
  void inMemory_touchesNoDisk() {
    try (TestRuntime runtime = TestRuntime.builder(lobby()).build()) {
      assertTrue(runtime.folder().isEmpty());
      assertEquals("memory", runtime.overture().assets().contentRoots().get(0).source().name());
    }
  }

  @Test
  void aChaosDelay_passesByTickingTheWorld_notBySleeping() {
    try (TestRuntime runtime = TestRuntime.builder(lobby())
        .configure(overture -> overture.experienceSettings(ExperienceSettings.defaults().withChaosDelay(2.0, 0, 1)))
        .build()) {
      TestWorld world = runtime.world("W").load("Lobby").assertLoaded();

      assertTrue(world.world().timeSeconds() >= 2.0, "world time " + world.world().timeSeconds());
      assertTrue(world.experience().timeline().stream().anyMatch(t -> t.to() == LoadState.LOADING_CHAOS_TESTING_DELAY));
    }
  }

  /** Pauses deactivation until the test lets it go. */
  public record Hold(String name) implements GameFeatureAction {
    static final List<Runnable> RELEASES = new ArrayList<>();

    @Override
    public void onDeactivating(FeatureContext context) {
      RELEASES.add(context.pauseDeactivationUntilComplete(name));
    }
  }

  @Test
  void aStepThatCannotFinish_saysWhereItIsStuck_andWhatItWaitsFor() {
    Content content = Content.of().file("experiences/Held.json", """
        { "actions": [ { "action": "Hold", "name": "the referee" } ] }
        """);
    try (TestRuntime runtime = TestRuntime.builder(content)
        .action("Hold", Hold.class)
        .build()) {
      TestWorld world = runtime.world("W").load("Held").assertLoaded();

      AssertionError stuck = assertThrows(AssertionError.class, world::deactivate);

      assertEquals("World \"W\" is stuck in Deactivating with no work left; waiting for [the referee]", stuck.getMessage());
      Hold.RELEASES.remove(0).run();
      world.settle();
      assertEquals(LoadState.UNLOADED, world.experience().state());
    }
  }

  /** Queues on {@code executor} a task that queues itself again, until the returned flag is set. */
  private static java.util.concurrent.atomic.AtomicBoolean queueItselfForever(java.util.concurrent.Executor executor) {
    java.util.concurrent.atomic.AtomicBoolean stop = new java.util.concurrent.atomic.AtomicBoolean();
    Runnable[] again = new Runnable[1];
    again[0] = () -> {
      if (!stop.get()) {
        executor.execute(again[0]);
      }
    };
    executor.execute(again[0]);
    return stop;
  }

  @Test
  void aTaskThatQueuesItselfForever_failsThePump_insteadOfHangingTheBuild() {
    try (TestRuntime runtime = TestRuntime.builder(lobby()).build()) {
      java.util.concurrent.atomic.AtomicBoolean stop = queueItselfForever(runtime.workers());
      IllegalStateException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class, runtime::pump);
      assertEquals("Tasks kept coming after 10000 rounds of pumping (10000 tasks): something queues itself again forever",
          e.getMessage());
      stop.set(true); // so that the close can pump
    }
  }

  @Test
  void aWorldTaskThatQueuesItselfForever_failsThePumpToo() {
    try (TestRuntime runtime = TestRuntime.builder(lobby()).build()) {
      java.util.concurrent.atomic.AtomicBoolean stop = queueItselfForever(runtime.world("W").world().executor());
      IllegalStateException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class, runtime::pump);
      assertTrue(e.getMessage().endsWith("something queues itself again forever"), e.getMessage());
      stop.set(true);
    }
  }

  @Test
  void theKit_isUsedFromTheThreadThatBuiltIt_andSaysSoOtherwise() throws Exception {
    try (TestRuntime runtime = TestRuntime.builder(lobby()).build()) {
      List<Throwable> failures = new ArrayList<>();
      Thread other = new Thread(() -> {
        for (Runnable call : List.<Runnable>of(runtime::pump, runtime::close, () -> runtime.world("X"))) {
          try {
            call.run();
          } catch (IllegalStateException e) {
            failures.add(e);
          }
        }
      }, "other");
      other.start();
      other.join();
      assertEquals(3, failures.size(), failures.toString());
      assertEquals("TestRuntime is confined to the thread that built it (\"" + Thread.currentThread().getName()
          + "\"), but was used from \"other\"", failures.get(0).getMessage());
    }
  }

  @Test
  void contentPaths_areReadAsContentNamesFiles_inMemoryAndOnDiskAlike_andNeverLeaveTheFolder() {
    for (boolean onDisk : new boolean[] {false, true}) {
      TestRuntime.Builder builder = TestRuntime.builder(Content.of().file("./experiences//Lobby.json", "{}"));
      try (TestRuntime runtime = onDisk ? builder.onDisk().build() : builder.build()) {
        runtime.world("W").load("Lobby").assertLoaded();
      }
    }
    IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
        () -> Content.of().file("../escape.json", "{}"));
    assertTrue(e.getMessage().startsWith("\"../escape.json\" is not a file inside the content: "), e.getMessage());
    try (TestRuntime runtime = TestRuntime.builder(lobby()).onDisk().build()) {
      org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> runtime.edit("/tmp/elsewhere.json", "{}"));
    }
    org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> PluginJar.of().file("../evil.json", "{}"));
    org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> PluginJar.of().file("/plugin.json", "{}"));
  }

  @Test
  void aNegativeTick_isRefusedBeforeTheClockMoves() {
    try (TestRuntime runtime = TestRuntime.builder(lobby()).build()) {
      TestWorld world = runtime.world("W");
      long before = runtime.ticker().read();
      org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> world.tick(-1.0));
      assertEquals(before, runtime.ticker().read());
      org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
          () -> runtime.ticker().advance(java.time.Duration.ofSeconds(-1)));
    }
  }
}
