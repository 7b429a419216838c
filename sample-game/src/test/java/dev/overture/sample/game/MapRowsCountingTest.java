package dev.overture.sample.game;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A parity review: an emoji in a map's row counted as two tiles (Java's UTF-16 units), so the row
 * was called longer than it looks ("20 tiles long" for 19) and the unknown tile was shown as half
 * a character ('?'). Rows are counted as a reader counts them now.
 */
class MapRowsCountingTest {

  @Test
  void anEmojiInARow_isOneColumn_shownWhole() {
    String emoji = new String(Character.toChars(0x1F600));
    List<ArenaLevel.MapProblem> problems = ArenaLevel.problems(List.of("#####", "#." + emoji + ".#", "#####"));

    assertEquals(List.of(new ArenaLevel.MapProblem(ArenaLevel.UNKNOWN_TILE, "/tiles/1", "Row 1 of the map has '" + emoji
        + "' at column 2, which is no tile; the tiles are " + ArenaLevel.TILES)), problems);
  }

  @Test
  void aRowWithAnEmoji_isAsLongAsItLooks() {
    String emoji = new String(Character.toChars(0x1F600));
    List<ArenaLevel.MapProblem> problems = ArenaLevel.problems(List.of("#####", "#" + emoji + emoji + ".##", "#####"));

    assertEquals("Row 1 of the map is 6 tiles long, but row 0 is 5; every row must be as long as the first",
        problems.get(0).message());
  }
}
