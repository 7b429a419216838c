package dev.overture.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 20: the start-up archive's build step. A jar whose training run fails is a broken build,
 * and the step says so with the run's output; it leaves the launcher and no archive behind.
 */
class StartupArchiveTest {

  @Test
  void aJarThatCannotRunItsTraining_failsTheBuild_andLeavesNoArchive(@TempDir Path target) throws Exception {
    Path jar = target.resolve("overture.jar");
    Manifest manifest = new Manifest();
    manifest.getMainAttributes().putValue("Manifest-Version", "1.0");
    try (OutputStream file = Files.newOutputStream(jar); JarOutputStream empty = new JarOutputStream(file, manifest)) {
      empty.flush();
    }
    Path launcher = Path.of("src/launcher/overture");
    Path log = target.resolve("startup-training.log");

    IllegalStateException failure = assertThrows(IllegalStateException.class,
        () -> StartupArchive.main(new String[] {jar.toString(), launcher.toString(), log.toString()}));

    assertTrue(failure.getMessage().startsWith("the start-up archive's training run of " + jar.toAbsolutePath() + " failed (exit 1):"
        + " the jar is broken; see " + log.toAbsolutePath()), failure.getMessage());
    assertTrue(failure.getMessage().contains(StartupTraining.class.getName()), "the run's output: " + failure.getMessage());
    assertEquals(Files.readString(launcher), Files.readString(target.resolve("overture")));
    assertTrue(Files.notExists(target.resolve("overture.jsa")) && Files.notExists(target.resolve("overture.aot")));
  }

  @Test
  void theWrongNumberOfArguments_isAUsageError() {
    IllegalArgumentException failure = assertThrows(IllegalArgumentException.class, () -> StartupArchive.main(new String[] {"a"}));

    assertEquals("usage: StartupArchive JAR LAUNCHER LOG (got 1 arguments)", failure.getMessage());
  }
}
