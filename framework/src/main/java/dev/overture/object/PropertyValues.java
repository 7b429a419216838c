package dev.overture.object;

import com.fasterxml.jackson.annotation.Nulls;
import dev.overture.asset.ContentValues;
import dev.overture.core.DataException;
import dev.overture.internal.Choices;
import dev.overture.internal.FiniteNumbers;
import dev.overture.internal.JsonMappers;
import dev.overture.internal.MappersByLoader;
import dev.overture.internal.WholeNumbers;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.MapperFeature;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.cfg.CoercionAction;
import tools.jackson.databind.cfg.CoercionInputShape;
import tools.jackson.databind.cfg.EnumFeature;
import tools.jackson.databind.cfg.JsonNodeFeature;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.module.SimpleModule;
import tools.jackson.databind.node.NullNode;
import tools.jackson.databind.type.LogicalType;
import tools.jackson.databind.util.TokenBuffer;

/**
 * Turns property values into the types of the class's {@link Property} fields. An archetype's, from
 * its JSON, are read as an asset file's fields are ({@link ContentValues}: no coercion between
 * strings, numbers and booleans, whole numbers written as decimals but no fractions for them, no
 * byte beyond 127, no number for an enum, no null in a list or map, no number that is not finite,
 * and what the field declares: {@link dev.overture.asset.ValueRange}, {@link
 * dev.overture.asset.SizeRange}, {@link dev.overture.asset.NotBlank}), with the same problem for
 * the same value, so that the archetype schemas can say what loading takes. Values given in code
 * ({@link ClassDefaults#set}) are checked against the field's type as strictly, but not against its
 * declarations, as a record built in code is not either. Stateless and thread-safe.
 */
final class PropertyValues {

