package dev.overture.id;

/**
 * A stable id: a 64-bit value that names one thing (an actor, a saved object) for as long as the
 * world store that gave it out exists, across saves, restarts and crashes. The counterpart of the
 * seed's {@code FStableId}: a value type, cheap to copy, compare and hash, where the legacy {@code
 * UUniqueID} was an object. Value 0 means "none".
 *
 * <p>Immutable; safe to share between threads.
 *
 * @param value the 64-bit value (0 for none)
 */
public record StableId(long value) implements Comparable<StableId> {

  /** No id. */
  public static final StableId NONE = new StableId(0);

  /** The id {@code value} ({@link #NONE} for 0). */
  public static StableId of(long value) {
    return value == 0 ? NONE : new StableId(value);
  }

  /** Whether this is {@link #NONE}. */
  public boolean isNone() {
    return value == 0;
  }

  /** Orders by value, as signed 64-bit integers. */
  @Override
  public int compareTo(StableId other) {
    return Long.compare(value, other.value);
  }

  // equals and hashCode written out, with the record's own definition and hash: a record's
  // generated ones link an invokedynamic call site the first time they run, and play's world
  // hashes its actors' ids before Loaded (the first such link of a start-up pays for the
  // method-handle machinery, about 7 ms of the main thread; issue 20).
  @Override
  public boolean equals(Object o) {
    return this == o || o instanceof StableId other && value == other.value;
  }

  @Override
  public int hashCode() {
    return Long.hashCode(value);
  }

  /** {@code StableId(42)}, or {@code StableId(none)}. */
  @Override
  public String toString() {
    return value == 0 ? "StableId(none)" : "StableId(" + value + ")";
  }
}
