package dev.overture.object;

import dev.overture.core.DataException;
import dev.overture.internal.Choices;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.BiConsumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

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
 *       .setDefaultSubobjectClass(DefaultPawn.MOVEMENT, SpectatorMovement.class)
 *       .doNotCreateDefaultSubobject(DefaultPawn.MESH));
 * }
 * }</pre>
 *
 * <p><b>Overrides.</b> The most derived class speaks first, so its override stands. A base class
 * (speaking later) may set a class too, but only a supertype of the one its subclass set: the
 * subclass's choice must still satisfy the base. Between a class and "do not create", whichever the
 * more derived class said wins. An archetype's overrides count as more derived than any class.
 * When the subobject is created, the class used must be the type its creator asks for, and a
 * required subobject (created with {@link #createDefaultSubobject}) cannot be skipped. An optional
 * subobject whose class a subclass set to one that is not the type its creator asks for is absent,
 * with a warning naming both classes, as the seed's {@code CreateOptionalDefaultSubobject} returns
 * null; for a required one, or an archetype's override, it is an error. An override made after the
 * subobject was created, or for a name no constructor creates, is refused.
 *
 * <p>Confined to the constructing thread, and usable only while its object is being constructed.
 */
public final class ObjectInitializer {

  private static final Logger log = LoggerFactory.getLogger(ObjectInitializer.class);

  private static final ThreadLocal<Deque<ObjectInitializer>> STACK = ThreadLocal.withInitial(ArrayDeque::new);
  /**
   * How deep default subobjects may nest: far past any real object (an actor, its components,
   * theirs), and short of the stack, so a class that creates one of its own kind, directly or
   * through others, is refused in words instead of a StackOverflowError.
   */
  static final int MAX_DEPTH = 64;

  /** Who said something about a subobject, and what: a class, or none for "do not create". */
  private static final class Override {
    final Class<?> type;
    final String setBy;
    final boolean fromArchetype;
    boolean used;

    Override(Class<?> type, String setBy, boolean fromArchetype) {
      this.type = type;
      this.setBy = setBy;
      this.fromArchetype = fromArchetype;
    }
  }

  /** A class some class of the hierarchy set for a subobject: every replacement must extend it. */
  record Constraint(Class<?> type, String setBy) {}

  /**
   * A default subobject the class asks for: the type its creator asks for, whether it may be
   * skipped, and the classes the hierarchy set for it (a replacement must extend each).
   */
  record Slot(Class<?> requested, boolean required, boolean editorOnly, List<Constraint> constraints) {}

  private final ObjectFactory factory;
  private final Class<?> objectClass;
  private final Object outer;
  private final String name;
  private final boolean classDefault;
  private final ObjectArchetype archetype;
  private Object object;
  private boolean constructing = true;
  private Map<String, Override> overrides;
  /** The default subobjects created so far: names and objects, side by side, in creation order. */
  private String[] subobjectNames;
  private Object[] subobjectValues;
  private int subobjectCount;
  /** What the creators asked for and what the hierarchy set, kept only when building class defaults. */
  private Map<String, Slot> slots;
  private Map<String, List<Constraint>> constraints;

  ObjectInitializer(
      ObjectFactory factory, Class<?> objectClass, Object outer, String name, boolean classDefault, ObjectArchetype archetype) {
    this.factory = factory;
    this.objectClass = objectClass;
    this.outer = outer;
    this.name = name;
    this.classDefault = classDefault;
    this.archetype = archetype;
    if (archetype != null) {
      archetype.subobjects().forEach((subobject, change) -> {
        if (!change.create()) {
          overrides().put(subobject, new Override(null, "its archetype", true));
        } else if (change.type().isPresent()) {
          overrides().put(subobject, new Override(change.type().get(), "its archetype", true));
        }
      });
    }
  }

  /** The seed's text for a default subobject asked for outside construction. */
  static final String NO_INITIALIZER = "No object initializer found during construction.";

  /** The seed's text for a default subobject asked for on behalf of another object. */
  static final String INCORRECT_INITIALIZER = "Using incorrect object initializer.";

  /**
   * The initializer of the object being constructed on this thread.
   *
   * @throws IllegalStateException "No object initializer found during construction." outside one
   */
  public static ObjectInitializer current() {
    ObjectInitializer top = STACK.get().peek();
    if (top == null) {
      throw new Misuse(NO_INITIALIZER + " Default subobjects are created only while a constructor run by an ObjectFactory"
          + " (newObject, spawnActor, addComponent) runs, on its thread.");
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

  /**
   * Whether this builds a class default object (the one holding the class's default values) or one
   * of its default subobjects. Constructors with side effects (registering with a service, say)
   * should skip them when it is true.
   */
  public boolean isClassDefaultObject() {
    return classDefault;
  }

  /**
   * Asks base classes to create subobject {@code subobject} as {@code type} (which must be a subtype
   * of what they ask for). Call it in the {@code super(...)} argument; see the class comment.
   *
   * @throws ObjectConstructionException when a subclass already set a class {@code type} is not a
   *     supertype of, or the subobject was already created
   */
  public ObjectInitializer setDefaultSubobjectClass(String subobject, Class<?> type) {
    Objects.requireNonNull(type, "type");
    return override(subobject, type);
  }

  /**
   * Asks base classes not to create subobject {@code subobject}; refused when it is created, if it
   * is required. Call it in the {@code super(...)} argument.
   */
  public ObjectInitializer doNotCreateDefaultSubobject(String subobject) {
    return override(subobject, null);
  }

  private ObjectInitializer override(String subobject, Class<?> type) {
    Objects.requireNonNull(subobject, "subobject");
    String caller = callerClass();
    if (!constructing) {
      throw new Misuse(
          "Cannot change default subobject \"" + subobject + "\" of " + objectClass.getSimpleName() + ": its construction is over");
    }
    if (indexOf(subobject) >= 0) {
      throw new ObjectConstructionException(
          caller + " changes default subobject \"" + subobject + "\" of " + objectClass.getSimpleName()
              + " after it was created; change it in the super(...) argument, before the base constructor runs");
    }
    if (classDefault && type != null) {
      if (constraints == null) {
        constraints = new HashMap<>();
      }
      constraints.computeIfAbsent(subobject, key -> new ArrayList<>()).add(new Constraint(type, caller));
    }
    Override existing = overrides().get(subobject);
    if (existing == null) {
      overrides.put(subobject, new Override(type, caller, false));
    } else if (existing.type != null && type != null && !type.isAssignableFrom(existing.type)) {
      throw new ObjectConstructionException(
          existing.type.getSimpleName() + " (set by " + existing.setBy + ") is not a legal class for default subobject \""
              + subobject + "\" of " + objectClass.getSimpleName() + ": " + caller + " asks for "
              + type.getSimpleName() + " and " + existing.type.getSimpleName() + " does not extend it");
    }
    return this;
  }

  private Map<String, Override> overrides() {
    if (overrides == null) {
      overrides = new HashMap<>();
    }
    return overrides;
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
   *     is not a {@code type}, or the subobject itself cannot be built (the message names it)
   */
  public <T> T createDefaultSubobject(Object outer, String subobject, Class<T> type) {
    return create(outer, subobject, type, true, false).orElseThrow();
  }

  /**
   * Creates the optional default subobject {@code subobject}: empty when a subclass asked not to
   * create it, or set a class for it that is not a {@code type} (then a warning names both
   * classes).
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
    Objects.requireNonNull(type, "type");
    if (subobject == null || subobject.isBlank()) {
      // It would become a component without a name, which a store cannot tell from its actor.
      throw new ObjectConstructionException(objectClass.getSimpleName() + " creates a default subobject of "
          + type.getSimpleName() + " without a name (" + (subobject == null ? "null" : "\"" + subobject + "\"")
          + "); give each default subobject a name");
    }
    if (!constructing) {
      throw new Misuse(
          "Cannot create default subobject \"" + subobject + "\" of " + objectClass.getSimpleName() + ": its construction is over");
    }
    Deque<ObjectInitializer> stack = STACK.get();
    ObjectInitializer top = stack.peek();
    if (top != this || creator.getClass() != objectClass || (object != null && object != creator)) {
      throw new Misuse(
          INCORRECT_INITIALIZER + " It constructs " + objectClass.getSimpleName() + ", not this "
              + creator.getClass().getSimpleName() + ".");
    }
    object = creator;
    if (classDefault) {
      if (slots == null) {
        slots = new LinkedHashMap<>();
      }
      List<Constraint> set = constraints == null ? List.of() : constraints.getOrDefault(subobject, List.of());
      slots.putIfAbsent(subobject, new Slot(type, required, editorOnly, List.copyOf(set)));
    }
    Override override = overrides == null ? null : overrides.get(subobject);
    if (override != null) {
      override.used = true;
    }
    if (editorOnly && !factory.developmentMode()) {
      return Optional.empty();
    }
    if (indexOf(subobject) >= 0) {
      throw new ObjectConstructionException(
          "Default subobject \"" + subobject + "\" of " + objectClass.getSimpleName() + " is created twice");
    }
    Class<?> chosen = type;
    if (override != null) {
      if (override.type == null) {
        if (required) {
          throw new ObjectConstructionException(
              "Default subobject \"" + subobject + "\" of " + objectClass.getSimpleName() + " is required: "
                  + (override.fromArchetype
                      ? "its archetype cannot leave it out (\"create\": false)"
                      : override.setBy + " cannot skip it with doNotCreateDefaultSubobject (its creator would have to use"
                          + " createOptionalDefaultSubobject)"));
        }
        return Optional.empty();
      }
      if (!type.isAssignableFrom(override.type)) {
        if (!required && !override.fromArchetype) {
          log.warn("Default subobject \"{}\" of {} is absent: {} (set by {}) is not {}, the class its creator asks for"
                  + " with createOptionalDefaultSubobject",
              subobject, objectClass.getSimpleName(), override.type.getName(), override.setBy, type.getName());
          return Optional.empty();
        }
        throw new ObjectConstructionException(
            "Cannot use " + override.type.getSimpleName() + " (set by " + override.setBy + ") for default subobject \""
                + subobject + "\" of " + objectClass.getSimpleName() + ": it is not " + Plans.withArticle(type.getSimpleName()));
      }
      chosen = override.type;
    }
    if (stack.size() >= MAX_DEPTH) {
      throw new TooDeep("Default subobjects nest more than " + MAX_DEPTH + " deep, at \"" + subobject + "\" of "
          + objectClass.getSimpleName() + ": " + chain(stack, chosen) + "; does a class create one of its own kind?");
    }
    Map<String, PropertyValues.Value> properties;
    try {
      properties = archetype == null ? Map.of() : archetype.subobjectProperties(subobject, chosen);
    } catch (DataException e) {
      throw new ObjectConstructionException(
          "Cannot apply the archetype of " + objectClass.getSimpleName() + " to default subobject \"" + subobject + "\": "
              + e.getMessage(), e);
    }
    T created;
    try {
      created = type.cast(factory.construct(chosen, creator, subobject, null, classDefault, properties));
    } catch (TooDeep e) {
      throw e; // said once, where it was found, not once for each level it passes
    } catch (ObjectConstructionException e) {
      throw new ObjectConstructionException(
          "Cannot create default subobject \"" + subobject + "\" of " + objectClass.getSimpleName() + ": " + e.getMessage(), e);
    }
    if (subobjectNames == null) {
      subobjectNames = new String[4];
      subobjectValues = new Object[4];
    } else if (subobjectCount == subobjectNames.length) {
      subobjectNames = Arrays.copyOf(subobjectNames, subobjectCount * 2);
      subobjectValues = Arrays.copyOf(subobjectValues, subobjectCount * 2);
    }
    subobjectNames[subobjectCount] = subobject;
    subobjectValues[subobjectCount++] = created;
    return Optional.of(created);
  }

  /** The default subobjects created, by name, in creation order (a copy). */
  public Map<String, Object> subobjects() {
    Map<String, Object> copy = new LinkedHashMap<>();
    forEachSubobject(copy::put);
    return Collections.unmodifiableMap(copy);
  }

  /** Whether the constructors created any default subobject. */
  public boolean hasSubobjects() {
    return subobjectCount > 0;
  }

  /** Calls {@code action} with each default subobject created, and its name, in creation order. */
  public void forEachSubobject(BiConsumer<String, Object> action) {
    for (int i = 0; i < subobjectCount; i++) {
      action.accept(subobjectNames[i], subobjectValues[i]);
    }
  }

  private int indexOf(String subobject) {
    for (int i = 0; i < subobjectCount; i++) {
      if (subobjectNames[i].equals(subobject)) {
        return i;
      }
    }
    return -1;
  }

  /** Every default subobject asked for, created or not; kept only for class default objects. */
  Map<String, Slot> slots() {
    return slots == null ? Map.of() : Collections.unmodifiableMap(slots);
  }

  /**
   * Ends construction: refuses overrides nobody used (a misspelled name, or a subobject that no
   * constructor of the class creates).
   */
  void finish(Object constructed) {
    object = constructed;
    constructing = false;
    if (overrides == null) {
      return;
    }
    overrides.forEach((subobject, override) -> {
      if (!override.used) {
        List<String> created = new ArrayList<>(Arrays.asList(subobjectNames == null ? new String[0] : subobjectNames).subList(0, subobjectCount));
        throw new ObjectConstructionException(
            (override.fromArchetype ? "The archetype of " + objectClass.getSimpleName() : override.setBy)
                + " changes default subobject \"" + subobject + "\", which no constructor of " + objectClass.getSimpleName()
                + " creates (subobjects: " + (created.isEmpty() ? "none" : Choices.quoted(Choices.closest(subobject, created)))
                + ")");
      }
    });
  }

  @java.lang.Override
  public String toString() {
    return "ObjectInitializer[" + objectClass.getSimpleName() + " " + name + (constructing ? ", constructing" : "") + "]";
  }

  /** Using an initializer where it does not apply: a programming error, never wrapped. */
  static final class Misuse extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    Misuse(String message) {
      super(message);
    }
  }

  /** The classes being built on this thread, outermost first, then {@code next}: where a cycle shows. */
  private static String chain(Deque<ObjectInitializer> stack, Class<?> next) {
    List<String> names = new ArrayList<>();
    java.util.Iterator<ObjectInitializer> outermostFirst = stack.descendingIterator();
    while (outermostFirst.hasNext() && names.size() < 6) {
      names.add(outermostFirst.next().objectClass.getSimpleName());
    }
    return names.stream().collect(java.util.stream.Collectors.joining(" > ")) + " > ... > " + next.getSimpleName();
  }

  /** Default subobjects nested past {@link #MAX_DEPTH}: passed up unwrapped. */
  private static final class TooDeep extends ObjectConstructionException {
    private static final long serialVersionUID = 1L;

    TooDeep(String message) {
      super(message);
    }
  }
}
