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
  /** For {@link #from}: the registry asked at each lookup, since plugins register classes later. */
  private final AssetManager live;

  private ClassNames(Map<String, Class<?>> given) {
    this(given, null);
  }

  private ClassNames(Map<String, Class<?>> given, AssetManager live) {
    this.live = live;
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

  /**
   * The actor and component classes registered on {@code assets} at each lookup, so that the classes
   * of plugins registered later (and no longer those of plugins unregistered since) are known.
   */
  public static ClassNames from(AssetManager assets) {
    return new ClassNames(Map.of(), Objects.requireNonNull(assets, "assets"));
  }

  /** The name of {@code type}, if it has one. */
  public Optional<String> nameOf(Class<?> type) {
    if (live != null && (Actor.class.isAssignableFrom(type) || ActorComponent.class.isAssignableFrom(type))) {
      Optional<String> registered = live.tools().kindName(type);
      if (registered.isPresent()) {
        return registered;
      }
    }
    return Optional.ofNullable(byClass.get(type));
  }

  /** The class called {@code name}, if any. */
  public Optional<Class<?>> classNamed(String name) {
    if (live != null) {
      for (Class<?> base : new Class<?>[] {Actor.class, ActorComponent.class}) {
        Optional<? extends Class<?>> registered = live.tools().kind(base, name);
        if (registered.isPresent()) {
          return Optional.of(registered.get());
        }
      }
    }
    return Optional.ofNullable(byName.get(name));
  }

  /** Every name, for messages. */
  public java.util.Set<String> names() {
    java.util.Set<String> names = new java.util.TreeSet<>(byName.keySet());
    if (live != null) {
      names.addAll(live.tools().kinds(Actor.class));
      names.addAll(live.tools().kinds(ActorComponent.class));
    }
    return java.util.Collections.unmodifiableSet(names);
  }
}
