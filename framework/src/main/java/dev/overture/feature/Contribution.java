package dev.overture.feature;

import java.util.Objects;

/**
 * A kind an action puts into a world besides its own (a component it adds, for example), named at
 * {@code pointer} within the action. Kinds that a plugin contributes exist only where that plugin is
 * enabled, so an experience checks each contribution of its actions against the plugins it enables
 * ({@link PluginSet#misuses}). Immutable.
 *
 * @param kind what sort of kind it is
 * @param name the kind's registered name ({@code "ScoreComponent"})
 * @param pointer the JSON pointer, relative to the action, of the entry that names it
 */
public record Contribution(Kind kind, String name, String pointer) {

  /** The sorts of kinds a plugin contributes, as its descriptor's {@code contributes} lists them. */
  public enum Kind {
    /** An action kind ({@code contributes.actions}). */
    ACTION("Action", GameFeatureAction.class),
    /** A component class ({@code contributes.components}). */
    COMPONENT("Component", dev.overture.world.ActorComponent.class),
    /** An actor class (an actor kind a plugin's code registers). */
    ACTOR("Actor", dev.overture.world.Actor.class);

    private final String label;
    private final Class<?> base;

    Kind(String label, Class<?> base) {
      this.label = label;
      this.base = base;
    }

    /** The class its kinds are registered under ({@code PluginRegistration.kind(base, ...)}). */
    public Class<?> base() {
      return base;
    }

    /** {@code Action} or {@code Component}, as messages start. */
    @Override
    public String toString() {
      return label;
    }
  }

  public Contribution {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(pointer, "pointer");
  }

  /** The actor class named {@code name} at {@code pointer} within the action. */
  public static Contribution actor(String name, String pointer) {
    return new Contribution(Kind.ACTOR, name, pointer);
  }

  /** The component named {@code name} at {@code pointer} within the action. */
  public static Contribution component(String name, String pointer) {
    return new Contribution(Kind.COMPONENT, name, pointer);
  }
}
