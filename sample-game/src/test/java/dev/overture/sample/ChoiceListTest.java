package dev.overture.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The names an error offers: a content with 154 tiles made "--tile" of an unknown name list all 154
 * on one line; now the eight closest to what was asked for, and a count of the rest.
 */
class ChoiceListTest {

  @Test
  void aFewNames_areAllListed_inTheirOrder_asBefore() {
    assertEquals("ShooterCore, Relics, Arena", ChoiceList.of("Nope", List.of("ShooterCore", "Relics", "Arena")));
    assertEquals("none", ChoiceList.of("Nope", List.of()));
  }

  @Test
  void manyNames_areTheEightClosest_andACountOfTheRest() {
    List<String> tiles = new ArrayList<>(List.of("EliminationTile", "FrontEndTile"));
    for (int i = 1; i <= 152; i++) {
      tiles.add("ControlTile" + i);
    }

    assertEquals("EliminationTile, ControlTile1, ControlTile2, ControlTile3, ControlTile4, ControlTile5, ControlTile6, ControlTile7"
        + " and 146 more", ChoiceList.of("EliminationTil", tiles));
    assertEquals("ControlTile1, ControlTile10, ControlTile100, ControlTile101, ControlTile102, ControlTile103, ControlTile104,"
        + " ControlTile105 and 146 more", ChoiceList.of("", tiles), "nothing asked for: the first, sorted");
  }
}
