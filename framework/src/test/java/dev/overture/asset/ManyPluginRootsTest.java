package dev.overture.asset;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.overture.feature.GameFeatures;
import dev.overture.feature.PluginId;
import dev.overture.feature.PluginState;
import dev.overture.feature.internal.BuiltIns;
import dev.overture.testing.Content;
import dev.overture.testing.ManualExecutor;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Registering thousands of plugins costs the same for each: a plugin's content root joins the
 * index without the roots before it being copied, and a plugin without code changes no
 * registration, so nothing is replayed and no mapper built for it. Registering 6,000 plugin folders
 * took 7 to 9 s (the map of roots copied once per plugin, 18 million entries in all, and a Jackson mapper built for each); the structure is what
 * is tested here, never a time.
 */
class ManyPluginRootsTest {

  private static final int PLUGINS = 1_500;

  @TempDir Path temp;
  private final ManualExecutor workers = new ManualExecutor();
  private final ManualExecutor serial = new ManualExecutor();
  private DefaultAssetManager assets;
  private GameFeatures features;

  @AfterEach
  void tearDown() {
    if (features != null) {
      features.close();
    }
    if (assets != null) {
      assets.close();
    }
  }

  private void runAll() {
    while (workers.runAll() + serial.runAll() > 0) {
      // the plugins' changes, one after the other
    }
  }

  @Test
  void registeringAndUnregisteringManyPlugins_copiesTheRootsAndReplaysTheRegistrationsABoundedNumberOfTimes() {
    Content content = Content.of();
    for (int i = 0; i < PLUGINS; i++) {
      content.file(String.format("plugins/P%05d/plugin.json", i), "{ \"version\": \"1.0.0\" }");
    }
    Path root = content.writeTo(temp.resolve("assets"));
    assets = (DefaultAssetManager) BuiltIns.register(AssetManager.builder())
        .contentRoot(AssetSource.directory(root)).executor(workers).build();
    long replaysBefore = assets.extensionReplays();

    features = GameFeatures.builder(assets).executor(serial).build();
    runAll();

    List<PluginId> plugins = features.plugins();
    assertEquals(PLUGINS, plugins.size());
    plugins.forEach(id -> assertEquals(PluginState.REGISTERED, features.state(id)));
    assertEquals(PLUGINS + 1, assets.contentRoots().size());
    assertEquals(0, assets.rootsCopied(), "roots added one after the other are never copied");
    assertEquals(replaysBefore, assets.extensionReplays(), "a plugin without code changes no registration");

    plugins.forEach(features::unregister);
    runAll();

    plugins.forEach(id -> assertEquals(PluginState.INSTALLED, features.state(id)));
    assertEquals(List.of(ContentRoot.GAME), assets.contentRoots().stream().map(ContentRoot::name).toList());
    assertEquals(replaysBefore, assets.extensionReplays());
  }
}
