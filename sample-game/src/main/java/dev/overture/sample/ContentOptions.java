package dev.overture.sample;

import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * Where the content and the plugins come from: {@code --assets DIR}, else {@code ./assets}, else the
 * jar's own content; {@code --plugins DIR}, else the {@code plugins} folder beside the game's jar.
 */
final class ContentOptions {

  @Option(
      names = "--assets",
      paramLabel = "DIR",
      description = "The content folder (default: ./assets if there is one, else the content inside the jar).")
  Path assets;

  @Option(
      names = "--plugins",
      paramLabel = "DIR",
      description = "The plugins folder: every plugin jar in it is loaded (default: the plugins folder beside overture.jar).")
  Path plugins;

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

  /** The plugins folder, or null when there is none (no jar plugins then). */
  Path pluginsOrNull() {
    if (plugins != null) {
      if (!Files.isDirectory(plugins)) {
        throw new IllegalArgumentException("--plugins " + plugins + ": no such folder");
      }
      return plugins;
    }
    Path beside = SampleContent.defaultPlugins();
    return Files.isDirectory(beside) ? beside : null;
  }
}
