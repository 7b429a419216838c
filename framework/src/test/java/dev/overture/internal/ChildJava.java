package dev.overture.internal;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Java processes started by the module and dependency tests: the JDK that runs the tests, and the
 * jars of this test run's class path, found by artifact id, so that a test can start a JVM with
 * exactly the libraries it wants (the framework without Guice, on the module path...).
 */
final class ChildJava {

  /** What a child printed (standard output and error, interleaved) and how it ended. */
  record Result(int exit, String output) {

    /** The output's lines, without the SLF4J lines of the default logger's start. */
    List<String> lines() {
      return output.lines().toList();
    }
  }

  private ChildJava() {}

  /** The {@code java} launcher of the JDK running the tests. */
  static String java() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }

  /** The entries of this test run's class path. */
  static List<Path> classPath() {
    return Arrays.stream(System.getProperty("java.class.path").split(java.io.File.pathSeparator)).map(Path::of).toList();
  }

  /** The jar of {@code artifactId} on the class path ({@code guice} finds {@code guice-7.0.0.jar}). */
  static Path jar(String artifactId) {
    List<Path> found = classPath().stream()
        .filter(entry -> entry.getFileName().toString().matches(java.util.regex.Pattern.quote(artifactId) + "-[0-9].*\\.jar"))
        .toList();
    if (found.size() != 1) {
      throw new IllegalStateException("expected one jar of " + artifactId + " on the class path, found " + found);
    }
    return found.get(0);
  }

  /** The framework's own classes ({@code target/classes}), which hold its module declaration. */
  static Path frameworkClasses() {
    try {
      return Path.of(Choices.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (java.net.URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  /** {@code paths} joined as a path list. */
  static String pathList(List<Path> paths) {
    return String.join(java.io.File.pathSeparator, paths.stream().map(Path::toString).toList());
  }

  /** Runs {@code command} to its end (two minutes at most) and returns what it printed. */
  static Result run(List<String> command) {
    try {
      Process process = new ProcessBuilder(new ArrayList<>(command)).redirectErrorStream(true).start();
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      try (InputStream in = process.getInputStream()) {
        in.transferTo(out); // returns when the child has ended (and closed its output)
      }
      if (!process.waitFor(2, TimeUnit.MINUTES)) {
        process.destroyForcibly();
        throw new AssertionError("the child did not end: " + command);
      }
      return new Result(process.exitValue(), out.toString(StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
  }
}
