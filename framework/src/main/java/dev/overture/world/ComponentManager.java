package dev.overture.world;

import dev.overture.internal.Failures;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Adds components to actors on request and tells code what happens to actors of a class, like
 * Unreal's {@code UGameFrameworkComponentManager}. One per world.
 *
 * <p><b>Component requests.</b> {@link #addComponentRequest} asks for a component class on every
 * actor of a class (or a subclass): live actors get one at once, actors spawned later get one when
 * they spawn. Requests for the same pair are counted; the components are removed when the last
 * handle for the pair is released. Only the components a request created are removed.
 *
 * <p><b>Extension handlers.</b> {@link #addExtensionHandler} registers code for an actor class; it
 * hears {@link #EXTENSION_ADDED} for each matching actor (present or future), {@link
 * #EXTENSION_REMOVED} when an actor goes or the handler is released, and the events sent with
 * {@link #sendExtensionEvent}, such as {@link #GAME_ACTOR_READY}.
 *
 * <p>Confined to the world's game thread: every method, and the handles it returns, refuse another
 * thread, naming both. Handlers may add requests, handlers and actors while
 * being called; those take effect for later events.
 */
public final class ComponentManager {

  private static final Logger log = LoggerFactory.getLogger(ComponentManager.class);

  /** The handler now applies to the actor. */
  public static final String EXTENSION_ADDED = "ExtensionAdded";
  /** The handler no longer applies to the actor. */
  public static final String EXTENSION_REMOVED = "ExtensionRemoved";
  /** The actor says it is fully set up (sent by game code). */
  public static final String GAME_ACTOR_READY = "GameActorReady";

  /** How a component request adds its component. */
  public enum AddFlag {
    /** Add only to actors that have no component of that class yet. */
    ADD_UNIQUE
  }

  /** Requests with different flags are different requests: each adds its components its way. */
  private record RequestKey(
      Class<? extends Actor> actorClass, Class<? extends ActorComponent> componentClass, Set<AddFlag> flags) {

    // Written out, as the record's own (issue 20): the generated ones cost a start-up an invokedynamic link.
    @Override
    public boolean equals(Object o) {
      return this == o || o instanceof RequestKey other
          && actorClass == other.actorClass && componentClass == other.componentClass && flags.equals(other.flags);
    }

    @Override
    public int hashCode() {
      return 31 * (31 * actorClass.hashCode() + componentClass.hashCode()) + flags.hashCode();
    }
  }

  private static final class Request {
    int count;
    final Map<Actor, ActorComponent> created = new IdentityHashMap<>();
  }

  private static final class HandlerEntry {
    final Class<? extends Actor> actorClass;
    final ExtensionHandler handler;
    boolean active = true;

    HandlerEntry(Class<? extends Actor> actorClass, ExtensionHandler handler) {
      this.actorClass = actorClass;
      this.handler = handler;
    }
  }

  private final World world;
  private final Map<RequestKey, Request> requests = new LinkedHashMap<>();
  private final List<HandlerEntry> handlers = new ArrayList<>();
  private final Set<Actor> receivers = new LinkedHashSet<>();

  ComponentManager(World world) {
    this.world = world;
  }

  /**
   * Asks for a {@code componentClass} on every actor that is an {@code actorClass}, present and
   * future, until the returned handle is released (and every other handle for the same pair).
   */
  public Handle addComponentRequest(
      Class<? extends Actor> actorClass, Class<? extends ActorComponent> componentClass, AddFlag... flags) {
    Objects.requireNonNull(actorClass, "actorClass");
    Objects.requireNonNull(componentClass, "componentClass");
    world.checkGameThread();
    Set<AddFlag> flagSet = Set.copyOf(flags.length == 0 ? EnumSet.noneOf(AddFlag.class) : EnumSet.copyOf(List.of(flags)));
    RequestKey key = new RequestKey(actorClass, componentClass, flagSet);
    Request request = requests.get(key);
    boolean first = request == null;
    if (first) {
      request = new Request();
      requests.put(key, request);
    }
    request.count++;
    if (first) {
      try {
        for (Actor actor : List.copyOf(receivers)) {
          if (actorClass.isInstance(actor) && receivers.contains(actor)) {
            addRequested(actor, key, request);
          }
        }
      } catch (Exception | Error e) {
        releaseRequest(key); // a component that cannot be created leaves no half-applied request
        throw e;
      }
    }
    return new SimpleHandle(world, () -> releaseRequest(key));
  }

  private void releaseRequest(RequestKey key) {
    Request request = requests.get(key);
    if (request == null || --request.count > 0) {
      return;
    }
    requests.remove(key);
    for (Map.Entry<Actor, ActorComponent> entry : List.copyOf(request.created.entrySet())) {
      entry.getKey().removeComponent(entry.getValue());
    }
    request.created.clear();
  }

  private void addRequested(Actor actor, RequestKey key, Request request) {
    if (request.created.containsKey(actor)) {
      return;
    }
    if (key.flags.contains(AddFlag.ADD_UNIQUE) && actor.findComponent(key.componentClass).isPresent()) {
      return;
    }
    request.created.put(actor, actor.addComponent(key.componentClass));
  }

  /** Registers {@code handler} for the actors that are an {@code actorClass}; see the class comment. */
  public Handle addExtensionHandler(Class<? extends Actor> actorClass, ExtensionHandler handler) {
    Objects.requireNonNull(actorClass, "actorClass");
    Objects.requireNonNull(handler, "handler");
    world.checkGameThread();
    HandlerEntry entry = new HandlerEntry(actorClass, handler);
    handlers.add(entry);
    for (Actor actor : List.copyOf(receivers)) {
      if (entry.active && actorClass.isInstance(actor) && receivers.contains(actor)) {
        call(entry, actor, EXTENSION_ADDED);
      }
    }
    return new SimpleHandle(world, () -> removeHandler(entry));
  }

  private void removeHandler(HandlerEntry entry) {
    if (!handlers.remove(entry)) {
      return;
    }
    for (Actor actor : List.copyOf(receivers)) {
      if (entry.actorClass.isInstance(actor) && receivers.contains(actor)) {
        call(entry, actor, EXTENSION_REMOVED);
      }
    }
    entry.active = false;
  }

  /** Sends {@code event} for {@code actor} to every handler of its class. */
  public void sendExtensionEvent(Actor actor, String event) {
    Objects.requireNonNull(actor, "actor");
    Objects.requireNonNull(event, "event");
    world.checkGameThread();
    if (!receivers.contains(actor)) {
      throw new IllegalArgumentException(actor + " is not in world " + world.name());
    }
    for (HandlerEntry entry : List.copyOf(handlers)) {
      if (entry.active && entry.actorClass.isInstance(actor)) {
        call(entry, actor, event);
      }
    }
  }

  void addReceiver(Actor actor) {
    receivers.add(actor);
    for (Map.Entry<RequestKey, Request> request : List.copyOf(requests.entrySet())) {
      if (request.getKey().actorClass.isInstance(actor)
          && requests.get(request.getKey()) == request.getValue()
          && receivers.contains(actor)) {
        addRequested(actor, request.getKey(), request.getValue());
      }
    }
    for (HandlerEntry entry : List.copyOf(handlers)) {
      if (entry.active && entry.actorClass.isInstance(actor) && receivers.contains(actor)) {
        call(entry, actor, EXTENSION_ADDED);
      }
    }
  }

  void removeReceiver(Actor actor) {
    if (!receivers.contains(actor)) {
      return;
    }
    for (HandlerEntry entry : List.copyOf(handlers)) {
      if (entry.active && entry.actorClass.isInstance(actor)) {
        call(entry, actor, EXTENSION_REMOVED);
      }
    }
    receivers.remove(actor);
    // The actor is ending: its requested components end with it, they are only forgotten here.
    for (Request request : requests.values()) {
      request.created.remove(actor);
    }
  }

  private void call(HandlerEntry entry, Actor actor, String event) {
    try {
      entry.handler.handle(actor, event);
    } catch (Throwable e) {
      dev.overture.internal.Failures.logInALine(log, e, "Extension handler {} for {} failed on {} of {}",
          entry.handler, entry.actorClass.getSimpleName(), event, actor);
      Failures.rethrowIfFatal(e);
    }
  }

  /** How many distinct component requests are active (each pair and flags counted once). */
  public int activeRequests() {
    world.checkGameThread();
    return requests.size();
  }

  /** How many extension handlers are registered. */
  public int extensionHandlers() {
    world.checkGameThread();
    return handlers.size();
  }

  /** Whether {@code component} was created by a component request (rather than by its actor or game code). */
  public boolean isRequested(ActorComponent component) {
    world.checkGameThread();
    for (Request request : requests.values()) {
      if (request.created.containsValue(component)) {
        return true;
      }
    }
    return false;
  }

  /** How many components requests have added and not yet removed. */
  public int requestedComponents() {
    world.checkGameThread();
    int total = 0;
    for (Request request : requests.values()) {
      total += request.created.size();
    }
    return total;
  }

  @Override
  public String toString() {
    return "ComponentManager[" + world.name() + ", " + requests.size() + " requests, " + handlers.size() + " handlers]";
  }
}
