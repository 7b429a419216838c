package dev.overture.asset;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A string of content that must hold more than white space ({@link String#isBlank}), declared once
 * for everything that reads content: binding refuses a blank one ({@code Overture/BlankText},
 * located at the string: {@code "teams" must not be blank, not "  "}), and the JSON schemas carry it
 * ({@code minLength: 1} and a {@code pattern} asking for one character that is not white space, as
 * Java counts it), so an editor flags it as it is typed. On a list or map of strings it applies to
 * each one. A value the file leaves out is not checked (the record's default applies); a record
 * built in code is not checked either. On an object's {@code @Property} field it applies to the
 * strings archetypes give the property ({@link ContentValues}).
 *
 * <pre>
 * record ConfigureMatch(&#64;NotBlank List&lt;String&gt; teams, ...)
 * </pre>
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.RECORD_COMPONENT, ElementType.FIELD, ElementType.PARAMETER, ElementType.METHOD})
public @interface NotBlank {

  /**
   * A string that is not blank as a regular expression that ECMA-262 (JSON Schema's dialect),
   * {@code java.util.regex} and Python's {@code re} read alike: one character that {@link
   * Character#isWhitespace} does not count as white space. Not {@code \S}: each dialect's {@code \s}
   * is another set (ECMA's takes the no-break space, Java's does not take U+001C to U+001F).
   */
  String PATTERN = "[^\\t-\\r\\u001C- \\u1680\\u2000-\\u2006\\u2008-\\u200A\\u2028\\u2029\\u205F\\u3000]";
}
