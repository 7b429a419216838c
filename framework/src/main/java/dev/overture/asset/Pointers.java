package dev.overture.asset;

import java.util.List;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.TokenStreamContext;

/** JSON pointers (RFC 6901) for problem locations. Stateless. */
final class Pointers {

  private Pointers() {}

  /** {@code parent} followed by the property {@code name}, escaped. */
  static String child(String parent, String name) {
    return parent + '/' + name.replace("~", "~0").replace("/", "~1");
  }

  /** The pointer of the path Jackson recorded while unwinding, {@code ""} when there is none. */
  static String of(List<JacksonException.Reference> path) {
    StringBuilder out = new StringBuilder();
    for (JacksonException.Reference reference : path) {
      if (reference.getPropertyName() != null) {
        out.append('/').append(reference.getPropertyName().replace("~", "~0").replace("/", "~1"));
      } else if (reference.getIndex() >= 0) {
        out.append('/').append(reference.getIndex());
      }
    }
    return out.toString();
  }

  /**
   * The pointer of the value the parser is on: for the start of an object or array, the pointer of
   * that container rather than of its (not yet read) first member.
   */
  static String ofValueAt(JsonParser parser) {
    TokenStreamContext context = parser.streamReadContext();
    JsonToken token = parser.currentToken();
    if ((token == JsonToken.START_OBJECT || token == JsonToken.START_ARRAY) && context.getParent() != null) {
      context = context.getParent();
    }
    return context.pathAsPointer().toString();
  }
}
