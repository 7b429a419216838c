package dev.overture.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * Checks a path a user named before it is opened, from its attributes only: opening a named pipe
 * blocks until someone writes to it, for reading a file ({@code ZipFile}, a channel) and for
 * listing a folder alike ({@code Files.list} opens the path first), so every path from a
 * command line or a folder listing goes through here before it is opened. Symbolic links are
 * followed.
 *
 * <p>The check and the open are two steps: a path swapped for a pipe between them is not noticed.
 * The guard is against mistakes and hostile content, not against a local attacker racing the game.
 *
 * <p>Stateless; safe from any thread.
 */
public final class SpecialFiles {

  private SpecialFiles() {}

  /**
   * The attributes of {@code file}, which is a regular file.
   *
   * @throws NotARegularFileException when it is a folder, a named pipe, a device or a socket
   * @throws IOException when its attributes cannot be read ({@link java.nio.file.NoSuchFileException}
   *     when it does not exist)
   */
  public static BasicFileAttributes requireRegularFile(Path file) throws IOException {
    BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class);
    if (!attributes.isRegularFile()) {
      throw new NotARegularFileException(file, NotARegularFileException.kindOf(file, attributes));
    }
    return attributes;
  }

  /**
   * The attributes of {@code file} itself, a symbolic link not followed, when it is a regular file;
   * empty when nothing is there. For a file Overture makes and reopens itself (a lock file), where a
   * link could only be a mistake or a trap: it is refused, not followed.
   *
   * @throws NotARegularFileException when it is a folder, a symbolic link, a named pipe, a device or
   *     a socket
   * @throws IOException when its attributes cannot be read
   */
  public static java.util.Optional<BasicFileAttributes> requireRegularFileOrNothing(Path file) throws IOException {
    BasicFileAttributes attributes;
    try {
      attributes = Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
    } catch (java.nio.file.NoSuchFileException e) {
      return java.util.Optional.empty();
    }
    if (!attributes.isRegularFile()) {
      throw new NotARegularFileException(file, NotARegularFileException.kindOf(file, attributes, LinkOption.NOFOLLOW_LINKS));
    }
    return java.util.Optional.of(attributes);
  }

  /**
   * Checks that {@code folder} is a folder before it is listed.
   *
   * @throws NotDirectoryException when it is anything else (a file, a named pipe, ...)
   * @throws IOException when its attributes cannot be read ({@link java.nio.file.NoSuchFileException}
   *     when it does not exist)
   */
  public static void requireFolder(Path folder) throws IOException {
    if (!Files.readAttributes(folder, BasicFileAttributes.class).isDirectory()) {
      throw new NotDirectoryException(folder.toString());
    }
  }

  /**
   * What {@code path} is, with its article, for a message that says why it cannot be used: "a
   * folder", "a regular file", "a named pipe", "a device", "a socket", "a special file", or
   * "missing" when there is nothing there (or its attributes cannot be read).
   */
  public static String kindOf(Path path) {
    try {
      BasicFileAttributes attributes = Files.readAttributes(path, BasicFileAttributes.class);
      return attributes.isRegularFile() ? "a regular file" : NotARegularFileException.kindOf(path, attributes);
    } catch (IOException e) {
      return "missing";
    }
  }
}
