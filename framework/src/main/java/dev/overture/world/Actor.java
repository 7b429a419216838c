package dev.overture.world;

import dev.overture.id.StableId;
import dev.overture.object.Constructed;
import dev.overture.object.DefaultSubobjects;
import dev.overture.object.ObjectInitializer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Something that exists in a {@link World}: a pawn, the game state, a pickup. Actors are spawned by
 * the world ({@link World#spawnActor}), carry {@link ActorComponent}s, begin play once spawned and
 * end play when destroyed or when the world closes.
 *
 * <p>Actors are built by the world's {@link dev.overture.object.ObjectFactory}: a subclass creates
 * its default components in its constructor ({@link #createDefaultSubobject}), and its subclasses
 * can replace or drop them through the {@link ObjectInitializer}, as in Unreal:
 *
 * <pre>{@code
 * public class Character extends Pawn {
 *   public static final String MOVEMENT = "Movement";
 *   protected final MovementComponent movement;
 *
 *   public Character(ObjectInitializer initializer) {
 *     movement = createDefaultSubobject(MOVEMENT, MovementComponent.class);
 *   }
 * }
 * }</pre>
 *
 * <p><b>Threading.</b> Confined to its world's game thread: once the actor is in a world, every
 * method refuses another thread, naming both (as {@link World#checkGameThread()} does), except
 * {@link #world()}, {@link #name()} and {@link #id()}, which are fixed when it joins and may be read
 * from any thread. Construction, and what its constructors and {@link #onConstructed()} call, may
 * happen on any thread, before the actor joins a world.
 */
public class Actor implements Constructed {

  private World world;
  private String name;
  private long id;
  private boolean playing;
  private boolean destroyed;
  private final List<ActorComponent> components = new ArrayList<>();
  /** The components construction made: default subobjects, and the subobjects of any component. */
  private final List<ActorComponent> defaultComponents = new ArrayList<>();
  private int generatedNames;
  private StableId stableId = StableId.NONE;
  private boolean constructed;

  protected Actor() {}

  /**
   * Called by the object factory once construction is over: adopts the component default
   * subobjects the constructors created (and theirs, named {@code "Parent.Child"}), in creation
   * order, so they begin play with the actor; then calls {@link #onConstructed}.
   *
   * @throws IllegalStateException when called a second time
   */
  @Override
  public final void postConstruct(ObjectInitializer initializer) {
    if (constructed) {
      throw new IllegalStateException(this + " was already constructed");
    }
    constructed = true;
    initializer.forEachSubobject((subobjectName, subobject) -> {
      if (subobject instanceof ActorComponent component) {
        adopt(component, subobjectName, true);
      }
    });
    onConstructed();
  }

  /** Attaches {@code component} and, depth first, the components it created as its subobjects. */
  private void adopt(ActorComponent component, String componentName, boolean asDefault) {
    component.attach(this, componentName);
    components.add(component);
    if (asDefault) {
      defaultComponents.add(component);
    }
    for (Map.Entry<String, ActorComponent> child : component.childComponents().entrySet()) {
      child.getValue().setParent(component);
      adopt(child.getValue(), componentName + "." + child.getKey(), true);
    }
  }

  /**
   * Called once construction is over, on the constructing thread: default components are adopted,
   * class defaults and the archetype applied; the actor is not in a world yet.
   */
  protected void onConstructed() {}

  /** Creates a required default subobject (usually a component) from a constructor. */
  protected final <T> T createDefaultSubobject(String subobjectName, Class<T> type) {
    return DefaultSubobjects.create(this, subobjectName, type);
  }

  /** Creates an optional default subobject from a constructor: empty when a subclass dropped it. */
  protected final <T> Optional<T> createOptionalDefaultSubobject(String subobjectName, Class<T> type) {
    return DefaultSubobjects.createOptional(this, subobjectName, type);
  }

  /** Creates a default subobject only in development mode. */
  protected final <T> Optional<T> createEditorOnlyDefaultSubobject(String subobjectName, Class<T> type) {
    return DefaultSubobjects.createEditorOnly(this, subobjectName, type);
  }

  /** The component created as default subobject {@code subobjectName}, if it was. */
  public final Optional<ActorComponent> defaultSubobject(String subobjectName) {
    confined();
    for (ActorComponent component : defaultComponents) {
      if (subobjectName.equals(component.name())) {
        return Optional.of(component);
      }
    }
    return Optional.empty();
  }

  final void restoreStableId(StableId saved) {
    stableId = saved;
  }

  final void attach(World newWorld, String newName, long newId, StableId newStableId) {
    world = newWorld;
    name = newName;
    id = newId;
    stableId = newStableId;
  }

  /**
   * The actor's stable id: given by the world's id allocator when it was spawned, or the saved one
   * when it was restored; it stays the same across saves and restarts.
   */
  public final StableId stableId() {
    confined();
    return stableId;
  }

  /**
   * Whether a world store saves this actor with its world; true unless a subclass says otherwise
   * (an actor the game makes anew at each start, which a restore would duplicate). The game state is
   * saved too: a restore gives the world's own game state the saved id and values.
   */
  public boolean isPersistent() {
    return true;
  }

  /** The world the actor lives in. Any thread. */
  public final World world() {
    return world;
  }

  /** The actor's name, unique in its world. Any thread. */
  public final String name() {
    return name;
  }

  /** A number unique in its world, in spawn order. Any thread. */
  public final long id() {
    return id;
  }

  /** Whether the actor has begun and not ended play. */
  public final boolean isPlaying() {
    confined();
    return playing;
  }

  /** Whether the actor was destroyed (or its world closed). */
  public final boolean isDestroyed() {
    confined();
    return destroyed;
  }

  /** The actor's components, in the order added. */
  public final List<ActorComponent> components() {
    confined();
    return Collections.unmodifiableList(components);
  }

  /**
   * Whether {@code component} was made by construction (a default subobject of the actor, or of one
   * of its components) rather than added afterwards.
   */
  public final boolean isDefaultComponent(ActorComponent component) {
    confined();
    return defaultComponents.contains(component);
  }

  /** The component called {@code componentName}, if any. */
  public final Optional<ActorComponent> findComponentNamed(String componentName) {
    confined();
    for (ActorComponent component : components) {
      if (componentName.equals(component.name())) {
        return Optional.of(component);
      }
    }
    return Optional.empty();
  }

  /** The first component that is a {@code type}, if any. */
  public final <C extends ActorComponent> Optional<C> findComponent(Class<C> type) {
    confined();
    for (ActorComponent component : components) {
      if (type.isInstance(component)) {
        return Optional.of(type.cast(component));
      }
    }
    return Optional.empty();
  }

  /** Every component that is a {@code type}. */
  public final <C extends ActorComponent> List<C> components(Class<C> type) {
    confined();
    List<C> found = new ArrayList<>();
    for (ActorComponent component : components) {
      if (type.isInstance(component)) {
        found.add(type.cast(component));
      }
    }
    return found;
  }

  /** The first component that is a {@code type}, adding one when there is none. */
  public final <C extends ActorComponent> C findOrAddComponent(Class<C> type) {
    return findComponent(type).orElseGet(() -> addComponent(type));
  }

  /**
   * Builds a component of {@code type} with the world's object factory, attaches it and, if the
   * actor plays, begins its play.
   */
  public final <C extends ActorComponent> C addComponent(Class<C> type) {
    checkAlive();
    world.checkGameThread();
    String componentName;
    do {
      componentName = type.getSimpleName() + "_" + (++generatedNames);
    } while (findComponentNamed(componentName).isPresent());
    return addComponent(type, componentName);
  }

  /**
   * Builds a component of {@code type} called {@code componentName} (restoring a saved one, say),
   * attaches it and, if the actor plays, begins its play. A component whose play fails to begin is
   * removed again (with the subobjects it made, those that began ending their play), and the
   * failure rethrown: an add that fails leaves the actor as it was.
   *
   * @throws IllegalArgumentException when the actor already has a component of that name, or the
   *     name is blank (a store saves the actor's own properties under the empty component name)
   */
  public final <C extends ActorComponent> C addComponent(Class<C> type, String componentName) {
    checkAlive();
    world.checkGameThread();
    if (componentName == null || componentName.isBlank()) {
      throw new IllegalArgumentException("A component of " + this + " needs a name, not " + quoted(componentName));
    }
    if (findComponentNamed(componentName).isPresent()) {
      throw new IllegalArgumentException(this + " already has a component named \"" + componentName + "\"");
    }
    C component = world.objects().newObject(type, this, componentName);
    int first = components.size();
    adopt(component, componentName, false);
    if (playing) {
      try {
        for (ActorComponent added : List.copyOf(components.subList(first, components.size()))) {
          added.startPlay();
        }
      } catch (Exception | Error e) {
        removeComponent(component);
        throw e;
      }
    }
    return component;
  }

  /**
   * Ends the component's play and removes it, with the components it created as its subobjects
   * (those first, newest first); false when it is not this actor's. Never stops halfway: when an
   * {@code endPlay} throws, every one of them is still removed, and then the first failure is
   * thrown, an exception as a {@link GameCodeException} naming the component and its plugin (as a
   * tick's is); the others are logged.
   */
  public final boolean removeComponent(ActorComponent component) {
    world.checkGameThread();
    if (!components.contains(component)) {
      return false;
    }
    Throwable failed = remove(component, null);
    if (failed instanceof Error error) {
      throw error;
    }
    if (failed != null) {
      throw (RuntimeException) failed;
    }
    return true;
  }

  /** Removes {@code component} and its subobject components; returns {@code first}, else the first failure of an endPlay, named. */
  private Throwable remove(ActorComponent component, Throwable first) {
    List<ActorComponent> children = List.copyOf(component.childComponents().values());
    for (int i = children.size() - 1; i >= 0; i--) {
      if (components.contains(children.get(i))) {
        first = remove(children.get(i), first);
      }
    }
    components.remove(component);
    defaultComponents.remove(component);
    try {
      component.stopPlay(EndPlayReason.REMOVED);
    } catch (Exception | Error e) {
      if (!PlayFailures.reportable(e)) {
        throw e;
      }
      if (first != null) {
        PlayFailures.logged(PlayFailures.describe(component), "endPlay", world.name(), e);
      } else {
        first = e instanceof Error ? e : PlayFailures.failed(PlayFailures.describe(component), "endPlay", e);
      }
    }
    return first;
  }

  /** Destroys the actor: ends play and removes it from its world. */
  public final void destroy() {
    confined();
    if (!destroyed) {
      world.destroyActor(this);
    }
  }

  /** {@code name} as a message shows it: in quotes, or {@code null}. */
  static String quoted(String name) {
    return name == null ? "null" : "\"" + name + "\"";
  }

  final void startPlay() {
    playing = true;
    try {
      beginPlay();
    } catch (Exception | Error e) {
      playing = false; // it never began, so it does not end
      throw e;
    }
    for (ActorComponent component : List.copyOf(components)) {
      if (components.contains(component)) {
        component.startPlay();
      }
    }
  }

  /**
   * Ends the play of every component, newest first, then the actor's own. Never stops halfway: a
   * component (a plugin's, say) whose {@code endPlay} throws is logged and the others still end, so
   * that what they hold (an experience's plugin requests, asset pins) is released and the actor is
   * destroyed whatever its code does.
   */
  final void stopPlay(EndPlayReason reason) {
    for (int i = components.size() - 1; i >= 0; i--) {
      ActorComponent component = components.get(i);
      try {
        component.stopPlay(reason);
      } catch (Exception | Error e) {
        if (!PlayFailures.reportable(e)) {
          throw e;
        }
        PlayFailures.logged(PlayFailures.describe(component), "endPlay", world.name(), e);
      }
    }
    if (playing) {
      playing = false;
      try {
        endPlay(reason);
      } catch (Exception | Error e) {
        if (!PlayFailures.reportable(e)) {
          throw e;
        }
        PlayFailures.logged(PlayFailures.describe(this), "endPlay", world.name(), e);
      }
    }
    destroyed = true;
  }

  final void tickActor(double deltaSeconds) {
    if (!playing) {
      return;
    }
    try {
      if (wantsTick()) {
        tick(deltaSeconds);
      }
    } catch (Exception | Error e) {
      throw PlayFailures.failed(PlayFailures.describe(this), "tick", e);
    }
    for (ActorComponent component : List.copyOf(components)) {
      try {
        if (component.isPlaying() && component.wantsTick()) {
          component.tick(deltaSeconds);
        }
      } catch (Exception | Error e) {
        throw PlayFailures.failed(PlayFailures.describe(component), "tick", e);
      }
    }
  }

  /**
   * Refuses another thread than the game thread of the actor's world, naming both; nothing is
   * refused before the actor joins a world (construction may happen on any thread).
   */
  final void confined() {
    if (world != null) {
      world.checkGameThread();
    }
  }

  private void checkAlive() {
    if (destroyed) {
      throw new IllegalStateException(this + " is destroyed");
    }
  }

  /**
   * Called once after the actor joined its world, before play begins: for set-up that needs the
   * world (default components are created in the constructor instead).
   */
  protected void initializeComponents() {}

  /** Called once when the actor starts playing, before its components do. */
  protected void beginPlay() {}

  /**
   * Called once when the actor stops playing, after its components have. What it throws is logged
   * and does not stop the actor (or its world) from ending.
   */
  protected void endPlay(EndPlayReason reason) {}

  /** Called every tick while playing, if {@link #wantsTick()}. */
  protected void tick(double deltaSeconds) {}

  /** Whether {@link #tick} should be called; false by default. */
  protected boolean wantsTick() {
    return false;
  }

  @Override
  public String toString() {
    return getClass().getSimpleName() + "[" + name + "]";
  }
}
