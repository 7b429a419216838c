package dev.overture.feature;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Random;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class VersionRangeTest {

  @ParameterizedTest
  @CsvSource({
    "*, 0.0.1, true",
    "1.2.0, 1.2.0, true",
    "1.2.0, 1.2.1, false",
    "^1.2.0, 1.9.9, true",
    "^1.2.0, 2.0.0, false",
    "^1.2.0, 1.1.9, false",
    "^0.2.3, 0.2.9, true",
    "^0.2.3, 0.3.0, false",
    "~1.2.0, 1.2.7, true",
    "~1.2.0, 1.3.0, false",
    "'>=1.0.0 <2.0.0', 1.5.0, true",
    "'>=1.0.0 <2.0.0', 2.0.0, false",
    "'>1.0.0', 1.0.0, false",
    "'<=1.0', 1.0.0, true",
    "'<=1.0.0', 1.0.1, false",
    "'>1.0.0', 1.0.1, true",
    "'>=1.0.0', 1.0.0, true",
    "'<2.0.0', 1.99.99, true",
    "'<2.0.0', 2.0.0, false",
    "=1.2.0, 1.2.0, true",
    "=1.2.0, 1.2.1, false",
    "1.2.0, 1.3.0, false",
    "1.2.0, 2.2.0, false",
    "'>=1.9.0', 1.10.0, true",
    "'>=1.0.9', 1.0.10, true",
    "'<1.10.0', 1.9.0, true",
    "'', 7.0.0, true",
    "'  ^1.2.0  ', 1.3.0, true",
    "'  ^1.2.0  ', 2.0.0, false",
    "~0.2.0, 0.2.9, true",
    "~0.2.0, 0.3.0, false",
  })
  void ranges_acceptTheVersionsTheirSyntaxSays(String range, String version, boolean accepted) {
    assertEquals(accepted, VersionRange.parse(range).accepts(PluginVersion.parse(version)));
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {"1 | Invalid version \"1\": expected major.minor.patch, for example \"1.2.0\"", "1.x.0 | Invalid version \"1.x.0\": expected major.minor.patch, for example \"1.2.0\"",
      "1.2.3.4 | Invalid version \"1.2.3.4\": expected major.minor.patch, for example \"1.2.0\"",
      "1..2 | Invalid version \"1..2\": expected major.minor.patch, for example \"1.2.0\"",
      "1.-2.0 | version numbers must not be negative: 1.-2.0"})
  void badVersions_showTheExpectedForm(String text, String message) {
    assertEquals(message, assertThrows(IllegalArgumentException.class, () -> PluginVersion.parse(text)).getMessage());
  }

  @ParameterizedTest
  @CsvSource({"^x", "'>= 1.0'", "~1"})
  void badRanges_showTheFormsAccepted(String text) {
    assertEquals(
        "Invalid version range \"" + text + "\": expected \"*\", \"1.2.0\", \"^1.2.0\", \"~1.2.0\" or comparisons like \">=1.0.0 <2.0.0\"",
        assertThrows(IllegalArgumentException.class, () -> VersionRange.parse(text)).getMessage());
  }

  @ParameterizedTest
  @CsvSource({"1.4, 1.4.0", "' 2.0.1 ', 2.0.1", "01.02.03, 1.2.3"})
  void versions_printAsMajorMinorPatch(String text, String printed) {
    assertEquals(printed, PluginVersion.parse(text).toString());
  }

  @org.junit.jupiter.api.Test
  void versions_compareNumerically_majorThenMinorThenPatch() {
    java.util.List<PluginVersion> sorted = java.util.stream.Stream.of("1.10.0", "1.9.0", "0.9.9", "1.9.10", "1.9.2", "2.0.0")
        .map(PluginVersion::parse).sorted().toList();

    assertEquals("[0.9.9, 1.9.0, 1.9.2, 1.9.10, 1.10.0, 2.0.0]", sorted.toString());
  }

  @org.junit.jupiter.api.Test
  void aRange_printsAsWritten_lessTheSpaceAround_andEqualsTheSameText() {
    assertEquals(">=1.0.0 <2.0.0", VersionRange.parse("  >=1.0.0 <2.0.0 ").toString());
    assertEquals("*", VersionRange.parse(" ").toString());
    assertEquals(VersionRange.parse("^1.2.0"), VersionRange.parse(" ^1.2.0"));
    assertEquals(VersionRange.parse("^1.2.0").hashCode(), VersionRange.parse(" ^1.2.0").hashCode());
    assertEquals(VersionRange.any(), VersionRange.parse("*"));
    org.junit.jupiter.api.Assertions.assertNotEquals(VersionRange.parse("^1.2.0"), VersionRange.parse("~1.2.0"));
  }

  /**
   * The schema's pattern (FORM) takes exactly the ranges the parser read before it checked FORM
   * itself: random texts of the characters that matter, each read by a copy of that parser.
   */
  @Test
  void theFormsPattern_takesExactlyTheTextsTheBoundsParserReads() {
    Pattern form = Pattern.compile(VersionRange.FORM);
    String alphabet = "0123456789..^~<>=* \t\u0001\u001F\u007Fa";
    Random random = new Random(42);
    int valid = 0;
    for (int i = 0; i < 300_000; i++) {
      StringBuilder text = new StringBuilder();
      for (int n = random.nextInt(14); n > 0; n--) {
        text.append(alphabet.charAt(random.nextInt(alphabet.length())));
      }
      boolean read = readByBounds(text.toString());
      valid += read ? 1 : 0;
      assertEquals(read, form.matcher(text).matches(), "\"" + text + "\"");
    }
    for (String text : new String[] {"", "  ", "*", " * ", "1.2.0", "^1.2.0", "~0.1", ">=1.0.0 <2.0.0", "=1.0.0\t\t<=2.0", ">=\u00011.0.0"}) {
      assertEquals(true, form.matcher(text).matches(), text);
    }
    assertEquals(true, valid > 1000, "enough valid texts drawn: " + valid);
  }

  /** The parser's reading before FORM: split at white space, each part an operator and a version. */
  private static boolean readByBounds(String text) {
    String trimmed = text.trim();
    if (trimmed.equals("*") || trimmed.isEmpty()) {
      return true;
    }
    try {
      for (String part : trimmed.split("\\s+")) {
        if (part.startsWith("^") || part.startsWith("~")) {
          PluginVersion.parse(part.substring(1));
        } else {
          String operator = part.startsWith(">=") || part.startsWith("<=") ? part.substring(0, 2)
              : part.startsWith(">") || part.startsWith("<") || part.startsWith("=") ? part.substring(0, 1)
              : "=";
          PluginVersion.parse(operator.equals("=") && !part.startsWith("=") ? part : part.substring(operator.length()));
        }
      }
      return true;
    } catch (IllegalArgumentException e) {
      return false;
    }
  }
}
