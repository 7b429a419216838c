package dev.overture.object;

import dev.overture.core.Choices;
import dev.overture.core.DataException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Builds every object the world creates (actors, components, subsystems), like Unreal's {@code
 * NewObject}: chooses the constructor, passes it an {@link ObjectInitializer} and its dependencies,
 * lets it create default subobjects, then starts the instance from its class defaults and applies
 * an archetype if one is given.
 *
 * <pre>{@code
 * ObjectFactory objects = ObjectFactory.builder().dependencies(GuiceDependencies.of(injector)).build();
 * Hero hero = objects.newObject(Hero.class, world, "Hero");
 * }</pre>
 *
 * <p><b>Constructors.</b> The one annotated {@code @Inject} if any; else one taking only an {@link
 * ObjectInitializer}; else the one without parameters; else the only one. An {@code
 * ObjectInitializer} parameter gets the initializer, every other parameter a value from the {@link
 * Dependencies}. A class whose constructor takes no initializer still works, and can create
 * default subobjects through {@link DefaultSubobjects}.
 *
 * <p><b>Threading.</b> Thread-safe: any thread may build objects (each construction runs on the
 * calling thread, with its own initializer stack). Class defaults are built once per class, on
 * first use.
 */
public final class ObjectFactory {

  private static final ObjectFactory STANDARD = new Builder().build();

  private final Dependencies dependencies;
  private final boolean developmentMode;
  private final Map<Class<?>, ClassDefaults<?>> defaults = new ConcurrentHashMap<>();

  private ObjectFactory(Builder builder) {
    this.dependencies = builder.dependencies;
    this.developmentMode = builder.developmentMode;
  }

  /** A factory with no dependencies and development mode off. */
  public static ObjectFactory standard() {
    return STANDARD;
  }

  /** A builder: no dependencies, development mode off. */
  public static Builder builder() {
    return new Builder();
  }

  /** Whether editor-only default subobjects are created. */
  public boolean developmentMode() {
    return developmentMode;
  }

  /**
   * Builds an object of {@code type} in {@code outer} (its world, its actor, or null), called
   * {@code name}.
   *
   * @throws ObjectConstructionException naming the class (and subobject) when it cannot be built
   */
  public <T> T newObject(Class<T> type, Object outer, String name) {
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(name, "name");
    return type.cast(construct(type, outer, name, null, false));
  }

  /**
   * Builds an object from {@code archetype}: its class, with its subobject overrides (counted as
   * the most derived) and its property values (after the class defaults).
   *
   * @throws ObjectConstructionException when the archetype's class is not an {@code expected}, or
   *     it cannot be built
   */
  public <T> T newObject(ObjectArchetype archetype, Class<T> expected, Object outer, String name) {
    Objects.requireNonNull(archetype, "archetype");
    if (!expected.isAssignableFrom(archetype.objectClass())) {
      throw new ObjectConstructionException(
          "The archetype's class " + archetype.objectClass().getSimpleName() + " is not " + Plans.withArticle(expected.getSimpleName()));
    }
    return expected.cast(construct(archetype.objectClass(), outer, name, archetype, false));
  }

  /** The class default object of {@code type}, built on first use. */
  @SuppressWarnings("unchecked")
  public <T> ClassDefaults<T> classDefaults(Class<T> type) {
    ClassDefaults<?> existing = defaults.get(type);
    if (existing != null) {
      return (ClassDefaults<T>) existing;
    }
    ObjectInitializer initializer = new ObjectInitializer(this, type, null, "Default__" + type.getSimpleName(), true);
    T object = type.cast(run(type, initializer));
    ClassDefaults<T> created = new ClassDefaults<>(type, object, initializer);
    ClassDefaults<?> raced = defaults.putIfAbsent(type, created);
    return raced == null ? created : (ClassDefaults<T>) raced;
  }

  /**
   * What is wrong with {@code archetype} that reading it could not tell: subobjects its class does
   * not create, their property overrides, and subobject classes that do not fit. Each problem's
   * pointer is relative to the archetype's file. Builds the class defaults if needed.
   */
  public List<DataException> check(ObjectArchetype archetype) {
    List<DataException> problems = new ArrayList<>();
    Class<?> type = archetype.objectClass();
    ClassDefaults<?> typeDefaults;
    try {
      typeDefaults = classDefaults(type);
    } catch (ObjectConstructionException e) {
      problems.add(new DataException("Overture/ConstructionFailed", "/class", e.getMessage()));
      return problems;
    }
    Map<String, ObjectInitializer.Slot> slots = typeDefaults.slots();
    archetype.subobjects().forEach((name, override) -> {
      String at = "/subobjects/" + name.replace("~", "~0").replace("/", "~1");
      ObjectInitializer.Slot slot = slots.get(name);
      if (slot == null) {
        problems.add(new DataException(
            "Overture/UnknownSubobject", at, type.getSimpleName() + " creates no default subobject \"" + name + "\"",
            "subobjects", Choices.closest(name, slots.keySet())));
        return;
      }
      if (!override.create()) {
        if (slot.required()) {
          problems.add(new DataException(
              "Overture/RequiredSubobject", at + "/create",
              "Default subobject \"" + name + "\" of " + type.getSimpleName() + " is required and cannot be left out"));
        }
        return;
      }
      Optional<Class<?>> replacement = override.type();
      if (replacement.isPresent() && !slot.requested().isAssignableFrom(replacement.get())) {
        problems.add(new DataException(
            "Overture/SubobjectClass", at + "/class",
            "Default subobject \"" + name + "\" of " + type.getSimpleName() + " must be "
                + Plans.withArticle(slot.requested().getSimpleName()) + "; " + replacement.get().getSimpleName() + " is not"));
        return;
      }
      Class<?> target = replacement.orElseGet(() -> typeDefaults.subobjects().getOrDefault(name, slot.requested()));
      try {
        PropertyValues.convert(target, override.properties(), at + "/properties");
      } catch (DataException e) {
        problems.add(e);
      }
    });
    return problems;
  }

