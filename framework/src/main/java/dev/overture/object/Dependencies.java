package dev.overture.object;

import java.lang.annotation.Annotation;
import java.lang.reflect.Type;

/**
 * Supplies the constructor arguments of objects the {@link ObjectFactory} builds, other than the
 * {@link ObjectInitializer}: the game's services. The Guice adapter ({@code
 * dev.overture.inject.GuiceDependencies}) asks the injector; a host without Guice implements this
 * directly. Must be safe to call from any thread that constructs objects.
 */
@FunctionalInterface
public interface Dependencies {

  /**
   * The value to pass for a constructor parameter of {@code type}.
   *
   * @param qualifier the parameter's binding annotation (a {@code @Named}, say), or null
   * @throws RuntimeException when there is none; the factory names the object and parameter
   */
  Object get(Type type, Annotation qualifier);

  /** No dependencies: constructors may take only an {@link ObjectInitializer}. */
  static Dependencies none() {
    return (type, qualifier) -> {
      throw new IllegalStateException("no dependency resolver is set (ObjectFactory.builder().dependencies(...))");
    };
  }
}
