package dev.overture.feature;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Objects;

/**
 * A plugin's version, {@code major.minor.patch} ({@code 1.4.0}; {@code 1.4} means {@code 1.4.0}).
 * Compared component by component. Immutable.
 *
 * @param major the major version
 * @param minor the minor version
 * @param patch the patch version
 */
public record PluginVersion(int major, int minor, int patch) implements Comparable<PluginVersion> {

  /**
   * The text {@link #parse} reads, as a regular expression that {@code java.util.regex}, ECMA-262
   * (JSON Schema's dialect) and Python's {@code re} read alike: {@code major.minor} or {@code
   * major.minor.patch}, each number one to nine digits (so none overflows), blanks around it
   * allowed. The plugin.json schema gives it as the version's pattern, so that editors refuse what
   * the loader refuses.
   */
  public static final String FORM = "[\\x00- ]*[0-9]{1,9}\\.[0-9]{1,9}(?:\\.[0-9]{1,9})?[\\x00- ]*";

  private static final java.util.regex.Pattern FORM_PATTERN = java.util.regex.Pattern.compile(FORM);

  @JsonCreator(mode = JsonCreator.Mode.DISABLED) // content writes the text only: {} is no version, as the schema says
  public PluginVersion {
    if (major < 0 || minor < 0 || patch < 0) {
      throw new IllegalArgumentException("version numbers must not be negative: " + major + "." + minor + "." + patch);
    }
  }

  /**
   * Parses {@code major.minor.patch} or {@code major.minor}.
   *
   * @throws IllegalArgumentException showing the expected form
   */
  @JsonCreator
  public static PluginVersion parse(String text) {
    Objects.requireNonNull(text, "text");
    String[] parts = text.trim().split("\\.", -1);
    if (parts.length < 2 || parts.length > 3) {
      throw invalid(text);
    }
    PluginVersion version;
    try {
      version = new PluginVersion(
          Integer.parseInt(parts[0]), Integer.parseInt(parts[1]), parts.length == 3 ? Integer.parseInt(parts[2]) : 0);
    } catch (NumberFormatException e) {
      throw invalid(text);
    }
    // What parseInt also takes ("+1", "-0", ten digits) is not a version's form: the schema refuses it too.
    if (!FORM_PATTERN.matcher(text).matches()) {
      throw invalid(text);
    }
    return version;
  }

  private static IllegalArgumentException invalid(String text) {
    return new IllegalArgumentException(
        "Invalid version \"" + text + "\": expected major.minor.patch, for example \"1.2.0\"");
  }

  @Override
  public int compareTo(PluginVersion other) {
    int byMajor = Integer.compare(major, other.major);
    if (byMajor != 0) {
      return byMajor;
    }
    int byMinor = Integer.compare(minor, other.minor);
    return byMinor != 0 ? byMinor : Integer.compare(patch, other.patch);
  }

  @JsonValue
  @Override
  public String toString() {
    return major + "." + minor + "." + patch;
  }
}
