package dev.overture.asset;

import dev.overture.core.Problem;
import dev.overture.core.SourceLocation;
import dev.overture.internal.Choices;
import dev.overture.version.VersionHeader;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.StreamReadConstraints;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.deser.DeserializationProblemHandler;

/**
 * Records unknown properties as located warnings in the file's {@link BindContext} and skips
 * them, within the same limits as bound values, as the version rules ask (newer content read by
 * older code still loads). {@code $schema} (the JSON Schema a file names for editors) is not data
 * and is skipped silently; a {@code $version} header anywhere but first is noted for the binder to
 * refuse. Stateless; thread-safe.
 */
final class UnknownPropertyWarnings extends DeserializationProblemHandler {

  @Override
  public boolean handleUnknownProperty(
      DeserializationContext ctxt,
      JsonParser parser,
      ValueDeserializer<?> deserializer,
      Object beanOrClass,
      String propertyName) {
    BindContext context = BindContext.current();
    if (context == null) {
      return false;
    }
    TokenStreamLocation at = parser.currentTokenLocation();
    JsonParser real = ctxt.getParser();
    JsonParser limited = real != null ? real : parser; // the file's own parser, which has its limits
    String pointer;
    if (real != null && real != parser && real.currentToken() == JsonToken.END_OBJECT) {
      // Records buffer unknown properties and replay them once the object has been read: the
      // buffer knows no position, but the real parser stands at the end of that very object.
      pointer = Pointers.child(real.streamReadContext().pathAsPointer().toString(), propertyName);
    } else {
      pointer = Pointers.ofValueAt(parser);
    }
    if (pointer.equals("/$schema")) {
      skipReadingStrings(parser, limited);
      return true;
    }
    if (pointer.equals("/" + VersionHeader.FIELD)) {
      if (context.header == null) {
        context.misplacedHeader = new SourceLocation(context.file(), Math.max(at.getLineNr(), 0), context.column(at), pointer);
      }
      skipReadingStrings(parser, limited);
      return true;
    }
    Class<?> owner = beanOrClass instanceof Class<?> c ? c : beanOrClass.getClass();
    // A class that stands for a file by another name says so (plugin.json's reader, say).
    com.fasterxml.jackson.annotation.JsonRootName named = owner.getAnnotation(com.fasterxml.jackson.annotation.JsonRootName.class);
    String ownerName = named != null && !named.value().isEmpty() ? named.value() : owner.getSimpleName();
    List<String> known = sortedNames(deserializer.getKnownPropertyNames());
    String guess = Choices.didYouMean(propertyName, known).map(name -> "; did you mean \"" + name + "\"?").orElse("");
    Problem warning =
        Problem.warning(
                "Overture/UnknownProperty",
                "Unknown property \"" + propertyName + "\" in " + ownerName + " was ignored" + guess)
            .withChoices("known properties", known)
            .withAsset(context.asset())
            .at(new SourceLocation(context.file(), Math.max(at.getLineNr(), 0), context.column(at), pointer));
    context.warnings.add(warning);
    skipReadingStrings(parser, limited);
    return true;
  }

  /**
   * Skips the value the parser stands at, as {@code skipChildren} does, but reads every string in
   * it: Jackson checks a string's length only when it reads it, so a skipped string would pass
   * {@link AssetLimits#maxStringLength} unchecked (a fuzzer's finding). What is ignored is held to
   * the same limits as what is bound. Names, numbers, nesting and the token count are checked as
   * the parser steps over them.
   */
  static void skipReadingStrings(JsonParser parser, JsonParser real) {
    // A record's unknown properties come from a buffer, whose own parser knows no limits: the
    // file's parser's constraints are applied to each string.
    StreamReadConstraints constraints = real.streamReadConstraints();
    JsonToken token = parser.currentToken();
    if (token == JsonToken.VALUE_STRING) {
      constraints.validateStringLength(parser.getString().length());
      return;
    }
    if (token != JsonToken.START_OBJECT && token != JsonToken.START_ARRAY) {
      return;
    }
    int open = 1;
    while (open > 0) {
      JsonToken next = parser.nextToken();
      if (next == null) {
        return;
      }
      switch (next) {
        case START_OBJECT, START_ARRAY -> open++;
        case END_OBJECT, END_ARRAY -> open--;
        case VALUE_STRING -> constraints.validateStringLength(parser.getString().length());
        default -> { }
      }
    }
  }

  /** Jackson's known property names (or ids), as sorted strings. */
  static List<String> sortedNames(Collection<Object> known) {
    List<String> names = new ArrayList<>();
    if (known != null) {
      for (Object name : known) {
        names.add(String.valueOf(name));
      }
    }
    names.sort(null);
    return names;
  }
}
