package dev.overture.core;

import java.util.Objects;

/**
 * Where in a file a {@link Problem} is: the file as the user knows it, a 1-based line and column
 * ({@code 0} when unknown), and the RFC 6901 JSON pointer of the value concerned ({@code ""}, the
 * pointer of the whole document, when the problem concerns the file as a whole).
 *
 * <p>Immutable and safe to share between threads.
 *
 * @param file the file as shown to the user, for example {@code assets/experiences/Elimination.json}
 * @param line the 1-based line, or 0 when unknown
 * @param column the 1-based column, or 0 when unknown
 * @param pointer the JSON pointer of the value concerned, {@code ""} for the whole document
 */
public record SourceLocation(String file, int line, int column, String pointer) {

  public SourceLocation {
    Objects.requireNonNull(file, "file");
    Objects.requireNonNull(pointer, "pointer");
    if (line < 0) {
      throw new IllegalArgumentException("line < 0: " + line);
    }
    if (column < 0) {
      throw new IllegalArgumentException("column < 0: " + column);
    }
    if (!pointer.isEmpty() && pointer.charAt(0) != '/') {
      throw new IllegalArgumentException("JSON pointer must be empty or start with '/': " + pointer);
    }
  }

  /** The whole of {@code file}, with no line or pointer. */
  public static SourceLocation ofFile(String file) {
    return new SourceLocation(file, 0, 0, "");
  }

  /** {@code file} at the value that {@code pointer} names, line and column not yet known. */
  public static SourceLocation at(String file, String pointer) {
    return new SourceLocation(file, 0, 0, pointer);
  }

  /** Whether the line and column are known. */
  public boolean hasPosition() {
    return line > 0;
  }

  /** This location with the given line and column. */
  public SourceLocation withPosition(int newLine, int newColumn) {
    return new SourceLocation(file, newLine, newColumn, pointer);
  }

  /**
   * The location as reports print it: {@code file:line:column (pointer)}, leaving out what is not
   * known.
   */
  @Override
  public String toString() {
    StringBuilder out = new StringBuilder(file);
    if (line > 0) {
      out.append(':').append(line);
      if (column > 0) {
        out.append(':').append(column);
      }
    }
    if (!pointer.isEmpty()) {
      out.append(" (").append(pointer).append(')');
    }
    return out.toString();
  }
}
