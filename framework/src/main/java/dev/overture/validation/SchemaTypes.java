package dev.overture.validation;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.annotation.JsonValue;
import dev.overture.asset.SizeRange;
import dev.overture.asset.ValueRange;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.util.Map;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * How a Java type reads in JSON, for the {@link SchemaGenerator}: its class (type variables and
 * wildcards resolved), whether it is written as a string or named by a type property, the strings
 * its own creator takes, and the bounds its declarations put on it (a number's {@code
 * ValueRange} within what its Java type holds, a list's {@code SizeRange}). Stateless.
 */
final class SchemaTypes {

  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private SchemaTypes() {}

  /**
   * A number of {@code type} from {@code min} to {@code max} (what the Java type holds), narrowed
   * by the {@link ValueRange} of {@code annotations} if it has one: exactly what binding accepts.
   * Whole numbers are {@code "integer"}, which takes {@code 1e3} and {@code 1000.0} as binding does.
   */
  static ObjectNode bounded(String type, Number min, Number max, AnnotatedElement annotations) {
    ObjectNode number = NODES.objectNode().put("type", type);
    ValueRange range = annotations == null ? null : annotations.getAnnotation(ValueRange.class);
    if (range != null && range.min() > min.doubleValue()) {
      put(number, "minimum", range.min());
    } else {
      putExactly(number, "minimum", min);
    }
    if (range != null && range.max() < max.doubleValue()) {
      put(number, "maximum", range.max());
    } else {
      putExactly(number, "maximum", max);
    }
    return number;
  }

  private static void putExactly(ObjectNode node, String name, Number value) {
    if (value instanceof Long whole) {
      node.put(name, (long) whole);
    } else {
      node.put(name, value.doubleValue());
    }
  }

  private static void put(ObjectNode node, String name, double value) {
    if (value == Math.rint(value) && Math.abs(value) < 1e15) {
      node.put(name, (long) value);
    } else {
      node.put(name, value);
    }
  }

  /** {@code schema} with the item counts of the {@link SizeRange} of {@code annotations}, if it has one. */
  static ObjectNode counted(ObjectNode schema, AnnotatedElement annotations) {
    SizeRange size = annotations == null ? null : annotations.getAnnotation(SizeRange.class);
    if (size != null && size.min() > 0) {
      schema.put("minItems", size.min());
    }
    if (size != null && size.max() != Integer.MAX_VALUE) {
      schema.put("maxItems", size.max());
    }
    return schema;
  }

  static Class<?> classOf(Type type, Map<TypeVariable<?>, Type> bindings) {
    if (type instanceof Class<?> c) {
      return c;
    }
    if (type instanceof ParameterizedType parameterized) {
      return (Class<?>) parameterized.getRawType();
    }
    if (type instanceof TypeVariable<?> variable && bindings.containsKey(variable)) {
      return classOf(bindings.get(variable), bindings);
    }
    if (type instanceof WildcardType wildcard) {
      return classOf(wildcard.getUpperBounds()[0], bindings);
    }
    return Object.class;
  }

  static boolean isPolymorphic(Class<?> type) {
    JsonTypeInfo info = type.getAnnotation(JsonTypeInfo.class);
    return info != null && info.use() == JsonTypeInfo.Id.NAME && (type.isInterface() || Modifier.isAbstract(type.getModifiers()));
  }

  static Method jsonValueMethod(Class<?> type) {
    for (Method method : type.getDeclaredMethods()) {
      if (method.isAnnotationPresent(JsonValue.class) && method.getReturnType() == String.class && method.getParameterCount() == 0) {
        return method;
      }
    }
    return null;
  }

  /** The static {@code @JsonCreator} taking one string, or null. */
  static Method stringCreator(Class<?> type) {
    for (Method method : type.getDeclaredMethods()) {
      if (method.isAnnotationPresent(JsonCreator.class) && Modifier.isStatic(method.getModifiers())
          && method.getParameterCount() == 1 && method.getParameterTypes()[0] == String.class) {
        return method;
      }
    }
    return null;
  }

  /** Whether {@code creator} takes {@code text}: the loader's own answer (it throws IllegalArgumentException when not). */
  static boolean accepts(Method creator, String text) {
    try {
      creator.setAccessible(true);
      creator.invoke(null, text);
      return true;
    } catch (java.lang.reflect.InvocationTargetException e) {
      if (e.getCause() instanceof IllegalArgumentException) {
        return false;
      }
      throw new IllegalStateException("Cannot call " + creator, e.getCause());
    } catch (IllegalAccessException e) {
      throw new IllegalStateException("Cannot call " + creator, e);
    }
  }

  static String invoke(Method method, Object target) {
    try {
      method.setAccessible(true);
      return (String) method.invoke(target);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("Cannot call " + method, e);
    }
  }

  /** A class written as a string: it has a {@code @JsonValue} or a {@code @JsonCreator} taking one string. */
  static boolean isStringValue(Class<?> type) {
    for (Method method : type.getDeclaredMethods()) {
      if (method.isAnnotationPresent(JsonValue.class) && method.getReturnType() == String.class) {
        return true;
      }
      if (method.isAnnotationPresent(JsonCreator.class) && Modifier.isStatic(method.getModifiers())
          && method.getParameterCount() == 1 && method.getParameterTypes()[0] == String.class) {
        return true;
      }
    }
    return false;
  }
}
