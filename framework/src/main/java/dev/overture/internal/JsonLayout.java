package dev.overture.internal;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import tools.jackson.core.util.DefaultIndenter;
import tools.jackson.core.util.DefaultPrettyPrinter;
import tools.jackson.core.util.Separators;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectWriter;
import tools.jackson.databind.json.JsonMapper;

/**
 * How Overture writes the JSON files people read and edit (resaved assets, the build version file,
 * settings, schemas): two spaces of indentation, one member or element per line, {@code "name": value}, and
 * a final newline, whatever the platform (a rewritten file keeps its own line ends, mark and
 * encoding: {@link #toBytesLike}); never a number that is not finite. Stateless; thread-safe.
 */
public final class JsonLayout {

  private static final ObjectWriter WRITER =
      JsonMappers.builder()
          .build()
          .writerWithDefaultPrettyPrinter()
          .with(
              new DefaultPrettyPrinter()
                  .withSeparators(Separators.createDefaultInstance().withObjectNameValueSpacing(Separators.Spacing.AFTER))
                  .withArrayIndenter(new DefaultIndenter("  ", "\n"))
                  .withObjectIndenter(new DefaultIndenter("  ", "\n")));

  private JsonLayout() {}

  /**
   * {@code json} laid out for people, as UTF-8 bytes.
   *
   * @throws IllegalArgumentException when it holds a number that is not finite (NaN, an infinity):
   *     JSON has no such number, and Jackson would write it as a string that no longer reads back as
   *     a number, so nothing is written
   */
  public static byte[] toBytes(JsonNode json) {
    String notFinite = FiniteNumbers.findInTree(json);
    if (notFinite != null) {
      throw new IllegalArgumentException("Not written: " + (notFinite.isEmpty() ? "the value" : notFinite) + " is "
          + json.at(notFinite).doubleValue() + ", which is not a finite number (JSON has none)");
    }
    return (WRITER.writeValueAsString(json) + "\n").getBytes(StandardCharsets.UTF_8);
  }

  private static final byte[] UTF_8_BOM = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};
  private static final byte[] UTF_16BE_BOM = {(byte) 0xFE, (byte) 0xFF};
  private static final byte[] UTF_16LE_BOM = {(byte) 0xFF, (byte) 0xFE};

  /**
   * {@link #toBytes}, written as {@code original} (the file it replaces) was: with its byte order
   * mark and in its encoding (UTF-8, or UTF-16 of either byte order when it starts with that mark),
   * and with CRLF line ends when its first line ends so. A rewrite then changes only what changed,
   * not every line of a file a Windows editor saved.
   *
   * @throws IllegalArgumentException as {@link #toBytes} does
   */
  public static byte[] toBytesLike(JsonNode json, byte[] original) {
    String text = new String(toBytes(json), StandardCharsets.UTF_8);
    byte[] mark = new byte[0];
    Charset charset = StandardCharsets.UTF_8;
    if (startsWith(original, UTF_8_BOM)) {
      mark = UTF_8_BOM;
    } else if (startsWith(original, UTF_16BE_BOM)) {
      mark = UTF_16BE_BOM;
      charset = StandardCharsets.UTF_16BE;
    } else if (startsWith(original, UTF_16LE_BOM)) {
      mark = UTF_16LE_BOM;
      charset = StandardCharsets.UTF_16LE;
    }
    String before = new String(original, mark.length, original.length - mark.length, charset);
    int firstEnd = before.indexOf('\n');
    if (firstEnd > 0 && before.charAt(firstEnd - 1) == '\r') {
      text = text.replace("\n", "\r\n");
    }
    byte[] body = text.getBytes(charset);
    byte[] out = new byte[mark.length + body.length];
    System.arraycopy(mark, 0, out, 0, mark.length);
    System.arraycopy(body, 0, out, mark.length, body.length);
    return out;
  }

  private static boolean startsWith(byte[] bytes, byte[] prefix) {
    if (bytes.length < prefix.length) {
      return false;
    }
    for (int i = 0; i < prefix.length; i++) {
      if (bytes[i] != prefix[i]) {
        return false;
      }
    }
    return true;
  }
}