  /** Builds one object; the initializer of a default subobject's owner calls this too. */
  Object construct(Class<?> type, Object outer, String name, ObjectArchetype archetype, boolean classDefault) {
    ObjectInitializer initializer = new ObjectInitializer(this, type, outer, name, classDefault);
    if (archetype != null) {
      archetype.subobjects().forEach((subobject, override) -> {
        if (!override.create()) {
          initializer.overrideFromArchetype(subobject, null);
        } else if (override.type().isPresent()) {
          initializer.overrideFromArchetype(subobject, override.type().get());
        }
      });
    }
    Object object = run(type, initializer);
    if (!classDefault) {
      ClassDefaults<?> typeDefaults = defaults.get(type);
      if (typeDefaults != null) {
        typeDefaults.applyTo(object);
      }
      if (archetype != null) {
        PropertyValues.apply(object, archetype.properties());
        archetype.subobjects().forEach((subobject, override) -> {
          Object child = initializer.subobjects().get(subobject);
          if (child != null && !override.properties().isEmpty()) {
            String at = "/subobjects/" + subobject + "/properties";
            try {
              PropertyValues.apply(child, PropertyValues.convert(child.getClass(), override.properties(), at));
            } catch (DataException e) {
              throw new ObjectConstructionException("Cannot apply the archetype of " + type.getSimpleName() + ": " + e.getMessage(), e);
            }
          }
        });
      }
    }
    if (object instanceof Constructed constructed) {
      constructed.postConstruct(initializer);
    }
    return object;
  }

  private Object run(Class<?> type, ObjectInitializer initializer) {
    Plans.ConstructorPlan plan = Plans.CONSTRUCTORS.get(type);
    if (plan.problem() != null) {
      throw new ObjectConstructionException("Cannot construct " + type.getName() + ": " + plan.problem());
    }
    Object[] arguments = new Object[plan.params().length];
    for (int i = 0; i < arguments.length; i++) {
      Plans.Param param = plan.params()[i];
      if (param.initializer()) {
        arguments[i] = initializer;
      } else {
        try {
          arguments[i] = dependencies.get(param.type(), param.qualifier());
        } catch (RuntimeException e) {
          throw new ObjectConstructionException(
              "Cannot construct " + type.getSimpleName() + ": nothing supplies its " + param.description() + ": "
                  + e.getMessage(), e);
        }
      }
    }
    initializer.push();
    Object object;
    try {
      object = (Object) plan.spread().invokeExact(arguments);
    } catch (ObjectConstructionException | IllegalStateException e) {
      throw e;
    } catch (Throwable e) {
      if (e instanceof Error error) {
        throw error;
      }
      throw new ObjectConstructionException("The constructor of " + type.getSimpleName() + " threw: " + e, e);
    } finally {
      initializer.pop();
    }
    initializer.finish(object);
    return object;
  }

  @Override
  public String toString() {
    return "ObjectFactory[" + defaults.size() + " class defaults" + (developmentMode ? ", development mode" : "") + "]";
  }

  /** Configures an {@link ObjectFactory}. Not thread-safe. */
  public static final class Builder {
    private Dependencies dependencies = Dependencies.none();
    private boolean developmentMode;
    private boolean dependenciesSet;

    private Builder() {}

    /** Where constructor parameters other than the initializer come from. */
    public Builder dependencies(Dependencies newDependencies) {
      if (dependenciesSet) {
        throw new IllegalStateException("the dependencies were already set");
      }
      dependencies = Objects.requireNonNull(newDependencies, "dependencies");
      dependenciesSet = true;
      return this;
    }

    /** Whether editor-only default subobjects are created (tools, the editor); off by default. */
    public Builder developmentMode(boolean on) {
      developmentMode = on;
      return this;
    }

    /** The factory. */
    public ObjectFactory build() {
      return new ObjectFactory(this);
    }
  }
}
