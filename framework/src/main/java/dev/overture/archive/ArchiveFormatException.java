package dev.overture.archive;

/**
 * An archive that cannot be read: truncated, or holding a length, count or value that cannot be
 * right, or written by a newer build ({@link ArchiveVersionException}). The message says what was
 * being read, at which byte, and what was wrong; nothing was allocated beyond what the input could
 * hold.
 */
public class ArchiveFormatException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private final int offset;

  /**
   * @param offset the byte where reading went wrong (0 when it concerns the whole archive)
   * @param message what was wrong
   */
  public ArchiveFormatException(int offset, String message) {
    super("At byte " + offset + ": " + message);
    this.offset = offset;
  }

  /** The byte offset where reading went wrong. */
  public int offset() {
    return offset;
  }
}
