package dev.overture.internal;

import java.math.BigDecimal;
import java.math.BigInteger;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.exc.InputCoercionException;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.deser.jdk.NumberDeserializers;
import tools.jackson.databind.deser.std.DelegatingDeserializer;

/**
 * How whole numbers are read wherever content is (asset files, an archetype's property values):
 * Jackson's own deserializers of {@code int}, {@code long}, {@code short}, {@code byte} and {@code
 * BigInteger} (so every coercion rule and message stays), with two more rules. A number written
 * with a fraction or an exponent whose value is whole ({@code 1e3}, {@code 1000.0}) is that whole
 * number, as JSON Schema's {@code "integer"} has it (the schemas pass it, and an editor does not
 * flag it); one whose value is not whole ({@code 1.5}) is left to Jackson, which refuses it in its
 * words; one too large for the type is refused as a too-large whole number is. And a byte is
 * signed: Jackson also takes 128 to 255 (as unsigned bytes), so {@code 200} would bind as -56
 * without a word. Stateless; thread-safe.
 */
public final class WholeNumbers {

  private WholeNumbers() {}

  /**
   * The deserializer of whole-number type {@code type} (a primitive or its box, or {@code
   * BigInteger}) with the rules above.
   */
  public static ValueDeserializer<?> deserializer(Class<?> type) {
    ValueDeserializer<?> whole = new WholeNumberDeserializer(NumberDeserializers.find(type), type);
    return type == byte.class || type == Byte.class ? new SignedByteDeserializer(whole, type) : whole;
  }

  private static final class WholeNumberDeserializer extends DelegatingDeserializer {
    private static final long serialVersionUID = 1L;
    private final Class<?> type;

    WholeNumberDeserializer(ValueDeserializer<?> delegate, Class<?> type) {
      super(delegate);
      this.type = type;
    }

    @Override
    protected ValueDeserializer<?> newDelegatingInstance(ValueDeserializer<?> delegate) {
      return new WholeNumberDeserializer(delegate, type);
    }

    @Override
    public Object deserialize(JsonParser parser, DeserializationContext ctxt) {
      if (parser.currentToken() == JsonToken.VALUE_NUMBER_FLOAT) {
        BigDecimal value = parser.getDecimalValue();
        if (value.signum() == 0 || value.stripTrailingZeros().scale() <= 0) {
          return whole(parser, value);
        }
      }
      return super.deserialize(parser, ctxt);
    }

    private Object whole(JsonParser parser, BigDecimal value) {
      if (type == BigInteger.class) {
        // No bound but the digits a number may have (AssetLimits.maxNumberLength): 1e999999999 would take a gigabyte.
        if (value.precision() - value.scale() > parser.streamReadConstraints().getMaxNumberLength()) {
          throw outOfRange(parser);
        }
        return value.toBigIntegerExact();
      }
      long min = type == int.class || type == Integer.class ? Integer.MIN_VALUE
          : type == short.class || type == Short.class ? Short.MIN_VALUE
          : type == byte.class || type == Byte.class ? Byte.MIN_VALUE
          : Long.MIN_VALUE;
      long max = type == int.class || type == Integer.class ? Integer.MAX_VALUE
          : type == short.class || type == Short.class ? Short.MAX_VALUE
          : type == byte.class || type == Byte.class ? Byte.MAX_VALUE
          : Long.MAX_VALUE;
      if (value.compareTo(BigDecimal.valueOf(min)) < 0 || value.compareTo(BigDecimal.valueOf(max)) > 0) {
        throw outOfRange(parser);
      }
      long whole = value.longValueExact();
      if (type == int.class || type == Integer.class) {
        return (int) whole;
      }
      if (type == short.class || type == Short.class) {
        return (short) whole;
      }
      if (type == byte.class || type == Byte.class) {
        return (byte) whole;
      }
      return whole;
    }

    private InputCoercionException outOfRange(JsonParser parser) {
      return new InputCoercionException(parser,
          "Numeric value (" + parser.getText() + ") out of range of " + type.getSimpleName(), JsonToken.VALUE_NUMBER_FLOAT, type);
    }
  }

  private static final class SignedByteDeserializer extends DelegatingDeserializer {
    private static final long serialVersionUID = 1L;
    private final Class<?> type;

    SignedByteDeserializer(ValueDeserializer<?> delegate, Class<?> type) {
      super(delegate);
      this.type = type;
    }

    @Override
    protected ValueDeserializer<?> newDelegatingInstance(ValueDeserializer<?> delegate) {
      return new SignedByteDeserializer(delegate, type);
    }

    @Override
    public Object deserialize(JsonParser parser, DeserializationContext ctxt) {
      Object value = super.deserialize(parser, ctxt);
      if (parser.currentToken() == JsonToken.VALUE_NUMBER_INT && parser.getIntValue() > Byte.MAX_VALUE) {
        throw new InputCoercionException(parser,
            "Numeric value (" + parser.getText() + ") out of range of byte", JsonToken.VALUE_NUMBER_INT, type);
      }
      return value;
    }
  }
}
