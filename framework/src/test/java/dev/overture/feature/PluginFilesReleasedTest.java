package dev.overture.feature;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.overture.asset.AssetSource;
import dev.overture.inject.Overture;
import dev.overture.testing.Content;
import dev.overture.testing.FakeTicker;
import dev.overture.testing.ManualExecutor;
import dev.overture.testing.PluginJar;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A jar plugin lets go of its jar whenever it is not registered: after it failed to register, and
 * after it was unregistered (its class loader and its content closed), so that a developer can
 * replace the jar, and so that a game that retries a broken plugin does not run out of files. Seen
 * in this process's open files (Linux's {@code /proc/self/fd}).
 */
class PluginFilesReleasedTest {

  @TempDir Path temp;
  private final ManualExecutor workers = new ManualExecutor();
  private final ManualExecutor serial = new ManualExecutor();
  private Overture overture;

  @BeforeEach
  void onLinux() {
    assumeTrue(Files.isDirectory(Path.of("/proc/self/fd")), "needs /proc/self/fd");
  }

  @AfterEach
  void close() {
    if (overture != null) {
      pump();
      overture.close();
    }
  }

  private void pump() {
    while (workers.runAll() + serial.runAll() > 0) {
      // until nothing is queued
    }
  }

  private void open(Path plugins) {
    Path game = Content.of().file("pawns/Keeper.json", "{ \"pawnClass\": \"Pawn\" }").writeTo(temp.resolve("game"));
    overture = Overture.builder().contentRoot(AssetSource.directory(game)).plugins(plugins).workers(workers).pluginExecutor(serial)
        .ticker(new FakeTicker()).closeTimeout(Duration.ZERO).build();
    pump();
  }

  /** How many of this process's open files are {@code file}. */
  private static long openCopies(Path file) throws IOException {
    Path real = file.toRealPath();
    try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
      return fds.filter(fd -> {
        try {
          return Files.readSymbolicLink(fd).equals(real);
        } catch (IOException e) {
          return false; // closed while listing
        }
      }).count();
    }
  }

  @Test
  void aJarPluginThatFailsToRegister_keepsItsJarClosed_everyTimeItIsTried() throws IOException {
    Path jar = PluginJar.of()
        .file("plugin.json", "{ \"name\": \"Broken\", \"version\": \"1.0.0\", \"entryPoint\": \"broken.Missing\" }")
        .file("sounds/ding.txt", "ding")
        .java("broken.Present", "package broken; public class Present {}")
        .writeTo(temp.resolve("plugins/broken.jar"));
    open(temp.resolve("plugins"));
    PluginId broken = PluginId.of("Broken");

    for (int attempt = 0; attempt < 3; attempt++) {
      features().register(broken);
      pump();
      assertEquals(PluginState.ERROR, features().state(broken));
      assertEquals("Overture/EntryPointNotFound", features().failure(broken).orElseThrow().problems().get(0).id());
      assertEquals(0, openCopies(jar), "attempt " + attempt + " left the jar open");
    }
  }

  @Test
  void aJarPluginUnregistered_closesItsJar() throws IOException {
    Path jar = JarPluginsTest.lanterns().writeTo(temp.resolve("plugins/lanterns.jar"));
    open(temp.resolve("plugins"));
    PluginId lanterns = PluginId.of("Lanterns");
    assertEquals(PluginState.REGISTERED, features().state(lanterns));
    assertTrue(openCopies(jar) > 0, "registered, its classes and content are read from the jar");

    features().unregister(lanterns);
    pump();

    assertEquals(PluginState.INSTALLED, features().state(lanterns));
    assertEquals(0, openCopies(jar));
    List<Path> left;
    try (Stream<Path> files = Files.list(temp.resolve("plugins"))) {
      left = files.toList();
    }
    assertEquals(List.of(jar), left);
  }

  private GameFeatures features() {
    return overture.features();
  }
}
