package dev.overture.internal;

import java.lang.reflect.Array;
import java.lang.reflect.RecordComponent;
import java.util.Collection;
import java.util.Map;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * Finds a number that is not finite (NaN, an infinity) in a value bound from JSON: Jackson turns
 * the strings {@code "NaN"} and {@code "Infinity"}, and a literal too large for a double, into
 * such numbers without complaint, and they then pass every range check ({@code NaN < max} is
 * false, and so is {@code NaN > min}). Looks inside records, collections, maps and arrays.
 *
 * <p>Stateless; safe from any thread.
 */
public final class FiniteNumbers {

  private FiniteNumbers() {}

  /**
   * The JSON pointer (relative to {@code value}, {@code ""} for the value itself) of the first
   * number in it that is not finite, or empty when there is none.
   */
  public static Optional<String> find(Object value) {
    return Optional.ofNullable(find(value, "", 0));
  }

  private static String find(Object value, String at, int depth) {
    if (value == null || depth > 64) {
      // Bound data nests no deeper than its reader allowed; the cut-off only guards against cycles.
      return null;
    }
    if (value instanceof Double number) {
      return Double.isFinite(number) ? null : at;
    }
    if (value instanceof Float number) {
      return Float.isFinite(number) ? null : at;
    }
    if (value instanceof Record record) {
      for (RecordComponent component : record.getClass().getRecordComponents()) {
        Object part;
        try {
          component.getAccessor().setAccessible(true);
          part = component.getAccessor().invoke(record);
        } catch (ReflectiveOperationException | RuntimeException e) {
          continue;
        }
        String found = find(part, at + "/" + escape(component.getName()), depth + 1);
        if (found != null) {
          return found;
        }
      }
      return null;
    }
    if (value instanceof Map<?, ?> map) {
      for (Map.Entry<?, ?> entry : map.entrySet()) {
        String found = find(entry.getValue(), at + "/" + escape(String.valueOf(entry.getKey())), depth + 1);
        if (found != null) {
          return found;
        }
      }
      return null;
    }
    if (value instanceof Collection<?> collection) {
      int i = 0;
      for (Object element : collection) {
        String found = find(element, at + "/" + i++, depth + 1);
        if (found != null) {
          return found;
        }
      }
      return null;
    }
    if (value.getClass().isArray() && !value.getClass().getComponentType().isPrimitive()
        || value instanceof double[] || value instanceof float[]) {
      for (int i = 0; i < Array.getLength(value); i++) {
        String found = find(Array.get(value, i), at + "/" + i, depth + 1);
        if (found != null) {
          return found;
        }
      }
    }
    return null;
  }

  /**
   * The JSON pointer of the first number in a JSON tree that is not finite, or null. Only binary
   * floating point can overflow to an infinity (an upgrade step's arithmetic, say); decimals are exact.
   */
  public static String findInTree(JsonNode node) {
    return findInTree(node, "");
  }

  private static String findInTree(JsonNode node, String at) {
    if (node.isNumber()) {
      return (node.isDouble() || node.isFloat()) && !Double.isFinite(node.doubleValue()) ? at : null;
    }
    if (node.isObject()) {
      for (var entry : node.properties()) {
        String found = findInTree(entry.getValue(), at + "/" + escape(entry.getKey()));
        if (found != null) {
          return found;
        }
      }
    } else if (node.isArray()) {
      for (int i = 0; i < node.size(); i++) {
        String found = findInTree(node.get(i), at + "/" + i);
        if (found != null) {
          return found;
        }
      }
    }
    return null;
  }

  private static String escape(String name) {
    return name.replace("~", "~0").replace("/", "~1");
  }

  /**
   * {@code value} as content writes it: a whole number without {@code .0} ({@code 1}, not {@code
   * 1.0}), any other as Java writes it. Messages quoting a bound or a setting use it.
   */
  public static String plain(double value) {
    return value == Math.rint(value) && Math.abs(value) < 1e15 ? Long.toString((long) value) : Double.toString(value);
  }
}
