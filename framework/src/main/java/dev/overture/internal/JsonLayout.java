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
 * settings): two spaces of indentation, one member or element per line, {@code "name": value}, and
 * a final newline, whatever the platform. Stateless; thread-safe.
 */
public final class JsonLayout {

  private static final ObjectWriter WRITER =
      JsonMapper.builder()
          .build()
          .writerWithDefaultPrettyPrinter()
          .with(
              new DefaultPrettyPrinter()
                  .withSeparators(Separators.createDefaultInstance().withObjectNameValueSpacing(Separators.Spacing.AFTER))
                  .withArrayIndenter(new DefaultIndenter("  ", "\n"))
                  .withObjectIndenter(new DefaultIndenter("  ", "\n")));

  private JsonLayout() {}

  /** {@code json} laid out for people, as UTF-8 bytes. */
  public static byte[] toBytes(JsonNode json) {
    return (WRITER.writeValueAsString(json) + "\n").getBytes(StandardCharsets.UTF_8);
  }
}
