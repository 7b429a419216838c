package dev.overture.asset;

import dev.overture.core.Problem;
import java.util.List;

/**
 * A file read and bound: its value, the warnings binding collected, its size, and where it is. The
 * file's name as users see it ({@link #file()}) is made when asked (for a problem, a snapshot), not
 * kept: a loaded file of a soft reference would otherwise keep a string of its full path, about a
 * hundred bytes, for as long as it stays loaded. An indexed asset's name is the index's own string.
 *
 * @param value the bound asset
 * @param warnings warnings from binding (unknown properties)
 * @param knownFile the file as shown to users, or null to make it from {@code root} and {@code path}
 * @param root the content root of the file, when {@code knownFile} is null
 * @param path the file in {@code root}, when {@code knownFile} is null
 * @param bytes the size of the file, the estimate of the asset's memory that diagnostics show
 */
record Loaded(Object value, List<Problem> warnings, String knownFile, ContentRoot root, AssetPath path, long bytes) {

  /** An indexed asset's file, whose name the index keeps. */
  static Loaded named(Object value, List<Problem> warnings, String file, long bytes) {
    return new Loaded(value, warnings, file, null, null, bytes);
  }

  /** A file of {@code root}, named when asked. */
  static Loaded at(Object value, List<Problem> warnings, ContentRoot root, AssetPath path, long bytes) {
    return new Loaded(value, warnings, null, root, path, bytes);
  }

  /** The file as shown to users. */
  String file() {
    return knownFile != null ? knownFile : root.source().displayPath(path);
  }
}
