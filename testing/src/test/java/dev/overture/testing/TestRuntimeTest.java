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
}
