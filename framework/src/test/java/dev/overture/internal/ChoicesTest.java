package dev.overture.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The valid choices a message shows beside an error, and the "did you mean" guess. */
class ChoicesTest {

  private static final List<String> TEN =
      List.of("Juliet", "India", "Hotel", "Golf", "Foxtrot", "Echo", "Delta", "Charlie", "Bravo", "Alpha");

  @Test
  void closest_ofAtMostEight_listsThemAllSorted_whateverWasWanted() {
    List<String> eight = TEN.subList(2, 10);

    assertEquals(List.of("Alpha", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot", "Golf", "Hotel"), Choices.closest("Zulu", eight));
    assertEquals("Unknown \"Zulu\" (letters: \"Alpha\", \"Bravo\", \"Charlie\", \"Delta\", \"Echo\", \"Foxtrot\", \"Golf\", \"Hotel\")",
        Choices.appendTo("Unknown \"Zulu\"", "letters", Choices.closest("Zulu", eight)), "nothing left out, nothing said of it");
  }

  @Test
  void closest_ofMany_putsTheNearestFirst_tiesInOrder_ignoringCase_andSaysHowManyItLeftOut() {
    List<String> closest = Choices.closest("GOLFS", TEN);

    assertEquals(List.of("Golf", "Delta", "Hotel", "Alpha", "Bravo", "Echo", "India", "Juliet"), closest);
    assertEquals("Unknown letter \"GOLFS\" (letters: \"Golf\", \"Delta\", \"Hotel\", \"Alpha\", \"Bravo\", \"Echo\","
            + " \"India\", \"Juliet\" and 2 more).",
        Choices.appendTo("Unknown letter \"GOLFS\".", "letters", closest), "the full stop stays at the end");
  }

  @Test
  void closest_amongAThousandNames_listsTheOnesATypoAway() {
    List<String> names = IntStream.range(0, 1000).mapToObj(i -> "Map" + i).toList();

    List<String> closest = Choices.closest("Map42l", names);

    assertEquals(List.of("Map42", "Map420", "Map421", "Map422", "Map423", "Map424", "Map425", "Map426"), closest);
    assertEquals("Unknown map (maps: \"Map42\", \"Map420\", \"Map421\", \"Map422\", \"Map423\", \"Map424\", \"Map425\","
        + " \"Map426\" and 992 more)", Choices.appendTo("Unknown map", "maps", closest));
  }

  @Test
  void appendTo_saysNone_whenThereAreNoChoices() {
    assertEquals("No plugin here (installed: none)", Choices.appendTo("No plugin here", "installed", List.of()));
    assertEquals("No plugin here (installed: none).", Choices.appendTo("No plugin here.", "installed", List.of()));
  }

  @Test
  void quoted_separatesWithCommas() {
    assertEquals("", Choices.quoted(List.of()));
    assertEquals("\"a\"", Choices.quoted(List.of("a")));
    assertEquals("\"a\", \"b\", \"c\"", Choices.quoted(List.of("a", "b", "c")));
  }

  @Test
  void copyOf_keepsHowManyWereLeftOut_andCopiesAPlainList() {
    List<String> shortened = Choices.closest("", TEN);
    java.util.ArrayList<String> plain = new java.util.ArrayList<>(List.of("b", "a"));

    List<String> copy = Choices.copyOf(plain);
    plain.add("c");

    assertEquals(List.of("b", "a"), copy, "a copy, not a view");
    assertEquals("x (l: \"Alpha\", \"Bravo\", \"Charlie\", \"Delta\", \"Echo\", \"Foxtrot\", \"Golf\", \"Hotel\" and 2 more)",
        Choices.appendTo("x", "l", Choices.copyOf(shortened)));
  }

  @Test
  void didYouMean_guessesATypo_aSwapOfNeighbours_orADifferenceOfCase() {
    List<String> properties = List.of("scoreLimit", "timeLimit", "teams");

    assertEquals(Optional.of("scoreLimit"), Choices.didYouMean("scoreLimt", properties), "one letter left out");
    assertEquals(Optional.of("scoreLimit"), Choices.didYouMean("socreLimit", properties), "two neighbours swapped: one edit");
    assertEquals(Optional.of("teams"), Choices.didYouMean("Teams", properties), "case alone is the likeliest typo");
    assertEquals(Optional.of("teams"), Choices.didYouMean("team", properties), "a short name may be one letter off");
  }

  @Test
  void didYouMean_guessesNothing_whenNothingIsCloseEnough_orTheNameIsRight() {
    List<String> properties = List.of("scoreLimit", "timeLimit", "teams");

    assertEquals(Optional.empty(), Choices.didYouMean("teams", properties), "it is right");
    assertEquals(Optional.empty(), Choices.didYouMean("colour", properties));
    assertEquals(Optional.empty(), Choices.didYouMean("tea", properties), "two of three letters off is too many");
    assertEquals(Optional.empty(), Choices.didYouMean("anything", List.of()));
    assertEquals(Optional.of("scoreLimit"), Choices.didYouMean("scoreLim", properties), "two off in eight: a third allowed");
    assertEquals(Optional.empty(), Choices.didYouMean("scoreLi", properties), "three off in seven: more than a third");
  }

  @Test
  void didYouMean_betweenTwoEquallyClose_choosesTheFirstInOrder() {
    assertEquals(Optional.of("cat"), Choices.didYouMean("bat", List.of("hat", "cat", "rat")));
    assertEquals(Optional.of("cat"), Choices.didYouMean("bat", List.of("rat", "hat", "cat")));
  }

  @Test
  void theDistances_countEdits() {
    assertEquals(0, Choices.distance("", ""));
    assertEquals(3, Choices.distance("", "abc"));
    assertEquals(3, Choices.distance("abc", ""));
    assertEquals(3, Choices.distance("kitten", "sitting"));
    assertEquals(2, Choices.distance("ab", "ba"), "Levenshtein: a swap is two edits");
    assertEquals(1, Choices.typoDistance("ab", "ba"), "a typo: a swap is one");
    assertEquals(3, Choices.typoDistance("kitten", "sitting"));
    assertEquals(2, Choices.typoDistance("abcd", "badc"));
    assertEquals(3, Choices.typoDistance("", "abc"));
    assertEquals(3, Choices.typoDistance("abc", ""));
  }
}
