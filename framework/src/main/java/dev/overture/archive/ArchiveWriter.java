package dev.overture.archive;

import dev.overture.version.Guid;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Objects;

/**
 * Writes Unreal's binary archive layout: little-endian integers, 32-bit bools, GUIDs as four
 * 32-bit words, {@code FString}s (pure ASCII text with a positive length, anything else UTF-16LE
 * with a negative one, as Unreal's {@code IsPureAnsi} decides; the length counts the NUL
 * terminator). The counterpart of {@link ArchiveReader}.
 *
 * <p>Not thread-safe.
 */
public final class ArchiveWriter {

  private byte[] bytes = new byte[64];
  private int size;

  /** An empty archive. */
  public ArchiveWriter() {}

  private void ensure(int more) {
    if (size + more > bytes.length) {
      bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, size + more));
    }
  }

  /** A little-endian 32-bit integer. */
  public ArchiveWriter writeInt32(int value) {
    ensure(4);
    bytes[size++] = (byte) value;
    bytes[size++] = (byte) (value >>> 8);
    bytes[size++] = (byte) (value >>> 16);
    bytes[size++] = (byte) (value >>> 24);
    return this;
  }

  /** A little-endian 64-bit integer. */
  public ArchiveWriter writeInt64(long value) {
    writeInt32((int) value);
    return writeInt32((int) (value >>> 32));
  }

  /** Unreal's 32-bit bool. */
  public ArchiveWriter writeBool32(boolean value) {
    return writeInt32(value ? 1 : 0);
  }

  /** A GUID: the words A, B, C, D. */
  public ArchiveWriter writeGuid(Guid guid) {
    Objects.requireNonNull(guid, "guid");
    return writeInt32(guid.a()).writeInt32(guid.b()).writeInt32(guid.c()).writeInt32(guid.d());
  }

  /** An {@code FString}, as Unreal writes it. */
  public ArchiveWriter writeFString(String text) {
    Objects.requireNonNull(text, "text");
    if (text.isEmpty()) {
      return writeInt32(0);
    }
    if (text.indexOf('\0') >= 0) {
      throw new IllegalArgumentException("an FString cannot hold a NUL character: " + text.replace('\0', '?'));
    }
    boolean ascii = text.chars().allMatch(c -> c < 0x80);
    if (ascii) {
      byte[] encoded = text.getBytes(StandardCharsets.US_ASCII);
      writeInt32(encoded.length + 1);
      writeBytes(encoded);
      return writeBytes(new byte[] {0});
    }
    byte[] encoded;
    try {
      encoded = StandardCharsets.UTF_16LE.newEncoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .encode(CharBuffer.wrap(text))
          .array();
    } catch (CharacterCodingException e) {
      throw new IllegalArgumentException("an FString cannot hold an unpaired surrogate: " + text.replaceAll("\\p{Cs}", "?"));
    }
    encoded = Arrays.copyOf(encoded, text.length() * 2);
    writeInt32(-(encoded.length / 2 + 1));
    writeBytes(encoded);
    return writeBytes(new byte[] {0, 0});
  }

  /** Raw bytes. */
  public ArchiveWriter writeBytes(byte[] raw) {
    ensure(raw.length);
    System.arraycopy(raw, 0, bytes, size, raw.length);
    size += raw.length;
    return this;
  }

  /** What was written. */
  public byte[] toByteArray() {
    return Arrays.copyOf(bytes, size);
  }
}
