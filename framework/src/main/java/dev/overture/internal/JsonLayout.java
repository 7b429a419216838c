package dev.overture.internal;

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
 * a final newline, whatever the platform; never a number that is not finite. Stateless; thread-safe.
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
}
