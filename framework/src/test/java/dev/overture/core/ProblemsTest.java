package dev.overture.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.overture.internal.Choices;
import java.util.List;
import org.junit.jupiter.api.Test;

class ProblemsTest {

  private static final String NL = System.lineSeparator();

  @Test
  void formatFirst_listsTheFirstOnes_andCountsThemAll_orIsTheWholeReportWhenNoneIsLeftOut() {
    List<Problem> three = List.of(Problem.error("Overture/A", "a"), Problem.error("Overture/B", "b"), Problem.warning("Overture/C", "c"));

    assertEquals("Refused:" + NL + NL + "1) [Overture/A] a" + NL + NL + "2) [Overture/B] b" + NL + NL
        + "3 problems (2 errors, 1 warning): the first 2 above, 1 more not shown", Problems.formatFirst("Refused:", three, 2));
    assertEquals(Problems.format("Refused:", three), Problems.formatFirst("Refused:", three, 3));
    assertThrows(IllegalArgumentException.class, () -> Problems.formatFirst("Refused:", three, -1));
  }

  @Test
  void format_numbersProblemsWithTheirLocationsAndCounts() {
    Problem unknown =
        Problem.error("Overture/UnknownPlugin", "Plugin \"ShooterCoer\" is not installed.")
            .withChoices("installed", List.of("ShooterCore", "TopDownArena"))
            .at(new SourceLocation("assets/experiences/Elimination.json", 7, 5, "/gameFeaturesToEnable/0"));
    Problem warning =
        Problem.warning("Overture/UnknownProperty", "Unknown property \"colour\" was ignored")
            .at(new SourceLocation("assets/pawns/Hero.json", 3, 0, ""));

    String report = Problems.format("Could not load experience Experience:Elimination", List.of(unknown, warning));

    assertEquals(
        "Could not load experience Experience:Elimination, see the following problems:" + NL
            + NL
            + "1) [Overture/UnknownPlugin] Plugin \"ShooterCoer\" is not installed"
            + " (installed: \"ShooterCore\", \"TopDownArena\")." + NL
            + "   at assets/experiences/Elimination.json:7:5 (/gameFeaturesToEnable/0)" + NL
            + NL
            + "2) [Overture/UnknownProperty] warning: Unknown property \"colour\" was ignored" + NL
            + "   at assets/pawns/Hero.json:3" + NL
            + NL
            + "2 problems (1 error, 1 warning)",
        report);
  }

  @Test
  void format_namesTheAssetWhenThereIsNoLocation() {
    Problem problem = Problem.error("Overture/Closed", "The workers are closed").withAsset("Pawn:Hero");
    assertEquals(
        "Could not load Pawn:Hero, see the following problem:" + NL + NL
            + "1) [Overture/Closed] The workers are closed" + NL
            + "   in Pawn:Hero" + NL + NL
            + "1 problem",
        Problems.format("Could not load Pawn:Hero", List.of(problem)));
  }

  @Test
  void problemIds_mustBeNamespaced() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Problem.error("Unknown", "x"));
    assertEquals("problem id must look like Namespace/Name: Unknown", e.getMessage());
  }

  @Test
  void closest_listsEverythingWhenFewAndTheNearestWhenMany() {
    assertEquals(List.of("a", "b"), Choices.closest("x", List.of("b", "a")));
    List<String> many = List.of("Alpha", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot", "Golf", "Hotel", "India", "Juliet");
    assertEquals("Echo", Choices.closest("Ecko", many).get(0));
    assertEquals(Choices.MAX_LISTED, Choices.closest("Ecko", many).size());
  }

  @Test
  void aShortenedList_saysHowManyItLeftOut_evenAfterBeingCopied() {
    List<String> many = List.of("Alpha", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot", "Golf", "Hotel", "India", "Juliet");

    List<String> shown = Choices.copyOf(Choices.closest("", many));

    assertEquals(many.subList(0, Choices.MAX_LISTED), shown, "nothing wanted: in order");
    assertEquals(
        "Unknown letter \"Zulu\" (letters: \"Alpha\", \"Bravo\", \"Charlie\", \"Delta\", \"Echo\", \"Foxtrot\", \"Golf\","
            + " \"Hotel\" and 2 more)",
        Problem.error("Overture/UnknownLetter", "Unknown letter \"Zulu\"").withChoices("letters", shown).message());
    assertEquals(
        "Unknown letter \"Zulu\" (letters: \"Alpha\", \"Bravo\")",
        Problem.error("Overture/UnknownLetter", "Unknown letter \"Zulu\"")
            .withChoices("letters", Choices.copyOf(List.of("Alpha", "Bravo"))).message());
  }

  @Test
  void withChoices_saysNoneWhenThereAreNone() {
    assertEquals(
        "Type Foo is not declared (known types: none).",
        Problem.error("Overture/UnknownAssetType", "Type Foo is not declared.").withChoices("known types", List.of()).message());
  }

  @Test
  void sourceLocation_printsWhatIsKnown() {
    assertEquals("a.json", SourceLocation.ofFile("a.json").toString());
    assertEquals("a.json (/x/0)", SourceLocation.at("a.json", "/x/0").toString());
    assertEquals("a.json:3:9 (/x)", new SourceLocation("a.json", 3, 9, "/x").toString());
    assertThrows(IllegalArgumentException.class, () -> SourceLocation.at("a.json", "x"));
  }
}
