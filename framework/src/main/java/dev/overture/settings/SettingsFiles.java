package dev.overture.settings;

import dev.overture.internal.AtomicFiles;
import dev.overture.internal.Failures;
import dev.overture.internal.NotARegularFileException;
import dev.overture.internal.SpecialFiles;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Settings files on the disk, for {@link Settings}: the lock that makes one program's read, merge
 * and write of a file whole against another's, setting a damaged file aside (never a read-only
 * one), and what went wrong with a file in words.
 *
 * <p>The lock of {@code LocalSettings.json} is an exclusive lock on the hidden file {@code
 * .LocalSettings.json.lock} beside it (beside the file a link points to), which stays there: a lock
 * file removed on release could be locked by two programs at once (one holding the removed file, one
 * a new one). An operating system's lock belongs to the process, so the threads of one process
 * take a lock of their own first.
 *
 * <p>Stateless but for the locks of this process; any thread.
 */
final class SettingsFiles {

  private static final Logger log = LoggerFactory.getLogger(SettingsFiles.class);

  /** One per lock file this process has taken, by its folder's real path: few, one per settings file. */
  private static final ConcurrentHashMap<Path, ReentrantLock> IN_PROCESS = new ConcurrentHashMap<>();
  /**
   * How long a save or a repair waits for the lock another program holds: a save takes
   * milliseconds, so a program that holds it this long has stopped while saving (suspended, hung).
   * A test's child program shortens it.
   */
  static volatile java.time.Duration lockWait = java.time.Duration.ofSeconds(10);

  private static final String READ_ONLY = "the file is read-only";

  private SettingsFiles() {}

  /** A settings file's lock, held: exclusive among the threads of this process and among processes. */
  static final class Lock implements AutoCloseable {

    private final ReentrantLock inProcess;
    private final FileChannel channel;

    private Lock(ReentrantLock inProcess, FileChannel channel) {
      this.inProcess = inProcess;
      this.channel = channel;
    }

    /** Releases it (closing the channel releases the operating system's lock). */
    @Override
    public void close() {
      try {
        channel.close();
      } catch (IOException e) {
        log.debug("Closing {} failed: {}", channel, e.toString());
      } finally {
        inProcess.unlock();
      }
    }
  }

  /**
   * Moves a damaged settings file aside, beside it, to {@code <name>.<suffix>-N} (never over
   * another), and returns where it went. A link is not moved: the file it points to is, so the
   * link stays a link. Call with the file's lock held.
   *
   * @throws AccessDeniedException when the file is read-only ({@link AtomicFiles#isReadOnly}): a
   *     file a version control system locked stays as it is, and where it is
   * @throws NoSuchFileException when the file is gone (a program that does not take the lock
   *     moved it first)
   */
  static Path setAside(Path file, String suffix) throws IOException {
    Path target = AtomicFiles.target(file);
    if (Files.isRegularFile(target, LinkOption.NOFOLLOW_LINKS) && AtomicFiles.isReadOnly(target)) {
      throw new AccessDeniedException(target.toString(), null, READ_ONLY);
    }
    for (int n = 1; ; n++) {
      Path aside = target.resolveSibling(target.getFileName() + "." + suffix + "-" + n);
      // exists() is false both when the name is free and when it cannot be checked (the folder is
      // a file, say): then the move fails with the real cause instead of looping forever.
      if (!Files.exists(aside, LinkOption.NOFOLLOW_LINKS)) {
        Files.move(target, aside, StandardCopyOption.ATOMIC_MOVE);
        return aside;
      }
    }
  }

  /**
   * {@code failure} of {@code doing} ("Could not save") {@code file} as one sentence naming the file
   * and the cause: {@code Could not save /home/ada/.config/Game/LocalSettings.json: the folder
   * /home/ada/.config/Game is read-only}. The cause is kept.
   */
  static IOException failure(String doing, Path file, IOException failure) {
    return new IOException(doing + " " + file + ": " + why(file, failure), failure);
  }

  /**
   * Why a damaged {@code file} stays where it is, for a warning: {@code the file is read-only}, or
   * {@code it could not be moved aside (the folder ... is read-only)}.
   */
  static String whyKept(Path file, IOException failure) {
    String why = why(file, failure);
    return why.equals(READ_ONLY) ? why : "it could not be moved aside (" + why + ")";
  }

  /**
   * Why {@code file} could not be written or moved, in words, from how things are on the disk now
   * rather than from the exception, whose words name temporary files and rename pairs: a folder on
   * its way is a file, the file is read-only, its folder is read-only, the file is a folder.
   * Otherwise the exception's reason.
   */
  static String why(Path file, IOException failure) {
    if (failure instanceof LockFileException lock) {
      return lock.getReason(); // names the lock file and what to do; the settings file itself is not the trouble
    }
    Path target;
    try {
      target = AtomicFiles.target(file);
    } catch (IOException e) {
      return reason(e);
    }
    Path folder = target.getParent();
    while (folder != null && !Files.exists(folder)) {
      folder = folder.getParent(); // the nearest that exists: the one a missing folder is created in
    }
    if (folder != null && !Files.isDirectory(folder)) {
      return folder + " is a file, not a folder";
    }
    try {
      if (Files.isRegularFile(target, LinkOption.NOFOLLOW_LINKS) && AtomicFiles.isReadOnly(target)) {
        return READ_ONLY;
      }
    } catch (IOException e) {
      // Its attributes cannot be read either: the folder's permissions, or the reason, say why.
    }
    if (folder != null && !Files.isWritable(folder)) {
      return "the folder " + folder + " is read-only";
    }
    if (Files.isDirectory(target, LinkOption.NOFOLLOW_LINKS)) {
      return "it is a folder, not a file";
    }
    return reason(failure);
  }

