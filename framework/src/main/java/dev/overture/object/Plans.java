package dev.overture.object;

import java.lang.annotation.Annotation;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.lang.reflect.Parameter;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the factory needs to know of a class, computed once: the constructor to call and what each
 * parameter gets, and the class's properties. Immutable; cached in class values.
 */
final class Plans {

  private Plans() {}

  /** A constructor parameter: the initializer, or a dependency. */
  record Param(boolean initializer, Type type, Annotation qualifier, String description) {}

  /** The constructor to call, as a handle taking its arguments as one array. */
  record ConstructorPlan(Class<?> type, MethodHandle spread, Param[] params, String problem) {}

  static final ClassValue<ConstructorPlan> CONSTRUCTORS =
      new ClassValue<>() {
        @Override
        protected ConstructorPlan computeValue(Class<?> type) {
          return constructorPlan(type);
        }
      };

  static final ClassValue<Map<String, Field>> PROPERTIES =
      new ClassValue<>() {
        @Override
        protected Map<String, Field> computeValue(Class<?> type) {
          Map<String, Field> properties = new LinkedHashMap<>();
          List<Class<?>> chain = new ArrayList<>();
          for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            chain.add(0, c);
          }
          for (Class<?> c : chain) {
            for (Field field : c.getDeclaredFields()) {
              if (field.isAnnotationPresent(Property.class) && !Modifier.isStatic(field.getModifiers())) {
                field.setAccessible(true);
                properties.put(field.getName(), field);
              }
            }
          }
          return Collections.unmodifiableMap(properties);
        }
      };

  private static ConstructorPlan constructorPlan(Class<?> type) {
    if (type.isInterface() || Modifier.isAbstract(type.getModifiers())) {
      return new ConstructorPlan(type, null, null, "it is abstract");
    }
    if (needsEnclosingInstance(type)) {
      return new ConstructorPlan(type, null, null,
          "it is an inner class and needs an instance of " + type.getEnclosingClass().getSimpleName()
              + "; declare it static or top-level");
    }
    Constructor<?>[] constructors = type.getDeclaredConstructors();
    Constructor<?> chosen = null;
    for (Constructor<?> candidate : constructors) {
      if (hasAnnotationNamed(candidate.getAnnotations(), "Inject")) {
        chosen = candidate;
      }
    }
    if (chosen == null) {
      for (Constructor<?> candidate : constructors) {
        if (candidate.getParameterCount() == 1 && candidate.getParameterTypes()[0] == ObjectInitializer.class) {
          chosen = candidate;
        }
      }
    }
    if (chosen == null) {
      for (Constructor<?> candidate : constructors) {
        if (candidate.getParameterCount() == 0) {
          chosen = candidate;
        }
      }
    }
    if (chosen == null && constructors.length == 1) {
      chosen = constructors[0];
    }
    if (chosen == null) {
      return new ConstructorPlan(type, null, null,
          "annotate one of its constructors with @Inject (it has " + Arrays.stream(constructors).map(Plans::signature).toList() + ")");
    }
    Parameter[] parameters = chosen.getParameters();
    Param[] params = new Param[parameters.length];
    for (int i = 0; i < parameters.length; i++) {
      Parameter parameter = parameters[i];
      Annotation qualifier = null;
      for (Annotation annotation : parameter.getAnnotations()) {
        if (hasAnnotationNamed(annotation.annotationType().getAnnotations(), "Qualifier")
            || hasAnnotationNamed(annotation.annotationType().getAnnotations(), "BindingAnnotation")) {
          qualifier = annotation;
        }
      }
      params[i] = new Param(
          parameter.getType() == ObjectInitializer.class,
          parameter.getParameterizedType(),
          qualifier,
          "parameter " + (i + 1) + " (" + parameter.getParameterizedType().getTypeName() + ")");
    }
    try {
      chosen.setAccessible(true);
      MethodHandle spread = MethodHandles.lookup()
          .unreflectConstructor(chosen)
          .asSpreader(Object[].class, params.length)
          .asType(MethodType.methodType(Object.class, Object[].class));
      return new ConstructorPlan(type, spread, params, null);
    } catch (IllegalAccessException | RuntimeException e) {
      return new ConstructorPlan(type, null, null, "its constructor is not accessible (" + e.getMessage() + ")");
    }
  }

  private static boolean needsEnclosingInstance(Class<?> type) {
    if (type.isRecord() || type.isEnum()) {
      return false;
    }
    if (type.isMemberClass()) {
      return !Modifier.isStatic(type.getModifiers());
    }
    if (type.isLocalClass() || type.isAnonymousClass()) {
      if (type.getEnclosingConstructor() != null) {
        return true;
      }
      return type.getEnclosingMethod() != null && !Modifier.isStatic(type.getEnclosingMethod().getModifiers());
    }
    return false;
  }

  /** {@code noun} after "a" or "an", by its first letter: "an Engine", "a Horn", "an int". */
  static String withArticle(String noun) {
    return (!noun.isEmpty() && "AEIOUaeiou".indexOf(noun.charAt(0)) >= 0 ? "an " : "a ") + noun;
  }

  private static boolean hasAnnotationNamed(Annotation[] annotations, String simpleName) {
    for (Annotation annotation : annotations) {
      if (annotation.annotationType().getSimpleName().equals(simpleName)) {
        return true;
      }
    }
    return false;
  }

  private static String signature(Constructor<?> constructor) {
    return constructor.getDeclaringClass().getSimpleName() + "("
        + String.join(", ", Arrays.stream(constructor.getParameterTypes()).map(Class::getSimpleName).toList()) + ")";
  }
}
