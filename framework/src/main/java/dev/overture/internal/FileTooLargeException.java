package dev.overture.internal;

import java.nio.file.FileSystemException;
import java.nio.file.Path;

/** A file larger than the limit its reader accepts; its bytes were not read into memory. */
public final class FileTooLargeException extends FileSystemException {

  private static final long serialVersionUID = 1L;

  private final long size;
  private final long limit;
  private final String limitName;

  /**
   * @param file the file
   * @param size its size in bytes, or -1 when only known to exceed the limit (it grew while read)
   * @param limit the largest size accepted
   * @param limitName the setting that holds the limit, for the message
   */
  public FileTooLargeException(Path file, long size, long limit, String limitName) {
    super(file.toString(), null, "is " + (size >= 0 ? size + " bytes" : "larger than the limit") + "; the largest accepted is "
        + limit + " bytes (" + limitName + ")");
    this.size = size;
    this.limit = limit;
    this.limitName = limitName;
  }

  /** The file's size in bytes, or -1 when only known to exceed the limit. */
  public long size() {
    return size;
  }

  /** The largest size accepted. */
  public long limit() {
    return limit;
  }

  /** The setting that holds the limit. */
  public String limitName() {
    return limitName;
  }

  /** {@code <file> is 5000000 bytes; the largest accepted is 1048576 bytes (<limit name>)}. */
  @Override
  public String getMessage() {
    return getFile() + " " + getReason();
  }
}
