package dev.overture.asset;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * How many items a list of content holds, declared once for everything that reads content: binding
 * refuses a list of another size ({@code Overture/OutOfRange}, located at the list, naming the field
 * and the range: {@code "teams" must have from 1 to 4 items, not 0}), and the JSON schemas carry it
 * ({@code minItems}, {@code maxItems}), so an editor flags the list as it is typed. It counts the
 * items of a list, set or array; on a list of lists it counts each one. A value the file leaves out
 * is not checked (the record's default applies); a record built in code is not checked either. On
 * an object's {@code @Property} field it counts the lists archetypes give the property ({@link
 * ContentValues}).
 *
 * <pre>
 * record ConfigureMatch(&#64;SizeRange(min = 1, max = 4) List&lt;String&gt; teams, ...)
 * </pre>
 *
 * <p>{@link ValueRange} bounds the numbers in a list; this bounds how many there are.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.RECORD_COMPONENT, ElementType.FIELD, ElementType.PARAMETER, ElementType.METHOD})
public @interface SizeRange {

  /** The fewest items accepted; 0 when left out. */
  int min() default 0;

  /** The most items accepted; no bound when left out. */
  int max() default Integer.MAX_VALUE;
}
