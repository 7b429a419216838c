package dev.overture.asset;

import dev.overture.core.Problem;
import dev.overture.core.SourceLocation;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.core.StreamReadConstraints;
import tools.jackson.core.TokenStreamContext;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.core.exc.StreamConstraintsException;
import tools.jackson.core.json.JsonFactory;

/**
 * The {@link AssetLimits} as Jackson's stream read constraints, and the problem a file that
 * crosses one of them gets. Jackson's own exception names neither the place (no location, no path
 * for most limits) nor the limit in our terms, and its text is not ours to parse; so, on that rare
 * error path only, the file is read again as a stream (no tree, so no memory beyond the parser's)
 * once per limit with only that limit set: the first limit crossed, and where, is the one the bind
 * met. Immutable and thread-safe.
 */
final class JsonLimits {

  /** One limit: its constraint alone, and how the problem names it. */
  private enum Limit {
    NESTING("maxNestingDepth"),
    TOKENS("maxTokenCount"),
    STRING("maxStringLength"),
    NAME("maxNameLength"),
    NUMBER("maxNumberLength");

    final String setting;

    Limit(String setting) {
      this.setting = setting;
    }
  }

  /** Where a limit is first crossed. */
  private record Crossing(Limit limit, long offset, int line, int column, String pointer) {}

  private final AssetLimits limits;
  private final StreamReadConstraints all;

  JsonLimits(AssetLimits limits) {
    this.limits = limits;
    this.all =
        StreamReadConstraints.builder()
            .maxDocumentLength(limits.maxDocumentBytes())
            .maxNestingDepth(limits.maxNestingDepth())
            .maxStringLength(limits.maxStringLength())
            .maxNameLength(limits.maxNameLength())
            .maxNumberLength(limits.maxNumberLength())
            .maxTokenCount(limits.maxTokenCount())
            .build();
  }

  /** Every limit, for the asset mapper. */
  StreamReadConstraints all() {
    return all;
  }

  /**
   * The problem of {@code json}, which crossed a limit while being read for {@code context}:
   * which limit, at which line, column and pointer.
   */
  Problem problem(byte[] json, BindContext context) {
    Crossing first = null;
    for (Limit limit : Limit.values()) {
      Crossing crossing = crossing(limit, json);
      if (crossing != null && (first == null || crossing.offset() < first.offset())) {
        first = crossing;
      }
    }
    if (first == null) {
      // Not found again (the file changed since): the file is still named.
      return Problem.error("Overture/LimitExceeded", "The file crosses one of the asset limits (see AssetLimits)")
          .withAsset(context.asset())
          .at(SourceLocation.ofFile(context.file()));
    }
    return Problem.error("Overture/LimitExceeded", message(first.limit()))
        .withAsset(context.asset())
        .at(new SourceLocation(context.file(), first.line(), first.column(), first.pointer()));
  }

  private String message(Limit limit) {
    return switch (limit) {
      case NESTING -> "Objects and arrays nest more than " + limits.maxNestingDepth() + " levels deep here; the deepest accepted is "
          + limits.maxNestingDepth() + " (AssetLimits." + limit.setting + ")";
      case TOKENS -> "The file holds more than " + limits.maxTokenCount() + " tokens (names, values and brackets); the most accepted is "
          + limits.maxTokenCount() + " (AssetLimits." + limit.setting + "), and this is where it went past";
      case STRING -> "This string is longer than " + limits.maxStringLength() + " characters, the longest accepted (AssetLimits."
          + limit.setting + ")";
      case NAME -> "A property name here is longer than " + limits.maxNameLength() + " characters, the longest accepted (AssetLimits."
          + limit.setting + ")";
      case NUMBER -> "This number is longer than " + limits.maxNumberLength() + " characters, the longest accepted (AssetLimits."
          + limit.setting + ")";
    };
  }

  /** Where {@code json} first crosses {@code limit}, reading it with that limit alone; null when it does not. */
  private Crossing crossing(Limit limit, byte[] json) {
    JsonFactory factory = JsonFactory.builder().streamReadConstraints(only(limit)).build();
    try (JsonParser parser = factory.createParser(ObjectReadContext.empty(), json)) {
      try {
        JsonToken token;
        while ((token = parser.nextToken()) != null) {
          if (limit == Limit.STRING && token == JsonToken.VALUE_STRING) {
            parser.getString(); // a string is checked when its text is read, which binding may skip
          }
        }
        return null;
      } catch (StreamConstraintsException e) {
        return where(limit, parser, json);
      }
    } catch (JacksonException e) {
      return null; // malformed before the limit: binding reported that instead
    }
  }

  /**
   * Where {@code parser} stood when it crossed {@code limit}. A string's limit is crossed on its own
   * token; the others while reading the next one, which the parser has not made current: the value
   * that opens too deep a level, the name that is too long, the number that is too long, the token
   * past the count. The pointer is the value's, or for a name the object's.
   */
  private static Crossing where(Limit limit, JsonParser parser, byte[] json) {
    TokenStreamContext context = parser.streamReadContext();
    String pointer;
    TokenStreamLocation at;
    if (limit == Limit.STRING) {
      pointer = Pointers.ofValueAt(parser);
      at = parser.currentTokenLocation();
    } else if (limit == Limit.NAME) {
      pointer = context.inObject() ? parentPointer(context) : context.pathAsPointer().toString();
      at = parser.currentLocation();
    } else {
      pointer = context.pathAsPointer().toString();
      at = parser.currentLocation();
    }
    // Too deep a level is crossed right after reading its opening bracket: name the bracket itself.
    int column = dev.overture.internal.TextColumns.of(json, at) - (limit == Limit.NESTING && at.getColumnNr() > 1 ? 1 : 0);
    return new Crossing(limit, Math.max(at.getByteOffset(), at.getCharOffset()), Math.max(at.getLineNr(), 0), column, pointer);
  }

  private static String parentPointer(TokenStreamContext context) {
    TokenStreamContext parent = context.getParent();
    return parent == null ? "" : parent.pathAsPointer().toString();
  }

  /** {@code limit} alone, every other constraint out of the way. */
  private StreamReadConstraints only(Limit limit) {
    StreamReadConstraints.Builder builder =
        StreamReadConstraints.builder()
            .maxNestingDepth(Integer.MAX_VALUE)
            .maxStringLength(Integer.MAX_VALUE)
            .maxNameLength(Integer.MAX_VALUE)
            .maxNumberLength(Integer.MAX_VALUE)
            .maxTokenCount(Long.MAX_VALUE);
    return switch (limit) {
      case NESTING -> builder.maxNestingDepth(limits.maxNestingDepth()).build();
      case TOKENS -> builder.maxTokenCount(limits.maxTokenCount()).build();
      case STRING -> builder.maxStringLength(limits.maxStringLength()).build();
      case NAME -> builder.maxNameLength(limits.maxNameLength()).build();
      case NUMBER -> builder.maxNumberLength(limits.maxNumberLength()).build();
    };
  }
}
