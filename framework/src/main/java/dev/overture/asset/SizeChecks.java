package dev.overture.asset;

import java.lang.reflect.Array;
import java.util.Collection;
import java.util.List;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.BeanDescription;
import tools.jackson.databind.BeanProperty;
import tools.jackson.databind.DeserializationConfig;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.deser.ValueDeserializerModifier;
import tools.jackson.databind.deser.std.DelegatingDeserializer;
import tools.jackson.databind.type.ArrayType;
import tools.jackson.databind.type.CollectionType;

/**
 * Honours {@link SizeRange}: each list, set and array deserializer is wrapped, and the wrapper hands
 * a property without the annotation the deserializer itself (nothing added to the bind of an
 * ordinary list); for a property with one it refuses a list of another size as {@code
 * Overture/OutOfRange} at the list. Stateless; thread-safe.
 */
final class SizeChecks extends ValueDeserializerModifier {
  private static final long serialVersionUID = 1L;

  @Override
  public ValueDeserializer<?> modifyCollectionDeserializer(
      DeserializationConfig config, CollectionType type, BeanDescription.Supplier description, ValueDeserializer<?> deserializer) {
    return new Counting(deserializer, type, null, "");
  }

  @Override
  public ValueDeserializer<?> modifyArrayDeserializer(
      DeserializationConfig config, ArrayType type, BeanDescription.Supplier description, ValueDeserializer<?> deserializer) {
    return new Counting(deserializer, type, null, "");
  }

  /** A list deserializer that counts the items it read, when contextualized for a {@link SizeRange}. */
  private static final class Counting extends DelegatingDeserializer {
    private static final long serialVersionUID = 1L;
    private final JavaType type;
    /** Null until contextualized for an annotated property. */
    private final transient SizeRange range;
    private final String field;

    Counting(ValueDeserializer<?> delegate, JavaType type, SizeRange range, String field) {
      super(delegate);
      this.type = type;
      this.range = range;
      this.field = field;
    }

    @Override
    protected ValueDeserializer<?> newDelegatingInstance(ValueDeserializer<?> delegate) {
      return new Counting(delegate, type, range, field);
    }

    @Override
    public ValueDeserializer<?> createContextual(DeserializationContext ctxt, BeanProperty property) {
      JavaType contextual = ctxt.getContextualType();
      ValueDeserializer<?> inner = ctxt.handleSecondaryContextualization(_delegatee, property, contextual == null ? type : contextual);
      SizeRange annotation = property == null ? null : property.getAnnotation(SizeRange.class);
      return annotation == null ? inner : new Counting(inner, type, annotation, property.getName());
    }

    @Override
    public Object deserialize(JsonParser parser, DeserializationContext ctxt) {
      return checked(super.deserialize(parser, ctxt), parser);
    }

    @Override
    public Object deserialize(JsonParser parser, DeserializationContext ctxt, Object into) {
      return checked(super.deserialize(parser, ctxt, into), parser);
    }

    private Object checked(Object value, JsonParser parser) {
      if (range == null || value == null) {
        return value;
      }
      int size = value instanceof Collection<?> items ? items.size() : value.getClass().isArray() ? Array.getLength(value) : -1;
      if (size >= 0 && (size < range.min() || size > range.max())) {
        throw new AssetReferenceException(parser, "Overture/OutOfRange",
            "\"" + field + "\" must have " + describe(range) + " items, not " + size, List.of());
      }
      return value;
    }
  }

  /** {@code 1 or more}, {@code 4 or less}, {@code from 1 to 4}, {@code exactly 2}. */
  static String describe(SizeRange range) {
    boolean high = range.max() != Integer.MAX_VALUE;
    if (range.min() == range.max()) {
      return "exactly " + range.min();
    }
    if (range.min() > 0 && high) {
      return "from " + range.min() + " to " + range.max();
    }
    return high ? range.max() + " or less" : range.min() + " or more";
  }
}
