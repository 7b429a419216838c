package dev.overture.asset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.params.provider.CsvSource;

class AssetJsonTest {

  /**
   * Jackson writes where an unclosed object or array began as {@code [Source: REDACTED ...; byte
   * offset: #UNKNOWN]}, which names nothing; the problem's own location says where.
   */
  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "{ \"friends\": [\"Hero\" } | Malformed JSON: Unexpected close marker '}': expected ']'",
        "{ \"friends\": [\"Hero\"] ] | Malformed JSON: Unexpected close marker ']': expected '}'",
        "{ \"name\": \"Hero\" | Malformed JSON: Unexpected end-of-input: expected close marker for Object",
        "{ \"friends\": [\"Hero\" | Malformed JSON: Unexpected end-of-input: expected close marker for Array",
        "{ \"name\": \"Hero\" \"friends\": [] } | Malformed JSON: Unexpected character ('\"' (code 34)): was expecting comma to separate Object entries",
      })
  void jacksonMessages_loseTheirSourceFragments(String json, String message) {
    AssetJson binder = new AssetJson(AssetLimits.defaults(), new KindRegistry(), dev.overture.version.AssetVersions.none());
    AssetLoadException e =
        org.junit.jupiter.api.Assertions.assertThrows(
            AssetLoadException.class,
            () -> binder.bind(json.getBytes(StandardCharsets.UTF_8), TestAssets.Pawn.class, new BindContext(ContentRoot.GAME, "Hero.json", "Pawn:Hero")));
    assertEquals(message, e.problems().get(0).message());
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
