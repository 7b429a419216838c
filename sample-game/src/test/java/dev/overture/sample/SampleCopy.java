package dev.overture.sample;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/** A copy of the sample's content (the module's {@code ../assets}), or of any folder, for a test to change, and a change to one of its files. */
final class SampleCopy {

  private SampleCopy() {}

  /** Copies the sample's content to {@code temp}'s {@code assets} folder and returns that folder. */
  static Path in(Path temp) throws IOException {
    Path copy = temp.resolve("assets");
    copy(Path.of("../assets"), copy);
    return copy;
  }

  /** Replaces {@code from} with {@code to} in {@code file}, which must hold {@code from}. */
  static void edit(Path file, String from, String to) throws IOException {
    String text = Files.readString(file);
    assertTrue(text.contains(from), file + " holds " + from);
    Files.writeString(file, text.replace(from, to));
  }

  /** Copies the folder {@code from} and all below it to {@code to}. */
  static void copy(Path from, Path to) throws IOException {
    try (Stream<Path> files = Files.walk(from)) {
      for (Path file : files.toList()) {
        Path target = to.resolve(from.relativize(file).toString());
        if (Files.isDirectory(file)) {
          Files.createDirectories(target);
        } else {
          Files.copy(file, target);
        }
      }
    }
  }
}
