package dev.overture.feature;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.overture.asset.AssetManager;
import dev.overture.asset.AssetSource;
import dev.overture.feature.internal.BuiltIns;
import dev.overture.testing.Content;
import dev.overture.testing.ManualExecutor;
import dev.overture.testing.PluginJar;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A hostile review: a plugin that set the plugins' thread's context class loader to its own (as
 * some libraries do in their set-up) handed its classes to every plugin registered after it on
 * that thread, none of which depends on it, and kept its loader alive after it unregistered. The
 * thread's context loader is put back after each entry point.
 */
class PluginContextLoaderTest {

  @TempDir Path temp;

  private static final String GRABBY = """
      package grabby;

      public final class GrabbyPlugin implements dev.overture.feature.OverturePlugin {
        @Override
        public void register(dev.overture.feature.PluginRegistration plugin) {
          Thread.currentThread().setContextClassLoader(GrabbyPlugin.class.getClassLoader());
        }
      }
      """;

  @Test
  void aPluginSettingTheThreadsContextLoader_doesNotLeaveItSet() {
    PluginJar.of()
        .file("plugin.json", "{ \"name\": \"Grabby\", \"version\": \"1.0.0\", \"entryPoint\": \"grabby.GrabbyPlugin\" }")
        .java("grabby.GrabbyPlugin", GRABBY)
        .writeTo(temp.resolve("jars/grabby.jar"));
    Path game = Content.of().file("pawns/Keeper.json", "{ \"pawnClass\": \"Pawn\" }").writeTo(temp.resolve("game"));
    ManualExecutor workers = new ManualExecutor();
    ManualExecutor serial = new ManualExecutor(); // runs the plugins' work on this very thread
    ClassLoader before = Thread.currentThread().getContextClassLoader();
    try (AssetManager assets = BuiltIns.register(AssetManager.builder())
            .contentRoot(AssetSource.directory(game)).executor(workers).build();
        GameFeatures features = GameFeatures.builder(assets).executor(serial).pluginJars(temp.resolve("jars")).build()) {
      while (serial.runAll() + workers.runAll() > 0) {
        // until the plugins reached their initial states
      }
      features.ready().join();
      assertEquals(PluginState.REGISTERED, features.state(PluginId.of("Grabby")));
      assertSame(before, Thread.currentThread().getContextClassLoader(), "the plugins' thread's context loader is the host's again");
    } finally {
      Thread.currentThread().setContextClassLoader(before);
    }
  }
}
