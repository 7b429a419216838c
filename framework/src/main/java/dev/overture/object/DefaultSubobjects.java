package dev.overture.object;

import java.util.Optional;

/**
 * Creates default subobjects from inside a constructor without the initializer in hand, like
 * Unreal's {@code UObject::CreateDefaultSubobject}: it takes the initializer on top of this
 * thread's construction stack, and checks it is building {@code outer}. Only during construction,
 * on the constructing thread.
 */
public final class DefaultSubobjects {

  private DefaultSubobjects() {}

  /** {@link ObjectInitializer#createDefaultSubobject}, with the current initializer. */
  public static <T> T create(Object outer, String name, Class<T> type) {
    return ObjectInitializer.current().createDefaultSubobject(outer, name, type);
  }

  /** {@link ObjectInitializer#createOptionalDefaultSubobject}, with the current initializer. */
  public static <T> Optional<T> createOptional(Object outer, String name, Class<T> type) {
    return ObjectInitializer.current().createOptionalDefaultSubobject(outer, name, type);
  }

  /** {@link ObjectInitializer#createEditorOnlyDefaultSubobject}, with the current initializer. */
  public static <T> Optional<T> createEditorOnly(Object outer, String name, Class<T> type) {
    return ObjectInitializer.current().createEditorOnlyDefaultSubobject(outer, name, type);
  }
}
