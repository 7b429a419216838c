package dev.overture.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The problem values every report is made of, as logs, tools and hosts see them: a problem's log
 * line, locations found late, the exceptions that carry problems, and reporters that nest.
 */
class ProblemValuesTest {

  private static final String NL = System.lineSeparator();

  @Test
  void aProblemsLogLine_saysItsIdWhetherItIsAWarningAndWhereItIs() {
    Problem error = Problem.error("Overture/UnknownAsset", "No asset PawnData:Heroo is indexed");
    Problem warning = Problem.warning("Overture/UnknownProperty", "Unknown property \"colour\" was ignored")
        .at(new SourceLocation("assets/pawns/Hero.json", 3, 5, "/colour"));

    assertEquals("[Overture/UnknownAsset] No asset PawnData:Heroo is indexed", error.toString());
    assertEquals("[Overture/UnknownProperty] warning: Unknown property \"colour\" was ignored"
        + " at assets/pawns/Hero.json:3:5 (/colour)", warning.toString());
  }

  @Test
  void aProblem_keepsWhatItWasGiven_andEachWithReturnsANewOne() {
    Problem bare = Problem.error("Overture/UnknownAsset", "No asset");
    Problem located = bare.withAsset("Experience:Arena").at(SourceLocation.ofFile("a.json"));

    assertEquals(Optional.empty(), bare.asset());
    assertEquals(Optional.empty(), bare.location());
    assertEquals(Optional.of("Experience:Arena"), located.asset());
    assertEquals(Optional.of(SourceLocation.ofFile("a.json")), located.location());
    assertEquals(Severity.ERROR, located.severity());
    assertTrue(located.isError());
    assertFalse(Problem.warning("Overture/Old", "old").isError());
    assertEquals(List.of("a", "b"), bare.withChoices("names", List.of("a", "b")).choices());
  }

  @Test
  void asError_makesAWarningAnError_asTheStrictValidatorDoes_keepingTheRest() {
    Problem warning = Problem.warning("Overture/UnknownProperty", "Unknown property \"colour\" was ignored")
        .withAsset("PawnData:Hero").at(SourceLocation.ofFile("a.json"));
    Problem error = Problem.error("Overture/Broken", "broken");

    Problem strict = warning.asError();

    assertTrue(strict.isError());
    assertEquals("[Overture/UnknownProperty] Unknown property \"colour\" was ignored at a.json", strict.toString());
    assertEquals(warning.asset(), strict.asset());
    assertEquals(error, error.asError());
  }

  @Test
  void didYouMean_offersTheOptionATypoAway_toChecksOfPluginsAndGames() {
    assertEquals(Optional.of("scoreLimit"), Problems.didYouMean("scoreLimt", List.of("scoreLimit", "teams")));
    assertEquals(Optional.empty(), Problems.didYouMean("colour", List.of("scoreLimit", "teams")));
  }

  @Test
  void severities_readAsLowerCaseWords() {
    assertEquals("error", Severity.ERROR.word());
    assertEquals("warning", Severity.WARNING.word());
  }

  @Test
  void hasErrors_isTrueOnlyWhenSomeProblemIsAnError() {
    Problem warning = Problem.warning("Overture/Old", "old");
    Problem error = Problem.error("Overture/Broken", "broken");

    assertFalse(Problems.hasErrors(List.of()));
    assertFalse(Problems.hasErrors(List.of(warning, warning)));
    assertTrue(Problems.hasErrors(List.of(warning, error)));
  }

  @Test
  void counts_nameErrorsAndWarningsOnlyWhenBothAreThere() {
    Problem warning = Problem.warning("Overture/Old", "old");
    Problem error = Problem.error("Overture/Broken", "broken");

    assertEquals("0 problems", Problems.count(List.of()));
    assertEquals("2 problems", Problems.count(List.of(error, error)));
    assertEquals("3 problems (2 errors, 1 warning)", Problems.count(List.of(error, warning, error)));
    assertEquals("3 problems (1 error, 2 warnings)", Problems.count(List.of(warning, error, warning)));
  }

  @Test
  void aHeadingThatEndsASentence_getsNoSeeTheFollowing() {
    Problem error = Problem.error("Overture/Broken", "broken");

    assertEquals("Validation found these:" + NL + NL + "1) [Overture/Broken] broken" + NL + NL + "1 problem",
        Problems.format("Validation found these:", List.of(error)));
    assertEquals("Nothing loaded." + NL + NL + "1) [Overture/Broken] broken" + NL + NL + "1 problem",
        Problems.format("Nothing loaded.", List.of(error)));
  }

