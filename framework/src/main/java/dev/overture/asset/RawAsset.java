package dev.overture.asset;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.Objects;

/**
 * A secondary asset loaded as bytes, for files that are not JSON (textures, sounds, level data).
 * Immutable: the bytes can be read but not changed; safe to share between threads.
 */
public final class RawAsset {

  private final AssetPath path;
  private final byte[] bytes;

  RawAsset(AssetPath path, byte[] bytes) {
    this.path = Objects.requireNonNull(path, "path");
    this.bytes = Objects.requireNonNull(bytes, "bytes");
  }

  /** The file this was read from, relative to its content root. */
  public AssetPath path() {
    return path;
  }

  /** The size in bytes. */
  public int size() {
    return bytes.length;
  }

  /** A read-only view of the bytes. */
  public ByteBuffer bytes() {
    return ByteBuffer.wrap(bytes).asReadOnlyBuffer();
  }

  /** A stream over the bytes. */
  public InputStream open() {
    return new ByteArrayInputStream(bytes);
  }

  @Override
  public String toString() {
    return "RawAsset[" + path + ", " + bytes.length + " bytes]";
  }
}
