package dev.overture.object;

import dev.overture.core.Choices;
import dev.overture.core.DataException;
import java.lang.reflect.Field;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.MapperFeature;
import tools.jackson.databind.cfg.CoercionAction;
import tools.jackson.databind.cfg.CoercionInputShape;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.type.LogicalType;

/**
 * Turns the property values an archetype writes in JSON into the types of the class's {@link
 * Property} fields, as strictly as assets are read (no coercion between strings and numbers, no
 * fractions for whole numbers). Stateless and thread-safe.
 */
final class PropertyValues {

  private static final JsonMapper MAPPER =
      JsonMapper.builder()
          .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
          .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
          .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
          .withCoercionConfig(LogicalType.Textual, strings -> strings
              .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
              .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
              .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail))
          .build();

  private PropertyValues() {}

  /**
   * The values of {@code properties} for {@code type}, converted.
   *
   * @param pointer where the properties are in the JSON, for error locations
   * @throws DataException at the property that does not exist or does not fit
   */
  static Map<String, Object> convert(Class<?> type, Map<String, JsonNode> properties, String pointer) {
    Map<String, Field> fields = Plans.PROPERTIES.get(type);
    Map<String, Object> values = new LinkedHashMap<>();
    for (Map.Entry<String, JsonNode> entry : properties.entrySet()) {
      String name = entry.getKey();
      String at = pointer + "/" + name.replace("~", "~0").replace("/", "~1");
      Field field = fields.get(name);
      if (field == null) {
        throw new DataException(
            "Overture/UnknownProperty", at, type.getSimpleName() + " has no property \"" + name + "\"",
            "properties", Choices.closest(name, fields.keySet()));
      }
      JavaType javaType = MAPPER.getTypeFactory().constructType(field.getGenericType());
      try {
        values.put(name, MAPPER.treeToValue(entry.getValue(), javaType));
      } catch (JacksonException e) {
        throw new DataException(
            "Overture/InvalidValue", at,
            "Property \"" + name + "\" of " + type.getSimpleName() + " is " + Plans.withArticle(field.getType().getSimpleName())
                + ": " + entry.getValue() + " does not fit");
      } catch (IllegalArgumentException e) {
        throw new DataException(
            "Overture/InvalidValue", at, "Property \"" + name + "\" of " + type.getSimpleName() + ": " + e.getMessage());
      }
    }
    return values;
  }

  /** Sets {@code values} on {@code instance}. */
  static void apply(Object instance, Map<String, Object> values) {
    if (values.isEmpty()) {
      return;
    }
    Map<String, Field> fields = Plans.PROPERTIES.get(instance.getClass());
    values.forEach((name, value) -> {
      try {
        fields.get(name).set(instance, value);
      } catch (IllegalAccessException e) {
        throw new IllegalStateException(e);
      }
    });
  }

  static List<String> names(Class<?> type) {
    return List.copyOf(Plans.PROPERTIES.get(type).keySet());
  }
}
