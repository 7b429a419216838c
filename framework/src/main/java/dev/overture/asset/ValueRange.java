package dev.overture.asset;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The numbers a component of content accepts, declared once for everything that reads content:
 * binding refuses a number outside them ({@code Overture/OutOfRange}, located at the number, naming
 * the field and the range: {@code "teamSize" must be 1 or more, not 0}), so {@code validate},
 * {@code play} and live reload refuse it alike; and the JSON schemas carry them ({@code minimum},
 * {@code maximum}), so an editor flags the number as it is typed. On a list or map of numbers it
 * bounds each one. It bounds {@code int}, {@code long}, {@code short}, {@code float} and {@code
 * double} and their boxes (not bytes, big numbers or arrays of primitives, which the schemas then
 * leave unbounded too). A value the file leaves out is not checked (the record's default applies);
 * a record built in code is not checked either. On an object's {@code @Property} field it bounds
 * the values archetypes give the property, as loading, {@code ObjectFactory.check} and the
 * archetype schema read them ({@link ContentValues}).
 *
 * <pre>
 * record ConfigureMatch(@ValueRange(min = 1) Integer teamSize, ...)
 * </pre>
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.RECORD_COMPONENT, ElementType.FIELD, ElementType.PARAMETER, ElementType.METHOD})
public @interface ValueRange {

  /** The smallest number accepted; no bound when left out. */
  double min() default Double.NEGATIVE_INFINITY;

  /** The largest number accepted; no bound when left out. */
  double max() default Double.POSITIVE_INFINITY;
}
