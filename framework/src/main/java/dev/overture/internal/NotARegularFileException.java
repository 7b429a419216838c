package dev.overture.internal;

import java.nio.file.FileSystemException;
import java.nio.file.Path;

/**
 * A path that should name a regular file names a folder, a named pipe, a device or a socket. It
 * was refused from its attributes: nothing was opened.
 */
public final class NotARegularFileException extends FileSystemException {

  private static final long serialVersionUID = 1L;

  private final String kind;

  /**
   * @param file the path
   * @param kind what it is instead, with its article: "a folder", "a named pipe", ...
   */
  public NotARegularFileException(Path file, String kind) {
    super(file.toString(), null, "is " + kind + ", not a regular file; it was not opened");
    this.kind = kind;
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