  /**
   * Values given in code, and each instance's copy of a value that could be changed. One mapper per
   * plugin's classes, so that unloading a plugin leaves none of its types cached here.
   */
  private static final MappersByLoader MAPPERS = new MappersByLoader(() ->
      JsonMappers.builder()
          .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
          .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
          .enable(EnumFeature.FAIL_ON_NUMBERS_FOR_ENUMS) // an enum is named, as in asset files: 0 is no constant's name
          .changeDefaultNullHandling(nulls -> nulls.withContentNulls(Nulls.FAIL)) // no null in a list or map, as in asset files
          .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
          .withCoercionConfig(LogicalType.Textual, strings -> strings
              .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
              .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
              .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail))
          .addModule(wholeNumbers())
          .build());

  /** Whole numbers as asset files read them ({@link WholeNumbers}): {@code 1e3} is 1000, a byte is signed. */
  @SuppressWarnings({"unchecked", "rawtypes"})
  private static SimpleModule wholeNumbers() {
    SimpleModule module = new SimpleModule("overture-property-numbers");
    for (Class<?> type : List.of(int.class, Integer.class, long.class, Long.class, short.class, Short.class,
        byte.class, Byte.class, BigInteger.class)) {
      module.addDeserializer((Class) type, (ValueDeserializer) WholeNumbers.deserializer(type));
    }
    return module;
  }

  /** The longest JSON of a value a message shows; a longer one is named by its class. */
  private static final int MAX_SHOWN = 60;

  private PropertyValues() {}

  /**
   * A value ready to give instances: immutable values are shared; anything else (lists, maps,
   * arrays, records, beans) is converted afresh for each instance, so no two instances (and not the
   * archetype or the class defaults) ever share a mutable value.
   */
  static final class Value {
    private final Object shared;
    private final JsonNode json;
    private final JavaType type;
    private final JsonMapper mapper;

    private Value(Object shared, JsonNode json, JavaType type, JsonMapper mapper) {
      this.shared = shared;
      this.json = json;
      this.type = type;
      this.mapper = mapper;
    }

    /** The value to set on one instance. */
    Object forInstance() {
      return json == null ? shared : mapper.treeToValue(json, type);
    }

    /**
     * Equal when it gives instances equal values: the same JSON (or the same immutable value) for
     * the same type. A live reload compares an archetype saved again with the one in force by this.
     */
    @Override
    public boolean equals(Object o) {
      return this == o || o instanceof Value other && java.util.Objects.equals(type, other.type)
          && (json == null ? other.json == null && java.util.Objects.equals(shared, other.shared) : json.equals(other.json));
    }

    @Override
    public int hashCode() {
      return 31 * java.util.Objects.hashCode(type) + (json == null ? java.util.Objects.hashCode(shared) : json.hashCode());
    }
  }

  /**
   * The values of {@code properties} for {@code type}, each read as an asset file's field of its
   * type and declarations is read ({@link ContentValues}): the same rules, its {@link
   * dev.overture.asset.ValueRange}, {@link dev.overture.asset.SizeRange} and {@link
   * dev.overture.asset.NotBlank}, and the same problem when it breaks one.
   *
   * @param properties the values as the file wrote them ({@link #written})
   * @param pointer where the properties are in the JSON, for error locations
   * @throws DataException at the property that does not exist or does not fit
   */
  static Map<String, Value> convert(Class<?> type, Map<String, TokenBuffer> properties, String pointer) {
    Map<String, Field> fields = Plans.PROPERTIES.get(type);
    Map<String, Value> values = new LinkedHashMap<>();
    for (Map.Entry<String, TokenBuffer> entry : properties.entrySet()) {
      String name = entry.getKey();
      String at = pointer + "/" + name.replace("~", "~0").replace("/", "~1");
      Field field = fields.get(name);
      if (field == null) {
        throw new DataException(
            "Overture/UnknownProperty", at, type.getSimpleName() + " has no property \"" + name + "\"",
            "properties", Choices.closest(name, fields.keySet()));
      }
      Object converted;
      try (JsonParser parser = entry.getValue().asParser()) {
        converted = ContentValues.bind(parser, field.getGenericType(), field, name);
      } catch (DataException e) {
        throw new DataException(e.toProblem(), at + e.pointer());
      }
      if (isImmutable(converted)) {
        values.put(name, new Value(converted, null, null, null));
      } else {
        JsonMapper mapper = MAPPERS.forType(field.getGenericType());
        values.put(name, new Value(null, tree(mapper, entry.getValue()), mapper.getTypeFactory().constructType(field.getGenericType()), mapper));
      }
    }
    return values;
  }

  /** {@code json} as {@link #convert} takes it: a Java null is JSON's {@code null}. */
  static TokenBuffer written(JsonNode json) {
    TokenBuffer buffer = TokenBuffer.forGeneration();
    try (JsonParser parser = (json == null ? NullNode.getInstance() : json).traverse(ObjectReadContext.empty())) {
      parser.nextToken();
      buffer.copyCurrentStructure(parser);
    }
    return buffer;
  }

  /** Each of {@code json}'s values {@link #written}, in its order. */
  static Map<String, TokenBuffer> written(Map<String, JsonNode> json) {
    Map<String, TokenBuffer> written = new LinkedHashMap<>();
    json.forEach((name, value) -> written.put(name, written(value)));
    return Collections.unmodifiableMap(written);
  }

  /** Written JSON as a tree, every number exactly as written (a decimal as a big decimal, not a double). */
  static JsonNode tree(TokenBuffer written) {
    return tree(MAPPERS.shared(), written);
  }

  private static JsonNode tree(JsonMapper mapper, TokenBuffer written) {
    try (JsonParser parser = written.asParser()) {
      return mapper.reader()
          .with(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
          .without(JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES)
          .readTree(parser);
    }
  }

  /**
   * {@code value} checked against {@code field}'s full generic type (a {@code List<Integer>} does
   * not fit a {@code List<String>}) and made safe to give to every instance.
   *
   * @throws IllegalArgumentException when it does not fit
   */
  static Value fromJava(Class<?> owner, Field field, Object value) {
    if (value == null) {
      if (field.getType().isPrimitive()) {
        throw new IllegalArgumentException(doesNotFit(owner, field, "null"));
      }
      return new Value(null, null, null, null);
    }
    if (holdsAService(field.getType())) {
      // An interface or abstract type names a service (a radio, a clock): no JSON copy can be made of one.
      return shared(owner, field, value);
    }
    JsonMapper mapper = MAPPERS.forValue(value, field.getGenericType());
    JsonNode json;
    try {
      json = mapper.valueToTree(value);
    } catch (JacksonException e) {
      return shared(owner, field, value); // not something JSON can hold (a handle)
    }
    JavaType javaType = mapper.getTypeFactory().constructType(field.getGenericType());
    Object converted;
    try {
      converted = mapper.treeToValue(json, javaType);
    } catch (JacksonException | IllegalArgumentException e) {
      throw new IllegalArgumentException(doesNotFit(owner, field, shown(value, json)));
    }
    if (FiniteNumbers.find(converted).isPresent()) {
      throw new IllegalArgumentException(doesNotFit(owner, field, String.valueOf(value)) + " (it is not a finite number)");
    }
    return of(converted, json, javaType, mapper);
  }

  /**
   * {@code value} given to every instance as it is, once checked by its class (a primitive
   * property's value never is: JSON always holds it, so one that got here does not fit).
   */
  private static Value shared(Class<?> owner, Field field, Object value) {
    if (field.getType().isPrimitive() || !field.getType().isInstance(value)) {
      throw new IllegalArgumentException(doesNotFit(owner, field, value.getClass().getSimpleName()));
    }
    return new Value(value, null, null, null);
  }

  /** Whether a property of {@code type} holds a shared object rather than data: an interface or abstract class, not a collection. */
  private static boolean holdsAService(Class<?> type) {
    return (type.isInterface() || Modifier.isAbstract(type.getModifiers())) && !type.isPrimitive() && !type.isArray()
        && !Iterable.class.isAssignableFrom(type) && !Map.class.isAssignableFrom(type) && !Number.class.isAssignableFrom(type)
        && !CharSequence.class.isAssignableFrom(type);
  }

  /**
   * A value given in code, as a message shows it: its JSON when that is short (a number, a string,
   * {@code [1,2]}), else its class (a whole object's properties would bury the message).
   */
  private static String shown(Object value, JsonNode json) {
    String text = json.toString();
    return json.isContainer() && text.length() > MAX_SHOWN ? value.getClass().getSimpleName() : text;
  }

  private static Value of(Object converted, JsonNode json, JavaType javaType, JsonMapper mapper) {
    return isImmutable(converted) ? new Value(converted, null, null, null) : new Value(null, json, javaType, mapper);
  }

  private static boolean isImmutable(Object value) {
    return value == null
        || value instanceof String
        || value instanceof Boolean
        || value instanceof Character
        || value instanceof Integer
        || value instanceof Long
        || value instanceof Double
        || value instanceof Float
        || value instanceof Short
        || value instanceof Byte
        || value instanceof BigDecimal
        || value instanceof BigInteger
        || value instanceof Enum<?>;
  }

  private static String doesNotFit(Class<?> owner, Field field, String what) {
    return "Property \"" + field.getName() + "\" of " + owner.getSimpleName() + " is "
        + Plans.withArticle(field.getType().getSimpleName()) + ": " + what + " does not fit";
  }

  /** Sets {@code values} on {@code instance}, each a value of its own where it could be changed. */
  static void apply(Object instance, Map<String, Value> values) {
    if (values.isEmpty()) {
      return;
    }
    Map<String, Field> fields = Plans.PROPERTIES.get(instance.getClass());
    values.forEach((name, value) -> set(fields.get(name), instance, value.forInstance()));
  }

  static void set(Field field, Object instance, Object value) {
    try {
      field.set(instance, value);
    } catch (IllegalAccessException e) {
      throw new IllegalStateException("Cannot set property " + field.getName() + " of " + instance.getClass().getName(), e);
    }
  }
}
