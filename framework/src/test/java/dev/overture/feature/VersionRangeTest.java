package dev.overture.feature;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

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
  })
  void ranges_acceptTheVersionsTheirSyntaxSays(String range, String version, boolean accepted) {
    assertEquals(accepted, VersionRange.parse(range).accepts(PluginVersion.parse(version)));
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {"1 | Invalid version \"1\": expected major.minor.patch, for example \"1.2.0\"", "1.x.0 | Invalid version \"1.x.0\": expected major.minor.patch, for example \"1.2.0\""})
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
}
