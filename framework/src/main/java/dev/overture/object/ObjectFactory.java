package dev.overture.object;

import dev.overture.core.DataException;
import dev.overture.internal.Choices;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

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
 * <p><b>Constructors.</b> The one annotated {@code @Inject} if any (at most one may be); else one
 * taking only an {@link ObjectInitializer}; else the one without parameters; else the only one. An
 * {@code ObjectInitializer} parameter gets the initializer, every other parameter a value from the
 * {@link Dependencies}. A class whose constructor takes no initializer still works, and can create
 * default subobjects through {@link DefaultSubobjects}.
 *
 * <p><b>Order.</b> Constructor (creating default subobjects, each built completely in turn); class
 * defaults, base classes' first; the archetype's property values; then {@link
 * Constructed#postConstruct}. A default subobject gets its archetype values before its own
 * {@code postConstruct}.
 *
 * <p><b>Threading.</b> Thread-safe: any thread may build objects (each construction runs on the
 * calling thread, with its own initializer stack). Class defaults are built once per class and
 * factory, on first use, under a lock.
 */
public final class ObjectFactory {

  private final Dependencies dependencies;
  private final boolean developmentMode;
  /**
   * The class defaults built, kept in each class itself (a class value) rather than in a map of
   * this factory: a map would keep a plugin's classes, and so its class loader, alive after the
   * plugin is gone.
   */
  private final ClassValue<DefaultsSlot> defaults = new ClassValue<>() {
    @Override
    protected DefaultsSlot computeValue(Class<?> type) {
      return new DefaultsSlot();
    }
  };
  /**
   * How to construct each class, planned on first use and kept per factory like the defaults: what
   * a factory learned of a class is its own, and a new factory plans afresh.
   */
  private final ClassValue<Plans.ConstructorPlan> plans = new ClassValue<>() {
    @Override
    protected Plans.ConstructorPlan computeValue(Class<?> type) {
      return Plans.constructorPlan(type);
    }
  };
  private final java.util.concurrent.atomic.AtomicInteger defaultsBuilt = new java.util.concurrent.atomic.AtomicInteger();
  private final Object defaultsLock = new Object();
  private final Set<Class<?>> building = new HashSet<>();
  /** Whether any class default was ever set: until then, instances skip the defaults walk. */
  private volatile boolean anyDefaultChanged;

  private ObjectFactory(Builder builder) {
    this.dependencies = builder.dependencies;
    this.developmentMode = builder.developmentMode;
  }

  /** A new factory with no dependencies and development mode off. */
  public static ObjectFactory create() {
    return new Builder().build();
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
   * @throws ObjectConstructionException naming the class (and the default subobject it happened
   *     in) when it cannot be built, including when a constructor throws
   * @throws IllegalStateException when a constructor misuses an initializer ("No object initializer
   *     found during construction. ...", "Using incorrect object initializer. ...")
   */
  public <T> T newObject(Class<T> type, Object outer, String name) {
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(name, "name");
    return type.cast(construct(type, outer, name, null, false, Map.of()));
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
    Objects.requireNonNull(name, "name");
    if (!expected.isAssignableFrom(archetype.objectClass())) {
      throw new ObjectConstructionException(
          "The archetype's class " + archetype.objectClass().getSimpleName() + " is not "
              + Plans.withArticle(expected.getSimpleName()));
    }
    return expected.cast(construct(archetype.objectClass(), outer, name, archetype, false, Map.of()));
  }

  /**
   * The class default object of {@code type}, built on first use (running its constructors; see
   * {@link ObjectInitializer#isClassDefaultObject()}).
   *
   * @throws ObjectConstructionException when the class cannot be built
   */
  @SuppressWarnings("unchecked")
  public <T> ClassDefaults<T> classDefaults(Class<T> type) {
    DefaultsSlot slot = defaults.get(type);
    ClassDefaults<?> existing = slot.built;
    if (existing != null) {
      return (ClassDefaults<T>) existing;
    }
    synchronized (defaultsLock) {
      existing = slot.built;
      if (existing != null) {
        return (ClassDefaults<T>) existing;
      }
      if (!building.add(type)) {
        throw new ObjectConstructionException(
            "The class defaults of " + type.getSimpleName() + " were asked for while they are being built"
                + " (by a constructor of the class itself)");
      }
      try {
        ObjectInitializer initializer =
            new ObjectInitializer(this, type, null, "Default__" + type.getSimpleName(), true, null);
        T object = type.cast(run(type, initializer));
        ClassDefaults<T> created = new ClassDefaults<>(this, type, object, initializer);
        applyDefaults(type, object);
        slot.built = created;
        defaultsBuilt.incrementAndGet();
        return created;
      } finally {
        building.remove(type);
      }
    }
  }

  /** The class defaults of {@code type} if they were built, without building them. */
  ClassDefaults<?> existingDefaults(Class<?> type) {
    return defaults.get(type).built;
  }

  /** Where a class's defaults are kept once built. */
  private static final class DefaultsSlot {
    volatile ClassDefaults<?> built;
  }

  void defaultsChanged() {
    anyDefaultChanged = true;
  }

  /**
   * What is wrong with {@code archetype} that reading it could not tell: subobjects its class does
   * not create, a required one left out, a replacement class that the class's hierarchy does not
   * accept, property overrides the subobject's class does not have, and overrides that cannot all
   * apply. Each problem's pointer is relative to the archetype's file. Builds the class defaults if
   * needed; a class that cannot be built is a problem too ({@code Overture/ConstructionFailed}).
   */
  public List<DataException> check(ObjectArchetype archetype) {
    List<DataException> problems = new ArrayList<>();
    Class<?> type = archetype.objectClass();
    ClassDefaults<?> typeDefaults;
    try {
      typeDefaults = classDefaults(type);
    } catch (RuntimeException e) {
      problems.add(new DataException(
          "Overture/ConstructionFailed", "/class", "Cannot build " + type.getSimpleName() + ": " + e.getMessage()));
      return problems;
    }
    Set<String> slots = typeDefaults.overridableSubobjects();
    archetype.subobjects().forEach((name, override) -> {
      String at = "/subobjects/" + name.replace("~", "~0").replace("/", "~1");
      if (!slots.contains(name)) {
        problems.add(new DataException(
            "Overture/UnknownSubobject", at, type.getSimpleName() + " creates no default subobject \"" + name + "\"",
            "subobjects", Choices.closest(name, slots)));
        return;
      }
      if (!override.create()) {
        if (!typeDefaults.isOptional(name)) {
          problems.add(new DataException(
              "Overture/RequiredSubobject", at + "/create",
              "Default subobject \"" + name + "\" of " + type.getSimpleName() + " is required and cannot be left out"));
        } else if (override.type().isPresent() || !override.properties().isEmpty()) {
          problems.add(new DataException(
              "Overture/ConflictingOverride", at,
              "Default subobject \"" + name + "\" of " + type.getSimpleName() + " is left out (\"create\": false), so its"
                  + " class and properties would be ignored; remove them or the \"create\": false"));
        }
        return;
      }
      Optional<Class<?>> replacement = override.type();
      if (replacement.isPresent()) {
        Optional<String> refused = typeDefaults.refusal(name, replacement.get());
        if (refused.isPresent()) {
          problems.add(new DataException("Overture/SubobjectClass", at + "/class", refused.get()));
          return;
        }
      }
      Class<?> target = replacement.orElseGet(() -> typeDefaults.subobjectClass(name));
      try {
        archetype.subobjectProperties(name, target);
      } catch (DataException e) {
        problems.add(e);
      }
    });
    return problems;
  }

  /**
   * Builds one object; the initializer of a default subobject's owner calls this too.
   *
   * @param classDefault whether it is (part of) a class default object: no defaults, no
   *     postConstruct
   * @param properties property values its owner's archetype gives it
   */
  Object construct(
      Class<?> type, Object outer, String name, ObjectArchetype archetype, boolean classDefault,
      Map<String, PropertyValues.Value> properties) {
    ObjectInitializer initializer = new ObjectInitializer(this, type, outer, name, classDefault, archetype);
    Object object = run(type, initializer);
    if (classDefault) {
      return object;
    }
    if (anyDefaultChanged) {
      applyDefaults(type, object);
    }
    if (archetype != null) {
      PropertyValues.apply(object, archetype.propertyValues());
    }
    PropertyValues.apply(object, properties);
    if (object instanceof Constructed constructed) {
      try {
        constructed.postConstruct(initializer);
      } catch (ObjectConstructionException | ObjectInitializer.Misuse e) {
        throw e;
      } catch (VirtualMachineError e) {
        if (!(e instanceof StackOverflowError)) {
          throw e;
        }
        throw new ObjectConstructionException(
            "The postConstruct of " + type.getSimpleName() + " failed: " + dev.overture.internal.Failures.describe(e), e);
      } catch (Exception | Error e) {
        throw new ObjectConstructionException(
            "The postConstruct of " + type.getSimpleName() + " failed: " + dev.overture.internal.Failures.describe(e), e);
      }
    }
    return object;
  }

  /** Gives {@code object} the defaults set for its class and its base classes, base classes first. */
  private void applyDefaults(Class<?> type, Object object) {
    for (Class<?> c : Plans.HIERARCHY.get(type)) {
      ClassDefaults<?> classDefaults = defaults.get(c).built;
      if (classDefaults != null) {
        classDefaults.applyTo(object);
      }
    }
  }

  private Object run(Class<?> type, ObjectInitializer initializer) {
    Plans.ConstructorPlan plan = plans.get(type);
    if (plan.problem() != null) {
      throw new ObjectConstructionException("Cannot construct " + type.getName() + ": " + plan.problem());
    }
    Object[] arguments = null;
    if (plan.noArguments() == null && plan.initializerOnly() == null) {
      arguments = new Object[plan.params().length];
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
    }
    initializer.push();
    Object object;
    try {
      if (plan.noArguments() != null) {
        object = plan.noArguments().get();
      } else if (plan.initializerOnly() != null) {
        object = plan.initializerOnly().apply(initializer);
      } else {
        object = (Object) plan.spread().invokeExact(arguments);
      }
    } catch (ObjectConstructionException | ObjectInitializer.Misuse e) {
      throw e;
    } catch (VirtualMachineError e) {
      if (!(e instanceof StackOverflowError)) {
        throw e; // out of memory, an internal error: the JVM's, not the class's
      }
      throw new ObjectConstructionException(
          "The constructor of " + type.getSimpleName() + " failed: " + dev.overture.internal.Failures.describe(e), e);
    } catch (Throwable e) {
      // An assertion, a static initializer that failed (ExceptionInInitializerError, then
      // NoClassDefFoundError): the class's own failure, named.
      throw new ObjectConstructionException(
          "The constructor of " + type.getSimpleName() + " failed: " + dev.overture.internal.Failures.describe(e), e);
    } finally {
      initializer.pop();
    }
    initializer.finish(object);
    return object;
  }

  @Override
  public String toString() {
    return "ObjectFactory[" + defaultsBuilt.get() + " class defaults" + (developmentMode ? ", development mode" : "") + "]";
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
