package dev.overture.sample;

import dev.overture.internal.SpecialFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * Where the content and the plugins come from: {@code --assets DIR}, else {@code ./assets}, else the
 * jar's own content; {@code --plugins DIR}, else the {@code plugins} folder beside the game's jar.
 * A folder option that names no folder is a usage error (exit code 2), as a wrong value is.
 */
final class ContentOptions {

  /** The command these options are part of, whose usage a mistake prints. */
  @Spec(Spec.Target.MIXEE) CommandSpec command;

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
      return folder(command, "--assets", assets);
    }
    Path local = Path.of("assets");
    return Files.isDirectory(local) ? local : null;
  }

  /** The plugins folder, or null when there is none (no jar plugins then). */
  Path pluginsOrNull() {
    if (plugins != null) {
      return folder(command, "--plugins", plugins);
    }
    Path beside = SampleContent.defaultPlugins();
    return Files.isDirectory(beside) ? beside : null;
  }

  /**
   * {@code path}, given with {@code option} of {@code command}, when it is a folder.
   *
   * @throws ParameterException saying what it is instead: a usage mistake, exit code 2
   */
  static Path folder(CommandSpec command, String option, Path path) {
    if (!Files.isDirectory(path)) {
      String kind = SpecialFiles.kindOf(path);
      throw new ParameterException(command.commandLine(),
          option + " " + path + (kind.equals("missing") ? ": no such folder" : ": it is " + kind + ", not a folder"));
    }
    return path;
  }
}
