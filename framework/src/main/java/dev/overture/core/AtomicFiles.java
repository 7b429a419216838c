package dev.overture.core;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermission;
import java.security.SecureRandom;

/**
 * Writes files so that a reader (or a crash) sees the old content or the new, never half of one:
 * the bytes go to a temporary file beside the target, are flushed to the disk, and the temporary
 * file is renamed over the target (atomically where the file system can). On failure the target is
 * untouched and the temporary file removed.
 *
 * <p>A file that exists keeps its permissions; a new one gets the default permissions of the
 * process (not the owner-only ones of a temporary file). A read-only file is refused, not
 * overwritten. A symbolic link is replaced by the file; callers that mean its target resolve it
 * first.
 *
 * <p>Stateless; safe from any thread (two threads writing one target at once: one of the two
 * contents wins, whole).
 */
public final class AtomicFiles {

  private static final SecureRandom RANDOM = new SecureRandom();

  private AtomicFiles() {}

  /**
   * Replaces {@code target}'s content with {@code bytes} (creating it when missing).
   *
   * @throws IOException when it cannot be written (an {@link AccessDeniedException} when it is
   *     read-only); {@code target} is then unchanged
   */
  public static void write(Path target, byte[] bytes) throws IOException {
    Path absolute = target.toAbsolutePath();
    Path folder = absolute.getParent();
    Files.createDirectories(folder);
    boolean exists = Files.exists(absolute, LinkOption.NOFOLLOW_LINKS);
    if (exists && isReadOnly(absolute)) {
      throw new AccessDeniedException(absolute.toString(), null, "the file is read-only");
    }
    Path temporary = newTemporary(folder, absolute.getFileName().toString());
    try {
      if (exists) {
        try {
          Files.setPosixFilePermissions(temporary, Files.getPosixFilePermissions(absolute));
        } catch (UnsupportedOperationException e) {
          // Not a POSIX file system: the file system's defaults apply.
        }
      }
      try (FileChannel channel = FileChannel.open(temporary, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
        ByteBuffer buffer = ByteBuffer.wrap(bytes);
        while (buffer.hasRemaining()) {
          channel.write(buffer);
        }
        channel.force(true);
      }
      try {
        Files.move(temporary, absolute, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(temporary, absolute, StandardCopyOption.REPLACE_EXISTING);
      }
    } finally {
      Files.deleteIfExists(temporary);
    }
  }

  /**
   * Whether {@code file} is marked read-only: not writable, or (so that a file a version control
   * system locked stays locked even for an administrator) without its owner's write permission.
   */
  private static boolean isReadOnly(Path file) throws IOException {
    if (!Files.isWritable(file)) {
      return true;
    }
    try {
      return !Files.getPosixFilePermissions(file).contains(PosixFilePermission.OWNER_WRITE);
    } catch (UnsupportedOperationException e) {
      return false;
    }
  }

  /** A new empty file beside the target, with the process's default permissions. */
  private static Path newTemporary(Path folder, String name) throws IOException {
    for (int attempt = 0; ; attempt++) {
      Path candidate = folder.resolve("." + name + "." + Long.toHexString(RANDOM.nextLong()) + ".tmp");
      try {
        return Files.createFile(candidate);
      } catch (FileAlreadyExistsException e) {
        if (attempt == 10) {
          throw e;
        }
      }
    }
  }
}
