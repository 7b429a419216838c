package dev.overture.object;

import java.lang.reflect.Field;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The class default object of one class, like Unreal's CDO: an instance built once per factory,
 * holding the class's default property values. Values set here ({@link #set}) become the starting
 * values of every instance of the class and of its subclasses built afterwards (a subclass's own
 * setting wins over its base's); values never set stay what the constructor gives.
 *
 * <p>Building the defaults runs the class's constructors (with {@link
 * ObjectInitializer#isClassDefaultObject()} true, also for its default subobjects); constructors
 * with side effects should check it.
 *
 * <p>Thread-safe. Instances built while another thread sets a default may start from either value.
 *
 * @param <T> the class
 */
public final class ClassDefaults<T> {

  private final ObjectFactory factory;
  private final Class<T> type;
  private final T object;
  private final Map<String, Class<?>> subobjects;
  private final Map<String, ObjectInitializer.Slot> slots;
  private final Map<String, PropertyValues.Value> changed = new ConcurrentHashMap<>();

  ClassDefaults(ObjectFactory factory, Class<T> type, T object, ObjectInitializer initializer) {
    this.factory = factory;
    this.type = type;
    this.object = object;
    Map<String, Class<?>> created = new LinkedHashMap<>();
    initializer.forEachSubobject((name, subobject) -> created.put(name, subobject.getClass()));
    this.subobjects = Collections.unmodifiableMap(created);
    this.slots = initializer.slots();
  }

  /** The class default object itself, as the constructors left it. */
  T object() {
    return object;
  }

  /** The class. */
  public Class<T> type() {
    return type;
  }

  /** The names of the properties of the class ({@link Property} fields, base classes first). */
  public Set<String> properties() {
    return Plans.PROPERTIES.get(type).keySet();
  }

  /** The default subobjects the class creates, by name, in creation order, with their classes. */
  public Map<String, Class<?>> subobjects() {
    return subobjects;
  }

  /**
   * The default subobjects an archetype of the class may change (its {@code "subobjects"}): every
   * one the class asks for, created or not (an optional one a subclass dropped, an editor-only
   * one), in the order asked. {@link ObjectFactory#check} and the archetype schemas read the
   * subobjects from here, and from the three methods below.
   */
  public Set<String> overridableSubobjects() {
    return slots.keySet();
  }

  /**
   * Whether an archetype may leave subobject {@code name} out ({@code "create": false}): its
   * creator used {@code createOptionalDefaultSubobject} or {@code createEditorOnlyDefaultSubobject}.
   *
   * @throws IllegalArgumentException when the class asks for no such subobject
   */
  public boolean isOptional(String name) {
    return !slot(name).required();
  }

  /**
   * The class whose properties an archetype's values for subobject {@code name} set when the
   * archetype names no class: the class the subobject is built as (its creator's, or the one a
   * subclass set), or, for one the class does not create, the class its creator asks for.
   *
   * @throws IllegalArgumentException when the class asks for no such subobject
   */
  public Class<?> subobjectClass(String name) {
    return subobjects.getOrDefault(name, slot(name).requested());
  }

  /**
   * Why an archetype may not name {@code replacement} as the class of subobject {@code name} (it is
   * not the type the creator asks for, or not one a class of the hierarchy set), or empty when it
   * may.
   *
   * @throws IllegalArgumentException when the class asks for no such subobject
   */
  public Optional<String> refusal(String name, Class<?> replacement) {
    ObjectInitializer.Slot slot = slot(name);
    String prefix = "Default subobject \"" + name + "\" of " + type.getSimpleName() + " must be ";
    if (!slot.requested().isAssignableFrom(replacement)) {
      return Optional.of(prefix + Plans.withArticle(slot.requested().getSimpleName()) + "; " + replacement.getSimpleName() + " is not");
    }
    for (ObjectInitializer.Constraint constraint : slot.constraints()) {
      if (!constraint.type().isAssignableFrom(replacement)) {
        return Optional.of(prefix + Plans.withArticle(constraint.type().getSimpleName()) + " (set by " + constraint.setBy() + "); "
            + replacement.getSimpleName() + " is not");
      }
    }
    return Optional.empty();
  }

  private ObjectInitializer.Slot slot(String name) {
    ObjectInitializer.Slot slot = slots.get(name);
    if (slot == null) {
      throw new IllegalArgumentException(
          type.getSimpleName() + " creates no default subobject \"" + name + "\" (subobjects: " + List.copyOf(slots.keySet()) + ")");
    }
    return slot;
  }

  /**
   * The default value of {@code property}: set here, else set on the nearest base class, else what
   * the constructor gives. Mutable values come as a copy.
   */
  public Object get(String property) {
    Field field = field(property);
    for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
      ClassDefaults<?> defaults = c == type ? this : factory.existingDefaults(c);
      if (defaults != null && defaults.changed.containsKey(property)) {
        return defaults.changed.get(property).forInstance();
      }
    }
    try {
      return field.get(object);
    } catch (IllegalAccessException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * Makes {@code value} the default of {@code property}: instances of the class and its subclasses
   * built from now on start with it (each with its own copy, when the value could be changed).
   *
   * @throws IllegalArgumentException naming the class's properties when there is no such property,
   *     or naming the property's type when the value does not fit it (generic types included)
   */
  public void set(String property, Object value) {
    Field field = field(property);
    changed.put(property, PropertyValues.fromJava(type, field, value));
    factory.defaultsChanged();
  }

  private Field field(String property) {
    Field field = Plans.PROPERTIES.get(type).get(property);
    if (field == null) {
      throw new IllegalArgumentException(
          type.getSimpleName() + " has no property \"" + property + "\" (properties: " + List.copyOf(properties()) + ")");
    }
    return field;
  }

  /** Gives {@code instance} the defaults changed here (not those of base classes). */
  void applyTo(Object instance) {
    if (!changed.isEmpty()) {
      PropertyValues.apply(instance, changed);
    }
  }

  @Override
  public String toString() {
    return "ClassDefaults[" + type.getSimpleName() + ", changed " + changed.keySet() + "]";
  }
}
