package dev.overture.live;

import dev.overture.asset.ContentRoot;
import dev.overture.internal.BoundedFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The bytes, as live content started, of the files only a restart applies (each content folder's
 * {@code overture.json}, each plugin folder's {@code plugin.json}): a save of one that brings back
 * these bytes (a touch, an editor's save of an unchanged buffer, an edit undone) changes nothing the
 * game runs, so it asks for no restart. Read once, when live content starts, right after the runtime
 * read them; a file larger than {@link #MAX_BYTES}, or one that could not be read, is not kept, and
 * any save of it asks for the restart. Immutable.
 */
final class StartFiles {

  /** The largest file kept: settings and descriptors are a few kilobytes. */
  static final int MAX_BYTES = 1 << 20;

  private static final String DESCRIPTOR = "plugin.json";

  private final Map<Path, byte[]> bytes;

  private StartFiles(Map<Path, byte[]> bytes) {
    this.bytes = bytes;
  }

  /** None kept: every save of such a file asks for a restart. */
  static StartFiles none() {
    return new StartFiles(Map.of());
  }

  /** The files of {@code folders} (the content roots' folders) and of the plugin folders in their {@code plugins} folder. */
  static StartFiles of(Collection<Path> folders) {
    Map<Path, byte[]> kept = new HashMap<>();
    for (Path folder : folders) {
      keep(kept, folder.resolve(ContentRoot.SETTINGS_FILE));
      keep(kept, folder.resolve(DESCRIPTOR));
      Path plugins = folder.resolve("plugins");
      if (Files.isDirectory(plugins, LinkOption.NOFOLLOW_LINKS)) {
        try (Stream<Path> list = Files.list(plugins)) {
          for (Path plugin : list.toList()) {
            keep(kept, plugin.resolve(ContentRoot.SETTINGS_FILE));
            keep(kept, plugin.resolve(DESCRIPTOR));
          }
        } catch (IOException | java.io.UncheckedIOException e) {
          // not kept: a save of them asks for the restart, as before
        }
      }
    }
    return new StartFiles(Map.copyOf(kept));
  }

  private static void keep(Map<Path, byte[]> kept, Path file) {
    byte[] read = read(file);
    if (read != null) {
      kept.put(file.toAbsolutePath().normalize(), read);
    }
  }

  /** Whether {@code file} holds the bytes it held when live content started. */
  boolean unchanged(Path file) {
    byte[] then = bytes.get(file.toAbsolutePath().normalize());
    if (then == null) {
      return false;
    }
    byte[] now = read(file);
    return now != null && Arrays.equals(then, now);
  }

  /** The bytes of a regular file no larger than {@link #MAX_BYTES}, else null. */
  private static byte[] read(Path file) {
    try {
      return BoundedFiles.read(file, MAX_BYTES, "StartFiles.MAX_BYTES");
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  /** For tests: the files kept. */
  List<Path> files() {
    return List.copyOf(bytes.keySet());
  }
}
