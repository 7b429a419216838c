package dev.overture.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.core.Problem;
import dev.overture.core.SourceLocation;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What a validation run hands to people and to tools: problems in file order, once each, counted. */
class ValidationReportTest {

  private static final String NL = System.lineSeparator();

  private final Problem late = Problem.error("Overture/UnknownAsset", "No asset Map:Dusty is indexed")
      .withChoices("indexed", List.of("Map:Dust"))
      .at(new SourceLocation("assets/ui/Tile.json", 3, 12, "/mapId"));
  private final Problem early = Problem.warning("Overture/DuplicateActionSet", "Action set ActionSet:A is listed twice")
      .at(new SourceLocation("assets/ui/Tile.json", 2, 30, "/actionSets/1"));
  private final Problem sameLineBefore = Problem.error("Overture/UnknownPlugin", "Plugin \"Cor\" is not installed")
      .at(new SourceLocation("assets/ui/Tile.json", 2, 5, "/gameFeaturesToEnable/0"));
  private final Problem otherFile = Problem.error("Overture/CorruptSettings", "settings/LocalSettings.json is not valid JSON")
      .at(SourceLocation.ofFile("settings/LocalSettings.json"));
  private final Problem unlocated = Problem.error("Overture/LoadTimedOut", "Loading Map:Big took longer than PT1M").withAsset("Map:Big");

  @Test
  void problemsAreInFileLineAndColumnOrder_onceEach() {
    ValidationReport report = new ValidationReport(List.of(late, otherFile, early, unlocated, sameLineBefore, late));

    assertEquals(List.of(unlocated, sameLineBefore, early, late, otherFile), report.problems(),
        "an unlocated problem sorts by its asset's name; one file's problems by line, then column");
    assertEquals(List.of(unlocated, sameLineBefore, late, otherFile), report.errors());
    assertEquals(List.of(early), report.warnings());
    assertTrue(report.hasErrors());
  }

  @Test
  void onTheSameSpot_problemsAreInIdOrder() {
    Problem a = Problem.error("Overture/A", "a").at(SourceLocation.ofFile("x.json"));
    Problem b = Problem.error("Overture/B", "b").at(SourceLocation.ofFile("x.json"));

    assertEquals(List.of(a, b), new ValidationReport(List.of(b, a)).problems());
  }

  @Test
  void onlyWarnings_areNoErrors() {
    ValidationReport report = new ValidationReport(List.of(early));

    assertFalse(report.hasErrors());
    assertEquals(List.of(), report.errors());
  }

  @Test
  void format_countsErrorsAndWarnings_andNumbersTheProblems() {
    String text = new ValidationReport(List.of(late, early)).format();

    assertEquals("Validation found 1 error(s) and 1 warning(s), see the following problems:" + NL + NL
        + "1) [Overture/DuplicateActionSet] warning: Action set ActionSet:A is listed twice" + NL
        + "   at assets/ui/Tile.json:2:30 (/actionSets/1)" + NL + NL
        + "2) [Overture/UnknownAsset] No asset Map:Dusty is indexed (indexed: \"Map:Dust\")" + NL
        + "   at assets/ui/Tile.json:3:12 (/mapId)" + NL + NL
        + "2 problems (1 error, 1 warning)", text);
    assertEquals("Content is valid: no problems found.", new ValidationReport(List.of()).format());
  }

  @Test
  void toJson_givesToolsEachField_andLeavesOutWhatIsNotKnown() {
    String json = new ValidationReport(List.of(late, early, otherFile, unlocated)).toJson();

    assertEquals("""
        {
          "errors" : 3,
          "warnings" : 1,
          "problems" : [ {
            "severity" : "error",
            "id" : "Overture/LoadTimedOut",
            "message" : "Loading Map:Big took longer than PT1M",
            "asset" : "Map:Big"
          }, {
            "severity" : "warning",
            "id" : "Overture/DuplicateActionSet",
            "message" : "Action set ActionSet:A is listed twice",
            "file" : "assets/ui/Tile.json",
            "line" : 2,
            "column" : 30,
            "pointer" : "/actionSets/1"
          }, {
            "severity" : "error",
            "id" : "Overture/UnknownAsset",
            "message" : "No asset Map:Dusty is indexed (indexed: \\"Map:Dust\\")",
            "file" : "assets/ui/Tile.json",
            "line" : 3,
            "column" : 12,
            "pointer" : "/mapId",
            "choices" : [ "Map:Dust" ]
          }, {
            "severity" : "error",
            "id" : "Overture/CorruptSettings",
            "message" : "settings/LocalSettings.json is not valid JSON",
            "file" : "settings/LocalSettings.json"
          } ]
        }""".replace("\n", System.lineSeparator()), json);
  }
}
