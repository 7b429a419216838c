package dev.overture.core;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * Writes files so that a reader (or a crash) sees the old content or the new, never half of one:
 * the bytes go to a temporary file beside the target, are flushed to the disk, and the temporary
 * file is renamed over the target (atomically where the file system can). On failure the target is
 * untouched and the temporary file removed.
 *
 * <p>Stateless; safe from any thread (two threads writing one target at once: one of the two
 * contents wins, whole).
 */
public final class AtomicFiles {

  private AtomicFiles() {}

  /**
   * Replaces {@code target}'s content with {@code bytes} (creating it when missing).
   *
   * @throws IOException when it cannot be written; {@code target} is then unchanged
   */
  public static void write(Path target, byte[] bytes) throws IOException {
    Path absolute = target.toAbsolutePath();
    Path folder = absolute.getParent();
    Files.createDirectories(folder);
    Path temporary = Files.createTempFile(folder, "." + absolute.getFileName(), ".tmp");
    try {
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
}
