package dev.overture.internal;

import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * A path that should name a regular file names a folder, a named pipe, a device or a socket (or,
 * where links are not followed, a symbolic link). It was refused from its attributes: nothing was
 * opened.
 */
public final class NotARegularFileException extends FileSystemException {

  private static final long serialVersionUID = 1L;

  private final String kind;

  /**
   * @param file the path
   * @param kind what it is instead, with its article: "a folder", "a named pipe", ...
   */
  public NotARegularFileException(Path file, String kind) {
    this(file.toString(), kind);
  }

  /**
   * @param file the file as shown to users (a content root's file, say)
   * @param kind what it is instead, with its article: "a folder", "a named pipe", ...
   */
  public NotARegularFileException(String file, String kind) {
    super(file, null, "is " + kind + ", not a regular file; it was not opened");
    this.kind = kind;
  }

  /**
   * What {@code path}, which is not a regular file, is instead ("a folder", "a named pipe", "a
   * device", "a socket", "a special file"), from {@code attributes} and, where there is one, its
   * Unix mode (links followed unless {@code options} say not to: then a link is "a symbolic link").
   * Nothing is opened.
   */
  public static String kindOf(Path path, BasicFileAttributes attributes, LinkOption... options) {
    if (attributes.isDirectory()) {
      return "a folder";
    }
    if (attributes.isSymbolicLink()) {
      return "a symbolic link";
    }
    try {
      int mode = (Integer) Files.getAttribute(path, "unix:mode", options);
      return switch (mode & 0170000) {
        case 0010000 -> "a named pipe";
        case 0020000, 0060000 -> "a device";
        case 0140000 -> "a socket";
        default -> "a special file";
      };
    } catch (IOException | RuntimeException e) {
      return "a special file";
    }
  }

  /** What the path is instead: "a folder", "a named pipe", "a device", "a socket", "a special file". */
  public String kind() {
    return kind;
  }

  /** {@code <file> is a named pipe, not a regular file; it was not opened}. */
  @Override
  public String getMessage() {
    return getFile() + " " + getReason();
  }
}
