package dev.overture.settings;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The values a numeric setting may take, both ends included. A value outside, read from a file, is
 * clamped into the range with a warning (a hand-edited {@code "overallVolume": 7} becomes 1); one a
 * program gives {@link Settings#set} is refused, so that a file the game wrote never needs it.
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
