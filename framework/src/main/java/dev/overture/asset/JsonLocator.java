package dev.overture.asset;

import dev.overture.core.SourceLocation;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.databind.ObjectMapper;

/**
 * Finds the line and column of the value a JSON pointer names, by reading the file once more. Used
 * only on the error path, for problems found after binding (a reference to an unknown asset), so
 * that loads keep no positions in memory. Stateless apart from the shared mapper.
 */
final class JsonLocator {

  private final ObjectMapper mapper;

  JsonLocator(ObjectMapper mapper) {
    this.mapper = mapper;
  }

  /** {@code location} with its line and column filled in, or unchanged when not found. */
  SourceLocation locate(byte[] json, SourceLocation location) {
    if (location.hasPosition()) {
      return location;
    }
    String target = location.pointer();
    try (JsonParser parser = mapper.createParser(json)) {
      JsonToken token;
      while ((token = parser.nextToken()) != null) {
        if (token == JsonToken.PROPERTY_NAME || token.isStructEnd()) {
          continue;
        }
        if (Pointers.ofValueAt(parser).equals(target)) {
          TokenStreamLocation at = parser.currentTokenLocation();
          return location.withPosition(Math.max(at.getLineNr(), 0), Math.max(at.getColumnNr(), 0));
        }
      }
    } catch (JacksonException e) {
      // The file changed or no longer parses: the pointer alone still names the place.
    }
    return location;
  }
}
