package dev.overture.inject;

import com.google.inject.Injector;
import com.google.inject.Key;
import dev.overture.object.Dependencies;
import java.lang.annotation.Annotation;
import java.lang.reflect.Type;
import java.util.Objects;

/**
 * Lets the {@link dev.overture.object.ObjectFactory} take constructor arguments from a Guice
 * injector, so that actors and components can ask for the game's services:
 *
 * <pre>{@code
 * ObjectFactory objects = ObjectFactory.builder().dependencies(GuiceDependencies.of(injector)).build();
 *
 * public class ScoreComponent extends ActorComponent {
 *   @Inject
 *   ScoreComponent(ObjectInitializer initializer, Leaderboard leaderboard) { ... }
 * }
 * }</pre>
 *
 * A parameter's binding annotation ({@code @Named("...")}) selects the binding. Thread-safe as the
 * injector is.
 */
@SuppressWarnings("exports") // Guice is optional: a host that uses this class requires Guice itself
public final class GuiceDependencies implements Dependencies {

  private final Injector injector;

  private GuiceDependencies(Injector injector) {
    this.injector = Objects.requireNonNull(injector, "injector");
  }

  /** Dependencies from {@code injector}. */
  public static GuiceDependencies of(Injector injector) {
    return new GuiceDependencies(injector);
  }

  @Override
  public Object get(Type type, Annotation qualifier) {
    Key<?> key = qualifier == null ? Key.get(type) : Key.get(type, qualifier);
    return injector.getInstance(key);
  }
}
