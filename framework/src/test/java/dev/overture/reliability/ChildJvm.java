package dev.overture.reliability;

import static org.awaitility.Awaitility.await;

import dev.overture.internal.AtomicFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A child JVM on this test's class path, told to hold at the point where a temporary file is about
 * to take its final name ({@link AtomicFiles#HOLD_PROPERTY}), then killed there with SIGKILL: the
 * crash happens at exactly that point, every time, without sleeping.
 */
final class ChildJvm {

  private final Process process;
  private final Path marker;

  private ChildJvm(Process process, Path marker) {
    this.process = process;
    this.marker = marker;
  }

  /** Starts {@code mainClass} with {@code args}, holding before its first rename; output to {@code log}. */
  static ChildJvm holdingBeforeRename(Path folder, Path log, Class<?> mainClass, String... args) throws IOException {
    Path marker = folder.resolve("held-" + System.nanoTime());
    List<String> command = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-D" + AtomicFiles.HOLD_PROPERTY + "=" + marker,
        "-cp", System.getProperty("java.class.path"),
        mainClass.getName()));
    command.addAll(List.of(args));
    Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    return new ChildJvm(process, marker);
  }

  /** Waits until the child holds before its rename; returns the temporary it was about to rename. */
  Path awaitHold() throws IOException {
    await().atMost(Duration.ofMinutes(2)).until(() -> Files.exists(marker) || !process.isAlive());
    if (!Files.exists(marker)) {
      throw new AssertionError("the child ended (exit " + process.exitValue() + ") before it reached the rename");
    }
    return Path.of(Files.readString(marker, StandardCharsets.UTF_8));
  }

  /** SIGKILL: no shutdown hook, no finally block runs in the child. */
  void kill() throws InterruptedException, IOException {
    process.destroyForcibly();
    if (!process.waitFor(1, TimeUnit.MINUTES)) {
      throw new AssertionError("the child did not end");
    }
    Files.deleteIfExists(marker);
  }

  long pid() {
    return process.pid();
  }
}
