package dev.overture.asset;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Puts the references in a record component into asset bundles, like Unreal's {@code
 * meta=(AssetBundles="Client")}: when a load asks for one of the bundles, the asset manager loads
 * what the component refers to, and what those assets refer to in the same bundles.
 *
 * <p>The component may hold a {@link PrimaryAssetId}, a {@link SoftRef}, a nested record, or a list,
 * set, map or {@link java.util.Optional} of those; the bundles apply to every reference inside that
 * has no annotation of its own. References in no bundle are never loaded by the asset manager; a
 * caller loads them when it needs them.
 *
 * <pre>{@code
 * record PawnData(
 *     @AssetBundles({"client"}) SoftRef<InputConfig> inputConfig,
 *     @AssetBundles(AssetBundles.ALWAYS) @AllowedTypes("AbilitySet") List<PrimaryAssetId> abilitySets) {}
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.RECORD_COMPONENT, ElementType.FIELD, ElementType.PARAMETER, ElementType.METHOD})
public @interface AssetBundles {

  /** The bundle that every load follows, whatever bundles it asks for: a hard reference. */
  String ALWAYS = "*";

  /** The bundles the references belong to, for example {@code "client"}, or {@link #ALWAYS}. */
  String[] value();

  /**
   * Whether these references must not form a cycle: a load that finds a cycle made only of acyclic
   * references fails with {@code Overture/ReferenceCycle}, naming the chain. Use it for relations
   * like "includes" or "extends"; other reference cycles are legal and each asset loads once.
   */
  boolean acyclic() default false;
}
