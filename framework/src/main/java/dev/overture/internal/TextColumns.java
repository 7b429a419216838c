package dev.overture.internal;

import tools.jackson.core.TokenStreamLocation;

/**
 * The column of a place in a UTF-8 file as the author's editor shows it: characters from the start
 * of its line, counted as Java counts them (a character beyond the Basic Multilingual Plane is two,
 * as in VS Code and IntelliJ), a byte order mark not counted. Jackson counts the bytes of a file it
 * reads from bytes, so a place after a non-ASCII character on its line (a name in any script, an
 * "é" in a title) was said one column further right for each byte beyond the first of each such
 * character, and every place on the first line of a file that starts with a byte order mark three
 * further.
 *
 * <p>One instance follows one file's places in the order a parser meets them, each counted from the
 * last (a file of 200,000 problems on one line is read once, not once a problem); a place before
 * the last is counted again from the start of its line. Not thread-safe: confined to the thread
 * reading the file.
 */
public final class TextColumns {

  private final byte[] utf8;
  /** A byte offset whose column is known, and that column. */
  private int at;
  private int column = 1;

  /** The columns of places in {@code utf8}, the bytes the parser reads. */
  public TextColumns(byte[] utf8) {
    this.utf8 = utf8;
  }

  /**
   * The column of {@code where}, a place a parser of {@code utf8} reported (0 when it has none);
   * when {@code utf8} is null, or the place is not one of its bytes (a tree's, a reader's), the
   * column as the parser reported it.
   */
  public static int of(byte[] utf8, TokenStreamLocation where) {
    if (utf8 == null || where == null) {
      return where == null ? 0 : Math.max(where.getColumnNr(), 0);
    }
    return new TextColumns(utf8).column(where);
  }

  /** The column of the byte at {@code offset} of {@code utf8} ({@code utf8.length} for its end). */
  public static int at(byte[] utf8, int offset) {
    return new TextColumns(utf8).columnAt(offset);
  }

  /** The column of {@code where}, as {@link #of(byte[], TokenStreamLocation)} says, for this file. */
  public int column(TokenStreamLocation where) {
    if (where == null) {
      return 0;
    }
    int reported = Math.max(where.getColumnNr(), 0);
    long offset = where.getByteOffset();
    if (reported == 0 || offset < 0 || offset > utf8.length) {
      return reported;
    }
    return columnAt((int) offset);
  }

  /** The column of the byte at {@code offset} ({@code utf8.length} for the end). */
  public int columnAt(int offset) {
    offset = Math.min(offset, utf8.length);
    if (offset < at) {
      int start = offset;
      while (start > 0 && !lineBreak(utf8[start - 1])) {
        start--;
      }
      at = start;
      column = 1;
    }
    for (; at < offset; at++) {
      int b = utf8[at] & 0xFF;
      if (lineBreak(utf8[at])) {
        column = 1;
      } else if ((b & 0xC0) != 0x80 && !(at == 0 && byteOrderMark())) {
        column += b >= 0xF0 && b <= 0xF4 ? 2 : 1; // a four-byte character is two of Java's; a byte no UTF-8 has, one
      }
    }
    return column;
  }

  private static boolean lineBreak(byte b) {
    return b == '\n' || b == '\r';
  }

  private boolean byteOrderMark() {
    return utf8.length >= 3 && (utf8[0] & 0xFF) == 0xEF && (utf8[1] & 0xFF) == 0xBB && (utf8[2] & 0xFF) == 0xBF;
  }
}
