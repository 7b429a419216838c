package dev.overture.object;

import java.util.ArrayDeque;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The construction context of one object, like Unreal's {@code FObjectInitializer}: the factory
 * creates it, pushes it on the constructing thread's stack, and passes it to constructors that take
 * one. Constructors use it to create their default subobjects, and subclasses use it to change what
 * their base classes create, before the base constructor runs (Java evaluates {@code super(...)}
 * arguments first, as C++ evaluates initializer lists):
 *
 * <pre>{@code
 * public SpectatorPawn(ObjectInitializer initializer) {
 *   super(initializer
 *       .setDefaultSubobjectClass(Pawn.MOVEMENT, SpectatorMovement.class)
 *       .doNotCreateDefaultSubobject(Pawn.MESH));
 * }
 * }</pre>
 *
 * <p><b>Overrides.</b> The most derived class speaks first, so its override stands. A base class
 * (speaking later) may set a class too, but only a supertype of the one its subclass set: the
 * subclass's choice must still satisfy the base. Between a class and "do not create", whichever the
 * more derived class said wins. An archetype's overrides count as more derived than any class.
 * When the subobject is created, the class used must be the type its creator asks for, and a
 * required subobject (created with {@link #createDefaultSubobject}) cannot be skipped.
 *
 * <p>Confined to the constructing thread, and usable only while its object is being constructed.
 */
public final class ObjectInitializer {

  private static final ThreadLocal<Deque<ObjectInitializer>> STACK = ThreadLocal.withInitial(ArrayDeque::new);

  /** A subclass's say about a subobject: a class, or none for "do not create". */
  private record Override(Class<?> type, String setBy) {}

  private final ObjectFactory factory;
  private final Class<?> objectClass;
  private final Object outer;
  private final String name;
  private final boolean classDefault;
  private Object object;
  private boolean constructing = true;
  private Map<String, Override> overrides;
  private Map<String, Object> subobjects;
  private Map<String, Slot> slots;

  /** A default subobject its creators asked for: the type they asked for, and whether it may be skipped. */
  record Slot(Class<?> requested, boolean required, boolean editorOnly) {}

  ObjectInitializer(ObjectFactory factory, Class<?> objectClass, Object outer, String name, boolean classDefault) {
    this.factory = factory;
    this.objectClass = objectClass;
    this.outer = outer;
    this.name = name;
    this.classDefault = classDefault;
  }

  /**
   * The initializer of the object being constructed on this thread.
   *
   * @throws IllegalStateException "No object initializer found during construction" outside one
   */
  public static ObjectInitializer current() {
    ObjectInitializer top = STACK.get().peek();
    if (top == null) {
      throw new IllegalStateException("No object initializer found during construction");
    }
    return top;
  }

  void push() {
    STACK.get().push(this);
  }

  void pop() {
    STACK.get().pop();
  }

  /** The class being constructed. */
  public Class<?> objectClass() {
    return objectClass;
  }

  /** What the object is constructed in (its world, its actor), if anything. */
  public Optional<Object> outer() {
    return Optional.ofNullable(outer);
  }

  /** The object's name. */
  public String name() {
    return name;
  }

  /** Whether this builds the class default object (the one holding the class's default values). */
  public boolean isClassDefaultObject() {
    return classDefault;
  }

  /**
   * Asks base classes to create subobject {@code subobject} as {@code type} (which must be a subtype
   * of what they ask for). Call it in the {@code super(...)} argument; see the class comment.
   */
  public ObjectInitializer setDefaultSubobjectClass(String subobject, Class<?> type) {
    Objects.requireNonNull(type, "type");
    return override(subobject, type);
  }

  /** Asks base classes not to create subobject {@code subobject}; refused later if it is required. */
  public ObjectInitializer doNotCreateDefaultSubobject(String subobject) {
    return override(subobject, null);
  }

  private ObjectInitializer override(String subobject, Class<?> type) {
    Objects.requireNonNull(subobject, "subobject");
    checkConstructing("change default subobject \"" + subobject + "\"");
    String caller = callerClass();
    if (overrides == null) {
      overrides = new HashMap<>();
    }
    Override existing = overrides.get(subobject);
    if (existing == null) {
      overrides.put(subobject, new Override(type, caller));
    } else if (existing.type != null && type != null && !type.isAssignableFrom(existing.type)) {
      throw new ObjectConstructionException(
          existing.type.getSimpleName() + " (set by " + existing.setBy + ") is not a legal class for default subobject \""
              + subobject + "\" of " + objectClass.getSimpleName() + ": " + caller + " asks for "
              + type.getSimpleName() + " and " + existing.type.getSimpleName() + " does not extend it");
    }
    return this;
  }

  void overrideFromArchetype(String subobject, Class<?> type) {
    if (overrides == null) {
      overrides = new HashMap<>();
    }
    overrides.put(subobject, new Override(type, "archetype"));
  }

  private static String callerClass() {
    return StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE)
        .walk(frames -> frames
            .map(StackWalker.StackFrame::getDeclaringClass)
            .filter(type -> type != ObjectInitializer.class)
            .findFirst()
            .map(Class::getSimpleName)
            .orElse("?"));
  }

  /**
   * Creates the required default subobject {@code subobject} of {@code outer} (the object being
   * constructed): of {@code type}, or of the class a subclass set. Its creation cannot be skipped.
   *
   * @throws ObjectConstructionException when a subclass asked not to create it, or set a class that
   *     is not a {@code type}
   */
  public <T> T createDefaultSubobject(Object outer, String subobject, Class<T> type) {
    return create(outer, subobject, type, true, false).orElseThrow();
  }

  /**
   * Creates the optional default subobject {@code subobject}: empty when a subclass asked not to
   * create it.
   */
  public <T> Optional<T> createOptionalDefaultSubobject(Object outer, String subobject, Class<T> type) {
    return create(outer, subobject, type, false, false);
  }

  /** Creates a default subobject only in development mode (editor tools); empty otherwise. */
  public <T> Optional<T> createEditorOnlyDefaultSubobject(Object outer, String subobject, Class<T> type) {
    return create(outer, subobject, type, false, true);
  }

  private <T> Optional<T> create(Object creator, String subobject, Class<T> type, boolean required, boolean editorOnly) {
    Objects.requireNonNull(creator, "outer");
    Objects.requireNonNull(subobject, "subobject");
    Objects.requireNonNull(type, "type");
    ObjectInitializer top = STACK.get().peek();
    if (top == null || !constructing) {
      throw new IllegalStateException("No object initializer found during construction");
    }
    if (top != this || creator.getClass() != objectClass || (object != null && object != creator)) {
      throw new IllegalStateException(
          "Using incorrect object initializer: it constructs " + objectClass.getSimpleName() + ", not this "
              + creator.getClass().getSimpleName());
    }
    object = creator;
    if (slots == null) {
      slots = new LinkedHashMap<>();
    }
    slots.putIfAbsent(subobject, new Slot(type, required, editorOnly));
    if (editorOnly && !factory.developmentMode()) {
      return Optional.empty();
    }
    if (subobjects != null && subobjects.containsKey(subobject)) {
      throw new ObjectConstructionException(
          "Default subobject \"" + subobject + "\" of " + objectClass.getSimpleName() + " is created twice");
    }
    Override override = overrides == null ? null : overrides.get(subobject);
    Class<?> chosen = type;
    if (override != null) {
      if (override.type == null) {
        if (required) {
          throw new ObjectConstructionException(
              "Default subobject \"" + subobject + "\" of " + objectClass.getSimpleName() + " is required: "
                  + override.setBy + " cannot skip it with doNotCreateDefaultSubobject (its creator would have to use"
                  + " createOptionalDefaultSubobject)");
        }
        return Optional.empty();
      }
      if (!type.isAssignableFrom(override.type)) {
        throw new ObjectConstructionException(
            "Cannot use " + override.type.getSimpleName() + " (set by " + override.setBy + ") for default subobject \""
                + subobject + "\" of " + objectClass.getSimpleName() + ": it is not " + Plans.withArticle(type.getSimpleName()));
      }
      chosen = override.type;
    }
    T created = type.cast(factory.construct(chosen, creator, subobject, null, false));
    if (subobjects == null) {
      subobjects = new LinkedHashMap<>();
    }
    subobjects.put(subobject, created);
    return Optional.of(created);
  }

  private void checkConstructing(String what) {
    if (!constructing) {
      throw new IllegalStateException("Cannot " + what + " of " + objectClass.getSimpleName() + ": its construction is over");
    }
  }

  /** The default subobjects created, by name, in creation order. */
  public Map<String, Object> subobjects() {
    return subobjects == null ? Map.of() : Collections.unmodifiableMap(subobjects);
  }

  /** Every default subobject asked for, created or not, by name, in order. */
  Map<String, Slot> slots() {
    return slots == null ? Map.of() : Collections.unmodifiableMap(slots);
  }

  void finish(Object constructed) {
    object = constructed;
    constructing = false;
  }

  @java.lang.Override
  public String toString() {
    return "ObjectInitializer[" + objectClass.getSimpleName() + " " + name + (constructing ? ", constructing" : "") + "]";
  }
}
