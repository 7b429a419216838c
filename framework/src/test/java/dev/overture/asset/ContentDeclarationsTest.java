package dev.overture.asset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.overture.core.Problem;
import dev.overture.version.AssetVersions;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@link Required}, {@link NotBlank} and {@link SizeRange}: binding refuses what each declares, at
 * the object, string or list, naming the field, and the valid choices where there are some; what
 * they allow binds, and a component without one binds as before. (SchemaGeneratorTest holds the
 * schemas to the same declarations; SchemaBindingAgreementTest holds the two verdicts together.)
 */
class ContentDeclarationsTest {

  /** A registered class for a required class name's choices. */
  public static class Sled {}

  /** A class of another base, which a sled's name may not name. */
  public static class Lantern {}

  enum Weather { SUN, RAIN }

  record Trip(
      @Required("name the sled that goes") ClassRef<Sled> sled,
      @Required Weather weather,
      @Required("name the route") String route,
      @NotBlank String leader,
      @NotBlank @SizeRange(min = 1, max = 3) List<String> crew,
      @SizeRange(min = 2) String[] stops,
      @NotBlank Map<String, String> notes,
      String anything) {}

  private static final String ALL = "\"sled\": \"Sled\", \"weather\": \"SUN\", \"route\": \"north\"";

  private static Trip bind(String document) {
    KindRegistry kinds = new KindRegistry();
    kinds.register(Sled.class, "Sled", Sled.class);
    kinds.register(Lantern.class, "Lantern", Lantern.class);
    return new AssetJson(AssetLimits.defaults(), kinds, AssetVersions.builder().build())
        .bind(document.getBytes(StandardCharsets.UTF_8), Trip.class, new BindContext(ContentRoot.GAME, "trips/A.json", "Trip:A"));
  }

  private static String refused(String document) {
    AssetLoadException e = assertThrows(AssetLoadException.class, () -> bind(document));
    Problem problem = e.problems().get(0);
    return problem.id() + ": " + problem.message() + " at " + problem.location().orElseThrow();
  }

  @Test
  void whatEachDeclarationAllows_binds_andAComponentWithoutOneTakesAnything() {
    Trip trip = bind("{ " + ALL + ", \"leader\": \" a \", \"crew\": [\"a\", \"b\", \"c\"], \"stops\": [\"x\", \"y\"],"
        + " \"notes\": { \"k\": \"v\" }, \"anything\": \"  \" }");

    assertEquals("north", trip.route());
    assertEquals(List.of("a", "b", "c"), trip.crew());
    assertEquals("  ", trip.anything());
    assertEquals(null, bind("{ " + ALL + " }").crew(), "left out: the record's default, unchecked");
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "{ \"weather\": \"SUN\", \"route\": \"n\" } | Overture/MissingProperty: Missing \"sled\": name the sled that goes"
          + " (registered: \"Sled\") at trips/A.json:1:34",
      "{ \"sled\": \"Sled\", \"route\": \"n\" }   | Overture/MissingProperty: Missing \"weather\" (valid: \"SUN\", \"RAIN\")"
          + " at trips/A.json:1:32",
      "{ \"sled\": \"Sled\" }                     | Overture/MissingProperty: Missing \"weather\"; \"route\" is missing too"
          + " (valid: \"SUN\", \"RAIN\") at trips/A.json:1:18",
      "{ }                                        | Overture/MissingProperty: Missing \"sled\": name the sled that goes;"
          + " \"weather\", \"route\" are missing too (registered: \"Sled\") at trips/A.json:1:3"})
  void anObjectLeavingOutARequiredProperty_isRefusedAtItsEnd_sayingWhatToWrite_andTheChoices(String document, String expected) {
    assertEquals(expected, refused(document));
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "\"leader\": \"\"                   | Overture/BlankText: \"leader\" must not be blank, not \"\" at trips/A.json:1:65 (/leader)",
      "\"leader\": \" \\t\"               | Overture/BlankText: \"leader\" must not be blank, not \" \t\" at trips/A.json:1:65 (/leader)",
      "\"crew\": [\"a\", \" \"]           | Overture/BlankText: \"crew\" must not be blank, not \" \" at trips/A.json:1:69 (/crew/1)",
      "\"notes\": { \"k\": \"\" }         | Overture/BlankText: \"notes\" must not be blank, not \"\" at trips/A.json:1:71 (/notes/k)",
      "\"crew\": []                       | Overture/OutOfRange: \"crew\" must have from 1 to 3 items, not 0 at trips/A.json:1:64 (/crew)",
      "\"crew\": [\"a\", \"b\", \"c\", \"d\"] | Overture/OutOfRange: \"crew\" must have from 1 to 3 items, not 4 at trips/A.json:1:82 (/crew)",
      "\"stops\": [\"x\"]                 | Overture/OutOfRange: \"stops\" must have 2 or more items, not 1 at trips/A.json:1:68 (/stops)"})
  void aBlankStringOrAListOfAnotherSize_isRefusedWhereItIs_namingTheField(String property, String expected) {
    assertEquals(expected, refused("{ " + ALL + ", " + property + " }"));
  }

  @Test
  void aRecordBuiltInCode_isNotCheckedByTheDeclarations() {
    Trip trip = new Trip(null, null, null, "", List.of(), new String[0], Map.of(), null);

    assertEquals("", trip.leader());
  }

  /** The schemas' pattern for "not blank" says what String.isBlank says, character by character. */
  @Test
  void notBlanksPattern_findsACharacter_exactlyWhenJavaDoesNotCountItAsWhiteSpace() {
    Pattern pattern = Pattern.compile(NotBlank.PATTERN);
    for (char c = 0; c < Character.MAX_VALUE; c++) {
      String text = " " + c + " ";
      assertEquals(!text.isBlank(), pattern.matcher(text).find(), "U+" + Integer.toHexString(c));
    }
    assertEquals(true, pattern.matcher("\uD83D\uDE00").find(), "a character beyond the BMP");
  }
}
