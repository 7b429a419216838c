package dev.overture.asset;

import java.util.Objects;
import java.util.Optional;

/**
 * A class named in JSON either by its registered name, like a {@link ClassRef} ({@code "Hero"}),
 * or by a primary asset that describes one ({@code "Archetype:HeavyHero"}), as an Unreal class
 * property takes a C++ class or a Blueprint. A value with a colon is an asset id, checked against
 * the component's {@link AllowedTypes}; any other value must be a registered class name. Both fail
 * at their place in the file, with the choices.
 *
 * <p>The asset is a reference like any {@link PrimaryAssetId}: annotate the component with {@link
 * AssetBundles} to load it with its owner. Immutable; safe to share between threads.
 *
 * @param classRef the class, when named directly
 * @param asset the asset describing the class, when named by one
 * @param <T> the base class
 */
public record ClassOrAsset<T>(Optional<ClassRef<T>> classRef, Optional<PrimaryAssetId> asset) {

  public ClassOrAsset {
    Objects.requireNonNull(classRef, "classRef");
    Objects.requireNonNull(asset, "asset");
    if (classRef.isPresent() == asset.isPresent()) {
      throw new IllegalArgumentException("exactly one of a class and an asset must be given");
    }
  }

  /** The class {@code type}, named directly. */
  public static <T> ClassOrAsset<T> of(ClassRef<T> type) {
    return new ClassOrAsset<>(Optional.of(type), Optional.empty());
  }

  /** The class described by the asset {@code id}. */
  public static <T> ClassOrAsset<T> ofAsset(PrimaryAssetId id) {
    return new ClassOrAsset<>(Optional.empty(), Optional.of(id));
  }

  /** As written in JSON: the class name or the asset id. */
  @Override
  public String toString() {
    return classRef.map(ClassRef::name).orElseGet(() -> asset.orElseThrow().toString());
  }
}
