package dev.overture.settings;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The values a numeric setting may take. A value outside, read from a file, is clamped into the
 * range with a warning (a hand-edited {@code "overallVolume": 7} becomes 1).
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.RECORD_COMPONENT, ElementType.FIELD, ElementType.PARAMETER, ElementType.METHOD})
public @interface SettingRange {

  /** The smallest value. */
  double min();

  /** The largest value. */
  double max();
}