  /** What went wrong, without the file names a file system exception starts with. */
  static String reason(IOException failure) {
    if (failure instanceof FileSystemException files && files.getReason() != null) {
      return files.getReason();
    }
    if (failure instanceof AccessDeniedException) {
      return "permission denied";
    }
    return Failures.describe(failure);
  }

  /**
   * A settings file's lock file that cannot be used, or whose lock another holds past the wait: the
   * cause of a failed save or repair, which {@link #why} puts in words before anything else, since
   * it names the lock file and what to do about it.
   */
  static final class LockFileException extends FileSystemException {

    private static final long serialVersionUID = 1L;

    LockFileException(Path lockFile, String reason) {
      super(lockFile.toString(), null, reason);
    }
  }

  /**
   * The lock another holds past {@link #lockWait}. An operating system's lock ends with the process
   * that holds it (a crash included), so a lock still held is held by a program that is running and
   * has stopped while saving (suspended, hung): that program is what to end. Deleting the lock file
   * would not help, and would let a second writer in while the first still writes.
   */
  private static LockFileException heldTooLong(Path lockFile, boolean thisProgram) {
    String wait = lockWait.toMillis() >= 1000 ? lockWait.toSeconds() + " s" : lockWait.toMillis() + " ms";
    return new LockFileException(lockFile, thisProgram
        ? "another thread of this program has held the lock of " + lockFile + " for " + wait + " without finishing its save,"
            + " so it is stuck (a thread dump, jstack " + ProcessHandle.current().pid() + ", shows where); do not delete the lock file"
        : "another program has held the lock of " + lockFile + " for " + wait + " without finishing its save, so it is still"
            + " running but stuck (suspended or hung; a lock ends with its program, even a crashed one): find the program that"
            + " uses these settings (for example with fuser " + lockFile + ") and end it, then try again; do not delete the lock"
            + " file, which would let two programs write the settings at once");
  }

  /**
   * Opens {@code lockFile}, creating it when missing, after checking what is there without following
   * a link and without opening it: opening a named pipe for writing waits for a reader, forever, and
   * would hang the game thread before the lock's wait could begin; a link would make Overture create
   * or lock whatever it points to.
   *
   * @throws LockFileException when it is a folder, a symbolic link, a named pipe, a device or a
   *     socket, saying what to do
   */
  private static FileChannel openLockFile(Path lockFile) throws IOException {
    for (int attempt = 0; ; attempt++) {
      boolean exists;
      try {
        exists = SpecialFiles.requireRegularFileOrNothing(lockFile).isPresent();
      } catch (NotARegularFileException e) {
        throw new LockFileException(lockFile, "its lock file " + lockFile + " is " + e.kind() + ", not a regular file, so it was"
            + " not opened; remove it (" + (e.kind().equals("a folder") ? "rm -r " : "rm ") + lockFile + ": nothing is lost, a new"
            + " lock file is made at the next save)");
      }
      try {
        // Never created over something that appeared since the check, and never through a link.
        return exists
            ? FileChannel.open(lockFile, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS)
            : FileChannel.open(lockFile, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS);
      } catch (java.nio.file.FileAlreadyExistsException | NoSuchFileException e) {
        if (attempt == 3) {
          throw e; // another program makes and removes it over and over: give up rather than spin
        }
        // Another program made it (or removed it) meanwhile: look at what is there now.
      }
    }
  }

  /**
   * Takes the lock of {@code file}, waiting while another thread or program holds it, for {@link
   * #lockWait} at most. Creates the file's folder when it is missing, and the lock file.
   *
   * @throws IOException when the lock file cannot be created or opened (the folder is read-only,
   *     or is a file), a {@link LockFileException} when it is not a regular file or another holds it
   *     past the wait (saying so, and what to do)
   */
  static Lock lock(Path file) throws IOException {
    Path target = AtomicFiles.target(file);
    Path lockFile = target.resolveSibling("." + target.getFileName() + ".lock");
    // Keyed by where the lock file really is: two spellings of one folder (one through a link to
    // it) must share one lock, or the second thread would meet the first one's operating-system
    // lock, which the JVM refuses (OverlappingFileLockException) instead of waiting for it.
    Files.createDirectories(target.getParent());
    Path key = target.getParent().toRealPath().resolve(lockFile.getFileName());
    ReentrantLock inProcess = IN_PROCESS.computeIfAbsent(key, path -> new ReentrantLock());
    if (inProcess.isHeldByCurrentThread()) {
      // The operating system's lock is not reentrant: a second one would throw.
      throw new IllegalStateException("This thread already holds " + lockFile);
    }
    long deadline = System.nanoTime() + lockWait.toNanos();
    try {
      if (!inProcess.tryLock(lockWait.toNanos(), java.util.concurrent.TimeUnit.NANOSECONDS)) {
        throw heldTooLong(lockFile, true);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new java.io.InterruptedIOException("interrupted while waiting for " + lockFile);
    }
    FileChannel channel = null;
    try {
      channel = openLockFile(lockFile);
      if (channel.tryLock() == null) {
        log.debug("Waiting for {}: another program is saving {}", lockFile, target);
        while (channel.tryLock() == null) {
          if (System.nanoTime() - deadline > 0) {
            throw heldTooLong(lockFile, false);
          }
          java.util.concurrent.locks.LockSupport.parkNanos(20_000_000L);
        }
      }
      return new Lock(inProcess, channel);
    } catch (IOException | RuntimeException | Error e) {
      if (channel != null) {
        try {
          channel.close();
        } catch (IOException suppressed) {
          e.addSuppressed(suppressed);
        }
      }
      inProcess.unlock();
      throw e;
    }
  }
}
