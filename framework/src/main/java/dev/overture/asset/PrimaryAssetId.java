package dev.overture.asset;

import java.util.Objects;

/**
 * The identity of a primary asset: its {@link PrimaryAssetType type} and its name, written {@code
 * Type:Name} ({@code Experience:Elimination}). The index gives every file a scan rule matches the
 * id {@code Type:FileNameWithoutExtension}.
 *
 * <p>A name is at least one character long; it may hold letters and digits of any script, {@code
 * _}, {@code -} and {@code .}, and starts with a letter, digit or {@code _}. Immutable, cheap to
 * hash and compare; safe to share between threads.
 *
 * @param type the type
 * @param name the name within the type
 */
public record PrimaryAssetId(PrimaryAssetType type, String name) implements Comparable<PrimaryAssetId>, AssetKey {

  private static final String EXPECTED_FORM =
      "expected \"Type:Name\", for example \"Experience:Elimination\"";

  public PrimaryAssetId {
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(name, "name");
    String problem = nameProblem(name);
    if (problem != null) {
      throw new IllegalArgumentException(
          "Invalid primary asset name " + dev.overture.internal.Choices.excerpt(name) + " for type " + type + ": " + problem);
    }
  }

  /** The id {@code type:name}. */
  public static PrimaryAssetId of(String type, String name) {
    return new PrimaryAssetId(PrimaryAssetType.of(type), name);
  }

  /**
   * Parses {@code Type:Name}.
   *
   * @throws IllegalArgumentException naming the text and the expected form, when it is not one
   */
  public static PrimaryAssetId parse(String text) {
    Objects.requireNonNull(text, "text");
    int colon = text.indexOf(':');
    if (colon < 0) {
      throw invalid(text, "there is no ':'");
    }
    return parseAt(text, colon);
  }

  /**
   * Parses {@code Type:Name}, or a bare {@code Name} of {@code defaultType}.
   *
   * @throws IllegalArgumentException naming the text and the expected form, when it is neither
   */
  public static PrimaryAssetId parse(String text, PrimaryAssetType defaultType) {
    Objects.requireNonNull(text, "text");
    Objects.requireNonNull(defaultType, "defaultType");
    int colon = text.indexOf(':');
    if (colon < 0) {
      String problem = nameProblem(text);
      if (problem != null) {
        throw new IllegalArgumentException(
            "Invalid primary asset id \""
                + text
                + "\": "
                + problem
                + "; expected \"Name\" or \"Type:Name\", for example \""
                + defaultType
                + ":Name\"");
      }
      return new PrimaryAssetId(defaultType, text);
    }
    return parseAt(text, colon);
  }

  private static PrimaryAssetId parseAt(String text, int colon) {
    String typeName = text.substring(0, colon);
    String name = text.substring(colon + 1);
    if (!PrimaryAssetType.isValidName(typeName)) {
      throw invalid(text, "\"" + typeName + "\" is not a valid type name");
    }
    String problem = nameProblem(name);
    if (problem != null) {
      throw invalid(text, problem);
    }
    return new PrimaryAssetId(new PrimaryAssetType(typeName), name);
  }

  private static IllegalArgumentException invalid(String text, String why) {
    return new IllegalArgumentException(
        "Invalid primary asset id " + dev.overture.internal.Choices.excerpt(text) + ": " + why + "; " + EXPECTED_FORM);
  }

  /** Why {@code name} is not a valid asset name, or {@code null} when it is. */
  static String nameProblem(String name) {
    if (name.isEmpty()) {
      return "the name is empty";
    }
    if (isPlainAscii(name)) {
      return null; // every file of an index is checked: most names need no code point walk
    }
    int first = name.codePointAt(0);
    if (!Character.isLetterOrDigit(first) && first != '_') {
      return "a name starts with a letter, a digit or '_'";
    }
    if (!java.text.Normalizer.isNormalized(name, java.text.Normalizer.Form.NFC)) {
      // A letter and a combining accent, as macOS writes file names: the same name on screen as
      // its composed form, which would make two ids look alike. Said in words, not by the invisible
      // combining mark.
      return "it is not in composed form (a letter followed by a separate accent, as some systems save file names);"
          + " rename it to \"" + java.text.Normalizer.normalize(name, java.text.Normalizer.Form.NFC) + "\"";
    }
    for (int i = 0; i < name.length(); ) {
      int c = name.codePointAt(i);
      if (!Character.isLetterOrDigit(c) && c != '_' && c != '-' && c != '.') {
        return "'"
            + new String(Character.toChars(c))
            + "' is not allowed in a name (use letters, digits, '_', '-' and '.')";
      }
      i += Character.charCount(c);
    }
    return null;
  }

  /** Whether {@code name} is valid and only of ASCII letters, digits, '_', '-' and '.'. */
  private static boolean isPlainAscii(String name) {
    char first = name.charAt(0);
    if (!isAsciiLetterOrDigit(first) && first != '_') {
      return false;
    }
    for (int i = 1; i < name.length(); i++) {
      char c = name.charAt(i);
      if (!isAsciiLetterOrDigit(c) && c != '_' && c != '-' && c != '.') {
        return false;
      }
    }
    return true;
  }

  private static boolean isAsciiLetterOrDigit(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
  }

  /** Whether {@code name} may be the name of an asset (a file name without its extension). */
  public static boolean isValidName(String name) {
    return nameProblem(name) == null;
  }

  @Override
  public int compareTo(PrimaryAssetId other) {
    // Ids of one scan rule share their type instance: sorting an index of them skips the compare.
    int byType = type == other.type ? 0 : type.compareTo(other.type);
    return byType != 0 ? byType : name.compareTo(other.name);
  }

  /** {@code Type:Name}, the form {@link #parse(String)} reads. */
  @Override
  public String toString() {
    return type.name() + ':' + name;
  }

  // equals and hashCode written out, with the record's own definition and hash (each component in
  // order, h = 31 * h + hash): a record's generated ones link an invokedynamic call site the first
  // time they run, a few milliseconds of every start-up for each record class (issue 20).
  @Override
  public boolean equals(Object o) {
    return this == o || o instanceof PrimaryAssetId other
        && type.equals(other.type)
        && name.equals(other.name);
  }

  @Override
  public int hashCode() {
    return 31 * type.hashCode() + name.hashCode();
  }
}
