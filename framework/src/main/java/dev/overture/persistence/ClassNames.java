package dev.overture.persistence;

import dev.overture.asset.AssetManager;
import dev.overture.world.Actor;
import dev.overture.world.ActorComponent;
import dev.overture.world.GameState;
import dev.overture.world.Pawn;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The names a store writes for classes, and the classes it reads them back as: the names code
 * registered for content ({@code AssetManager.Builder.kind}), never Java class names, so that a
 * class can move or be renamed without breaking saved worlds.
 *
 * <p>Immutable; thread-safe.
 */
public final class ClassNames {

  private final Map<String, Class<?>> byName;
  private final Map<Class<?>, String> byClass;

  private ClassNames(Map<String, Class<?>> given) {
    // The world's own classes are always known, under the names content uses for them.
    Map<String, Class<?>> names = new LinkedHashMap<>(given);
    names.putIfAbsent("Actor", Actor.class);
    names.putIfAbsent("Pawn", Pawn.class);
    names.putIfAbsent("GameState", GameState.class);
    this.byName = Map.copyOf(names);
    Map<Class<?>, String> reverse = new LinkedHashMap<>();
    names.forEach((name, type) -> reverse.putIfAbsent(type, name));
    this.byClass = Map.copyOf(reverse);
  }

  /** These names, and the world's own classes ({@code Actor}, {@code Pawn}, {@code GameState}). */
  public static ClassNames of(Map<String, Class<?>> names) {
    names.forEach((name, type) -> {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(type, "type");
    });
    return new ClassNames(names);
  }

  /** The actor and component classes registered on {@code assets}. */
  public static ClassNames from(AssetManager assets) {
    Map<String, Class<?>> names = new LinkedHashMap<>();
    for (Class<?> base : new Class<?>[] {Actor.class, ActorComponent.class}) {
      for (String name : assets.tools().kinds(base)) {
        assets.tools().kind(base, name).ifPresent(type -> names.put(name, type));
      }
    }
    return new ClassNames(names);
  }

  /** The name of {@code type}, if it has one. */
  public Optional<String> nameOf(Class<?> type) {
    return Optional.ofNullable(byClass.get(type));
  }

  /** The class called {@code name}, if any. */
  public Optional<Class<?>> classNamed(String name) {
    return Optional.ofNullable(byName.get(name));
  }

  /** Every name, for messages. */
  public java.util.Set<String> names() {
    return byName.keySet();
  }
}
