package dev.overture.asset;

import java.util.Objects;

/**
 * A class named in JSON by the name code registered it under ({@link
 * AssetManager.Builder#kind}), such as a component class in an AddComponents entry: {@code
 * "componentClass": "ScoreComponent"}. The name is resolved when the file is bound, so an unknown
 * name fails there, with the file, line and column and the names that would work; content never
 * names Java classes directly.
 *
 * <p>{@code T} is the base the class must extend; it comes from the declared type of the record
 * component ({@code ClassRef<ActorComponent>}). Immutable; safe to share between threads.
 *
 * @param <T> the base class
 */
public final class ClassRef<T> {

  private final String name;
  private final Class<? extends T> type;

  private ClassRef(String name, Class<? extends T> type) {
    this.name = Objects.requireNonNull(name, "name");
    this.type = Objects.requireNonNull(type, "type");
  }

  /** The class {@code type}, known by {@code name}. */
  public static <T> ClassRef<T> of(String name, Class<? extends T> type) {
    return new ClassRef<>(name, type);
  }

  /** The registered name, as written in JSON. */
  public String name() {
    return name;
  }

  /** The class. */
  public Class<? extends T> type() {
    return type;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof ClassRef<?> that && name.equals(that.name) && type.equals(that.type);
  }

  @Override
  public int hashCode() {
    return name.hashCode() * 31 + type.hashCode();
  }

  @Override
  public String toString() {
    return name;
  }
}
