package dev.overture.internal;

/**
 * The one rule for showing text from content (a file name, a title, a plugin's name) where a
 * person reads it: every character that would steer a terminal rather than show is written as its
 * Java escape, {@code \u001b}. What counts: the C0 and C1 controls and DEL (Unicode's {@code Cc}),
 * and the bidirectional embeddings, overrides and isolates, which reorder what a terminal shows.
 * An ESC, a BEL or a backspace in a value would otherwise recolour, retitle or rewrite the
 * terminal (terminal injection).
 *
 * <p>{@link #escaped} quotes one value, so a newline in it is escaped too; {@link #visible} is for
 * whole lines of output, where newline, tab and carriage return (a progress bar rewriting its
 * line) pass as they are. Which characters a caller refuses is its own rule (an asset path
 * refuses only C0 and DEL); this class only says how they are shown.
 *
 * <p>Stateless; safe from any thread.
 */
public final class ControlCharacters {

  private ControlCharacters() {}

  /** Whether {@code c} is shown as an escape in a quoted value (line breaks and tabs too). */
  public static boolean isControl(char c) {
    return Character.getType(c) == Character.CONTROL || (c >= '\u202a' && c <= '\u202e') || (c >= '\u2066' && c <= '\u2069');
  }

  /** Whether {@code c} is shown as an escape in output: a control but newline, tab and carriage return. */
  public static boolean hiddenInOutput(char c) {
    return c != '\n' && c != '\t' && c != '\r' && isControl(c);
  }

  /** {@code text} as one value: every {@linkplain #isControl control} as its escape. */
  public static String escaped(CharSequence text) {
    return shown(text, false);
  }

  /** {@code text} as output: every control but newline, tab and carriage return as its escape. */
  public static String visible(CharSequence text) {
    return shown(text, true);
  }

  /** {@code c} as its escape, {@code \u001b}. */
  public static String escape(char c) {
    char[] escape = {'\\', 'u', HEX[c >> 12 & 0xf], HEX[c >> 8 & 0xf], HEX[c >> 4 & 0xf], HEX[c & 0xf]};
    return new String(escape);
  }

  private static final char[] HEX = "0123456789abcdef".toCharArray();

  private static String shown(CharSequence text, boolean lines) {
    StringBuilder shown = null;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (lines ? hiddenInOutput(c) : isControl(c)) {
        if (shown == null) {
          shown = new StringBuilder(text.length() + 8).append(text, 0, i);
        }
        shown.append(escape(c));
      } else if (shown != null) {
        shown.append(c);
      }
    }
    return shown == null ? text.toString() : shown.toString();
  }
}
