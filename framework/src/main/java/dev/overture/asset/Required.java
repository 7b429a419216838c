package dev.overture.asset;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A component of content that a file must write, declared once for everything that reads content:
 * binding refuses an object that leaves it out ({@code Overture/MissingProperty}, located at the
 * object, naming the property, saying what to write there and, for a class name or an enum, the
 * valid choices: {@code Missing "experienceId": name the experience the tile starts}), so {@code
 * validate}, {@code play} and live reload refuse it alike; and the JSON schemas list it in the
 * object's {@code required}, so an editor flags the object as it is typed. A value written as
 * {@code null} is refused anyway, required or not.
 *
 * <p>A record built in code is not checked by this annotation: its constructor guards against a
 * null as it always must ({@code Objects.requireNonNull(experienceId, "experienceId")}). On an
 * object's {@code @Property} field it means nothing: an archetype never has to set a property, whose
 * class default applies (a record held by a property has its own required components checked).
 *
 * <pre>
 * record UserFacingExperience(
 *     &#64;Required("name the experience the tile starts") PrimaryAssetId experienceId, ...)
 * </pre>
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.RECORD_COMPONENT, ElementType.FIELD, ElementType.PARAMETER, ElementType.METHOD})
public @interface Required {

  /**
   * What the author should write, said after the property's name ({@code "name the experience the
   * tile starts"}); nothing more is said when left out.
   */
  String value() default "";
}
