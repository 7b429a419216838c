package dev.overture.world;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

/**
 * Something that exists in a {@link World}: a pawn, the game state, a pickup. Actors are spawned by
 * the world ({@link World#spawnActor}), carry {@link ActorComponent}s, begin play once spawned and
 * end play when destroyed or when the world closes.
 *
 * <p>Subclasses add their default components in {@link #initializeComponents()}. Confined to the
 * world's game thread.
 */
public class Actor {

  private World world;
  private String name;
  private long id;
  private boolean playing;
  private boolean destroyed;
  private final List<ActorComponent> components = new ArrayList<>();

  protected Actor() {}

  final void attach(World newWorld, String newName, long newId) {
    world = newWorld;
    name = newName;
    id = newId;
  }

  /** The world the actor lives in. */
  public final World world() {
    return world;
  }

  /** The actor's name, unique in its world. */
  public final String name() {
    return name;
  }

  /** A number unique in its world, in spawn order. */
  public final long id() {
    return id;
  }

  /** Whether the actor has begun and not ended play. */
  public final boolean isPlaying() {
    return playing;
  }

  /** Whether the actor was destroyed (or its world closed). */
  public final boolean isDestroyed() {
    return destroyed;
  }

  /** The actor's components, in the order added. */
  public final List<ActorComponent> components() {
    return Collections.unmodifiableList(components);
  }

  /** The first component that is a {@code type}, if any. */
  public final <C extends ActorComponent> Optional<C> findComponent(Class<C> type) {
    for (ActorComponent component : components) {
      if (type.isInstance(component)) {
        return Optional.of(type.cast(component));
      }
    }
    return Optional.empty();
  }

  /** Every component that is a {@code type}. */
  public final <C extends ActorComponent> List<C> components(Class<C> type) {
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

  /** Creates a component of {@code type}, attaches it and, if the actor plays, begins its play. */
  public final <C extends ActorComponent> C addComponent(Class<C> type) {
    checkAlive();
    world.checkGameThread();
    C component = Construction.create(type);
    component.attach(this);
    components.add(component);
    if (playing) {
      component.startPlay();
    }
    return component;
  }

  /** Ends the component's play and removes it; false when it is not this actor's. */
  public final boolean removeComponent(ActorComponent component) {
    world.checkGameThread();
    if (!components.remove(component)) {
      return false;
    }
    component.stopPlay(EndPlayReason.REMOVED);
    return true;
  }

  /** Destroys the actor: ends play and removes it from its world. */
  public final void destroy() {
    if (!destroyed) {
      world.destroyActor(this);
    }
  }

  final void startPlay() {
    playing = true;
    beginPlay();
    for (ActorComponent component : List.copyOf(components)) {
      if (components.contains(component)) {
        component.startPlay();
      }
    }
  }

  final void stopPlay(EndPlayReason reason) {
    for (int i = components.size() - 1; i >= 0; i--) {
      components.get(i).stopPlay(reason);
    }
    if (playing) {
      playing = false;
      endPlay(reason);
    }
    destroyed = true;
  }

  final void tickActor(double deltaSeconds) {
    if (!playing) {
      return;
    }
    if (wantsTick()) {
      tick(deltaSeconds);
    }
    for (ActorComponent component : List.copyOf(components)) {
      if (component.isPlaying() && component.wantsTick()) {
        component.tick(deltaSeconds);
      }
    }
  }

  private void checkAlive() {
    if (destroyed) {
      throw new IllegalStateException(this + " is destroyed");
    }
  }

  /** Adds the actor's default components; called once, after spawning and before play begins. */
  protected void initializeComponents() {}

  /** Called once when the actor starts playing, before its components do. */
  protected void beginPlay() {}

  /** Called once when the actor stops playing, after its components have. */
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
