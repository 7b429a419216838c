package dev.overture.asset;

import dev.overture.core.DataException;
import dev.overture.core.Problem;
import dev.overture.core.SourceLocation;
import com.fasterxml.jackson.annotation.JsonCreator;
import dev.overture.internal.Choices;
import dev.overture.internal.Failures;
import dev.overture.internal.JacksonMessages;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.TokenStreamContext;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.core.exc.InputCoercionException;
import tools.jackson.core.exc.StreamConstraintsException;
import tools.jackson.core.exc.StreamReadException;
import tools.jackson.databind.exc.InvalidFormatException;
import tools.jackson.databind.exc.InvalidNullException;
import tools.jackson.databind.exc.InvalidTypeIdException;
import tools.jackson.databind.exc.MismatchedInputException;
import tools.jackson.databind.exc.UnrecognizedPropertyException;
import tools.jackson.databind.exc.ValueInstantiationException;

/**
 * Turns Jackson's failures into {@link Problem}s: which failure it was comes from the exception's
 * type and structured fields (its path, location, target type, value, known property ids, and the
 * state of the parser that threw it), never from its message text. Jackson's wording is kept only
 * for malformed JSON, where it says best what is wrong. Stateless apart from the read-only kind
 * registry; thread-safe.
 */
final class JsonProblems {

  private final KindRegistry kinds;

  JsonProblems(KindRegistry kinds) {
    this.kinds = kinds;
  }

  /** The problem a Jackson failure means, located in {@code context}'s file. */
  Problem toProblem(JacksonException e, BindContext context) {
    String pointer = Pointers.of(e.getPath());
    if (e instanceof ValueInstantiationException && e.getCause() instanceof DataException data) {
      return data.toProblem().withAsset(context.asset()).at(SourceLocation.at(context.file(), pointer + data.pointer()));
    }
    JsonParser parser = e.processor() instanceof JsonParser p ? p : null;
    if (pointer.isEmpty() && parser != null) {
      try {
        pointer = Pointers.ofValueAt(parser);
      } catch (RuntimeException ignored) {
        // A closed parser: the file is still named.
      }
    }
    TokenStreamLocation where = e.getLocation();
    SourceLocation location =
        new SourceLocation(
            context.file(),
            where == null ? 0 : Math.max(where.getLineNr(), 0),
            context.column(where),
            pointer);
    return describe(e, pointer, parser).withAsset(context.asset()).at(location);
  }

