package dev.overture.asset;

import dev.overture.internal.ControlCharacters;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Objects;

/**
 * A file's place inside a content root: a relative path with {@code /} between folders, such as
 * {@code textures/hero/icon.png}. Secondary asset references in JSON are asset paths.
 *
 * <p>An asset path can never leave its content root. {@link #parse} normalizes {@code .} and
 * {@code ..} segments and repeated slashes, and refuses with {@link InvalidAssetPathException} a
 * path that is absolute (a leading {@code /}, a drive letter, a UNC name), uses {@code \}, holds a
 * NUL or control character, or climbs above the root with {@code ..}. Sources additionally refuse
 * a path whose file, through a symbolic link, lies outside the root.
 *
 * <p>Immutable; safe to share between threads.
 *
 * @param value the normalized path; {@code ""} only for {@link #ROOT}
 */
public record AssetPath(String value) implements Comparable<AssetPath> {

  /** The content root itself, the starting point for listings. */
  public static final AssetPath ROOT = new AssetPath("");

  public AssetPath {
    Objects.requireNonNull(value, "value");
    if (!value.isEmpty() && !isNormal(value)) {
      throw new IllegalArgumentException(
          "not a normalized asset path: \"" + value + "\" (use AssetPath.parse)");
    }
  }

  /**
   * Parses and normalizes {@code text}.
   *
   * @throws InvalidAssetPathException saying why, when the text is not a path inside a content root
   */
  public static AssetPath parse(String text) {
    Objects.requireNonNull(text, "text");
    if (isNormal(text)) {
      return new AssetPath(text);
    }
    if (text.isEmpty()) {
      throw new InvalidAssetPathException(
          "Asset path is empty: write a path relative to the content root, for example"
              + " \"textures/icon.png\"");
    }
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '\\') {
        throw new InvalidAssetPathException(
            "Asset path \"" + text + "\" uses '\\': separate folders with '/'");
      }
      if (c < 0x20 || c == 0x7f) {
        throw new InvalidAssetPathException(
            "Asset path \"" + ControlCharacters.escaped(text) + "\" holds a control character");
      }
    }
    if (text.startsWith("/") || hasDriveLetter(text)) {
      throw new InvalidAssetPathException(
          "Asset path \""
              + text
              + "\" is absolute: write it relative to the content root, for example"
              + " \"textures/icon.png\"");
    }
    Deque<String> segments = new ArrayDeque<>();
    for (String segment : text.split("/", -1)) {
      if (segment.isEmpty() || segment.equals(".")) {
        continue;
      }
      if (segment.equals("..")) {
        if (segments.isEmpty()) {
          throw new InvalidAssetPathException(
              "Asset path \"" + text + "\" escapes the content root: a \"..\" climbs above it");
        }
        segments.removeLast();
        continue;
      }
      segments.addLast(segment);
    }
    if (segments.isEmpty()) {
      throw new InvalidAssetPathException(
          "Asset path \"" + text + "\" names the content root itself, not a file in it");
    }
    return new AssetPath(String.join("/", segments));
  }

  /** The path of {@code relative} inside this folder, normalized like {@link #parse}. */
  public AssetPath resolve(String relative) {
    return value.isEmpty() ? parse(relative) : parse(value + '/' + relative);
  }

  /** The last segment: {@code icon.png} for {@code textures/icon.png}. */
  public String fileName() {
    return value.substring(value.lastIndexOf('/') + 1);
  }

  /** The file name without its last extension: {@code icon} for {@code textures/icon.png}. */
  public String baseName() {
    String fileName = fileName();
    int dot = fileName.lastIndexOf('.');
    return dot > 0 ? fileName.substring(0, dot) : fileName;
  }

  /** The last extension without its dot, lower case as written ({@code png}), or {@code ""}. */
  public String extension() {
    String fileName = fileName();
    int dot = fileName.lastIndexOf('.');
    return dot > 0 ? fileName.substring(dot + 1) : "";
  }

  /** The folder holding this path; {@link #ROOT} for a top-level file. */
  public AssetPath parent() {
    int slash = value.lastIndexOf('/');
    return slash < 0 ? ROOT : new AssetPath(value.substring(0, slash));
  }

  /** Whether this path is {@code folder} or lies inside it. */
  public boolean isWithin(AssetPath folder) {
    return folder.value.isEmpty()
        || value.equals(folder.value)
        || (value.startsWith(folder.value) && value.charAt(folder.value.length()) == '/');
  }

  @Override
  public int compareTo(AssetPath other) {
    return value.compareTo(other.value);
  }

  @Override
  public String toString() {
    return value;
  }

  /**
   * Whether {@code value} is already a normalized relative path: one pass, no allocation. Letters
   * and digits (the bulk of a path) cost one comparison each: every character that needs a look
   * ({@code /}, {@code .}, controls) is below {@code '0'}, apart from the backslash and DEL. Binding a
   * bundle's thousands of references spent most of its time here when each character took three.
   */
  private static boolean isNormal(String value) {
    int length = value.length();
    if (length == 0 || value.charAt(length - 1) == '/' || hasDriveLetter(value)) {
      return false;
    }
    int segmentStart = 0;
    for (int i = 0; i < length; i++) {
      char c = value.charAt(i);
      if (c < '0') {
        if (c == '/') {
          if (!isNormalSegment(value, segmentStart, i)) {
            return false;
          }
          segmentStart = i + 1;
        } else if (c < 0x20) {
          return false;
        }
      } else if (c == '\\' || c == 0x7f) {
        return false;
      }
    }
    return isNormalSegment(value, segmentStart, length);
  }

  /** Whether {@code value[start, end)} can be a segment of a normal path: neither empty, {@code .} nor {@code ..}. */
  private static boolean isNormalSegment(String value, int start, int end) {
    int segmentLength = end - start;
    return segmentLength > 2
        || (segmentLength == 1 && value.charAt(start) != '.')
        || (segmentLength == 2 && !(value.charAt(start) == '.' && value.charAt(start + 1) == '.'));
  }

  private static boolean hasDriveLetter(String text) {
    return text.length() >= 2
        && text.charAt(1) == ':'
        && ((text.charAt(0) >= 'a' && text.charAt(0) <= 'z')
            || (text.charAt(0) >= 'A' && text.charAt(0) <= 'Z'));
  }

  // equals and hashCode written out, with the record's own definition and hash (each component in
  // order, h = 31 * h + hash): a record's generated ones link an invokedynamic call site the first
  // time they run, a few milliseconds of every start-up for each record class (issue 20).
  @Override
  public boolean equals(Object o) {
    return this == o || o instanceof AssetPath other
        && value.equals(other.value);
  }

  @Override
  public int hashCode() {
    return value.hashCode();
  }
}
