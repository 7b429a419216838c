package dev.overture.feature;

import dev.overture.internal.SpecialFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Private copies of the plugins folder's jars, taken when they are found: a plugin's descriptor,
 * content and code all come from its copy, so the game keeps running the plugin it installed when
 * its jar is rebuilt, overwritten in place ({@code cp}) or deleted meanwhile (a running class
 * loader reading a jar rewritten under it fails with "invalid LOC header"). A restart installs
 * the new jar. The copies live in a temporary folder of the runtime's, removed when the plugins
 * close (and when the JVM exits, for one that stops without closing them).
 *
 * <p>A jar that cannot be copied (not a regular file, unreadable) is used where it is: opening
 * it then says what is wrong with it. A readable jar whose copy cannot be made (no temporary
 * folder, a full disk) is used where it is too, with a warning: rebuilding it while the game runs
 * then breaks the running plugin. Confined to the thread that discovers plugins, then closed
 * once.
 */
final class JarCopies implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(JarCopies.class);

  private final List<Path> copies = new ArrayList<>();
  /** Where the copies' folder is made: the system's temporary folder unless a test names another. */
  private final Path parent;
  private Path folder;

  JarCopies() {
    this(null);
  }

  /** Copies in a folder made in {@code parent} (null: the system's temporary folder). */
  JarCopies(Path parent) {
    this.parent = parent;
  }

  /** A private copy of {@code jar}, or {@code jar} itself when it cannot be copied. */
  Path copyOf(Path jar) {
    try {
      SpecialFiles.requireRegularFile(jar); // a named pipe would block the copy
      if (folder == null) {
        folder = parent == null ? Files.createTempDirectory("overture-plugins-") : Files.createTempDirectory(parent, "overture-plugins-");
        folder.toFile().deleteOnExit();
      }
      Path copy = folder.resolve(copies.size() + "-" + jar.getFileName());
      Files.copy(jar, copy);
      copy.toFile().deleteOnExit();
      copies.add(copy);
      return copy;
    } catch (IOException e) {
      if (Files.isRegularFile(jar) && Files.isReadable(jar)) {
        // The jar is fine: the copy is what failed, and the guarantee that goes with it.
        log.warn("Plugin jar {} is read in place: its private copy could not be made ({}); rebuilding or overwriting"
            + " it while the game runs will break the running plugin", jar, dev.overture.internal.Failures.describe(e));
      } else {
        log.debug("Plugin jar {} is used in place: {}", jar, e.toString());
      }
      return jar;
    }
  }

  /** Removes the copies (a copy still open elsewhere goes once it is closed, on systems that allow it). */
  @Override
  public void close() {
    for (Path copy : copies) {
      try {
        Files.deleteIfExists(copy);
      } catch (IOException e) {
        log.debug("Could not remove the plugin jar copy {}: {}", copy, e.toString());
      }
    }
    copies.clear();
    if (folder != null) {
      try {
        Files.deleteIfExists(folder);
      } catch (IOException e) {
        log.debug("Could not remove the plugin jar copies' folder {}: {}", folder, e.toString());
      }
      folder = null;
    }
  }
}
