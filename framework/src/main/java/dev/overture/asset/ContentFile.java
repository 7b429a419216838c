package dev.overture.asset;

import java.util.Objects;

/**
 * One file of a content root, named by the root and its path there: what a change on disk is
 * about ({@link AssetTools#stage}), whichever asset, if any, it holds. Immutable value.
 *
 * @param root the content root's name
 * @param path the file, relative to the root
 */
public record ContentFile(String root, AssetPath path) implements Comparable<ContentFile> {

  public ContentFile {
    Objects.requireNonNull(root, "root");
    Objects.requireNonNull(path, "path");
    if (path.value().isEmpty()) {
      throw new IllegalArgumentException("a content file names a file, not the root of " + root);
    }
  }

  /** Whether {@code key}'s file is this one: a soft reference to it, in any type it loads as. */
  public boolean isFileOf(SoftRef<?> key) {
    return key.root().equals(root) && key.path().equals(path);
  }

  @Override
  public int compareTo(ContentFile other) {
    int byRoot = root.compareTo(other.root);
    return byRoot != 0 ? byRoot : path.compareTo(other.path);
  }

  /** {@code root:/path}. */
  @Override
  public String toString() {
    return root + ":/" + path;
  }
}
