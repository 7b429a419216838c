/**
 * How objects are built: {@link dev.overture.object.ObjectFactory} (constructors, dependencies,
 * class defaults, archetypes) and {@link dev.overture.object.ObjectInitializer} (default subobjects
 * and the overrides subclasses make to them), the Java counterpart of Unreal's {@code NewObject}
 * and {@code FObjectInitializer}.
 */
package dev.overture.object;
