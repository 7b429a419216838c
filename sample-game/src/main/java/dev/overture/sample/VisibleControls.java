package dev.overture.sample;

import java.io.FilterWriter;
import java.io.IOException;
import java.io.Writer;

/**
 * The commands' output with control characters shown rather than obeyed: content values (a
 * plugin's name, a map's title, a message quoting a file) reach the terminal through the commands'
 * writers, and an ESC, a BEL or a backspace in them would recolour, retitle or rewrite the
 * terminal (terminal injection). Each such character is written as its Java escape, {@code
 * \u001b}; newline, tab and the carriage return the progress bar rewrites its line with pass as
 * they are. So do the other characters, however they are encoded. What counts as a control: the
 * C0 and C1 controls and DEL (Unicode's {@code Cc}), and the bidirectional embeddings, overrides
 * and isolates, which reorder what a terminal shows.
 *
 * <p>Used by one thread at a time, as the {@link java.io.PrintWriter} over it is.
 */
final class VisibleControls extends FilterWriter {

  VisibleControls(Writer out) {
    super(out);
  }

  /** Whether {@code c} is written as an escape rather than as itself. */
  static boolean hidden(char c) {
    if (c == '\n' || c == '\t' || c == '\r') {
      return false;
    }
    return Character.getType(c) == Character.CONTROL || (c >= '\u202a' && c <= '\u202e') || (c >= '\u2066' && c <= '\u2069');
  }

  /** {@code text} as this writer writes it. */
  static String visible(CharSequence text) {
    StringBuilder shown = new StringBuilder(text.length());
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (hidden(c)) {
        shown.append(String.format("\\u%04x", (int) c));
      } else {
        shown.append(c);
      }
    }
    return shown.toString();
  }

  @Override
  public void write(int c) throws IOException {
    if (hidden((char) c)) {
      out.write(visible(String.valueOf((char) c)));
    } else {
      out.write(c);
    }
  }

  @Override
  public void write(char[] chars, int offset, int length) throws IOException {
    write(new String(chars, offset, length), 0, length);
  }

  @Override
  public void write(String text, int offset, int length) throws IOException {
    int from = offset;
    int end = offset + length;
    for (int i = offset; i < end; i++) {
      if (hidden(text.charAt(i))) {
        out.write(text, from, i - from);
        out.write(visible(text.substring(i, i + 1)));
        from = i + 1;
      }
    }
    out.write(text, from, end - from);
  }
}
