package dev.overture.sample;

import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** Where the content comes from: {@code --assets DIR}, else {@code ./assets}, else the jar's own. */
final class ContentOptions {

  @Option(
      names = "--assets",
      paramLabel = "DIR",
      description = "The content folder (default: ./assets if there is one, else the content inside the jar).")
  Path assets;

  /** The folder to read, or null for the content inside the jar. */
  Path folderOrNull() {
    if (assets != null) {
      if (!Files.isDirectory(assets)) {
        throw new IllegalArgumentException("--assets " + assets + ": no such folder");
      }
      return assets;
    }
    Path local = Path.of("assets");
    return Files.isDirectory(local) ? local : null;
  }
}
