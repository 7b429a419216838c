package dev.overture.sample;

import dev.overture.internal.SpecialFiles;
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
      return folder("--assets", assets);
    }
    Path local = Path.of("assets");
    return Files.isDirectory(local) ? local : null;
  }

  /** The plugins folder, or null when there is none (no jar plugins then). */
  Path pluginsOrNull() {
    if (plugins != null) {
      return folder("--plugins", plugins);
    }
    Path beside = SampleContent.defaultPlugins();
    return Files.isDirectory(beside) ? beside : null;
  }

  /** {@code path}, given with {@code option}, when it is a folder; else what it is instead, in the message. */
  private static Path folder(String option, Path path) {
    if (!Files.isDirectory(path)) {
      String kind = SpecialFiles.kindOf(path);
      throw new IllegalArgumentException(option + " " + path + (kind.equals("missing") ? ": no such folder" : ": it is " + kind + ", not a folder"));
    }
    return path;
  }
}
