package dev.overture.feature;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The versions of a plugin a dependency accepts, written as npm and Cargo users expect:
 *
 * <ul>
 *   <li>{@code *}: any version;
 *   <li>{@code 1.2.3}: exactly that version;
 *   <li>{@code ^1.2.3}: at least 1.2.3, below 2.0.0 (below 0.3.0 for {@code ^0.2.3});
 *   <li>{@code ~1.2.3}: at least 1.2.3, below 1.3.0;
 *   <li>comparisons joined by spaces, all of which must hold: {@code >=1.0.0 <2.0.0}.
 * </ul>
 *
 * Immutable.
 */
public final class VersionRange {

  private record Bound(String operator, PluginVersion version) {
    boolean accepts(PluginVersion candidate) {
      int order = candidate.compareTo(version);
      return switch (operator) {
        case ">=" -> order >= 0;
        case ">" -> order > 0;
        case "<=" -> order <= 0;
        case "<" -> order < 0;
        default -> order == 0;
      };
    }
  }

  /**
   * The text {@link #parse} reads, as a regular expression that {@code java.util.regex}, ECMA-262
   * (JSON Schema's dialect) and Python's {@code re} read alike: nothing or {@code *}, or comparisons
   * ({@code ^}, {@code ~}, {@code >=}, {@code >}, {@code <=}, {@code <}, {@code =} or none, then a
   * {@link PluginVersion#FORM version}) apart by white space; control characters and spaces around it
   * allowed, as {@link String#trim} drops them. The plugin.json schema gives it as a dependency's
   * pattern, so that editors refuse what the loader refuses; {@link #parse} refuses what it does not
   * match.
   */
  public static final String FORM;

  static {
    // Written so that no two parts can take the same character: a long run of blanks costs no backtracking.
    String controls = "[\\x00-\\x08\\x0E-\\x1F]*"; // what String.trim drops but \s+ does not split at
    String comparison = "(?:(?:[~^]|[<>]=?|=)" + controls + ")?[0-9]{1,9}\\.[0-9]{1,9}(?:\\.[0-9]{1,9})?";
    FORM = "[\\x00- ]*(?:(?:\\*|" + comparison + "(?:" + controls + "[\\t-\\r ]+" + controls + comparison + ")*)[\\x00- ]*)?";
  }

  private static final java.util.regex.Pattern FORM_PATTERN = java.util.regex.Pattern.compile(FORM);

  private final String text;
  private final List<Bound> bounds;

  private VersionRange(String text, List<Bound> bounds) {
    this.text = text;
    this.bounds = List.copyOf(bounds);
  }

  /** Any version. */
  public static VersionRange any() {
    return new VersionRange("*", List.of());
  }

  /**
   * Parses a range.
   *
   * @throws IllegalArgumentException showing the forms accepted
   */
  @JsonCreator
  public static VersionRange parse(String text) {
    Objects.requireNonNull(text, "text");
    String trimmed = text.trim();
    if (trimmed.equals("*") || trimmed.isEmpty()) {
      return any();
    }
    List<Bound> bounds = new ArrayList<>();
    try {
      if (!FORM_PATTERN.matcher(text).matches()) {
        throw new IllegalArgumentException(text);
      }
      for (String part : trimmed.split("\\s+")) {
        if (part.startsWith("^")) {
          PluginVersion low = PluginVersion.parse(part.substring(1));
          PluginVersion high =
              low.major() > 0 ? new PluginVersion(low.major() + 1, 0, 0) : new PluginVersion(0, low.minor() + 1, 0);
          bounds.add(new Bound(">=", low));
          bounds.add(new Bound("<", high));
        } else if (part.startsWith("~")) {
          PluginVersion low = PluginVersion.parse(part.substring(1));
          bounds.add(new Bound(">=", low));
          bounds.add(new Bound("<", new PluginVersion(low.major(), low.minor() + 1, 0)));
        } else {
          String operator = part.startsWith(">=") || part.startsWith("<=") ? part.substring(0, 2)
              : part.startsWith(">") || part.startsWith("<") || part.startsWith("=") ? part.substring(0, 1)
              : "=";
          String version = operator.equals("=") && !part.startsWith("=") ? part : part.substring(operator.length());
          bounds.add(new Bound(operator, PluginVersion.parse(version)));
        }
      }
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "Invalid version range \"" + text + "\": expected \"*\", \"1.2.0\", \"^1.2.0\", \"~1.2.0\" or"
              + " comparisons like \">=1.0.0 <2.0.0\"",
          e);
    }
    return new VersionRange(trimmed, bounds);
  }

  /** Whether {@code version} is in the range. */
  public boolean accepts(PluginVersion version) {
    for (Bound bound : bounds) {
      if (!bound.accepts(version)) {
        return false;
      }
    }
    return true;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof VersionRange that && text.equals(that.text);
  }

  @Override
  public int hashCode() {
    return text.hashCode();
  }

  @JsonValue
  @Override
  public String toString() {
    return text;
  }
}
