package dev.overture.feature;

import dev.overture.world.Actor;
import dev.overture.world.Handle;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * What an extension-handler action gave each actor, so that it can be taken back when the actor
 * goes or the action deactivates. Game thread only.
 */
final class PerActor {

  private final Map<Actor, List<Handle>> handles = new IdentityHashMap<>();

  void add(Actor actor, Handle handle) {
    handles.computeIfAbsent(actor, a -> new ArrayList<>()).add(handle);
  }

  /** Whether {@code actor} was given anything. */
  boolean has(Actor actor) {
    return handles.containsKey(actor);
  }

  void release(Actor actor) {
    List<Handle> given = handles.remove(actor);
    if (given != null) {
      for (int i = given.size() - 1; i >= 0; i--) {
        given.get(i).release();
      }
    }
  }

  void releaseAll() {
    for (Actor actor : List.copyOf(handles.keySet())) {
      release(actor);
    }
  }
}
