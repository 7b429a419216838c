package dev.overture.world;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The abilities an actor may use and its attribute sets, headless: grants are named and counted,
 * so two features granting the same ability keep it until both take it back. Confined to the game
 * thread: once on an actor in a world, every method and handle refuses another thread, naming both.
 */
public class AbilitySystemComponent extends ActorComponent {

  private final Map<String, Integer> abilities = new LinkedHashMap<>();
  private final List<AttributeSet> attributeSets = new ArrayList<>();

  /** A component with no ability and no attribute set; the object factory creates it. */
  public AbilitySystemComponent() {}

  /**
   * A named set of attributes with their values.
   *
   * @param name the set's name
   * @param values attribute name to value
   */
  public record AttributeSet(String name, Map<String, Double> values) {
    public AttributeSet {
      Objects.requireNonNull(name, "name");
      values = Map.copyOf(values);
    }

    // equals and hashCode written out, with the record's own definition and hash (31 * h + hash of
    // each component): the generated ones link an invokedynamic call site the first time they run,
    // a few milliseconds of every start-up for each record class (issue 20).
    @Override
    public boolean equals(Object o) {
      return this == o || o instanceof AttributeSet other && name.equals(other.name) && values.equals(other.values);
    }

    @Override
    public int hashCode() {
      return 31 * name.hashCode() + values.hashCode();
    }
  }

  /** Grants {@code ability} until the handle is released. */
  public Handle grantAbility(String ability) {
    confined();
    Objects.requireNonNull(ability, "ability");
    abilities.merge(ability, 1, Integer::sum);
    return new SimpleHandle(worldOrNull(), () -> abilities.computeIfPresent(ability, (name, count) -> count == 1 ? null : count - 1));
  }

  /** Adds an attribute set until the handle is released. */
  public Handle addAttributeSet(AttributeSet set) {
    confined();
    Objects.requireNonNull(set, "set");
    attributeSets.add(set);
    return new SimpleHandle(worldOrNull(), () -> attributeSets.remove(set));
  }

  /** Whether {@code ability} is granted. */
  public boolean hasAbility(String ability) {
    confined();
    return abilities.containsKey(ability);
  }

  /** The granted abilities, in the order first granted. */
  public List<String> abilities() {
    confined();
    return List.copyOf(abilities.keySet());
  }

  /** The attribute sets, in the order added. */
  public List<AttributeSet> attributeSets() {
    confined();
    return List.copyOf(attributeSets);
  }

  /** The value of {@code attribute} in the latest set that has it, or {@code fallback}. */
  public double attribute(String attribute, double fallback) {
    confined();
    for (int i = attributeSets.size() - 1; i >= 0; i--) {
      Double value = attributeSets.get(i).values().get(attribute);
      if (value != null) {
        return value;
      }
    }
    return fallback;
  }
}
