package dev.overture.internal;

import java.lang.reflect.GenericArrayType;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Stream;
import tools.jackson.databind.json.JsonMapper;

/**
 * Mappers for a mapper kept for the life of the process (a static one), one per class loader's
 * classes: types of the framework's loader (and its parents) share one mapper; a class of another
 * loader (a plugin's) gets a mapper of its own, held by that class ({@link ClassValue}). A shared
 * mapper caches every type it binds (its type factory, its deserializers and serializers), so
 * binding a plugin's record with it kept the plugin's class loader reachable after the plugin was
 * unloaded; a plugin's mapper goes with its classes.
 *
 * <p>Thread-safe.
 */
public final class MappersByLoader {

  private static final ClassLoader FRAMEWORK = MappersByLoader.class.getClassLoader();

  private final JsonMapper shared;
  private final ClassValue<JsonMapper> own;

  /** @param make builds a mapper; called once for the shared one and once per foreign class met */
  public MappersByLoader(Supplier<JsonMapper> make) {
    Objects.requireNonNull(make, "make");
    this.shared = make.get();
    this.own = new ClassValue<>() {
      @Override
      protected JsonMapper computeValue(Class<?> type) {
        return shared(type) ? shared : make.get();
      }
    };
  }

  /** The mapper for the framework's own types: only for types that cannot be a plugin's. */
  public JsonMapper shared() {
    return shared;
  }

  /** The mapper for {@code type}: the first class of another loader it names (its parameters too), else the shared one. */
  public JsonMapper forType(Type type) {
    Class<?> foreign = foreign(type, 0);
    return foreign == null ? shared : own.get(foreign);
  }

  /** The mapper for {@code value} of the declared {@code type}: the value's class counts too (an {@code Object} property). */
  public JsonMapper forValue(Object value, Type type) {
    Class<?> foreign = foreignIn(value, 0);
    return foreign != null ? own.get(foreign) : forType(type);
  }

  /**
   * The first class of another loader among {@code value}'s class and, inside the JDK's containers
   * (collections, maps' keys and values, arrays of objects, optionals), their contents' classes, to
   * a depth of 8: a plugin's record in a {@code List<Object>} property is serialized by whichever
   * mapper the list gets, and the shared one would cache the record's class for good (a hostile
   * review found a plugin's loader kept so). A value with plugin classes of two loaders gets the
   * first's mapper, which then holds the second's classes until the first's are unloaded.
   */
  private static Class<?> foreignIn(Object value, int depth) {
    if (value == null || depth > 8) {
      return null;
    }
    Class<?> type = value.getClass();
    if (!shared(type)) {
      return type;
    }
    Iterable<?> contents;
    if (value instanceof Collection<?> collection) { // not any Iterable: a Path is one, of Paths
      contents = collection;
    } else if (value instanceof Map<?, ?> map) {
      contents = map.entrySet().stream().flatMap(entry -> Stream.of(entry.getKey(), entry.getValue())).toList();
    } else if (value instanceof Object[] array) {
      contents = Arrays.asList(array);
    } else if (value instanceof Optional<?> optional) {
      return foreignIn(optional.orElse(null), depth + 1);
    } else {
      return null;
    }
    return first(contents, element -> foreignIn(element, depth + 1));
  }

  /** The first non-null of {@code find} over {@code items}, or null. */
  private static <T> Class<?> first(Iterable<T> items, Function<? super T, Class<?>> find) {
    for (T item : items) {
      Class<?> found = find.apply(item);
      if (found != null) {
        return found;
      }
    }
    return null;
  }

  private static boolean shared(Class<?> type) {
    ClassLoader loader = type.getClassLoader();
    for (ClassLoader framework = FRAMEWORK; framework != null; framework = framework.getParent()) {
      if (loader == framework) {
        return true;
      }
    }
    return loader == null;
  }

  /** The first class of another loader that {@code type} names, or null; {@code depth} stops a type that names itself. */
  private static Class<?> foreign(Type type, int depth) {
    if (type == null || depth > 16) {
      return null;
    }
    if (type instanceof Class<?> c) {
      Class<?> element = c;
      while (element.isArray()) {
        element = element.getComponentType();
      }
      return shared(element) ? null : element;
    }
    List<Type> named;
    if (type instanceof ParameterizedType parameterized) {
      Class<?> raw = foreign(parameterized.getRawType(), depth + 1);
      if (raw != null) {
        return raw;
      }
      named = List.of(parameterized.getActualTypeArguments());
    } else if (type instanceof GenericArrayType array) {
      named = List.of(array.getGenericComponentType());
    } else if (type instanceof WildcardType wildcard) {
      named = Stream.concat(Arrays.stream(wildcard.getUpperBounds()), Arrays.stream(wildcard.getLowerBounds())).toList();
    } else if (type instanceof TypeVariable<?> variable) {
      named = List.of(variable.getBounds());
    } else {
      return null;
    }
    return first(named, one -> foreign(one, depth + 1));
  }
}
