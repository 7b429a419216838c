package dev.overture.object;

import java.lang.annotation.Annotation;
import java.lang.invoke.MethodType;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Field;
import java.lang.reflect.Type;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Reads and writes the {@link Property} fields of objects, for code that saves and restores them
 * (a world store) or shows them (tools). Properties are named by field, base classes first.
 *
 * <p>Stateless; thread-safe as the objects are.
 */
public final class ObjectProperties {

  private ObjectProperties() {}

  /** The names of {@code type}'s properties, base classes' first. */
  public static List<String> names(Class<?> type) {
    return List.copyOf(Plans.PROPERTIES.get(type).keySet());
  }

  /** The declared (generic) type of property {@code name} of {@code type}. */
  public static Type type(Class<?> type, String name) {
    return field(type, name).getGenericType();
  }

  /**
   * The annotations on the field that declares property {@code name} of {@code type}: what binds
   * its values ({@code ObjectArchetype}) and the archetype schema read from it ({@code @ValueRange},
   * {@code @SizeRange}, {@code @NotBlank}).
   */
  public static AnnotatedElement declaration(Class<?> type, String name) {
    Field field = field(type, name);
    return new AnnotatedElement() {
      @Override
      public <A extends Annotation> A getAnnotation(Class<A> annotationClass) {
        return field.getAnnotation(annotationClass);
      }

      @Override
      public Annotation[] getAnnotations() {
        return field.getAnnotations();
      }

      @Override
      public Annotation[] getDeclaredAnnotations() {
        return field.getDeclaredAnnotations();
      }

      @Override
      public String toString() {
        return "the declaration of " + field;
      }
    };
  }

  /** The value of property {@code name} of {@code instance}. */
  public static Object get(Object instance, String name) {
    try {
      return field(instance.getClass(), name).get(instance);
    } catch (IllegalAccessException e) {
      throw new IllegalStateException("Cannot read property " + name + " of " + instance.getClass().getName(), e);
    }
  }

  /**
   * Sets property {@code name} of {@code instance}.
   *
   * @throws IllegalArgumentException when there is no such property or the value does not fit its
   *     class
   */
  public static void set(Object instance, String name, Object value) {
    Field field = field(instance.getClass(), name);
    Class<?> wanted = MethodType.methodType(field.getType()).wrap().returnType(); // int.class is given as an Integer
    if (value == null ? field.getType().isPrimitive() : !wanted.isInstance(value)) {
      throw new IllegalArgumentException("Property \"" + name + "\" of " + instance.getClass().getSimpleName() + " is "
          + Plans.withArticle(field.getType().getSimpleName()) + ": " + (value == null ? "null" : value.getClass().getSimpleName())
          + " does not fit");
    }
    PropertyValues.set(field, instance, value);
  }

  private static Field field(Class<?> type, String name) {
    Objects.requireNonNull(name, "name");
    Map<String, Field> fields = Plans.PROPERTIES.get(type);
    Field field = fields.get(name);
    if (field == null) {
      throw new IllegalArgumentException(
          type.getSimpleName() + " has no property \"" + name + "\" (properties: " + List.copyOf(fields.keySet()) + ")");
    }
    return field;
  }
}
