package dev.overture.feature;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.overture.asset.AssetManager;
import dev.overture.asset.AssetSource;
import dev.overture.feature.internal.BuiltIns;
import dev.overture.testing.Content;
import dev.overture.testing.ManualExecutor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 20: what registering a plugin reads. Discovery reads the whole {@code plugin.json} but its
 * actions, which may use kinds the plugin's own code registers; registering binds the file again
 * only for them. A plugin without actions registers with what discovery read, and no second reading
 * (nor a second Jackson reader, built anew for each plugin's registrations) is made. Shown by
 * changing the files on disk between discovery and registration.
 */
class PluginRegistrationReadsTest {

  @TempDir Path temp;
  private final ManualExecutor workers = new ManualExecutor();
  private final ManualExecutor serial = new ManualExecutor();
  private AssetManager assets;
  private GameFeatures features;
  private Path root;

  @BeforeEach
  void setUp() {
    TestActions.LOG.clear();
    root = Content.of()
        .file("plugins/Quiet/plugin.json", "{ \"version\": \"1.0.0\", \"description\": \"no actions\", \"initialState\": \"installed\" }")
        .file("plugins/Nulled/plugin.json", "{ \"version\": \"1.0.0\", \"initialState\": \"installed\", \"actions\": null }")
        .file("plugins/Loud/plugin.json", """
            { "version": "1.0.0", "initialState": "installed", "actions": [ { "action": "Record", "name": "first" } ] }
            """)
        .writeTo(temp.resolve("assets"));
    assets = BuiltIns.register(AssetManager.builder())
        .contentRoot(AssetSource.directory(root))
        .kind(GameFeatureAction.class, "Record", TestActions.Record.class)
        .executor(workers)
        .build();
    features = GameFeatures.builder(assets).executor(serial).build();
    pump();
  }

  @AfterEach
  void tearDown() {
    features.close();
    assets.close();
  }

  private void pump() {
    while (workers.runAll() + serial.runAll() > 0) {
      // discovery, registrations
    }
  }

  private PluginDescriptor register(String name) {
    PluginId id = PluginId.of(name);
    features.register(id);
    pump();
    assertEquals(PluginState.REGISTERED, features.state(id), () -> features.failure(id).map(Object::toString).orElse(""));
    return features.descriptor(id).orElseThrow();
  }

  @Test
  void aPluginWithoutActions_registersWithWhatDiscoveryRead_withoutReadingItsFileAgain() throws Exception {
    PluginDescriptor discovered = features.descriptor(PluginId.of("Quiet")).orElseThrow();
    Files.writeString(root.resolve("plugins/Quiet/plugin.json"), "{ \"version\": ");

    PluginDescriptor registered = register("Quiet");

    assertEquals(discovered, registered);
    assertEquals("no actions", registered.description());
    assertEquals(List.of(), registered.actions());
  }

  @Test
  void actionsThatAreNull_areNoActions_asTheFullDescriptorReadsThem() throws Exception {
    Files.writeString(root.resolve("plugins/Nulled/plugin.json"), "not json at all");

    assertEquals(List.of(), register("Nulled").actions());
  }

  @Test
  void aPluginWithActions_bindsThemWhenItRegisters_fromTheFileAsItIsThen() throws Exception {
    Path file = root.resolve("plugins/Loud/plugin.json");
    Files.writeString(file, Files.readString(file).replace("first", "second"));

    List<GameFeatureAction> actions = register("Loud").actions();

    assertEquals(List.of(new TestActions.Record("second", false, false)), actions);
  }
}
