package dev.overture.persistence;

import dev.overture.object.ObjectProperties;
import dev.overture.world.Actor;
import dev.overture.world.ActorComponent;
import dev.overture.world.World;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.List;

/**
 * What a save writes, taken from a live world on its game thread: every persistent actor with its
 * saved components and property blobs, encoded then and there, so the database work that follows
 * can run on another thread while the game goes on.
 *
 * @param world the world's name
 * @param actors the actors
 */
record WorldSnapshot(String world, List<StoredActor> actors) {

  WorldSnapshot {
    actors = List.copyOf(actors);
  }

  /**
   * Takes {@code world}'s snapshot. Call on its game thread.
   *
   * @throws PersistenceException when something cannot be saved (a class without a registered name,
   *     a property holding a live game object)
   */
  static WorldSnapshot of(World world, ClassNames classes) {
    List<StoredActor> actors = new ArrayList<>();
    for (Actor actor : world.actors()) {
      if (!actor.isPersistent()) {
        continue;
      }
      long id = actor.stableId().value();
      List<StoredActor.Component> components = new ArrayList<>();
      List<StoredActor.Property> properties = new ArrayList<>();
      properties(actor, "", properties);
      for (ActorComponent component : actor.components()) {
        if (!saves(world, component)) {
          continue;
        }
        boolean isDefault = actor.isDefaultComponent(component);
        // A default component is found again by name, so an unregistered class is no obstacle.
        String className = isDefault
            ? classes.nameOf(component.getClass()).orElse(component.getClass().getName())
            : nameOf(classes, component.getClass(), component.toString());
        components.add(new StoredActor.Component(component.name(), className,
            isDefault ? StoredActor.ORIGIN_DEFAULT : StoredActor.ORIGIN_ADDED));
        properties(component, component.name(), properties);
      }
      actors.add(new StoredActor(id, nameOf(classes, actor.getClass(), actor.toString()), actor.name(), components, properties));
    }
    return new WorldSnapshot(world.name(), actors);
  }

  /** How many components and property values it holds. */
  int components() {
    return actors.stream().mapToInt(actor -> actor.components().size()).sum();
  }

  int properties() {
    return actors.stream().mapToInt(actor -> actor.properties().size()).sum();
  }

  /**
   * Whether a save holds {@code component}: not when it (or the component that made it) opted out
   * or was made by a component request; the feature that requested it makes it again.
   */
  private static boolean saves(World world, ActorComponent component) {
    for (ActorComponent c = component; c != null; c = c.parentComponent().orElse(null)) {
      if (!c.isPersistent() || world.componentManager().isRequested(c)) {
        return false;
      }
    }
    return true;
  }

  private static void properties(Object owner, String component, List<StoredActor.Property> into) {
    for (String property : ObjectProperties.names(owner.getClass())) {
      Type type = ObjectProperties.type(owner.getClass(), property);
      byte[] blob;
      try {
        blob = PropertyCodec.encode(ObjectProperties.get(owner, property), type);
      } catch (RuntimeException e) {
        throw new PersistenceException("Cannot save property \"" + property + "\" of " + owner + ": " + e.getMessage(), e);
      }
      into.add(new StoredActor.Property(component, property, blob));
    }
  }

  private static String nameOf(ClassNames classes, Class<?> type, String owner) {
    return classes.nameOf(type).orElseThrow(() -> new PersistenceException(
        "Cannot save " + owner + ": its class " + type.getName() + " has no registered name (register it with"
            + " AssetManager.Builder.kind, or give the store its name in ClassNames)"));
  }
}
