package dev.overture.world;

import dev.overture.object.Constructed;
import dev.overture.object.DefaultSubobjects;
import dev.overture.object.ObjectInitializer;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * A piece of behaviour or data attached to an {@link Actor}. Components are built by the world's
 * object factory: as default subobjects of their actor (created in its constructor), or at run
 * time ({@link Actor#addComponent}, a component request of the {@link ComponentManager}). Both kinds
 * share one lifecycle: they begin play when their actor does (or at once, when added to an actor
 * already playing), and end play when removed or when the actor ends.
 *
 * <p><b>Threading.</b> Confined to the world's game thread, like the actor: once its actor is in a
 * world, {@link #isPlaying()} and the methods of the built-in components refuse another thread,
 * naming both. {@link #name()}, {@link #owner()}, {@link #world()} and {@link #parentComponent()}
 * are fixed when it is attached and may be read from any thread.
 */
public abstract class ActorComponent implements Constructed {

  private Actor owner;
  private String name;
  private boolean playing;
  private Map<String, ActorComponent> children = Map.of();
  private ActorComponent parent;
  private boolean constructed;

  protected ActorComponent() {}

  /**
   * Called by the object factory once construction is over: keeps the components this component
   * created as its default subobjects (its actor adopts them with it, named {@code
   * "Parent.Child"}), then calls {@link #onConstructed}.
   *
   * @throws IllegalStateException when called a second time
   */
  @Override
  public final void postConstruct(ObjectInitializer initializer) {
    if (constructed) {
      throw new IllegalStateException(this + " was already constructed");
    }
    constructed = true;
    if (!initializer.hasSubobjects()) {
      onConstructed();
      return;
    }
    Map<String, ActorComponent> created = new LinkedHashMap<>();
    initializer.forEachSubobject((subobjectName, subobject) -> {
      if (subobject instanceof ActorComponent component) {
        created.put(subobjectName, component);
      }
    });
    children = created.isEmpty() ? Map.of() : Collections.unmodifiableMap(created);
    onConstructed();
  }

  /**
   * Called once construction is over, on the constructing thread, with class defaults and archetype
   * values applied; the component belongs to no actor yet.
   */
  protected void onConstructed() {}

  /** The components this one created as its default subobjects, by subobject name. */
  final Map<String, ActorComponent> childComponents() {
    return children;
  }

  /** The component that created this one as its default subobject, if one did. */
  public final Optional<ActorComponent> parentComponent() {
    return Optional.ofNullable(parent);
  }

  final void setParent(ActorComponent newParent) {
    parent = newParent;
  }

  /**
   * Whether a world store saves this component with its actor; true unless a subclass says
   * otherwise (a component that only runs the world, like the experience manager).
   */
  public boolean isPersistent() {
    return true;
  }

  /** Creates a required default subobject of this component from its constructor. */
  protected final <T> T createDefaultSubobject(String subobjectName, Class<T> type) {
    return DefaultSubobjects.create(this, subobjectName, type);
  }

  /** Creates an optional default subobject from a constructor: empty when a subclass dropped it. */
  protected final <T> Optional<T> createOptionalDefaultSubobject(String subobjectName, Class<T> type) {
    return DefaultSubobjects.createOptional(this, subobjectName, type);
  }

  final void attach(Actor actor, String componentName) {
    if (owner != null) {
      throw new IllegalStateException(this + " already belongs to " + owner);
    }
    owner = actor;
    name = componentName;
  }

  /** The component's name in its actor: its default subobject name, or a generated one. */
  public final String name() {
    return name;
  }

  /** The actor this component belongs to. */
  public final Actor owner() {
    if (owner == null) {
      throw new IllegalStateException(getClass().getSimpleName() + " belongs to no actor yet");
    }
    return owner;
  }

  /** The world of its actor. */
  public final World world() {
    return owner().world();
  }

  /** Whether the component has begun and not ended play. */
  public final boolean isPlaying() {
    confined();
    return playing;
  }

  /** Refuses another thread than its world's game thread, once it belongs to an actor in a world. */
  final void confined() {
    if (owner != null) {
      owner.confined();
    }
  }

  /** The world whose game thread its handles are released on; null before it is in one. */
  final World worldOrNull() {
    return owner == null ? null : owner.world();
  }

  final void startPlay() {
    if (!playing) {
      playing = true;
      try {
        beginPlay();
      } catch (Exception | Error e) {
        playing = false; // it never began, so it does not end
        throw e;
      }
    }
  }

  final void stopPlay(EndPlayReason reason) {
    if (playing) {
      playing = false;
      endPlay(reason);
    }
  }

  /** Called once when the component starts playing. */
  protected void beginPlay() {}

  /**
   * Called once when the component stops playing. What it throws when its actor ends is logged and
   * does not stop the other components, the actor or its world from ending.
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
    return getClass().getSimpleName() + (owner == null ? "" : " of " + owner.name());
  }
}
