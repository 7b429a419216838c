package dev.overture.asset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.params.provider.CsvSource;

class AssetJsonTest {

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "Unexpected close marker '}': expected ']' (for Array starting at [Source: REDACTED (`StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION` disabled); byte offset: #UNKNOWN])"
            + " | Unexpected close marker '}': expected ']'",
        "Unexpected end-of-input: expected close marker for Object (start marker at [Source: REDACTED; line: 1, column: 1])"
            + " | Unexpected end-of-input: expected close marker for Object (opened at 1:1)",
        "Unexpected close marker '}': expected ']' (for Array starting at [Source: REDACTED; line: 3, column: 27])"
            + " | Unexpected close marker '}': expected ']' (the array opened at 3:27)",
        "Plain message | Plain message",
      })
  void jacksonMessages_loseTheirSourceFragments(String jackson, String clean) {
    assertEquals(clean, AssetJson.clean(jackson));
  }

  /** Files whose version header a parser must look for: the header first, or anything unusual. */
  @ParameterizedTest
  @ValueSource(
      strings = {
        "{\"$version\": {}}",
        "  \n\t{\r\n  \"$version\" : {}, \"name\": \"x\"}",
        "\uFEFF{\"$version\": {}}",
        "{\"\\u0024version\": {}}",
        "[1, 2]",
        "",
        "   ",
        "{",
        "{ /* comment */ \"$version\": {}}",
        "{\"$version",
      })
  void versionHeaderPeek_parsesFiles_thatMayOpenWithTheHeader(String json) {
    assertTrue(AssetJson.mayStartWithHeader(json.getBytes(StandardCharsets.UTF_8)));
  }

  /** Files that plainly open with another property (or none) need no parser to know they have no header. */
  @ParameterizedTest
  @ValueSource(
      strings = {
        "{}",
        " { \n } ",
        "{\"name\": \"x\", \"$version\": {}}",
        "{ \"$versions\": 1}",
        "{\"$versio\": 1}",
        "\uFEFF { \"level\": 3 }",
      })
  void versionHeaderPeek_skipsTheParser_whenTheFirstPropertyIsAnother(String json) {
    assertFalse(AssetJson.mayStartWithHeader(json.getBytes(StandardCharsets.UTF_8)));
  }
}
