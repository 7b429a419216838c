package dev.overture.core;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * What a {@link Report} is about, as a stable one-word name ({@code LoadFailed}): tools group and
 * filter reports by it. The framework publishes the kinds below; a system of its own (live content
 * reload, an editor) makes its own with {@link #of}, for example {@code ReportKind.of("Reloaded")}.
 *
 * <p>Immutable value.
 *
 * @param name the name, a letter followed by letters and digits
 */
public record ReportKind(String name) {

  private static final Pattern NAME = Pattern.compile("[A-Za-z][A-Za-z0-9]*");

  /** A world's experience failed to load; the problems are the load's, located in their files. */
  public static final ReportKind LOAD_FAILED = new ReportKind("LoadFailed");

  /** Feature plugins could not reach their initial state; the problems are theirs. */
  public static final ReportKind PLUGIN_FAILED = new ReportKind("PluginFailed");

  public ReportKind {
    Objects.requireNonNull(name, "name");
    if (!NAME.matcher(name).matches()) {
      throw new IllegalArgumentException("a report kind is a letter followed by letters and digits: \"" + name + "\"");
    }
  }

  /** The kind called {@code name}. */
  public static ReportKind of(String name) {
    return new ReportKind(name);
  }

  @Override
  public String toString() {
    return name;
  }
}
