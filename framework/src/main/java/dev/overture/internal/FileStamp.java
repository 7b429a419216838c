package dev.overture.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.util.Objects;

/**
 * What a file was at one moment: which file on the disk it was (its file key, so a replacement
 * shows even at the same size and time), its size and its modification time; or that it was
 * missing. A command that replaces a file long after it first looked at it ({@code play --save},
 * at the end of a match) compares a stamp taken then with the file as it is now, so that what
 * another program wrote meanwhile is not lost under the replacement.
 *
 * <p>The file itself is never opened, only its attributes read (a link is not followed: stamp the
 * file a link points to, see {@link AtomicFiles#target}).
 *
 * <p>Immutable; safe from any thread.
 */
public final class FileStamp {

  private final Path file;
  /** Null when the file was missing. */
  private final Object key;
  private final long size;
  private final FileTime modified;

  private FileStamp(Path file, Object key, long size, FileTime modified) {
    this.file = file;
    this.key = key;
    this.size = size;
    this.modified = modified;
  }

  /**
   * Stamps {@code file} as it is now.
   *
   * @throws IOException when its attributes cannot be read (a missing file is stamped, not refused)
   */
  public static FileStamp of(Path file) throws IOException {
    BasicFileAttributes attributes;
    try {
      attributes = Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
    } catch (NoSuchFileException e) {
      return new FileStamp(file, null, -1, null);
    }
    // Where a file system has no file key, the time of creation stands in for which file it is.
    Object key = attributes.fileKey() != null ? attributes.fileKey() : attributes.creationTime();
    return new FileStamp(file, key, attributes.size(), attributes.lastModifiedTime());
  }

  /**
   * This stamp, of {@code name}: for a file stamped under a temporary name and then renamed, which
   * keeps what a stamp holds ({@link AtomicFiles#write}).
   */
  public FileStamp as(Path name) {
    return new FileStamp(name, key, size, modified);
  }

  /** The file stamped. */
  public Path file() {
    return file;
  }

  /** Whether the file existed when it was stamped. */
  public boolean existed() {
    return key != null;
  }

  /**
   * What happened to the file since it was stamped, in words ("it was created", "it was deleted",
   * "it was replaced by another file", "it was written"), or null when it is as it was.
   *
   * @throws IOException when its attributes cannot be read now
   */
  public String changeSince() throws IOException {
    FileStamp now = of(file);
    if (key == null || now.key == null) {
      return key == now.key ? null : key == null ? "it was created" : "it was deleted";
    }
    if (!key.equals(now.key)) {
      return "it was replaced by another file";
    }
    return size == now.size && Objects.equals(modified, now.modified) ? null : "it was written";
  }

  @Override
  public String toString() {
    return key == null ? file + " (missing)" : file + " (" + size + " bytes, modified " + modified + ")";
  }
}
