package dev.overture.inspector;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.json.JsonMapper;

/** What a page may say about the asset rows it shows: any number is brought into range (review B, 3). */
class AssetViewTest {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', textBlock = """
      {}                                                       | 0          | 100 | ''
      {"offset": 40, "limit": 60, "filter": " Pawn "}          | 40         | 60  | pawn
      {"offset": -5, "limit": 99999999999}                     | 0          | 500 | ''
      {"offset": 99999999999999999999999, "limit": -3}         | 2147483647 | 1   | ''
      {"offset": 1e300, "limit": 0}                            | 2147483647 | 1   | ''
      {"offset": 2.7, "limit": 10.9}                           | 2          | 10  | ''
      {"offset": null, "limit": null, "filter": null}          | 0          | 100 | ''
      """)
  void aPageSaysWhichRows_andOutOfRangeIsBroughtIntoRange(String json, int offset, int limit, String filter) {
    AssetView view = JSON.readValue(json, AssetView.class);

    assertEquals(new AssetView(offset, limit, filter), view);
  }
}
