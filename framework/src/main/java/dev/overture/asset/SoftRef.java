package dev.overture.asset;

import java.util.Objects;

/**
 * A soft reference to a secondary asset: a file in a content root, loaded only when a bundle that
 * holds it is loaded (see {@link AssetBundles}) or when asked for. In JSON it is the file's {@link
 * AssetPath}, relative to the content root of the asset that holds it.
 *
 * <p>{@code T} is what the file becomes when loaded: a record bound from JSON, or {@link RawAsset}
 * for any other file. It comes from the declared type of the record component ({@code
 * SoftRef<InputConfig>}); a raw {@code SoftRef} loads as {@link RawAsset}.
 *
 * <p>Immutable; safe to share between threads. {@link AssetManager#getAsset(SoftRef)} gives the
 * loaded value.
 *
 * @param <T> what the file loads as
 */
public final class SoftRef<T> implements AssetKey {

  private final String root;
  private final AssetPath path;
  private final Class<T> type;
  /**
   * Computed while the path's text is fresh in the cache: the manager hashes a reference again
   * when a load releases it, long after, and reading the text then missed the cache every time.
   */
  private final int hash;

  private SoftRef(String root, AssetPath path, Class<T> type) {
    this.root = Objects.requireNonNull(root, "root");
    this.path = Objects.requireNonNull(path, "path");
    this.type = Objects.requireNonNull(type, "type");
    if (path.value().isEmpty()) {
      throw new IllegalArgumentException("a soft reference names a file, not the content root");
    }
    this.hash = (root.hashCode() * 31 + path.hashCode()) * 31 + type.hashCode();
  }

  /** A reference to {@code path} in the content root named {@code root}, loading as {@code type}. */
  public static <T> SoftRef<T> of(String root, AssetPath path, Class<T> type) {
    return new SoftRef<>(root, path, type);
  }

  /** The name of the content root the path is relative to. */
  public String root() {
    return root;
  }

  /** The file, relative to its content root. */
  public AssetPath path() {
    return path;
  }

  /** What the file loads as. */
  public Class<T> type() {
    return type;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof SoftRef<?> that
        && hash == that.hash
        && root.equals(that.root)
        && path.equals(that.path)
        && type.equals(that.type);
  }

  @Override
  public int hashCode() {
    return hash;
  }

  /** {@code root:/path (Type)}. */
  @Override
  public String toString() {
    return root + ":/" + path + " (" + type.getSimpleName() + ')';
  }
}
