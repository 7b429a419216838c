package dev.overture.sample;

import java.util.regex.Pattern;

/** What a message a content author sees must not show: a Java exception's class name, or a {@code java.*} type. */
final class JavaNames {

  /** A Java exception's or error's class name, or a name in a {@code java.} package. */
  static final Pattern PATTERN = Pattern.compile("\\b[A-Z][A-Za-z]*(Exception|Error)\\b|\\bjava\\.[a-z]");

  private JavaNames() {}
}