  @Test
  void aLocationFoundLater_printsItsLineAndColumn() {
    SourceLocation pointerOnly = SourceLocation.at("assets/maps/Arena.json", "/tiles/3");
    SourceLocation found = pointerOnly.withPosition(12, 7);

    assertFalse(pointerOnly.hasPosition());
    assertTrue(found.hasPosition());
    assertEquals("assets/maps/Arena.json:12:7 (/tiles/3)", found.toString());
    assertEquals("assets/maps/Arena.json:12 (/tiles/3)", pointerOnly.withPosition(12, 0).toString());
    assertFalse(SourceLocation.ofFile("a.json").hasPosition());
    assertTrue(new SourceLocation("a.json", 1, 0, "").hasPosition(), "line 1 is a position");
  }

  @Test
  void aLocation_refusesNegativeLinesAndColumns() {
    assertEquals("line < 0: -1",
        assertThrows(IllegalArgumentException.class, () -> new SourceLocation("a.json", -1, 0, "")).getMessage());
    assertEquals("column < 0: -2",
        assertThrows(IllegalArgumentException.class, () -> new SourceLocation("a.json", 1, -2, "")).getMessage());
    assertEquals("JSON pointer must be empty or start with '/': x",
        assertThrows(IllegalArgumentException.class, () -> SourceLocation.at("a.json", "x")).getMessage());
  }

  @Test
  void aDataException_becomesAProblemWithItsIdMessageAndChoices() {
    DataException withChoices = new DataException("Overture/UnknownProperty", "/properties/sped",
        "Hero has no property \"sped\"", "properties", List.of("speed", "health"));
    DataException plain = new DataException("Overture/MissingClass", "", "Missing \"class\"");

    assertEquals("Overture/UnknownProperty", withChoices.problemId());
    assertEquals("/properties/sped", withChoices.pointer());
    Problem problem = withChoices.toProblem();
    assertEquals("Overture/UnknownProperty", problem.id());
    assertEquals("Hero has no property \"sped\" (properties: \"speed\", \"health\")", problem.message());
    assertEquals(List.of("speed", "health"), problem.choices());
    assertTrue(problem.isError());

    assertEquals("Missing \"class\"", plain.toProblem().message());
    assertEquals(List.of(), plain.toProblem().choices());
    assertEquals("", plain.pointer());
  }

  @Test
  void aProblemException_printsItsReport_andKeepsAHeadingAndACopyOfTheProblems() {
    List<Problem> found = new ArrayList<>(List.of(Problem.error("Overture/Broken", "broken")));

    ProblemException failure = new ProblemException("Could not load Map:Arena", found);
    found.clear();

    assertEquals("Could not load Map:Arena", failure.heading());
    assertEquals(1, failure.problems().size(), "the list it was given may change afterwards");
    assertEquals("Could not load Map:Arena, see the following problem:" + NL + NL + "1) [Overture/Broken] broken" + NL
        + NL + "1 problem", failure.getMessage());
  }

  @Test
  void aProblemException_needsAProblem() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new ProblemException("Nothing", List.of()));
    assertEquals("a ProblemException needs at least one problem", e.getMessage());
  }

  @Test
  void aReporterAtAPlace_prefixesThePointersOfWhatIsReportedThrough() {
    List<String> reported = new ArrayList<>();
    ProblemReporter file = new ProblemReporter() {
      @Override
      public void error(String id, String pointer, String message) {
        reported.add("error " + id + " " + pointer + " " + message);
      }

      @Override
      public void warning(String id, String pointer, String message) {
        reported.add("warning " + id + " " + pointer + " " + message);
      }
    };

    ProblemReporter action = file.at("/actions/2");
    action.error("Overture/NullEntry", "/componentList/0", "null entry");
    action.at("/abilitiesList/1").warning("Overture/DoesNothing", "", "does nothing");

    assertEquals(List.of(
        "error Overture/NullEntry /actions/2/componentList/0 null entry",
        "warning Overture/DoesNothing /actions/2/abilitiesList/1 does nothing"), reported);
  }

  @Test
  void aMissingLibrary_isNamedWithItsCoordinatesAndWhatToDoInstead() {
    MissingDependencyException withInstead = new MissingDependencyException("WorldStore.builder(Path)", "sqlite-jdbc",
        "org.xerial:sqlite-jdbc:3.53.4.0", "open the store over a DataSource of your own");
    MissingDependencyException alone = new MissingDependencyException("OvertureModule", "guice", "com.google.inject:guice:7.0.0",
        null);

    assertEquals("WorldStore.builder(Path) needs sqlite-jdbc, which is not on the class path: add org.xerial:sqlite-jdbc:3.53.4.0"
        + " to the host's dependencies, or open the store over a DataSource of your own.", withInstead.getMessage());
    assertEquals("OvertureModule needs guice, which is not on the class path: add com.google.inject:guice:7.0.0 to the host's"
        + " dependencies.", alone.getMessage());
    assertEquals("org.xerial:sqlite-jdbc:3.53.4.0", withInstead.coordinates());
  }

  @Test
  void theSystemTicker_neverGoesBack() {
    Ticker ticker = Ticker.system();
    long first = ticker.read();
    long second = ticker.read();
    assertTrue(second >= first, first + " then " + second);
  }
}
