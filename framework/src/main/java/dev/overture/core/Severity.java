package dev.overture.core;

/** How bad a {@link Problem} is. An error stops what it concerns; a warning does not. */
public enum Severity {
  /** The data cannot be used as it is: the load, save or check that found it fails. */
  ERROR,
  /** The data was used, but something in it was ignored or corrected; fix it before shipping. */
  WARNING;

  /** The lower-case word used in reports: {@code error} or {@code warning}. */
  public String word() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }
}
