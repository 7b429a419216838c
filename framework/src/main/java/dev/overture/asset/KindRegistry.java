package dev.overture.asset;

import com.fasterxml.jackson.annotation.JsonTypeInfo;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import tools.jackson.databind.jsontype.NamedType;

/**
 * The names code gives to classes, per base type: the kinds of polymorphic members (an action's
 * {@code "action": "AddComponents"}) and the classes that {@link ClassRef} fields name (a component
 * class). For a base annotated {@code @JsonTypeInfo(use = NAME)}, Jackson resolves kinds against
 * exactly these names, never against class names (no default typing). Filled while the asset
 * manager is built, then read-only, so it is safe to read from any thread.
 */
final class KindRegistry {

  private final Map<Class<?>, Map<String, Class<?>>> kinds = new LinkedHashMap<>();
  /** Each registered class's name (the first it was given), for messages and ownership checks. */
  private final Map<Class<?>, String> namesByClass = new java.util.HashMap<>();

  /** Checks a registration's name and type, without registering: builders check at once what they apply later. */
  static void check(Class<?> base, String name, Class<?> type) {
    if (!PrimaryAssetType.isValidName(name)) {
      throw new IllegalArgumentException(
          "Invalid kind name \"" + name + "\": expected a letter followed by letters, digits or '_'");
    }
    if (!base.isAssignableFrom(type) || type.isInterface() || java.lang.reflect.Modifier.isAbstract(type.getModifiers())) {
      throw new IllegalArgumentException(
          "Kind \"" + name + "\": " + type.getName() + " is not a concrete subtype of " + base.getName());
    }
  }

  /** Registers {@code name} for {@code type}, a subtype of {@code base}. */
  <B> void register(Class<B> base, String name, Class<? extends B> type) {
    check(base, name, type);
    Map<String, Class<?>> names = kinds.computeIfAbsent(base, b -> new TreeMap<>());
    Class<?> previous = names.putIfAbsent(name, type);
    if (previous != null && previous != type) {
      throw new IllegalArgumentException(
          "Kind \""
              + name
              + "\" of "
              + base.getSimpleName()
              + " is already registered for "
              + previous.getName()
              + "; cannot register it again for "
              + type.getName());
    }
    namesByClass.putIfAbsent(type, name);
  }

  /**
   * The class registered as {@code name} that is a {@code base}, looking through every base it
   * could have been registered under; null when there is none.
   */
  Class<?> find(Class<?> base, String name) {
    for (Map<String, Class<?>> names : kinds.values()) {
      Class<?> type = names.get(name);
      if (type != null && base.isAssignableFrom(type)) {
        return type;
      }
    }
    return null;
  }

  /**
   * The class registered as {@code name} that is a {@code base}, as a {@link ClassRef} names it: a
   * kind of a polymorphic member (an action kind) is data bound from JSON, never a class content
   * names, so it is skipped; null when there is none.
   */
  Class<?> findClass(Class<?> base, String name) {
    for (Map.Entry<Class<?>, Map<String, Class<?>>> registered : kinds.entrySet()) {
      Class<?> type = registered.getValue().get(name);
      if (type != null && base.isAssignableFrom(type) && !hasTypeInfo(registered.getKey())) {
        return type;
      }
    }
    return null;
  }

  /**
   * What {@code name} is when it is registered as a kind of a polymorphic member and not as a
   * class: {@code an action kind} (after the property that names the kind) or {@code a
   * GameFeatureAction kind}; null otherwise.
   */
  String kindOnly(String name) {
    if (findClass(Object.class, name) != null) {
      return null;
    }
    for (Map.Entry<Class<?>, Map<String, Class<?>>> registered : kinds.entrySet()) {
      if (registered.getValue().containsKey(name) && hasTypeInfo(registered.getKey())) {
        String property = kindProperty(registered.getKey());
        String noun = property.chars().allMatch(Character::isLetter) ? property : registered.getKey().getSimpleName();
        return ("AEIOUaeiou".indexOf(noun.charAt(0)) >= 0 ? "an " : "a ") + noun + " kind";
      }
    }
    return null;
  }

  /** Every registered name a {@link ClassRef} of {@code base} takes ({@link #findClass}), sorted. */
  List<String> classNamesAssignableTo(Class<?> base) {
    java.util.TreeSet<String> names = new java.util.TreeSet<>();
    kinds.forEach((registeredBase, registered) -> {
      if (!hasTypeInfo(registeredBase)) {
        registered.forEach((name, type) -> {
          if (base.isAssignableFrom(type)) {
            names.add(name);
          }
        });
      }
    });
    return List.copyOf(names);
  }

  /** The name {@code type} was first registered under; null when it was not. */
  String nameOf(Class<?> type) {
    return namesByClass.get(type);
  }

  /** Every registered name whose class is a {@code base}, sorted. */
  List<String> namesAssignableTo(Class<?> base) {
    java.util.TreeSet<String> names = new java.util.TreeSet<>();
    for (Map<String, Class<?>> registered : kinds.values()) {
      registered.forEach((name, type) -> {
        if (base.isAssignableFrom(type)) {
          names.add(name);
        }
      });
    }
    return List.copyOf(names);
  }

  /** The registered names of {@code base}'s kinds, sorted. */
  List<String> names(Class<?> base) {
    for (Map.Entry<Class<?>, Map<String, Class<?>>> entry : kinds.entrySet()) {
      if (entry.getKey().isAssignableFrom(base) || base.isAssignableFrom(entry.getKey())) {
        return List.copyOf(entry.getValue().keySet());
      }
    }
    return List.of();
  }

  /**
   * The property that names the kind of {@code base}, from its {@code @JsonTypeInfo}: on the class,
   * a superclass, or any interface they implement or those interfaces extend (where Jackson finds
   * it too).
   */
  static String kindProperty(Class<?> base) {
    JsonTypeInfo info = nearestTypeInfo(base);
    return info == null || info.property().isEmpty() ? "@type" : info.property();
  }

  /** The {@code @JsonTypeInfo} that applies to {@code base}, searched as {@link #kindProperty} says; null when none. */
  private static JsonTypeInfo nearestTypeInfo(Class<?> base) {
    for (Class<?> type = base; type != null; type = type.getSuperclass()) {
      JsonTypeInfo info = typeInfo(type);
      if (info != null) {
        return info;
      }
    }
    return null;
  }

  /** The {@code @JsonTypeInfo} of {@code type} itself or of the interfaces above it, nearest first. */
  private static JsonTypeInfo typeInfo(Class<?> type) {
    JsonTypeInfo own = type.getAnnotation(JsonTypeInfo.class);
    if (own != null) {
      return own;
    }
    for (Class<?> implemented : type.getInterfaces()) {
      JsonTypeInfo fromInterface = typeInfo(implemented);
      if (fromInterface != null) {
        return fromInterface;
      }
    }
    return null;
  }

  /** Every kind of a polymorphic base (one with {@code @JsonTypeInfo}) as a Jackson named type. */
  NamedType[] namedTypes() {
    return kinds.entrySet().stream()
        .filter(entry -> hasTypeInfo(entry.getKey()))
        .flatMap(entry -> entry.getValue().entrySet().stream())
        .map(entry -> new NamedType(entry.getValue(), entry.getKey()))
        .toArray(NamedType[]::new);
  }

  private static boolean hasTypeInfo(Class<?> base) {
    JsonTypeInfo info = nearestTypeInfo(base);
    return info != null && info.use() == JsonTypeInfo.Id.NAME;
  }
}
