package dev.overture.internal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Arrays;
import java.util.Objects;

/**
 * Reads a whole file into memory only when it is a regular file no larger than a limit: a named
 * pipe, a device or a folder is refused from its attributes, without being opened (opening a pipe
 * for reading blocks until someone writes to it), and a file past the limit is refused before its
 * bytes are allocated. Symbolic links are followed.
 *
 * <p>The check and the read are two steps: a file swapped for a pipe between them is not noticed.
 * The guard is against mistakes and hostile content, not against a local attacker racing the
 * game.
 *
 * <p>Stateless; safe from any thread.
 */
public final class BoundedFiles {

  private BoundedFiles() {}

  /**
   * The bytes of {@code file}.
   *
   * @param maxBytes the largest size accepted
   * @param limitName how a host changes the limit, named in the message (for example {@code
   *     SettingsKind.maxFileBytes})
   * @throws NotARegularFileException when it is not a regular file (nothing was opened)
   * @throws FileTooLargeException when it is larger than {@code maxBytes} (nothing was allocated)
   * @throws IOException when it cannot be read ({@link java.nio.file.NoSuchFileException} when it
   *     does not exist)
   */
  public static byte[] read(Path file, long maxBytes, String limitName) throws IOException {
    Objects.requireNonNull(file, "file");
    Objects.requireNonNull(limitName, "limitName");
    if (maxBytes < 0 || maxBytes > Integer.MAX_VALUE - 8) {
      throw new IllegalArgumentException("maxBytes must be 0 to " + (Integer.MAX_VALUE - 8) + ": " + maxBytes);
    }
    BasicFileAttributes attributes = SpecialFiles.requireRegularFile(file);
    if (attributes.size() > maxBytes) {
      throw new FileTooLargeException(file, attributes.size(), maxBytes, limitName);
    }
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
      // The file may have grown since its attributes were read: read one byte more than allowed.
      ByteBuffer buffer = ByteBuffer.allocate((int) Math.min(Math.max(channel.size(), 0) + 1, maxBytes + 1));
      while (true) {
        if (!buffer.hasRemaining()) {
          if (buffer.capacity() > maxBytes) {
            throw new FileTooLargeException(file, -1, maxBytes, limitName);
          }
          buffer = ByteBuffer.allocate((int) Math.min((long) buffer.capacity() * 2, maxBytes + 1)).put(buffer.flip());
        }
        if (channel.read(buffer) < 0) {
          break;
        }
      }
      return Arrays.copyOf(buffer.array(), buffer.position());
    }
  }
}
