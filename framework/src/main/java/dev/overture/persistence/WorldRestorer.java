package dev.overture.persistence;

import dev.overture.core.Problem;
import dev.overture.id.StableId;
import dev.overture.object.ObjectProperties;
import dev.overture.world.Actor;
import dev.overture.world.ActorComponent;
import dev.overture.world.World;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Spawns saved actors into a live world, on its game thread: each with its stable id, name,
 * components and property values set before it begins play. What cannot be restored becomes a
 * warning and the rest goes on.
 *
 * <p>Confined to the world's game thread; one instance per restore.
 */
final class WorldRestorer {

  private static final Logger log = LoggerFactory.getLogger(WorldStore.class);

  private final World world;
  private final ClassNames classes;
  private final List<Problem> warnings = new ArrayList<>();
  private int actors;
  private int components;
  private int properties;

  private WorldRestorer(World world, ClassNames classes) {
    this.world = world;
    this.classes = classes;
  }

  /** Restores {@code rows} into {@code world}. Call on its game thread. */
  static WorldStore.Restored restore(World world, ClassNames classes, List<StoredActor> rows, long version) {
    world.checkGameThread();
    WorldRestorer restorer = new WorldRestorer(world, classes);
    rows.forEach(restorer::restore);
    return new WorldStore.Restored(restorer.actors, restorer.components, restorer.properties, restorer.warnings, version);
  }

  private void restore(StoredActor row) {
    if (row.id() <= 0) {
      // No allocator hands out 0 (none) or a negative id: another program wrote it, and an actor
      // with it would collide with no saved id's rules.
      warning("Overture/InvalidId", "Actor " + row.name() + " was saved with the id " + row.id() + ", which no store hands out"
          + " (ids are positive); it was not restored");
      return;
    }
    StableId id = StableId.of(row.id());
    Actor gameState = world.gameState();
    if (row.name().equals(gameState.name()) && classes.nameOf(gameState.getClass()).orElse("").equals(row.className())) {
      // The world made its game state already: it takes the saved identity and values.
      try {
        world.restoreGameStateId(id);
        restoreProperties(gameState, row, restoreComponents(gameState, row));
        actors++;
      } catch (RuntimeException e) {
        warning("Overture/RestoreFailed", "The game state (" + id + ") was not restored: " + e.getMessage());
      }
      return;
    }
    Class<?> type = classes.classNamed(row.className()).orElse(null);
    if (type == null || !Actor.class.isAssignableFrom(type)) {
      warning("Overture/UnknownClass", "Actor " + row.name() + " (" + id + ") was saved as a " + row.className()
          + ", which is not a registered actor class; it was not restored");
      return;
    }
    if (world.findActor(id).isPresent() || world.findActor(row.name()).isPresent()) {
      warning("Overture/RestoreConflict", "Actor " + row.name() + " (" + id + ") was not restored: the world already"
          + " has an actor with that name or id");
      return;
    }
    try {
      world.spawnActor(type.asSubclass(Actor.class), row.name(), id, actor -> {
        restoreProperties(actor, row, restoreComponents(actor, row));
      });
      actors++;
    } catch (RuntimeException e) {
      warning("Overture/RestoreFailed", "Actor " + row.name() + " (" + id + ") was not restored: " + dev.overture.internal.Failures.describe(e));
    }
  }

  /**
   * Adds {@code row}'s components to {@code actor}, each on its own: one that cannot be added is a
   * warning, and the others and the actor are still restored. Returns the names of those not
   * restored, whose saved values must not go into another component of that name.
   */
  private java.util.Set<String> restoreComponents(Actor actor, StoredActor row) {
    java.util.Set<String> refused = new java.util.HashSet<>();
    for (StoredActor.Component component : row.components()) {
      if (component.origin().equals(StoredActor.ORIGIN_DEFAULT)) {
        if (madeByRefused(component.name(), refused)) {
          // Made by a component not restored (said so): one of that name is the world's own component's part.
          refused.add(component.name());
          continue;
        }
        if (actor.findComponentNamed(component.name()).isEmpty()) {
          warning("Overture/MissingComponent", actor + " no longer creates default component \"" + component.name()
              + "\"; its saved values were not restored");
        } else {
          components++;
        }
        continue;
      }
      if (component.name().isBlank()) {
        // Saved by a build that let a component have no name: its values cannot be told from the actor's.
        warning("Overture/RestoreFailed", "A component of " + actor + " was saved without a name (as a "
            + component.className() + "); it was not restored");
        continue;
      }
      Class<?> type = classes.classNamed(component.className()).orElse(null);
      if (type == null || !ActorComponent.class.isAssignableFrom(type)) {
        warning("Overture/UnknownClass", "Component \"" + component.name() + "\" of " + actor + " was saved as a "
            + component.className() + ", which is not a registered component class; it was not restored");
        continue;
      }
      if (actor.findComponentNamed(component.name()).isPresent()) {
        warning("Overture/RestoreConflict", "Component \"" + component.name() + "\" of " + actor + " was not restored: "
            + actor + " already makes a component of that name, which keeps its own values");
        refused.add(component.name());
        continue;
      }
      try {
        actor.addComponent(type.asSubclass(ActorComponent.class), component.name());
      } catch (RuntimeException e) {
        // Its class cannot be built now (a constructor that throws, say): the rest of the actor still is.
        warning("Overture/RestoreFailed", "Component \"" + component.name() + "\" of " + actor + " was not restored: "
            + dev.overture.internal.Failures.describe(e));
        refused.add(component.name());
        continue;
      }
      components++;
    }
    return refused;
  }

  /**
   * Whether {@code name} is that of a component made as a default subobject ({@code "Keeper.Radio"})
   * by one of {@code refused}, at any depth; a save lists a component before those it made.
   */
  private static boolean madeByRefused(String name, java.util.Set<String> refused) {
    for (int dot = name.lastIndexOf('.'); dot > 0; dot = name.lastIndexOf('.', dot - 1)) {
      if (refused.contains(name.substring(0, dot))) {
        return true;
      }
    }
    return false;
  }

  private void restoreProperties(Actor actor, StoredActor row, java.util.Set<String> refusedComponents) {
    for (StoredActor.Property property : row.properties()) {
      if (refusedComponents.contains(property.component())) {
        continue; // its component was not restored, and said so: the one of that name is another's
      }
      Object owner = property.component().isEmpty() ? actor : actor.findComponentNamed(property.component()).orElse(null);
      if (owner == null) {
        continue; // its component was not restored, and said so
      }
      if (!ObjectProperties.names(owner.getClass()).contains(property.name())) {
        warning("Overture/UnknownProperty", "Saved property \"" + property.name() + "\" of " + where(actor, property)
            + " no longer exists; it was ignored");
        continue;
      }
      try {
        Object value = PropertyCodec.decode(property.value(), ObjectProperties.type(owner.getClass(), property.name()));
        ObjectProperties.set(owner, property.name(), value);
        properties++;
      } catch (RuntimeException e) {
        warning("Overture/UnreadableProperty", "Saved property \"" + property.name() + "\" of " + where(actor, property)
            + " cannot be read (" + e.getMessage() + "); it keeps its default");
      }
    }
  }

  private static String where(Actor actor, StoredActor.Property property) {
    return property.component().isEmpty() ? actor.toString() : "component \"" + property.component() + "\" of " + actor;
  }

  private void warning(String id, String message) {
    log.warn(message);
    warnings.add(Problem.warning(id, message));
  }
}
