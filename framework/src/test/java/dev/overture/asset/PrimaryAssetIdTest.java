package dev.overture.asset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class PrimaryAssetIdTest {

  @Test
  void parse_andFormat_roundTrip() {
    PrimaryAssetId id = PrimaryAssetId.parse("Experience:Elimination");
    assertEquals(PrimaryAssetType.of("Experience"), id.type());
    assertEquals("Elimination", id.name());
    assertEquals("Experience:Elimination", id.toString());
    assertEquals(id, PrimaryAssetId.parse(id.toString()));
  }

  @Test
  void bareName_resolvesAgainstTheDefaultType() {
    assertEquals(
        PrimaryAssetId.of("PawnData", "Hero"), PrimaryAssetId.parse("Hero", PrimaryAssetType.of("PawnData")));
    assertEquals(
        PrimaryAssetId.of("Map", "Dust"), PrimaryAssetId.parse("Map:Dust", PrimaryAssetType.of("PawnData")));
  }

  @Test
  void namesMayUseAnyScriptAndDotsAndDashes() {
    assertEquals("맵_사막-2.v1", PrimaryAssetId.parse("Map:맵_사막-2.v1").name());
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "Elimination | Invalid primary asset id \"Elimination\": there is no ':'; expected \"Type:Name\", for example \"Experience:Elimination\"",
        "Experience: | Invalid primary asset id \"Experience:\": the name is empty; expected \"Type:Name\", for example \"Experience:Elimination\"",
        ":Elimination | Invalid primary asset id \":Elimination\": \"\" is not a valid type name; expected \"Type:Name\", for example \"Experience:Elimination\"",
        "9Type:Name | Invalid primary asset id \"9Type:Name\": \"9Type\" is not a valid type name; expected \"Type:Name\", for example \"Experience:Elimination\"",
        "Map:Dust:2 | Invalid primary asset id \"Map:Dust:2\": ':' is not allowed in a name (use letters, digits, '_', '-' and '.'); expected \"Type:Name\", for example \"Experience:Elimination\"",
        "Map:a b | Invalid primary asset id \"Map:a b\": ' ' is not allowed in a name (use letters, digits, '_', '-' and '.'); expected \"Type:Name\", for example \"Experience:Elimination\"",
        "Map:-x | Invalid primary asset id \"Map:-x\": a name starts with a letter, a digit or '_'; expected \"Type:Name\", for example \"Experience:Elimination\"",
      })
  void invalidIds_areRejectedShowingTheExpectedForm(String text, String message) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> PrimaryAssetId.parse(text));
    assertEquals(message, e.getMessage());
  }

  /** The characters at both ends of each ASCII range a name may use, and their neighbours outside. */
  @ParameterizedTest
  @ValueSource(strings = {"0", "9", "A", "Z", "a", "z", "_", "x0", "x9", "xA", "xZ", "xa", "xz", "x_", "x-", "x."})
  void namesOfAsciiLettersDigitsAndSigns_areValid(String name) {
    assertTrue(PrimaryAssetId.isValidName(name), name);
    assertEquals(name, PrimaryAssetId.parse("Map:" + name).name());
  }

  @ParameterizedTest
  @ValueSource(strings = {"/", "@", "[", "`", "{", "x/", "x:", "x@", "x[", "x`", "x{", "x~", "-", ".", "x y"})
  void namesWithAsciiSignsNextToTheAllowedRanges_areInvalid(String name) {
    assertTrue(!PrimaryAssetId.isValidName(name), name);
    assertThrows(IllegalArgumentException.class, () -> PrimaryAssetId.parse("Map:" + name));
  }

  @Test
  void invalidBareName_showsBothForms() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> PrimaryAssetId.parse("He ro", PrimaryAssetType.of("PawnData")));
    assertEquals(
        "Invalid primary asset id \"He ro\": ' ' is not allowed in a name (use letters, digits, '_', '-' and '.');"
            + " expected \"Name\" or \"Type:Name\", for example \"PawnData:Name\"",
        e.getMessage());
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "1A", "A-B", "A B", "ÄType"})
  void invalidTypes_areRejected(String name) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> PrimaryAssetType.of(name));
    assertTrue(e.getMessage().startsWith("Invalid primary asset type \"" + name + "\""), e.getMessage());
  }

  @Test
  void ids_sortByTypeThenName() {
    assertTrue(PrimaryAssetId.parse("A:z").compareTo(PrimaryAssetId.parse("B:a")) < 0);
    assertTrue(PrimaryAssetId.parse("A:a").compareTo(PrimaryAssetId.parse("A:b")) < 0);
  }

  @Test
  void aNameWithASeparateAccent_isRefusedInWords_naming_itsComposedForm() {
    String decomposed = "Are\u0301na"; // "Aréna" as macOS may write a file name: e, then the accent
    String composed = "Ar\u00e9na";

    assertTrue(PrimaryAssetId.isValidName(composed));
    assertEquals("it is not in composed form (a letter followed by a separate accent, as some systems save file names); rename it"
        + " to \"" + composed + "\"", PrimaryAssetId.nameProblem(decomposed));
  }
}
