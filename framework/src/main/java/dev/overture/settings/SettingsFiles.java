package dev.overture.settings;

import dev.overture.internal.AtomicFiles;
import java.io.IOException;
import java.nio.channels.FileChannel;
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
 * and write of a file whole against another's, and setting a damaged file aside.
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

  /** One per lock file this process has taken: few, one per settings file. */
  private static final ConcurrentHashMap<Path, ReentrantLock> IN_PROCESS = new ConcurrentHashMap<>();

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
   * @throws NoSuchFileException when the file is gone (a program that does not take the lock
   *     moved it first)
   */
  static Path setAside(Path file, String suffix) throws IOException {
    Path target = AtomicFiles.target(file);
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
   * Takes the lock of {@code file}, waiting while another thread or program holds it. Creates the
   * file's folder when it is missing, and the lock file.
   *
   * @throws IOException when the lock file cannot be created or opened (the folder is read-only,
   *     or is a file)
   */
  static Lock lock(Path file) throws IOException {
    Path target = AtomicFiles.target(file);
    Path lockFile = target.resolveSibling("." + target.getFileName() + ".lock");
    ReentrantLock inProcess = IN_PROCESS.computeIfAbsent(lockFile, path -> new ReentrantLock());
    if (inProcess.isHeldByCurrentThread()) {
      // The operating system's lock is not reentrant: a second one would throw.
      throw new IllegalStateException("This thread already holds " + lockFile);
    }
    inProcess.lock();
    FileChannel channel = null;
    try {
      Files.createDirectories(target.getParent());
      channel = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
      if (channel.tryLock() == null) {
        log.debug("Waiting for {}: another program is saving {}", lockFile, target);
        channel.lock();
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
