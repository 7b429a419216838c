package dev.overture.asset;

import java.util.Objects;

/**
 * The type of a primary asset, such as {@code Experience} or {@code PawnData}: the first half of a
 * {@link PrimaryAssetId}. A type is a name; which Java class its files bind to is decided by the
 * {@link ScanRule} that declares it.
 *
 * <p>A type name starts with an ASCII letter and continues with ASCII letters, digits or {@code _},
 * at most 64 characters. Immutable; safe to share between threads.
 *
 * @param name the type name, for example {@code Experience}
 */
public record PrimaryAssetType(String name) implements Comparable<PrimaryAssetType> {

  static final int MAX_LENGTH = 64;

  public PrimaryAssetType {
    Objects.requireNonNull(name, "name");
    if (!isValidName(name)) {
      throw new IllegalArgumentException(
          "Invalid primary asset type \""
              + name
              + "\": expected a letter followed by letters, digits or '_' (at most "
              + MAX_LENGTH
              + " characters), for example \"Experience\"");
    }
  }

  /** The type called {@code name}. */
  public static PrimaryAssetType of(String name) {
    return new PrimaryAssetType(name);
  }

  static boolean isValidName(String name) {
    if (name.isEmpty() || name.length() > MAX_LENGTH || !isAsciiLetter(name.charAt(0))) {
      return false;
    }
    for (int i = 1; i < name.length(); i++) {
      char c = name.charAt(i);
      if (!isAsciiLetter(c) && !(c >= '0' && c <= '9') && c != '_') {
        return false;
      }
    }
    return true;
  }

  private static boolean isAsciiLetter(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
  }

  @Override
  public int compareTo(PrimaryAssetType other) {
    return name.compareTo(other.name);
  }

  @Override
  public String toString() {
    return name;
  }

  // equals and hashCode written out, with the record's own definition and hash (each component in
  // order, h = 31 * h + hash): a record's generated ones link an invokedynamic call site the first
  // time they run, a few milliseconds of every start-up for each record class (issue 20).
  @Override
  public boolean equals(Object o) {
    return this == o || o instanceof PrimaryAssetType other
        && name.equals(other.name);
  }

  @Override
  public int hashCode() {
    return name.hashCode();
  }
}
