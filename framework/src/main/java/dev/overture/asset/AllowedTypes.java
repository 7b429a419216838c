package dev.overture.asset;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Restricts the primary asset types a {@link PrimaryAssetId} component (or a list, set or map of
 * them) may refer to, like Unreal's {@code meta=(AllowedTypes="Map")}. A reference of another type
 * fails to bind, naming the allowed types. When exactly one type is allowed, JSON may write the bare
 * name ({@code "Hero"} for {@code "PawnData:Hero"}).
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.RECORD_COMPONENT, ElementType.FIELD, ElementType.PARAMETER, ElementType.METHOD})
public @interface AllowedTypes {

  /** The allowed primary asset type names. */
  String[] value();
}
