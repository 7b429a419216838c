package dev.overture.object;

/**
 * Implemented by classes that want to know their default subobjects once construction is over,
 * like Unreal's {@code PostInitProperties}: the factory calls {@link #postConstruct} after the
 * constructor returned and the defaults and archetype were applied, on the constructing thread.
 */
public interface Constructed {

  /** Called once, after construction, with the initializer that built this object. */
  void postConstruct(ObjectInitializer initializer);
}
