package dev.overture.asset;

import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.BeanDescription;
import tools.jackson.databind.BeanProperty;
import tools.jackson.databind.DeserializationConfig;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.PropertyName;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.deser.ValueDeserializerModifier;
import tools.jackson.databind.deser.std.DelegatingDeserializer;
import tools.jackson.databind.exc.InvalidNullException;
import tools.jackson.databind.type.ArrayType;
import tools.jackson.databind.type.CollectionType;
import tools.jackson.databind.type.MapType;
import tools.jackson.databind.type.ReferenceType;
import tools.jackson.databind.util.AccessPattern;

/**
 * Refuses {@code null} written as a property's value, whatever its type (a string, a reference, a
 * list, an object, a number), as the JSON Schemas do: a value left out gets its default, a value
 * written as null is a mistake the author should hear about (before, {@code "defaultPawnData":
 * null} silently gave the game's default pawn data). Only a property of any JSON ({@link JsonNode},
 * {@code Object}) takes null, as its schema does.
 *
 * <p>Why not Jackson's {@code Nulls.FAIL}: for a record it refuses a property left out too, since
 * Jackson asks the same provider for the value of an absent creator parameter. Each deserializer is
 * wrapped instead, and refuses when asked for its null value at a {@code null} token. Nulls in lists
 * and maps are refused by the mapper's content nulls setting. Stateless; thread-safe.
 */
final class NullValues extends ValueDeserializerModifier {
  private static final long serialVersionUID = 1L;

  /** Thrown at an explicit null: names the type, so that the problem can say what is expected. */
  static final class NullValueException extends InvalidNullException {
    private static final long serialVersionUID = 1L;

    NullValueException(JsonParser parser, JavaType type) {
      super(parser, "null is not allowed for " + type.getRawClass().getSimpleName(), PropertyName.NO_NAME);
      setTargetType(type);
    }
  }

  @Override
  public ValueDeserializer<?> modifyDeserializer(
      DeserializationConfig config, BeanDescription.Supplier description, ValueDeserializer<?> deserializer) {
    Class<?> raw = description.getBeanClass();
    return raw == Object.class || JsonNode.class.isAssignableFrom(raw) ? deserializer : new Refusing(deserializer, description.getType());
  }

  @Override
  public ValueDeserializer<?> modifyEnumDeserializer(
      DeserializationConfig config, JavaType type, BeanDescription.Supplier description, ValueDeserializer<?> deserializer) {
    return new Refusing(deserializer, type);
  }

  @Override
  public ValueDeserializer<?> modifyReferenceDeserializer(
      DeserializationConfig config, ReferenceType type, BeanDescription.Supplier description, ValueDeserializer<?> deserializer) {
    return new Refusing(deserializer, type);
  }

  @Override
  public ValueDeserializer<?> modifyArrayDeserializer(
      DeserializationConfig config, ArrayType type, BeanDescription.Supplier description, ValueDeserializer<?> deserializer) {
    return new Refusing(deserializer, type);
  }

  @Override
  public ValueDeserializer<?> modifyCollectionDeserializer(
      DeserializationConfig config, CollectionType type, BeanDescription.Supplier description, ValueDeserializer<?> deserializer) {
    return new Refusing(deserializer, type);
  }

  @Override
  public ValueDeserializer<?> modifyMapDeserializer(
      DeserializationConfig config, MapType type, BeanDescription.Supplier description, ValueDeserializer<?> deserializer) {
    return new Refusing(deserializer, type);
  }

  /** A deserializer whose null value is a refusal; everything else is the wrapped one's. */
  private static final class Refusing extends DelegatingDeserializer {
    private static final long serialVersionUID = 1L;
    private final JavaType type;

    Refusing(ValueDeserializer<?> delegate, JavaType type) {
      super(delegate);
      this.type = type;
    }

    @Override
    protected ValueDeserializer<?> newDelegatingInstance(ValueDeserializer<?> delegate) {
      return new Refusing(delegate, type);
    }

    /**
     * An explicit null is refused. Jackson asks for the null value elsewhere too, with the parser
     * past the value: for a record's parameter left out (when the wrapped deserializer has no absent
     * value of its own), and for the contents of an {@code Optional} left out. Those get the wrapped
     * deserializer's null value, as before.
     */
    /** The wrapped deserializer made for the property's own type, generics included (a soft reference's target). */
    @Override
    public ValueDeserializer<?> createContextual(DeserializationContext ctxt, BeanProperty property) {
      JavaType contextual = ctxt.getContextualType();
      ValueDeserializer<?> inner = ctxt.handleSecondaryContextualization(_delegatee, property, contextual == null ? type : contextual);
      return inner == _delegatee ? this : newDelegatingInstance(inner);
    }

    @Override
    public Object getNullValue(DeserializationContext ctxt) {
      JsonParser parser = ctxt.getParser();
      // A file holding only null is the binder's to report (AssetJson), after trailing content.
      if (parser != null && parser.hasToken(JsonToken.VALUE_NULL) && !parser.streamReadContext().inRoot()) {
        throw new NullValueException(parser, type);
      }
      return _delegatee.getNullValue(ctxt);
    }

    @Override
    public AccessPattern getNullAccessPattern() {
      return AccessPattern.DYNAMIC; // asked each time, so that each explicit null is refused where it is
    }
  }
}
