package dev.overture.world;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * A pawn's input setup, headless: the mapping contexts in force (highest priority first, as
 * Enhanced Input orders them) and the input bindings (which input action triggers what). The
 * data is whatever the feature that added it uses; this component only keeps order and lifetime.
 * Confined to the game thread: once on an actor in a world, every method and handle refuses another
 * thread, naming both.
 */
public class InputComponent extends ActorComponent {

  /**
   * A mapping context in force.
   *
   * @param name its name, for display
   * @param context its data
   * @param priority higher wins
   * @param order when it was added, breaking ties (later wins)
   */
  public record MappingContext(String name, Object context, int priority, long order) {

    // equals and hashCode written out, with the record's own definition and hash (each component in
    // order, h = 31 * h + hash): a record's generated ones link an invokedynamic call site the first
    // time they run, a few milliseconds of every start-up for each record class (issue 20).
    @Override
    public boolean equals(Object o) {
      return this == o || o instanceof MappingContext other
          && Objects.equals(name, other.name) && Objects.equals(context, other.context)
          && priority == other.priority && order == other.order;
    }

    @Override
    public int hashCode() {
      return 31 * (31 * (31 * Objects.hashCode(name) + Objects.hashCode(context)) + priority) + Long.hashCode(order);
    }
  }

  /**
   * A set of bindings in force.
   *
   * @param name its name, for display
   * @param bindings its data
   */
  public record Binding(String name, Object bindings) {}

  private final List<MappingContext> contexts = new ArrayList<>();
  private final List<Binding> bindings = new ArrayList<>();
  private long added;

  /** A component with no mapping context and no binding; the object factory creates it. */
  public InputComponent() {}

  /** Puts a mapping context in force until the handle is released. */
  public Handle addMappingContext(String name, Object context, int priority) {
    confined();
    MappingContext entry = new MappingContext(Objects.requireNonNull(name, "name"), context, priority, added++);
    contexts.add(entry);
    return new SimpleHandle(worldOrNull(), () -> contexts.remove(entry));
  }

  /** Puts bindings in force until the handle is released. */
  public Handle addBindings(String name, Object data) {
    confined();
    Binding entry = new Binding(Objects.requireNonNull(name, "name"), data);
    bindings.add(entry);
    return new SimpleHandle(worldOrNull(), () -> bindings.remove(entry));
  }

  /** The mapping contexts in force, highest priority first. */
  public List<MappingContext> mappingContexts() {
    confined();
    List<MappingContext> sorted = new ArrayList<>(contexts);
    sorted.sort(Comparator.comparingInt(MappingContext::priority).thenComparingLong(MappingContext::order).reversed());
    return List.copyOf(sorted);
  }

  /** The bindings in force, in the order added. */
  public List<Binding> bindings() {
    confined();
    return List.copyOf(bindings);
  }
}
