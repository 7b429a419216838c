package dev.overture.asset;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
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
}