  /**
   * What {@code e} means, unlocated: {@code pointer} is where it happened (its last name is the
   * field a message names), {@code parser} the one that threw, if known.
   */
  Problem describe(JacksonException e, String pointer, JsonParser parser) {
    String field = lastName(pointer);
    if (e instanceof AssetReferenceException reference) {
      Problem problem = Problem.error(reference.problemId(), reference.getOriginalMessage());
      return reference.choices().isEmpty() && !reference.problemId().equals("Overture/UnknownClass")
          && !reference.problemId().equals("Overture/WrongClass")
          ? problem
          : problem.withChoices(reference.label(), reference.choices());
    }
    if (e instanceof NullValues.NullValueException nullValue) {
      // A property written as null: what a number's null always said, and how to get the default.
      Class<?> type = nullValue.getTargetType();
      return Problem.error("Overture/WrongType", "Expected " + expected(type)
          + (field.isEmpty() ? "" : " for \"" + field + "\"") + " but found null; leave it out for the default");
    }
    if (e instanceof InvalidNullException) {
      String property = lastPropertyName(e.getPath());
      return Problem.error("Overture/InvalidValue", "null is not allowed here" + (property == null ? "" : " (in \"" + property + "\")"));
    }
    if (e instanceof MismatchedInputException && parser != null) {
      // FAIL_ON_TRAILING_TOKENS reads one token past the value; an empty file has no value at all.
      int topLevelValues = topLevelValues(parser);
      if (topLevelValues == 0) {
        return Problem.error("Overture/MalformedJson", "The file is empty; expected a JSON object");
      }
      if (topLevelValues > 1) {
        return Problem.error("Overture/MalformedJson", "Content after the end of the top-level value; a file holds one value");
      }
    }
    if (e instanceof InvalidTypeIdException typeId) {
      Class<?> base = typeId.getBaseType() == null ? Object.class : typeId.getBaseType().getRawClass();
      String property = KindRegistry.kindProperty(base);
      List<String> known = kinds.names(base);
      String message =
          typeId.getTypeId() == null
              ? "Missing \"" + property + "\": name the kind of " + base.getSimpleName()
              : "Unknown " + property + " \"" + typeId.getTypeId() + "\" for " + base.getSimpleName();
      return Problem.error(
              typeId.getTypeId() == null ? "Overture/MissingKind" : "Overture/UnknownKind", message)
          .withChoices("known kinds", Choices.closest(String.valueOf(typeId.getTypeId()), known));
    }
    if (e instanceof UnrecognizedPropertyException unknown) {
      return Problem.error(
              "Overture/UnknownProperty",
              "Unknown property \"" + unknown.getPropertyName() + "\"")
          .withChoices("known properties", UnknownPropertyWarnings.sortedNames(unknown.getKnownPropertyIds()));
    }
    if (e instanceof InvalidFormatException format && format.getTargetType() != null && format.getTargetType().isEnum()) {
      List<String> constants =
          Arrays.stream(format.getTargetType().getEnumConstants()).map(Object::toString).toList();
      return Problem.error(
              "Overture/InvalidValue",
              "\"" + format.getValue() + "\" is not a valid " + field + " value")
          .withChoices("valid values", constants);
    }
    if (e instanceof ValueInstantiationException instantiation) {
      Throwable cause = instantiation.getCause() == null ? instantiation : instantiation.getCause();
      String type = instantiation.getType() == null ? "the value" : instantiation.getType().getRawClass().getSimpleName();
      // Never the exception's class name: a content author cannot act on "NullPointerException".
      String why =
          cause.getMessage() != null
              ? Failures.describe(cause)
              : "Cannot create " + type + " from these values"
                  + (cause instanceof NullPointerException ? " (a required value is missing or null?)" : "");
      return Problem.error("Overture/InvalidValue", why);
    }
    if (e instanceof MismatchedInputException mismatch) {
      String expected = expected(mismatch.getTargetType());
      String found = found(mismatch, parser);
      if (expected != null && found != null) {
        return Problem.error(
            "Overture/WrongType",
            "Expected " + expected + (field.isEmpty() ? "" : " for \"" + field + "\"") + " but found " + found);
      }
      return Problem.error("Overture/WrongType", jacksonMessage(e));
    }
    if (e instanceof InputCoercionException coercion && coercion.getTargetType() != null) {
      // A number too large for the field's type: Jackson's words ("out of range of `int`") name Java
      // types, so say it with the field and the range it accepts.
      return Problem.error("Overture/OutOfRange", (field.isEmpty() ? "This number" : "\"" + field + "\"")
          + " is outside " + range(coercion.getTargetType()));
    }
    if (e instanceof StreamConstraintsException) {
      return Problem.error("Overture/LimitExceeded", jacksonMessage(e) + " (see AssetLimits)");
    }
    if (e instanceof StreamReadException) {
      return Problem.error("Overture/MalformedJson", "Malformed JSON: " + JacksonMessages.withoutParserAdvice(jacksonMessage(e)));
    }
    return Problem.error("Overture/InvalidJson", jacksonMessage(e));
  }

  /** How many top-level values the parser has begun: 0 for an empty file, 2 once it read past the first. */
  private static int topLevelValues(JsonParser parser) {
    TokenStreamContext context = parser.streamReadContext();
    if (context == null) {
      return 1;
    }
    while (context.getParent() != null) {
      context = context.getParent();
    }
    return context.getEntryCount();
  }

