package dev.overture.sample;

import dev.overture.internal.ControlCharacters;
import java.io.FilterWriter;
import java.io.IOException;
import java.io.Writer;

/**
 * The commands' output with control characters shown rather than obeyed: content values (a
 * plugin's name, a map's title, a message quoting a file) reach the terminal through the commands'
 * writers, and an ESC, a BEL or a backspace in them would recolour, retitle or rewrite the
 * terminal (terminal injection). Each such character is written as its Java escape, {@code
 * \u001b}; newline, tab and the carriage return the progress bar rewrites its line with pass as
 * they are. So do the other characters, however they are encoded. What counts as a control is the
 * framework's one rule, {@link ControlCharacters}, which the asset path's and the map's messages
 * and the error stream ({@link VisibleErrors}) use too.
 *
 * <p>Used by one thread at a time, as the {@link java.io.PrintWriter} over it is.
 */
final class VisibleControls extends FilterWriter {

  VisibleControls(Writer out) {
    super(out);
  }

  /** Whether {@code c} is written as an escape rather than as itself. */
  static boolean hidden(char c) {
    return ControlCharacters.hiddenInOutput(c);
  }

  @Override
  public void write(int c) throws IOException {
    if (hidden((char) c)) {
      out.write(ControlCharacters.escape((char) c));
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
        out.write(ControlCharacters.escape(text.charAt(i)));
        from = i + 1;
      }
    }
    out.write(text, from, end - from);
  }
}
