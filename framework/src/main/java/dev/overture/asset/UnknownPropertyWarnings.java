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
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.deser.DeserializationProblemHandler;

/**
 * Records unknown properties as located warnings in the file's {@link BindContext} and skips
 * them, as the version rules ask (newer content read by older code still loads). {@code $schema}
 * (the JSON Schema a file names for editors) is not data and is skipped silently; a {@code
 * $version} header anywhere but first is noted for the binder to refuse. Stateless; thread-safe.
 */
final class UnknownPropertyWarnings extends DeserializationProblemHandler {

  @Override
  public boolean handleUnknownProperty(
      DeserializationContext ctxt,
      JsonParser parser,
      ValueDeserializer<?> deserializer,
      Object beanOrClass,
      String propertyName) {
    if (!(ctxt.getAttribute(BindContext.ATTRIBUTE) instanceof BindContext context)) {
      return false;
    }
    TokenStreamLocation at = parser.currentTokenLocation();
    JsonParser real = ctxt.getParser();
    String pointer;
    if (real != null && real != parser && real.currentToken() == JsonToken.END_OBJECT) {
      // Records buffer unknown properties and replay them once the object has been read: the
      // buffer knows no position, but the real parser stands at the end of that very object.
      pointer = Pointers.child(real.streamReadContext().pathAsPointer().toString(), propertyName);
    } else {
      pointer = Pointers.ofValueAt(parser);
    }
    if (pointer.equals("/$schema")) {
      parser.skipChildren();
      return true;
    }
    if (pointer.equals("/" + VersionHeader.FIELD)) {
      if (context.header == null) {
        context.misplacedHeader = new SourceLocation(context.file, Math.max(at.getLineNr(), 0), Math.max(at.getColumnNr(), 0), pointer);
      }
      parser.skipChildren();
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
            .withAsset(context.asset)
            .at(new SourceLocation(context.file, Math.max(at.getLineNr(), 0), Math.max(at.getColumnNr(), 0), pointer));
    context.warnings.add(warning);
    parser.skipChildren();
    return true;
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
