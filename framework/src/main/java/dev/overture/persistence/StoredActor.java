package dev.overture.persistence;

import java.util.List;

/**
 * One actor as the store holds it: what a save writes (built from a live actor on its game thread)
 * and what a restore reads back. Immutable, so it can cross from the game thread to the database
 * thread and back.
 *
 * @param id its stable id
 * @param className its class's registered name
 * @param name its name
 * @param components its saved components, in order
 * @param properties its property values and those of its components
 */
record StoredActor(long id, String className, String name, List<Component> components, List<Property> properties) {

  static final String ORIGIN_DEFAULT = "default";
  static final String ORIGIN_ADDED = "added";

  StoredActor {
    components = List.copyOf(components);
    properties = List.copyOf(properties);
  }

  /**
   * @param name the component's name
   * @param className its class's registered name (a default component's may be its Java name)
   * @param origin {@link #ORIGIN_DEFAULT} (made by the actor's constructor) or {@link #ORIGIN_ADDED}
   */
  record Component(String name, String className, String origin) {}

  /**
   * @param component the component's name, {@code ""} for the actor's own
   * @param name the property
   * @param value the blob
   */
  record Property(String component, String name, byte[] value) {}
}
