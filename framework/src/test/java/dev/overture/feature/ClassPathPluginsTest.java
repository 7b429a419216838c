package dev.overture.feature;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.asset.AssetSource;
import dev.overture.asset.PrimaryAssetId;
import dev.overture.experience.ExperienceManager;
import dev.overture.experience.LoadState;
import dev.overture.inject.Overture;
import dev.overture.testing.Content;
import dev.overture.testing.FakeTicker;
import dev.overture.testing.ManualExecutor;
import dev.overture.world.World;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A plugin folder of the game's content whose code is on the host's class path (issue 16: plugins
 * on the class path keep working, now through the same entry point as jars): its entry point
 * registers its kinds and extensions, its actions find the plugins' extensions through their
 * context, and unregistering takes its kinds away again.
 */
class ClassPathPluginsTest {

  /** What the Ring action heard, in order. */
  static final List<String> HEARD = new ArrayList<>();

  /** The Chimes plugin's code. */
  public static final class ChimesPlugin implements OverturePlugin {
    @Override
    public void register(PluginRegistration plugin) {
      plugin.kind(GameFeatureAction.class, "Ring", Ring.class)
          .extension(Supplier.class, (Supplier<String>) () -> "a chime from " + plugin.plugin());
    }
  }

  /** Rings every bell the plugins registered. */
  public record Ring() implements WorldActionBase {
    @Override
    public void addToWorld(World world, FeatureContext context) {
      for (Supplier<?> bell : context.extensions(Supplier.class)) {
        HEARD.add(String.valueOf(bell.get()));
      }
    }
  }

  @TempDir Path temp;

  @Test
  void aPluginFolderWithCodeOnTheClassPath_registersThroughItsEntryPoint_andItsActionsSeeExtensions() {
    HEARD.clear();
    Path root = Content.of()
        .file("plugins/Chimes/plugin.json", """
            { "version": "1.0.0", "entryPoint": "dev.overture.feature.ClassPathPluginsTest$ChimesPlugin",
              "contributes": { "actions": ["Ring"] } }
            """)
        .file("experiences/Evensong.json", "{ \"gameFeaturesToEnable\": [\"Chimes\"], \"actions\": [ { \"action\": \"Ring\" } ] }")
        .writeTo(temp.resolve("game"));
    ManualExecutor workers = new ManualExecutor();
    ManualExecutor serial = new ManualExecutor();
    try (Overture overture = Overture.builder()
        .contentRoot(AssetSource.directory(root))
        .workers(workers)
        .pluginExecutor(serial)
        .ticker(new FakeTicker())
        .closeTimeout(Duration.ZERO)
        .build()) {
      serial.runAll();
      PluginId chimes = PluginId.of("Chimes");
      assertEquals(PluginState.REGISTERED, overture.features().state(chimes),
          () -> overture.features().failure(chimes).map(Throwable::getMessage).orElse(""));
      assertFalse(overture.features().isJar(chimes));
      assertEquals(Ring.class, overture.assets().tools().kind(GameFeatureAction.class, "Ring").orElseThrow());

      World world = overture.worlds().create("Chapel");
      ExperienceManager experience = ExperienceManager.of(world).orElseThrow();
      experience.setCurrentExperience(PrimaryAssetId.parse("Experience:Evensong"));
      int ran;
      do {
        ran = workers.runAll() + serial.runAll() + world.runPendingTasks();
      } while (ran > 0);
      assertEquals(LoadState.LOADED, experience.state(), () -> experience.failure().map(Throwable::getMessage).orElse(""));
      assertEquals(List.of("a chime from Chimes"), HEARD);
      CompletableFuture<Void> deactivated = experience.deactivate();
      world.close();
      do {
        ran = workers.runAll() + serial.runAll() + world.runPendingTasks();
      } while (ran > 0);
      assertTrue(deactivated.isDone());

      CompletableFuture<Void> unregistered = overture.features().unregister(chimes);
      serial.runAll();
      unregistered.join();
      assertTrue(overture.assets().tools().kind(GameFeatureAction.class, "Ring").isEmpty(), "its kind left with it");
      assertEquals(List.of(), overture.features().extensions(Supplier.class));
    }
  }
}
