package dev.overture.feature;

import dev.overture.internal.Failures;
import dev.overture.internal.FileTooLargeException;
import dev.overture.internal.SpecialFiles;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Private copies of the plugins folder's jars, taken when they are found: a plugin's descriptor,
 * content and code all come from its copy, so the game keeps running the plugin it installed when
 * its jar is rebuilt, overwritten in place ({@code cp}) or deleted meanwhile (a running class
 * loader reading a jar rewritten under it fails with "invalid LOC header"). A restart installs
 * the new jar.
 *
 * <ul>
 *   <li><b>Where.</b> A folder of the runtime's in the system's temporary folder, named {@code
 *       overture-plugins-<pid>-<start>-<random>}: the process that made it and when that process
 *       started (milliseconds since the epoch, 0 where the system does not say), so that a later
 *       process can tell whether its owner still runs, a reused process id included.
 *   <li><b>Removed.</b> When the plugins close, and when the JVM exits without closing them (one
 *       shutdown hook for the whole process, never one {@code deleteOnExit} entry per copy, which
 *       the JVM keeps until it exits). A process killed outright (SIGKILL, out of memory, power
 *       loss) removes nothing; the next one that closes its copies in the same temporary folder
 *       removes the folders whose owner no longer runs, and logs each (at close, not when the
 *       copies are made: listing a temporary folder of a thousand entries cost a start-up 15 ms). A
 *       live owner's folder, this process's included, is never touched.
 *   <li><b>Size.</b> A jar larger than {@link GameFeatures.Builder#maxPluginJarBytes} is refused
 *       from its attributes before a byte is copied ({@link FileTooLargeException}): it would be
 *       copied in full on every start.
 * </ul>
 *
 * <p>A jar that cannot be copied (not a regular file, unreadable) is used where it is: opening
 * it then says what is wrong with it. A readable jar whose copy cannot be made (no temporary
 * folder, a full disk) is used where it is too, with a warning: rebuilding it while the game runs
 * then breaks the running plugin. Made and filled on the thread that discovers plugins; closed
 * once, by the runtime or by the shutdown hook (the two are synchronized).
 */
final class JarCopies implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(JarCopies.class);
  private static final String PREFIX = "overture-plugins-";
  private static final Pattern FOLDER = Pattern.compile(Pattern.quote(PREFIX) + "(\\d{1,19})-(\\d{1,19})-[0-9a-f]{16}");
  /** Temporary folders already swept by this process: the sweep runs once per folder. */
  private static final Set<Path> SWEPT = ConcurrentHashMap.newKeySet();
  /** The copies not closed yet, which the one shutdown hook removes. */
  private static final Set<JarCopies> OPEN = ConcurrentHashMap.newKeySet();
  private static final AtomicBoolean HOOKED = new AtomicBoolean();

  /**
   * The process that made a copies' folder: its id and when it started, in milliseconds since the
   * epoch (0 when the system does not say; then its id alone tells).
   */
  record Owner(long pid, long startMillis) {

    /** This process. */
    static final Owner CURRENT = new Owner(ProcessHandle.current().pid(),
        ProcessHandle.current().info().startInstant().map(java.time.Instant::toEpochMilli).orElse(0L));

    /**
     * Whether this owner still runs: a process of its id is alive and started when it did. Starts
     * within two seconds count as one (an observer's view of the start may be rounded differently);
     * a start the system does not give counts as a match: a folder is removed only when its owner is
     * surely gone.
     */
    boolean isRunning() {
      // Compared field by field: the record's generated equals would link an ObjectMethods call
      // site in every start-up that meets another process's folder (StartupLinksIT).
      if (pid == CURRENT.pid && startMillis == CURRENT.startMillis) {
        return true;
      }
      return ProcessHandle.of(pid).filter(ProcessHandle::isAlive).map(handle -> startMillis == 0
          || handle.info().startInstant().map(start -> Math.abs(start.toEpochMilli() - startMillis) <= 2_000).orElse(true))
          .orElse(false);
    }
  }

  /** A copies' folder whose owner no longer ran, removed. */
  record Leftover(Path folder, Owner owner) {}

  /** Whether a copies' folder's owner still runs; tests give their own. */
  @FunctionalInterface
  interface Liveness {
    boolean isRunning(Owner owner);
  }

  private final List<Path> copies = new ArrayList<>();
  /** Where the copies' folder is made: the system's temporary folder unless a test names another. */
  private final Path parent;
  private final long maxJarBytes;
  private final Liveness liveness;
  private Path folder;

  JarCopies(long maxJarBytes) {
    this(null, maxJarBytes, Owner::isRunning);
  }

  /**
   * Copies in a folder made in {@code parent} (null: the system's temporary folder), of jars up to
   * {@code maxJarBytes}; {@code liveness} tells which leftover folders there may be removed.
   */
  JarCopies(Path parent, long maxJarBytes, Liveness liveness) {
    this.parent = parent;
    this.maxJarBytes = maxJarBytes;
    this.liveness = Objects.requireNonNull(liveness, "liveness");
  }

  /**
   * A private copy of {@code jar}, or {@code jar} itself when it cannot be copied.
   *
   * @throws FileTooLargeException when it is larger than the limit: nothing was copied or opened
   */
  synchronized Path copyOf(Path jar) throws FileTooLargeException {
    try {
      BasicFileAttributes attributes = SpecialFiles.requireRegularFile(jar); // a named pipe would block the copy
      if (attributes.size() > maxJarBytes) {
        throw new FileTooLargeException(jar, attributes.size(), maxJarBytes, "GameFeatures.Builder.maxPluginJarBytes");
      }
      if (folder == null) {
        synchronized (HOOKED) { // one hook for every runtime of the process
          if (!HOOKED.get()) {
            try {
              Runtime.getRuntime().addShutdownHook(new Thread(JarCopies::closeAll, "overture-plugin-copies-removal"));
              HOOKED.set(true);
            } catch (IllegalStateException stopping) {
              // The JVM is already stopping (Ctrl+C during start-up): a copy made now would outlive it,
              // and the jar is read for no longer than the process lives.
              log.debug("Plugin jar {} is read in place: the JVM is stopping", jar);
              return jar;
            }
          }
        }
        folder = newFolder(parent == null ? Path.of(System.getProperty("java.io.tmpdir")) : parent);
        OPEN.add(this);
      }
      Path copy = folder.resolve(copies.size() + "-" + jar.getFileName());
      Files.copy(jar, copy);
      copies.add(copy);
      return copy;
    } catch (FileTooLargeException e) {
      throw e;
    } catch (IOException e) {
      if (Files.isRegularFile(jar) && Files.isReadable(jar)) {
        // The jar is fine: the copy is what failed, and the guarantee that goes with it.
        log.warn("Plugin jar {} is read in place: its private copy could not be made ({}); rebuilding or overwriting"
            + " it while the game runs will break the running plugin", jar, Failures.describe(e));
      } else {
        log.debug("Plugin jar {} is used in place: {}", jar, e.toString());
      }
      return jar;
    }
  }

  /**
   * A new folder of this process's in {@code in}. Its last part need not be unpredictable (no
   * {@code SecureRandom}, whose set-up cost a start-up 15 ms): the folder is made only if nothing
   * has the name, a link included, and only its owner may enter it.
   */
  private static Path newFolder(Path in) throws IOException {
    Path absolute = in.toAbsolutePath().normalize();
    for (int attempt = 0; ; attempt++) {
      Path candidate = absolute.resolve(PREFIX + Owner.CURRENT.pid() + "-" + Owner.CURRENT.startMillis() + "-"
          + HexFormat.of().toHexDigits(ThreadLocalRandom.current().nextLong()));
      try {
        try {
          return Files.createDirectory(candidate, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        } catch (UnsupportedOperationException e) {
          return Files.createDirectory(candidate); // not a POSIX file system: its defaults
        }
      } catch (FileAlreadyExistsException e) {
        if (attempt == 10) {
          throw e;
        }
      }
    }
  }

  /**
   * Removes the copies' folders in {@code in} (not below it) whose owner {@code liveness} says no
   * longer runs, with the copies in them, and returns them. Links are not followed; what is not
   * one of these folders is left alone. A missing folder holds none.
   *
   * @throws IOException when {@code in} cannot be listed
   */
  static List<Leftover> removeLeftovers(Path in, Liveness liveness) throws IOException {
    List<Leftover> removed = new ArrayList<>();
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(in, PREFIX + "*")) {
      for (Path entry : entries) {
        Matcher name = FOLDER.matcher(entry.getFileName().toString());
        if (!name.matches() || !Files.isDirectory(entry, LinkOption.NOFOLLOW_LINKS)) {
          continue;
        }
        Owner owner;
        try {
          owner = new Owner(Long.parseLong(name.group(1)), Long.parseLong(name.group(2)));
        } catch (NumberFormatException e) {
          continue; // not a process of ours
        }
        if (liveness.isRunning(owner)) {
          continue;
        }
        if (removeFolder(entry)) {
          removed.add(new Leftover(entry, owner));
        }
      }
    } catch (NoSuchFileException | NotDirectoryException e) {
      return List.of();
    }
    return removed;
  }

  /** Removes {@code folder}, which holds copies only (files; a link is removed, not followed); false when something stays. */
  private static boolean removeFolder(Path folder) {
    try {
      try (DirectoryStream<Path> files = Files.newDirectoryStream(folder)) {
        for (Path file : files) {
          Files.deleteIfExists(file);
        }
      }
      Files.deleteIfExists(folder);
      return true;
    } catch (IOException e) {
      log.debug("Could not remove the plugin jar copies {}: {}", folder, e.toString());
      return false;
    }
  }

  /** How many copies' folders this process still has to remove at exit: one per runtime not closed yet. */
  static int openCount() {
    return OPEN.size();
  }

  private static void closeAll() {
    for (JarCopies copies : List.copyOf(OPEN)) {
      copies.close();
    }
  }

  /** Removes the copies (a copy still open elsewhere goes once it is closed, on systems that allow it). */
  @Override
  public synchronized void close() {
    OPEN.remove(this);
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
      sweep(folder.getParent());
      folder = null;
    }
  }

  /** Removes the leftovers of processes that no longer run in {@code in}, once a process. */
  private void sweep(Path in) {
    if (in == null || !SWEPT.add(in)) {
      return;
    }
    try {
      removeLeftovers(in, liveness).forEach(leftover -> log.info("Removed {}, the plugin jar copies of process {},"
          + " which stopped without removing them", leftover.folder(), leftover.owner().pid()));
    } catch (IOException e) {
      log.warn("Could not look for plugin jar copies left behind in {}: {}", in, Failures.describe(e));
    }
  }
}
