package dev.overture.asset;

import dev.overture.internal.FiniteNumbers;
import java.util.List;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.BeanProperty;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.deser.std.DelegatingDeserializer;

/**
 * A number deserializer that honours {@link ValueRange}: registered for the number types in place
 * of their own deserializer, it hands each property without the annotation that deserializer
 * itself (nothing added to the bind of an ordinary number), and wraps it for a property with one,
 * refusing a number outside the range as {@code Overture/OutOfRange} at the number. Stateless once
 * made; thread-safe.
 */
final class RangeDeserializer extends DelegatingDeserializer {
  private static final long serialVersionUID = 1L;

  /** Null until contextualized for an annotated property. */
  private final transient ValueRange range;
  private final String field;

  RangeDeserializer(ValueDeserializer<?> delegate) {
    this(delegate, null, "");
  }

  private RangeDeserializer(ValueDeserializer<?> delegate, ValueRange range, String field) {
    super(delegate);
    this.range = range;
    this.field = field;
  }

  @Override
  protected ValueDeserializer<?> newDelegatingInstance(ValueDeserializer<?> delegate) {
    return new RangeDeserializer(delegate, range, field);
  }

  @Override
  public ValueDeserializer<?> createContextual(DeserializationContext ctxt, BeanProperty property) {
    ValueDeserializer<?> inner =
        ctxt.handleSecondaryContextualization(_delegatee, property, ctxt.constructType(_delegatee.handledType()));
    ValueRange annotation = property == null ? null : property.getAnnotation(ValueRange.class);
    return annotation == null ? inner : new RangeDeserializer(inner, annotation, property.getName());
  }

  @Override
  public Object deserialize(JsonParser parser, DeserializationContext ctxt) {
    Object value = super.deserialize(parser, ctxt);
    if (range != null && value instanceof Number number) {
      double given = number.doubleValue();
      if (given < range.min() || given > range.max()) {
        String written = parser.currentToken() != null && parser.currentToken().isNumeric() ? parser.getText() : String.valueOf(value);
        throw new AssetReferenceException(parser, "Overture/OutOfRange",
            "\"" + field + "\" must be " + describe(range) + ", not " + written, List.of());
      }
    }
    return value;
  }

  /** {@code 1 or more}, {@code 10 or less}, {@code from 1 to 4}. */
  static String describe(ValueRange range) {
    boolean low = range.min() != Double.NEGATIVE_INFINITY;
    boolean high = range.max() != Double.POSITIVE_INFINITY;
    if (low && high) {
      return "from " + FiniteNumbers.plain(range.min()) + " to " + FiniteNumbers.plain(range.max());
    }
    return low ? FiniteNumbers.plain(range.min()) + " or more" : FiniteNumbers.plain(range.max()) + " or less";
  }

}
