package dev.overture.inject;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.asset.AssetSource;
import dev.overture.asset.PrimaryAssetId;
import dev.overture.experience.ExperienceLoadException;
import dev.overture.experience.ExperienceManager;
import dev.overture.experience.LoadState;
import dev.overture.feature.FeatureContext;
import dev.overture.feature.GameFeatureAction;
import dev.overture.feature.OverturePlugin;
import dev.overture.feature.PluginRegistration;
import dev.overture.testing.Content;
import dev.overture.world.World;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A hostile review: a host closed the runtime while a world on a thread of its own was running the
 * experience's actions. The close leaves such a world to its thread (and warns), but the
 * experience then went on to {@code Loaded}, with its assets released and its plugins closed: a
 * loaded experience with nothing behind it. It fails instead, rolled back, naming why.
 */
class RuntimeClosedMidLoadTest {

  private static final PrimaryAssetId ARENA = PrimaryAssetId.parse("Experience:Arena");
  static final CountDownLatch IN_ACTION = new CountDownLatch(1);
  static final CountDownLatch GO_ON = new CountDownLatch(1);

  /** An action that waits, in its activation, until the test has closed the runtime. */
  public record Hold() implements GameFeatureAction {
    @Override
    public void onActivating(FeatureContext context) {
      IN_ACTION.countDown();
      try {
        GO_ON.await(1, TimeUnit.MINUTES);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /** A plugin with no code of its own beyond its name. */
  public static final class CombatPlugin implements OverturePlugin {
    @Override
    public void register(PluginRegistration plugin) {}
  }

  @TempDir Path temp;

  @Test
  void anExperienceLoadingOnItsWorldsOwnThread_whenTheRuntimeCloses_failsRolledBack_insteadOfLoadingOnNothing() throws Exception {
    Path root = Content.of()
        .file("experiences/Arena.json", "{ \"gameFeaturesToEnable\": [\"Combat\"], \"actions\": [ { \"action\": \"Hold\" } ] }")
        .file("plugins/Combat/plugin.json", "{ \"version\": \"1.0.0\", \"entryPoint\": \"" + CombatPlugin.class.getName() + "\" }")
        .writeTo(temp.resolve("content"));
    Overture overture = Overture.builder().contentRoot(AssetSource.directory(root)).action("Hold", Hold.class).build();
    overture.ready().get(1, TimeUnit.MINUTES);
    ExecutorService gameThread = Executors.newSingleThreadExecutor();
    try {
      Future<String> outcome = gameThread.submit(() -> {
        World world = overture.worlds().create("Match");
        ExperienceManager experience = ExperienceManager.of(world).orElseThrow();
        CompletableFuture<?> load = experience.setCurrentExperience(ARENA);
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);
        while (!load.isDone() && System.nanoTime() < deadline) {
          world.tick(0.01);
        }
        String said;
        try {
          load.join();
          said = "loaded";
        } catch (CompletionException e) {
          said = ((ExperienceLoadException) e.getCause()).problems().get(0).id() + ": "
              + ((ExperienceLoadException) e.getCause()).problems().get(0).message();
        }
        String state = experience.state() + ", plugins " + experience.activePlugins() + ", " + said;
        world.close();
        return state;
      });
      assertTrue(IN_ACTION.await(1, TimeUnit.MINUTES), "the action runs");

      overture.close();
      GO_ON.countDown();

      assertEquals(LoadState.FAILED + ", plugins [], Overture/RuntimeClosed: Overture closed while experience Experience:Arena was"
          + " loading, on world \"Match\"'s own thread; the experience was rolled back", outcome.get(1, TimeUnit.MINUTES));
    } finally {
      gameThread.shutdownNow();
    }
  }
}
