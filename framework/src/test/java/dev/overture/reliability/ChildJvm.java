package dev.overture.reliability;

import static org.awaitility.Awaitility.await;

import dev.overture.internal.AtomicFiles;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A child JVM on this test's class path, told to hold at one point (it creates a marker file when
 * it gets there and then never goes on), then killed there with SIGKILL: the crash happens at
 * exactly that point, every time, without sleeping. The point is a temporary file about to take its
 * final name ({@link AtomicFiles#HOLD_PROPERTY}), or whatever the child's main makes of the marker
 * it is given (a store transaction about to commit, for instance).
 */
public final class ChildJvm {

  /**
   * The tag of a test that runs the code it tests in a child JVM: mutation testing leaves such tests
   * out (its mutants live in the test's own JVM, never in the child's).
   */
  public static final String TAG = "child-jvm";


  private final Process process;
  private final Path marker;
  private final Path log;

  private ChildJvm(Process process, Path marker, Path log) {
    this.process = process;
    this.marker = marker;
    this.log = log;
  }

  /** Starts {@code mainClass} with {@code args}, holding before its first rename; output to {@code log}. */
  static ChildJvm holdingBeforeRename(Path folder, Path log, Class<?> mainClass, String... args) throws IOException {
    Path marker = folder.resolve("held-" + System.nanoTime());
    return start(marker, log, Map.of(), List.of("-D" + AtomicFiles.HOLD_PROPERTY + "=" + marker), mainClass.getName(), List.of(args));
  }

  /**
   * Starts {@code mainClass} with {@code args} and {@code environment} added to this process's;
   * {@code marker} is the file it creates where it holds (when it is told to: the arguments say).
   * Its output goes to {@code log}; its standard input is {@link #send}'s.
   */
  public static ChildJvm start(Path marker, Path log, Map<String, String> environment, String mainClass, List<String> args)
      throws IOException {
    return start(marker, log, environment, List.of(), mainClass, args);
  }

  private static ChildJvm start(Path marker, Path log, Map<String, String> environment, List<String> jvmOptions, String mainClass,
      List<String> args) throws IOException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(jvmOptions);
    command.addAll(List.of("-cp", System.getProperty("java.class.path"), mainClass));
    command.addAll(args);
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
    builder.environment().putAll(environment);
    return new ChildJvm(builder.start(), marker, log);
  }

  /** Waits until the child holds; returns what it wrote in the marker (the temporary it was about to rename). */
  public Path awaitHold() throws IOException {
    await().atMost(Duration.ofMinutes(2)).until(() -> Files.exists(marker) || !process.isAlive());
    if (!Files.exists(marker)) {
      throw new AssertionError("the child ended (exit " + process.exitValue() + ") before it reached the point where it holds:\n"
          + Files.readString(log, StandardCharsets.UTF_8));
    }
    return Path.of(Files.readString(marker, StandardCharsets.UTF_8));
  }

  /** Writes {@code line} to the child's standard input. */
  public void send(String line) throws IOException {
    OutputStream in = process.getOutputStream();
    in.write((line + "\n").getBytes(StandardCharsets.UTF_8));
    in.flush();
  }

  /** SIGKILL: no shutdown hook, no finally block runs in the child. */
  public void kill() throws InterruptedException, IOException {
    process.destroyForcibly();
    if (!process.waitFor(1, TimeUnit.MINUTES)) {
      throw new AssertionError("the child did not end");
    }
    Files.deleteIfExists(marker);
  }

  /** Waits for the child to end by itself; returns its exit code. */
  public int awaitExit() {
    await().atMost(Duration.ofMinutes(2)).until(() -> !process.isAlive());
    return process.exitValue();
  }

  /** What the child printed (standard output and error). */
  public String output() throws IOException {
    return Files.readString(log, StandardCharsets.UTF_8);
  }

  public long pid() {
    return process.pid();
  }
}
