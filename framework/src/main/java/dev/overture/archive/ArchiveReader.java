package dev.overture.archive;

import dev.overture.version.Guid;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * Reads Unreal's binary archive layout from bytes: little-endian integers, 32-bit bools, GUIDs as
 * four 32-bit words, and strings as {@code FString}s. Every length and count is checked against
 * the bytes left before anything is allocated, so a corrupt or hostile blob fails with an {@link
 * ArchiveFormatException} (never another exception, never a large allocation).
 *
 * <p>Not thread-safe: one reader per thread; it does not copy or change the bytes.
 */
public final class ArchiveReader {

  private final byte[] bytes;
  private final int limit;
  private int position;

  /** A reader of all of {@code bytes}. */
  public ArchiveReader(byte[] bytes) {
    this.bytes = Objects.requireNonNull(bytes, "bytes");
    this.limit = bytes.length;
  }

  /** The offset of the next byte to read. */
  public int position() {
    return position;
  }

  /** How many bytes are left. */
  public int remaining() {
    return limit - position;
  }

  /** Whether every byte was read. */
  public boolean atEnd() {
    return position == limit;
  }

  private void need(int count, String what) {
    if (count > limit - position) {
      throw new ArchiveFormatException(position,
          "truncated: " + what + " needs " + count + " bytes, " + (limit - position) + " left");
    }
  }

  /** A little-endian 32-bit integer. */
  public int readInt32(String what) {
    need(4, what);
    int value = (bytes[position] & 0xFF)
        | (bytes[position + 1] & 0xFF) << 8
        | (bytes[position + 2] & 0xFF) << 16
        | (bytes[position + 3] & 0xFF) << 24;
    position += 4;
    return value;
  }

  /** A little-endian 64-bit integer. */
  public long readInt64(String what) {
    need(8, what);
    long low = readInt32(what) & 0xFFFF_FFFFL;
    long high = readInt32(what) & 0xFFFF_FFFFL;
    return high << 32 | low;
  }

  /** Unreal's 32-bit bool: 0 or 1, anything else is an error. */
  public boolean readBool32(String what) {
    int at = position;
    int value = readInt32(what);
    if (value != 0 && value != 1) {
      throw new ArchiveFormatException(at, what + " must be a bool (0 or 1), not " + value);
    }
    return value == 1;
  }

  /** A GUID: the words A, B, C, D, each little-endian. */
  public Guid readGuid(String what) {
    need(16, what);
    return new Guid(readInt32(what), readInt32(what), readInt32(what), readInt32(what));
  }

  /**
   * An {@code FString}: an int32 length counting the terminator, then the characters and a NUL;
   * a positive length means one byte per character (Latin-1), a negative one two (UTF-16LE); 0 is
   * the empty string.
   */
  public String readFString(String what) {
    int at = position;
    int length = readInt32(what + " length");
    if (length == 0) {
      return "";
    }
    if (length == Integer.MIN_VALUE) {
      throw new ArchiveFormatException(at, what + " has an impossible length " + length);
    }
    boolean wide = length < 0;
    int characters = Math.abs(length);
    long size = (long) characters * (wide ? 2 : 1);
    if (size > limit - position) {
      throw new ArchiveFormatException(at,
          "truncated: " + what + " says " + characters + " characters (" + size + " bytes), " + (limit - position) + " left");
    }
    int textBytes = (int) size - (wide ? 2 : 1);
    String text = new String(bytes, position, textBytes, wide ? StandardCharsets.UTF_16LE : StandardCharsets.ISO_8859_1);
    int nul = text.indexOf('\0');
    if (nul >= 0) {
      // The writer cannot write one (the NUL would end the string in Unreal): what it refuses is not read either.
      throw new ArchiveFormatException(position + nul * (wide ? 2 : 1), what + " holds a NUL before its end (character " + nul
          + "), which no FString can");
    }
    position += textBytes;
    boolean terminated = wide ? bytes[position] == 0 && bytes[position + 1] == 0 : bytes[position] == 0;
    if (!terminated) {
      throw new ArchiveFormatException(position, what + " does not end with a NUL terminator");
    }
    position += wide ? 2 : 1;
    return text;
  }

  /**
   * Fails unless every byte was read.
   *
   * @param what what the archive holds, for the message
   */
  public void expectEnd(String what) {
    if (position != limit) {
      throw new ArchiveFormatException(position, (limit - position) + " unexpected bytes after " + what);
    }
  }
}
