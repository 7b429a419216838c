package dev.overture.internal;

import java.util.regex.Pattern;

/**
 * Jackson's exception messages in words a user can act on, for every reader of JSON (content
 * files, settings files). Stateless.
 */
public final class JacksonMessages {

  /**
   * Where an unclosed object or array began, as Jackson appends it when the source is not shown:
   * {@code (start marker at [Source: REDACTED ...; byte offset: #UNKNOWN])} or {@code (for Object
   * starting at [Source: ...])}.
   */
  private static final Pattern SOURCE_MARKER =
      Pattern.compile(" \\((?:start marker at|for [A-Za-z]+ starting at) \\[Source: [^\\]]*\\]\\)$");

  /** Where Jackson says a limit comes from: {@code , from `StreamReadConstraints.getMaxNestingDepth()`}. */
  private static final Pattern LIMIT_SETTING = Pattern.compile(", from `[^`]*`");

  private JacksonMessages() {}

  /**
   * {@code message} (Jackson's original message, or null) without the place an unclosed object or
   * array began, which names nothing: the problem's own location gives the file, line and column.
   */
  public static String withoutSourceMarker(String message) {
    return message == null ? "" : SOURCE_MARKER.matcher(message).replaceFirst("");
  }

  /** {@code message} without the Java method Jackson names as the source of a limit. */
  public static String withoutLimitSetting(String message) {
    return LIMIT_SETTING.matcher(message).replaceAll("");
  }

  private static final java.util.regex.Pattern NON_NUMERIC = java.util.regex.Pattern.compile(
      "Non-standard token '([^']*)': enable `JsonReadFeature\\.ALLOW_NON_NUMERIC_NUMBERS` to allow");

  /**
   * Jackson's message without its advice to turn on a parser feature, which content cannot do:
   * said as what JSON allows instead (a comment, {@code NaN}).
   */
  public static String withoutParserAdvice(String message) {
    if (message.contains("maybe a (non-standard) comment?")) {
      return "Unexpected character ('/'): a comment, which JSON does not allow; remove it";
    }
    java.util.regex.Matcher nonNumeric = NON_NUMERIC.matcher(message);
    if (nonNumeric.find()) {
      return "'" + nonNumeric.group(1) + "' is not a JSON number (JSON has no NaN or Infinity); write a number";
    }
    return message;
  }
}
