package dev.overture.asset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.overture.core.Problem;
import dev.overture.version.AssetVersions;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@link ValueRange}: binding refuses a number outside a component's range, at the number, naming
 * the field and the range, whatever the number's type; a number left out, or inside, binds; a list
 * or map of numbers is bounded number by number; a component without one binds any number.
 */
class ValueRangeTest {

  record Squad(
      @ValueRange(min = 1) Integer size,
      @ValueRange(max = 10) int morale,
      @ValueRange(min = 1, max = 4) long teams,
      @ValueRange(min = 0, max = 1) double chance,
      @ValueRange(min = 0.5) Float speed,
      @ValueRange(min = 1) List<Integer> waves,
      @ValueRange(max = 99) Map<String, Short> ammo,
      int anything) {}

  private static Squad bind(String document) {
    return new AssetJson(AssetLimits.defaults(), new KindRegistry(), AssetVersions.builder().build())
        .bind(document.getBytes(StandardCharsets.UTF_8), Squad.class, new BindContext(ContentRoot.GAME, "squads/A.json", "Squad:A"));
  }

  private static String refused(String document) {
    AssetLoadException e = assertThrows(AssetLoadException.class, () -> bind(document));
    Problem problem = e.problems().get(0);
    return problem.id() + ": " + problem.message() + " at " + problem.location().orElseThrow();
  }

  @Test
  void numbersInsideTheirRanges_orLeftOut_bind_andAComponentWithoutOneTakesAnyNumber() {
    Squad squad = bind("""
        { "size": 1, "morale": -5, "teams": 4, "chance": 1.0, "speed": 0.5, "waves": [1, 2], "ammo": { "rifle": 99 },
          "anything": -2147483648 }
        """);

    assertEquals(1, squad.size());
    assertEquals(-5, squad.morale());
    assertEquals(Integer.MIN_VALUE, squad.anything());
    assertEquals(null, bind("{}").size(), "left out: the record's default, unchecked");
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "{ \"size\": 0 }                  | Overture/OutOfRange: \"size\" must be 1 or more, not 0 at squads/A.json:1:11 (/size)",
      "{ \"morale\": 11 }               | Overture/OutOfRange: \"morale\" must be 10 or less, not 11 at squads/A.json:1:13 (/morale)",
      "{ \"teams\": 5 }                 | Overture/OutOfRange: \"teams\" must be from 1 to 4, not 5 at squads/A.json:1:12 (/teams)",
      "{ \"chance\": 1.5 }              | Overture/OutOfRange: \"chance\" must be from 0 to 1, not 1.5 at squads/A.json:1:13 (/chance)",
      "{ \"speed\": 0.25 }              | Overture/OutOfRange: \"speed\" must be 0.5 or more, not 0.25 at squads/A.json:1:12 (/speed)",
      "{ \"waves\": [3, 0] }            | Overture/OutOfRange: \"waves\" must be 1 or more, not 0 at squads/A.json:1:16 (/waves/1)",
      "{ \"ammo\": { \"rifle\": 100 } } | Overture/OutOfRange: \"ammo\" must be 99 or less, not 100 at squads/A.json:1:22 (/ammo/rifle)"})
  void aNumberOutsideItsRange_isRefusedAtTheNumber_namingTheFieldAndTheRange(String document, String expected) {
    assertEquals(expected, refused(document));
  }
}
