package dev.overture.asset;

import com.fasterxml.jackson.annotation.JsonTypeInfo;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import tools.jackson.databind.jsontype.NamedType;

/**
 * The registered names of polymorphic members: for each base type (an action, say), which name
 * binds to which class. JSON names the kind in the property the base type's {@code @JsonTypeInfo}
 * declares; Jackson resolves it against exactly these names, never against class names (no default
 * typing). Filled while the asset manager is built, then read-only.
 */
final class KindRegistry {

  private final Map<Class<?>, Map<String, Class<?>>> kinds = new LinkedHashMap<>();

  /** Registers {@code name} for {@code type}, a subtype of {@code base}. */
  <B> void register(Class<B> base, String name, Class<? extends B> type) {
    JsonTypeInfo info = base.getAnnotation(JsonTypeInfo.class);
    if (info == null || info.use() != JsonTypeInfo.Id.NAME) {
      throw new IllegalArgumentException(
          base.getName()
              + " needs @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = \"...\") to have kinds"
              + " registered");
    }
    if (!PrimaryAssetType.isValidName(name)) {
      throw new IllegalArgumentException(
          "Invalid kind name \"" + name + "\": expected a letter followed by letters, digits or '_'");
    }
    if (!base.isAssignableFrom(type) || type.isInterface() || java.lang.reflect.Modifier.isAbstract(type.getModifiers())) {
      throw new IllegalArgumentException(
          "Kind \"" + name + "\": " + type.getName() + " is not a concrete subtype of " + base.getName());
    }
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

  /** The property that names the kind of {@code base}, from its {@code @JsonTypeInfo}. */
  static String kindProperty(Class<?> base) {
    for (Class<?> type = base; type != null; type = type.getSuperclass()) {
      JsonTypeInfo info = type.getAnnotation(JsonTypeInfo.class);
      if (info != null) {
        return info.property().isEmpty() ? "@type" : info.property();
      }
      for (Class<?> implemented : type.getInterfaces()) {
        JsonTypeInfo fromInterface = implemented.getAnnotation(JsonTypeInfo.class);
        if (fromInterface != null) {
          return fromInterface.property().isEmpty() ? "@type" : fromInterface.property();
        }
      }
    }
    return "@type";
  }

  /** Every registered kind as a Jackson named type. */
  NamedType[] namedTypes() {
    return kinds.values().stream()
        .flatMap(names -> names.entrySet().stream())
        .map(entry -> new NamedType(entry.getValue(), entry.getKey()))
        .toArray(NamedType[]::new);
  }
}
