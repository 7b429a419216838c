package dev.overture.version;

import java.security.SecureRandom;
import java.util.Locale;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A 128-bit globally unique id as Unreal's {@code FGuid} holds it: four 32-bit words {@code a, b,
 * c, d}, for example {@code new Guid(0x2EB5FDBD, 0x01AC4D10, 0x8136F38F, 0x3393A5DA)}. Written as
 * {@code 2EB5FDBD-01AC-4D10-8136-F38F3393A5DA} (Unreal's {@code DigitsWithHyphens}); 32 hex digits
 * without hyphens parse too. The archive stores the four words in order, each little-endian.
 *
 * <p>Immutable and thread-safe.
 *
 * @param a the first word
 * @param b the second word
 * @param c the third word
 * @param d the fourth word
 */
public record Guid(int a, int b, int c, int d) {

  private static final Pattern HYPHENS =
      Pattern.compile("[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}");
  private static final Pattern DIGITS = Pattern.compile("[0-9A-Fa-f]{32}");
  private static final Pattern WORDS = Pattern.compile("[0-9A-Fa-f]{8}(-[0-9A-Fa-f]{8}){3}");

  /** Made on first use: seeding a SecureRandom costs start-up time that a parse never needs. */
  private static final class Random {
    static final SecureRandom SOURCE = new SecureRandom();
  }

  /**
   * Parses {@code AAAAAAAA-BBBB-BBBB-CCCC-CCCCDDDDDDDD}, the four words {@code
   * AAAAAAAA-BBBBBBBB-CCCCCCCC-DDDDDDDD} (as the seed writes them) or 32 hex digits, either case.
   *
   * @throws IllegalArgumentException showing the expected form
   */
  public static Guid parse(String text) {
    Objects.requireNonNull(text, "text");
    String digits;
    if (HYPHENS.matcher(text).matches() || WORDS.matcher(text).matches()) {
      digits = text.replace("-", "");
    } else if (DIGITS.matcher(text).matches()) {
      digits = text;
    } else {
      throw new IllegalArgumentException(
          "\"" + text + "\" is not a GUID; expected 8-4-4-4-12 hex digits, for example 2EB5FDBD-01AC-4D10-8136-F38F3393A5DA");
    }
    return new Guid(word(digits, 0), word(digits, 8), word(digits, 16), word(digits, 24));
  }

  private static int word(String digits, int from) {
    return (int) Long.parseLong(digits.substring(from, from + 8), 16);
  }

  /** A new random GUID, for a system registering its first custom version. */
  public static Guid random() {
    SecureRandom random = Random.SOURCE;
    return new Guid(random.nextInt(), random.nextInt(), random.nextInt(), random.nextInt());
  }

  /** Whether all four words are zero (Unreal's invalid GUID). */
  public boolean isZero() {
    return a == 0 && b == 0 && c == 0 && d == 0;
  }

  /** {@code 2EB5FDBD-01AC-4D10-8136-F38F3393A5DA}. */
  @Override
  public String toString() {
    String digits = hex(a) + hex(b) + hex(c) + hex(d);
    return digits.substring(0, 8) + "-" + digits.substring(8, 12) + "-" + digits.substring(12, 16) + "-"
        + digits.substring(16, 20) + "-" + digits.substring(20);
  }

  /** The four words: {@code 1879CF47-330A4A93-9008B587-0BCC9475}, as the seed writes id GUIDs. */
  public String toWordString() {
    return hex(a) + "-" + hex(b) + "-" + hex(c) + "-" + hex(d);
  }

  private static String hex(int word) {
    return String.format(Locale.ROOT, "%08X", word);
  }

  // equals and hashCode written out, with the record's own definition and hash (each component in
  // order, h = 31 * h + hash): a record's generated ones link an invokedynamic call site the first
  // time they run, a few milliseconds of every start-up for each record class (issue 20).
  @Override
  public boolean equals(Object o) {
    return this == o || o instanceof Guid other
        && a == other.a
        && b == other.b
        && c == other.c
        && d == other.d;
  }

  @Override
  public int hashCode() {
    return 31 * (31 * (31 * a + b) + c) + d;
  }
}