  /** Jackson's message without where an unclosed object or array began ({@link JacksonMessages}). */
  private static String jacksonMessage(JacksonException e) {
    return JacksonMessages.withoutSourceMarker(e.getOriginalMessage());
  }

  /** The last name of {@code pointer} (a property, or an index as text); empty for the root. */
  private static String lastName(String pointer) {
    int slash = pointer.lastIndexOf('/');
    return slash < 0 ? "" : pointer.substring(slash + 1).replace("~1", "/").replace("~0", "~");
  }

  /** The property (or map key) the path ends at; null when it ends at an index or is empty. */
  private static String lastPropertyName(List<JacksonException.Reference> path) {
    if (path.isEmpty()) {
      return null;
    }
    return path.get(path.size() - 1).getPropertyName();
  }

  /** The numbers a Java number type holds, in words. */
  private static String range(Class<?> type) {
    if (type == int.class || type == Integer.class) {
      return "the whole numbers accepted here (" + Integer.MIN_VALUE + " to " + Integer.MAX_VALUE + ")";
    }
    if (type == long.class || type == Long.class) {
      return "the whole numbers accepted here (" + Long.MIN_VALUE + " to " + Long.MAX_VALUE + ")";
    }
    if (type == short.class || type == Short.class) {
      return "the whole numbers accepted here (" + Short.MIN_VALUE + " to " + Short.MAX_VALUE + ")";
    }
    if (type == byte.class || type == Byte.class) {
      return "the whole numbers accepted here (" + Byte.MIN_VALUE + " to " + Byte.MAX_VALUE + ")";
    }
    return "the numbers accepted here";
  }

  private static String expected(Class<?> type) {
    if (type == null) {
      return null;
    }
    if (type == String.class || type == PrimaryAssetId.class || type == AssetPath.class || type == SoftRef.class
        || type == ClassRef.class || type == ClassOrAsset.class || type == PrimaryAssetType.class || fromString(type)) {
      return "a string";
    }
    if (type == boolean.class || type == Boolean.class) {
      return "true or false";
    }
    if (type == char.class || type == Character.class) {
      return "a single character";
    }
    if (type.isPrimitive() || Number.class.isAssignableFrom(type)) {
      return type == int.class || type == long.class || type == short.class || type == byte.class
              || type == Integer.class || type == Long.class || type == Short.class || type == Byte.class
              || type == java.math.BigInteger.class
          ? "a whole number"
          : "a number";
    }
    if (type.isArray() || Collection.class.isAssignableFrom(type)) {
      return "an array";
    }
    if (type.isEnum()) {
      return "a string";
    }
    return "an object";
  }

  /** Whether content writes {@code type} as a string: it has a static {@code @JsonCreator} taking one (a plugin's version, a name). */
  private static boolean fromString(Class<?> type) {
    for (Method method : type.getDeclaredMethods()) {
      if (Modifier.isStatic(method.getModifiers()) && method.isAnnotationPresent(JsonCreator.class)
          && method.getParameterCount() == 1 && method.getParameterTypes()[0] == String.class) {
        return true;
      }
    }
    return false;
  }

  private static String found(MismatchedInputException e, JsonParser parser) {
    JsonToken token = e.getCurrentToken();
    if (token == null && parser != null) {
      token = parser.currentToken();
    }
    if (token == null) {
      return null;
    }
    return switch (token) {
      // Stopped at a property's name: reading inside an object the field does not take.
      case START_OBJECT, END_OBJECT, PROPERTY_NAME -> "an object";
      case START_ARRAY, END_ARRAY -> "an array";
      case VALUE_STRING -> "a string";
      case VALUE_NUMBER_INT -> "a whole number";
      case VALUE_NUMBER_FLOAT -> "a decimal number";
      case VALUE_TRUE, VALUE_FALSE -> "a boolean";
      case VALUE_NULL -> "null";
      default -> null;
    };
  }
}
