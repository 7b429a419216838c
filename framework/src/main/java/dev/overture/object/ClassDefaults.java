package dev.overture.object;

import java.lang.reflect.Field;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The class default object of one class, like Unreal's CDO: an instance built once by the
 * factory, holding the class's default property values. Values set here ({@link #set}) become the
 * starting values of every instance built afterwards; values not set stay what the constructor
 * gives. Thread-safe: set defaults at start-up, before instances are built.
 *
 * @param <T> the class
 */
public final class ClassDefaults<T> {

  private final Class<T> type;
  private final T object;
  private final Map<String, Class<?>> subobjects;
  private final Map<String, ObjectInitializer.Slot> slots;
  private final Map<String, Object> changed = new ConcurrentHashMap<>();

  ClassDefaults(Class<T> type, T object, ObjectInitializer initializer) {
    this.type = type;
    this.object = object;
    Map<String, Class<?>> created = new LinkedHashMap<>();
    initializer.subobjects().forEach((name, subobject) -> created.put(name, subobject.getClass()));
    this.subobjects = Collections.unmodifiableMap(created);
    this.slots = initializer.slots();
  }

  /** The class default object itself; treat it as read-only. */
  public T object() {
    return object;
  }

  /** The names of the properties of the class ({@link Property} fields, base classes first). */
  public Set<String> properties() {
    return Plans.PROPERTIES.get(type).keySet();
  }

  /** The default subobjects the class creates, by name, in creation order, with their classes. */
  public Map<String, Class<?>> subobjects() {
    return subobjects;
  }

  /** Every default subobject the class asks for, created or not (optional, editor-only), by name. */
  Map<String, ObjectInitializer.Slot> slots() {
    return slots;
  }

  /** The default value of {@code property}. */
  public Object get(String property) {
    try {
      return field(property).get(object);
    } catch (IllegalAccessException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * Makes {@code value} the default of {@code property}: instances built from now on start with it.
   *
   * @throws IllegalArgumentException naming the class's properties, when there is no such
   *     property or the value is of the wrong type
   */
  public void set(String property, Object value) {
    Field field = field(property);
    Class<?> wanted = field.getType().isPrimitive() ? boxed(field.getType()) : field.getType();
    if (value == null ? field.getType().isPrimitive() : !wanted.isInstance(value)) {
      throw new IllegalArgumentException(
          "Property \"" + property + "\" of " + type.getSimpleName() + " is " + Plans.withArticle(field.getType().getSimpleName())
              + "; " + (value == null ? "null" : value.getClass().getSimpleName()) + " does not fit");
    }
    try {
      field.set(object, value);
    } catch (IllegalAccessException e) {
      throw new IllegalStateException(e);
    }
    changed.put(property, value == null ? NULL : value);
  }

  private Field field(String property) {
    Field field = Plans.PROPERTIES.get(type).get(property);
    if (field == null) {
      throw new IllegalArgumentException(
          type.getSimpleName() + " has no property \"" + property + "\" (properties: " + List.copyOf(properties()) + ")");
    }
    return field;
  }

  private static final Object NULL = new Object();

  /** Gives {@code instance} the defaults changed here. */
  void applyTo(Object instance) {
    if (changed.isEmpty()) {
      return;
    }
    Map<String, Field> fields = Plans.PROPERTIES.get(type);
    changed.forEach((property, value) -> {
      try {
        fields.get(property).set(instance, value == NULL ? null : value);
      } catch (IllegalAccessException e) {
        throw new IllegalStateException(e);
      }
    });
  }

  static Class<?> boxed(Class<?> primitive) {
    if (primitive == int.class) {
      return Integer.class;
    }
    if (primitive == long.class) {
      return Long.class;
    }
    if (primitive == double.class) {
      return Double.class;
    }
    if (primitive == float.class) {
      return Float.class;
    }
    if (primitive == boolean.class) {
      return Boolean.class;
    }
    if (primitive == short.class) {
      return Short.class;
    }
    if (primitive == byte.class) {
      return Byte.class;
    }
    return Character.class;
  }

  @Override
  public String toString() {
    return "ClassDefaults[" + type.getSimpleName() + ", changed " + changed.keySet() + "]";
  }
}
