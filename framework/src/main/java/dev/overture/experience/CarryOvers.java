package dev.overture.experience;

import dev.overture.internal.Failures;
import dev.overture.world.Actor;
import dev.overture.world.ActorComponent;
import dev.overture.world.World;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Takes the state of a world's {@link CarryOver} components before a reload deactivates them, and
 * hands it to their successors after: a component's successor is the component of the same class
 * on the same actor, the first to the first when there are several (names do not match: an action
 * adds its components under generated names, {@code Tally_1} before and {@code Tally_2} after).
 * Stateless; game thread.
 */
final class CarryOvers {

  private static final Logger log = LoggerFactory.getLogger(CarryOvers.class);

  /** Who a state belongs to: the {@code ordinal}-th component of {@code type} on {@code actor}. */
  record Key(Actor actor, Class<?> type, int ordinal) {}

  private CarryOvers() {}

  /** The state of every carrying component of {@code world}, by who its successor will be. */
  static Map<Key, Object> carryOut(World world) {
    Map<Key, Object> carried = new LinkedHashMap<>();
    for (Actor actor : world.actors()) {
      Map<Class<?>, Integer> seen = new HashMap<>();
      for (ActorComponent component : actor.components()) {
        if (component instanceof CarryOver<?> carrier) {
          int ordinal = seen.merge(component.getClass(), 1, Integer::sum) - 1;
          try {
            carried.put(new Key(actor, component.getClass(), ordinal), carrier.carryOut());
          } catch (Throwable e) {
            dev.overture.internal.Failures.logInALine(log, e, "{} of {} failed to carry its state out of a reload in world {}",
                component.getClass().getSimpleName(), actor.name(), world.name());
            Failures.rethrowIfFatal(e);
          }
        }
      }
    }
    return carried;
  }

  /** Hands each state in {@code carried} to its component's successor, if the new content added one. */
  @SuppressWarnings("unchecked")
  static void carryIn(World world, Map<Key, Object> carried) {
    if (carried.isEmpty()) {
      return;
    }
    for (Actor actor : world.actors()) {
      Map<Class<?>, Integer> seen = new HashMap<>();
      for (ActorComponent component : actor.components()) {
        if (!(component instanceof CarryOver<?> carrier)) {
          continue;
        }
        Key key = new Key(actor, component.getClass(), seen.merge(component.getClass(), 1, Integer::sum) - 1);
        if (!carried.containsKey(key)) {
          continue;
        }
        Object state = carried.remove(key);
        try {
          // The state came from a component of this very class, whose carryOut made it.
          ((CarryOver<Object>) carrier).carryIn(state);
        } catch (Throwable e) {
          dev.overture.internal.Failures.logInALine(log, e, "{} of {} failed to take the state carried over a reload in world {}",
              component.getClass().getSimpleName(), actor.name(), world.name());
          Failures.rethrowIfFatal(e);
        }
      }
    }
    if (!carried.isEmpty()) {
      log.debug("No successor took the state of {} after a reload in world {}", carried.keySet(), world.name());
    }
  }
}
