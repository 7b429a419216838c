package dev.overture.object;

import java.lang.annotation.Annotation;
import java.lang.invoke.CallSite;
import java.lang.invoke.LambdaMetafactory;
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
import java.util.function.Function;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the factory needs to know of a class: the constructor to call and what each parameter gets
 * (planned by {@link #constructorPlan}, kept by each factory), and the class's properties (kept
 * here, once per class: they are the class's alone). Immutable.
 */
final class Plans {

  private static final Logger log = LoggerFactory.getLogger(Plans.class);

  private Plans() {}

  /** A constructor parameter: the initializer, or a dependency. */
  record Param(boolean initializer, Type type, Annotation qualifier, String description) {}

  /**
   * The constructor to call: as a handle taking its arguments as one array and, when it takes
   * nothing or only the initializer, as a generated function the JIT can inline (the common case,
   * several times faster than a handle that is not a constant).
   */
  record ConstructorPlan(
      Class<?> type, MethodHandle spread, Param[] params, String problem,
      Supplier<Object> noArguments, Function<ObjectInitializer, Object> initializerOnly) {

    ConstructorPlan(Class<?> type, MethodHandle spread, Param[] params, String problem) {
      this(type, spread, params, problem, null, null);
    }
  }

  /** A class and its superclasses up to (not including) Object, base classes first. */
  static final ClassValue<List<Class<?>>> HIERARCHY =
      new ClassValue<>() {
        @Override
        protected List<Class<?>> computeValue(Class<?> type) {
          List<Class<?>> chain = new ArrayList<>();
          for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            chain.add(0, c);
          }
          return List.copyOf(chain);
        }
      };

  static final ClassValue<Map<String, Field>> PROPERTIES =
      new ClassValue<>() {
        @Override
        protected Map<String, Field> computeValue(Class<?> type) {
          Map<String, Field> properties = new LinkedHashMap<>();
          for (Class<?> c : HIERARCHY.get(type)) {
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

  /** How to construct {@code type}, or why it cannot be (the plan's problem); the factory keeps it. */
  static ConstructorPlan constructorPlan(Class<?> type) {
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
    List<Constructor<?>> injectable = new ArrayList<>();
    for (Constructor<?> candidate : constructors) {
      if (hasAnnotationNamed(candidate.getAnnotations(), "Inject")) {
        injectable.add(candidate);
      }
    }
    if (injectable.size() > 1) {
      return new ConstructorPlan(type, null, null,
          "only one constructor may be annotated @Inject (it has " + injectable.stream().map(Plans::signature).sorted().toList() + ")");
    }
    if (!injectable.isEmpty()) {
      chosen = injectable.get(0);
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
          "annotate one of its constructors with @Inject (it has " + Arrays.stream(constructors).map(Plans::signature).sorted().toList() + ")");
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
    MethodHandle constructor;
    MethodHandle spread;
    try {
      chosen.setAccessible(true);
      constructor = MethodHandles.lookup().unreflectConstructor(chosen);
      spread = constructor
          .asSpreader(Object[].class, params.length)
          .asType(MethodType.methodType(Object.class, Object[].class));
    } catch (IllegalAccessException | RuntimeException e) {
      return new ConstructorPlan(type, null, null, "its constructor is not accessible (" + e.getMessage() + ")");
    }
    Supplier<Object> noArguments = null;
    Function<ObjectInitializer, Object> initializerOnly = null;
    try {
      MethodHandles.Lookup inType = MethodHandles.privateLookupIn(type, MethodHandles.lookup());
      MethodHandle direct = inType.unreflectConstructor(chosen);
      if (params.length == 0) {
        noArguments = generated(inType, Supplier.class, "get", direct, MethodType.methodType(Object.class));
      } else if (params.length == 1 && params[0].initializer()) {
        initializerOnly = generated(
            inType, Function.class, "apply", direct, MethodType.methodType(Object.class, Object.class));
      }
    } catch (Throwable e) {
      // The handle works everywhere; the generated function is only faster. A class in a module
      // that does not open its package to Overture, for instance, keeps the handle.
      log.debug("Constructing {} through a method handle: {}", type.getName(), e.toString());
    }
    return new ConstructorPlan(type, spread, params, null, noArguments, initializerOnly);
  }

  @SuppressWarnings("unchecked")
  private static <F> F generated(
      MethodHandles.Lookup inType, Class<?> functionType, String method, MethodHandle constructor, MethodType erased)
      throws Throwable {
    CallSite site = LambdaMetafactory.metafactory(
        inType,
        method,
        MethodType.methodType(functionType),
        erased,
        constructor,
        constructor.type().changeReturnType(constructor.type().returnType()));
    return (F) site.getTarget().invoke();
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
