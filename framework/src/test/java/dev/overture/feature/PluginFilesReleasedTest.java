package dev.overture.feature;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.overture.testing.PluginJar;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A jar plugin lets go of its jar whenever it is not registered: after it failed to register, and
 * after it was unregistered (its class loader and its content closed), so that a game that retries
 * a broken plugin does not run out of files; and the jar in the plugins folder is never held open
 * at all (the runtime reads its private copy), so that a developer can rebuild it. Seen in this
 * process's open files (Linux's {@code /proc/self/fd}).
 */
class PluginFilesReleasedTest {

  @TempDir Path temp;
  private JarPluginGame game;

  @BeforeEach
  void onLinux() {
    assumeTrue(Files.isDirectory(Path.of("/proc/self/fd")), "needs /proc/self/fd");
  }

  @AfterEach
  void close() {
    if (game != null) {
      game.close();
    }
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
        .writeTo(JarPluginGame.plugins(temp).resolve("broken.jar"));
    game = JarPluginGame.open(temp);
    PluginId broken = PluginId.of("Broken");

    for (int attempt = 0; attempt < 3; attempt++) {
      features().register(broken);
      game.pump();
      assertEquals(PluginState.ERROR, features().state(broken));
      assertEquals("Overture/EntryPointNotFound", features().failure(broken).orElseThrow().problems().get(0).id());
      assertEquals(0, openCopies(jar), "attempt " + attempt + " left the jar open");
    }
  }

  /** How many of this process's open files are the runtime's private copy of a jar named {@code name}. */
  private static long openPrivateCopies(String name) throws IOException {
    try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
      return fds.filter(fd -> {
        try {
          Path target = Files.readSymbolicLink(fd);
          return target.getFileName() != null && target.getFileName().toString().endsWith("-" + name)
              && target.getParent().getFileName().toString().startsWith("overture-plugins-");
        } catch (IOException e) {
          return false; // closed while listing
        }
      }).count();
    }
  }

  @Test
  void aJarPluginUnregistered_closesItsJar_andTheJarItselfIsNeverHeldOpen() throws IOException {
    Path jar = JarPluginsTest.lanterns().writeTo(JarPluginGame.plugins(temp).resolve("lanterns.jar"));
    game = JarPluginGame.open(temp);
    PluginId lanterns = PluginId.of("Lanterns");
    assertEquals(PluginState.REGISTERED, features().state(lanterns));
    assertTrue(openPrivateCopies("lanterns.jar") > 0, "registered, its classes and content are read from the runtime's copy");
    assertEquals(0, openCopies(jar), "the jar in the plugins folder is free to be rebuilt");

    features().unregister(lanterns);
    game.pump();

    assertEquals(PluginState.INSTALLED, features().state(lanterns));
    assertEquals(0, openPrivateCopies("lanterns.jar"));
    assertEquals(0, openCopies(jar));
    List<Path> left;
    try (Stream<Path> files = Files.list(JarPluginGame.plugins(temp))) {
      left = files.toList();
    }
    assertEquals(List.of(jar), left);
  }

  /** How many open files are the runtime's copy of {@code name}, whether or not the copy is deleted yet. */
  private static long openPrivateCopiesEvenDeleted(String name) throws IOException {
    try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
      return fds.filter(fd -> {
        try {
          String target = Files.readSymbolicLink(fd).toString();
          return target.contains("/overture-plugins-") && target.contains("-" + name);
        } catch (IOException e) {
          return false; // closed while listing
        }
      }).count();
    }
  }

  /** Review C, defect 8: each closed runtime leaked an open handle to its deleted copy of a jar. */
  @Test
  void closingTheRuntime_closesTheClassLoadersOfItsJarPlugins_andSoTheirCopies() throws IOException {
    JarPluginsTest.lanterns().writeTo(JarPluginGame.plugins(temp).resolve("lanterns.jar"));
    game = JarPluginGame.open(temp);
    assertEquals(PluginState.REGISTERED, features().state(PluginId.of("Lanterns")));
    assertTrue(openPrivateCopiesEvenDeleted("lanterns.jar") > 0, "its class loader reads the copy");

    game.close();
    game = null;

    assertEquals(0, openPrivateCopiesEvenDeleted("lanterns.jar"));
  }

  /** Review C, defect 9: a plugin that read its own resource through a URL held its jar copy open for good. */
  @Test
  void aPluginThatReadsItsOwnResourceThroughItsUrl_stillLetsGoOfItsJar() throws IOException {
    PluginJar.of()
        .file("plugin.json", "{ \"name\": \"Reader\", \"version\": \"1.0.0\", \"entryPoint\": \"reader.ReaderPlugin\" }")
        .file("words.txt", "hello")
        .java("reader.ReaderPlugin", """
            package reader;

            public final class ReaderPlugin implements dev.overture.feature.OverturePlugin {
              @Override
              public void register(dev.overture.feature.PluginRegistration plugin) {
                try (java.io.InputStream in = ReaderPlugin.class.getClassLoader().getResource("words.txt").openStream()) {
                  in.readAllBytes();
                } catch (java.io.IOException e) {
                  throw new java.io.UncheckedIOException(e);
                }
              }
            }
            """)
        .writeTo(JarPluginGame.plugins(temp).resolve("reader.jar"));
    game = JarPluginGame.open(temp);
    PluginId reader = PluginId.of("Reader");
    assertEquals(PluginState.REGISTERED, features().state(reader));

    features().unregister(reader);
    game.pump();

    assertEquals(PluginState.INSTALLED, features().state(reader));
    assertEquals(0, openPrivateCopiesEvenDeleted("reader.jar"), "nothing caches the jar the resource came from");
  }

  private GameFeatures features() {
    return game.features();
  }
}
