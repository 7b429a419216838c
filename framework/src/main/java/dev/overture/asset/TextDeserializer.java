package dev.overture.asset;

import java.util.List;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.BeanProperty;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.deser.std.DelegatingDeserializer;

/**
 * A string deserializer that honours {@link NotBlank}: registered for {@code String} in place of
 * Jackson's own, it hands each property without the annotation that deserializer itself (nothing
 * added to the bind of an ordinary string), and wraps it for a property with one, refusing a blank
 * string as {@code Overture/BlankText} at the string. Stateless once made; thread-safe.
 */
final class TextDeserializer extends DelegatingDeserializer {
  private static final long serialVersionUID = 1L;

  /** Empty until contextualized for an annotated property. */
  private final String field;
  private final boolean notBlank;

  TextDeserializer(ValueDeserializer<?> delegate) {
    this(delegate, "", false);
  }

  private TextDeserializer(ValueDeserializer<?> delegate, String field, boolean notBlank) {
    super(delegate);
    this.field = field;
    this.notBlank = notBlank;
  }

  @Override
  protected ValueDeserializer<?> newDelegatingInstance(ValueDeserializer<?> delegate) {
    return new TextDeserializer(delegate, field, notBlank);
  }

  @Override
  public ValueDeserializer<?> createContextual(DeserializationContext ctxt, BeanProperty property) {
    ValueDeserializer<?> inner =
        ctxt.handleSecondaryContextualization(_delegatee, property, ctxt.constructType(_delegatee.handledType()));
    boolean annotated = property != null && property.getAnnotation(NotBlank.class) != null;
    return annotated ? new TextDeserializer(inner, property.getName(), true) : inner;
  }

  @Override
  public Object deserialize(JsonParser parser, DeserializationContext ctxt) {
    Object value = super.deserialize(parser, ctxt);
    if (notBlank && value instanceof String text && text.isBlank()) {
      throw new AssetReferenceException(parser, "Overture/BlankText",
          "\"" + field + "\" must not be blank, not \"" + text + "\"", List.of());
    }
    return value;
  }
}
