package dev.overture.archive;

/**
 * An archive written by a newer build than this one: one of its version words (the UE4, UE5 or
 * licensee package file version, or a custom version) is above what this build reads. Nothing
 * past the header was read; the archive must be left as it is.
 */
public final class ArchiveVersionException extends ArchiveFormatException {

  private static final long serialVersionUID = 1L;

  private final String word;
  private final int found;
  private final int newest;

  /**
   * @param offset the byte where the word is
   * @param word the word's name: {@code FileVersionUE4}, {@code FileVersionUE5}, {@code
   *     FileVersionLicenseeUE} or a custom version's friendly name
   * @param found the archive's value
   * @param newest the newest value this build reads
   */
  public ArchiveVersionException(int offset, String word, int found, int newest) {
    super(offset, "written with " + word + " " + found + ", newer than this build reads (up to " + newest
        + "); the archive is left as it is");
    this.word = word;
    this.found = found;
    this.newest = newest;
  }

  /** The version word at fault. */
  public String word() {
    return word;
  }

  /** The archive's value of the word. */
  public int found() {
    return found;
  }

  /** The newest value this build reads. */
  public int newest() {
    return newest;
  }
}
