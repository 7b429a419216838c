package dev.overture.asset;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.overture.core.DataException;
import dev.overture.core.Problem;
import dev.overture.version.AssetVersions;
import dev.overture.version.CustomVersion;
import dev.overture.version.EngineVersion;
import dev.overture.version.Guid;
import dev.overture.version.JsonUpgrade;
import dev.overture.version.UpgradeStep;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Every kind of failure binding can meet, and the exact problems it gives: id, message, line,
 * column and pointer, compared with a golden file ({@code json-problems.txt}, beside this class in
 * the test resources). Jackson's own wording reaches users through some of these messages, so the
 * file also shows when an upgrade of Jackson changes what users read.
 */
class JsonProblemsTest {

  interface Body {}

  static final class Knight implements Body {}

  /** A value whose constructor names the wrong place inside it. */
  record Range(int min, int max) {
    Range {
      if (min > max) {
        throw new DataException("Test/EmptyRange", "/max", "max " + max + " is below min " + min);
      }
    }
  }

  record Strict(String label) {
    Strict {
      Objects.requireNonNull(label);
      if (label.isBlank()) {
        throw new IllegalArgumentException("label must not be blank");
      }
    }
  }

  record Inner(String name, int count, List<Double> weights) {}

  /** One of everything binding knows. */
  record Sample(
      String title,
      int count,
      long big,
      double ratio,
      boolean on,
      Integer boxed,
      TestAssets.Team team,
      @AllowedTypes("Pawn") PrimaryAssetId pawn,
      PrimaryAssetId any,
      PrimaryAssetType type,
      AssetPath path,
      SoftRef<TestAssets.Icon> icon,
      ClassRef<Body> body,
      @AllowedTypes("Pawn") ClassOrAsset<Body> bodyOrPawn,
      List<String> tags,
      List<TestAssets.Action> actions,
      Map<String, Inner> inners,
      Inner inner,
      Range range,
      Strict strict,
      Optional<String> note,
      @JsonProperty("renamed") String original) {}

  record Ship(String name, Double speed, Integer health) {}

  /** Numbers of every width, for the range each one names when a value does not fit. */
  record Widths(short small, byte tiny, long big, Short boxedSmall, Byte boxedTiny, Long boxedBig, float ratio) {}

  static final CustomVersion SHIPS = new CustomVersion(Guid.parse("0F1E2D3C-4B5A-6978-8796-A5B4C3D2E1F0"), 2, "Ships");

  private static final String V1 =
      "\"$version\": { \"engine\": \"1.0.0-300\", \"custom\": [ { \"name\": \"Ships\", \"guid\":"
          + " \"0F1E2D3C-4B5A-6978-8796-A5B4C3D2E1F0\", \"version\": 1 } ] }";

  /** Documents bound as {@link Sample}, by case name. */
  private static Map<String, String> samples() {
    Map<String, String> cases = new LinkedHashMap<>();
    cases.put("valid", "{ \"title\": \"ok\", \"count\": 1, \"tags\": [\"a\"], \"note\": \"n\" }");
    cases.put("empty file", "");
    cases.put("blank file", "  \n\t ");
    cases.put("null file", "null");
    cases.put("array file", "[1, 2]");
    cases.put("string file", "\"text\"");
    cases.put("number file", "42");
    cases.put("trailing object", "{ \"title\": \"a\" } { }");
    cases.put("trailing scalar", "{ \"title\": \"a\" }\n7");
    cases.put("trailing garbage", "{ \"title\": \"a\" } }");
    cases.put("trailing after null", "null {}");
    cases.put("missing comma", "{\n  \"title\": \"a\"\n  \"count\": 1\n}");
    cases.put("missing colon", "{ \"title\" \"a\" }");
    cases.put("close bracket in object", "{ \"tags\": [\"a\" }");
    cases.put("close brace in array", "{ \"tags\": [\"a\", \n\"b\" } ]");
    cases.put("unclosed object", "{ \"title\": \"a\"");
    cases.put("unclosed array", "{ \"tags\": [\"a\"");
    cases.put("unclosed nested", "{ \"inner\": { \"name\": \"x\", \"weights\": [1.0, ");
    cases.put("unclosed string", "{ \"title\": \"abc");
    cases.put("unquoted name", "{ title: \"a\" }");
    cases.put("single quotes", "{ 'title': \"a\" }");
    cases.put("comment", "{ /* no */ \"title\": \"a\" }");
    cases.put("leading zero", "{ \"count\": 012 }");
    cases.put("NaN", "{ \"ratio\": NaN }");
    cases.put("bare word", "{ \"on\": yes }");
    cases.put("control character", "{ \"title\": \"a\tb\" }");
    cases.put("bad escape", "{ \"title\": \"a\\qb\" }");
    cases.put("trailing comma", "{ \"title\": \"a\", }");
    cases.put("trailing comma in array", "{ \"tags\": [\"a\",] }");
    cases.put("duplicate key", "{ \"title\": \"a\", \"title\": \"b\" }");
    cases.put("duplicate key among many", "{ \"title\": \"a\", \"count\": 1, \"big\": 2, \"ratio\": 3,\n \"count\": 4 }");
    cases.put("duplicate key nested", "{ \"inners\": { \"x\": { \"name\": \"n\", \"count\": 1, \"name\": \"m\" } } }");
    cases.put("duplicate key with escape", "{ \"title\": \"a\", \"t\\u0069tle\": \"b\" }");
    cases.put("duplicate key after byte order mark", "\uFEFF{ \"title\": \"a\", \"title\": \"b\" }");
    String many = String.join(", ", java.util.stream.IntStream.range(0, 40).mapToObj(i -> "\"p" + i + "\": " + i).toList());
    cases.put("duplicate key among forty", "{ " + many + ", \"p37\": 0 }");
    cases.put("duplicate key among forty, early", "{ " + many + ", \"p3\": 0 }");
    cases.put("no duplicate among forty",
        "{ \"inners\": { " + String.join(", ", java.util.stream.IntStream.range(0, 40).mapToObj(i -> "\"k" + i + "\": {}").toList()) + " } }");
    cases.put("duplicate key after nested forties", "{ \"p1\": { " + many + " }, \"p2\": { " + many + " }, \"p1\": 0 }");
    cases.put("sibling objects reuse no names", "{ \"inners\": { \"a\": { \"name\": \"x\", \"count\": 1 }, \"b\": { \"count\": 2, \"name\": \"y\" } } }");
    cases.put("duplicate key deep in arrays", "{\n  \"a\": {\n    \"deep\": [[{ \"x\": 1,\n \"x\": 2 }]]\n  }\n}");
    cases.put("duplicate key after an array", "{ \"a\": 1, \"b\": [1, 2, {\"a\": {}}], \"a\": 2 }");
    cases.put("duplicate non-ASCII key", "{ \"h\u00e9ros\": 1, \"\u00e9\": 2, \"h\u00e9ros\": 3 }");
    cases.put("same hash, different names", "{ \"inners\": { \"Aa\": { \"name\": \"x\" }, \"BB\": { \"name\": \"y\" } } }");
    cases.put("string for int", "{ \"count\": \"three\" }");
    cases.put("decimal for int", "{ \"count\": 1.5 }");
    cases.put("decimal for long", "{ \"big\": 2.0 }");
    cases.put("whole number with an exponent for int", "{ \"count\": 1e3, \"title\": 1 }");
    cases.put("fraction with an exponent for int", "{ \"count\": 15e-1 }");
    cases.put("whole number with an exponent too big for int", "{ \"count\": 1e10 }");
    cases.put("int too big", "{ \"count\": 3000000000 }");
    cases.put("number for string", "{ \"title\": 7 }");
    cases.put("boolean for string", "{ \"title\": true }");
    cases.put("object for string", "{ \"title\": { } }");
    cases.put("array for string", "{ \"title\": [ ] }");
    cases.put("string for boolean", "{ \"on\": \"true\" }");
    cases.put("number for boolean", "{ \"on\": 1 }");
    cases.put("string for double", "{ \"ratio\": \"0.5\" }");
    cases.put("null for int", "{ \"count\": null }");
    cases.put("null for boxed", "{ \"boxed\": null, \"title\": \"a\" }");
    cases.put("null for string", "{ \"title\": null }");
    cases.put("null for reference", "{ \"pawn\": null }");
    cases.put("null for soft reference", "{ \"icon\": null }");
    cases.put("null for class", "{ \"body\": null }");
    cases.put("null for list", "{ \"tags\": null }");
    cases.put("null for map", "{ \"inners\": null }");
    cases.put("null for record", "{ \"inner\": null }");
    cases.put("null for optional", "{ \"note\": null }");
    cases.put("null for enum", "{ \"team\": null }");
    cases.put("null for boolean", "{ \"on\": null }");
    cases.put("null inside a record", "{ \"inner\": { \"name\": null } }");
    cases.put("null inside a kind", "{ \"actions\": [ { \"action\": \"Spawn\", \"what\": null } ] }");
    cases.put("null in list", "{ \"tags\": [\"a\", null] }");
    cases.put("null in map", "{ \"inners\": { \"x\": null } }");
    cases.put("string for list", "{ \"tags\": \"a\" }");
    cases.put("object for list", "{ \"tags\": { \"a\": 1 } }");
    cases.put("array for record", "{ \"inner\": [1, 2] }");
    cases.put("string for record", "{ \"inner\": \"x\" }");
    cases.put("string for map", "{ \"inners\": \"x\" }");
    cases.put("wrong type deep", "{ \"inners\": { \"a\": { \"weights\": [1.0, \"heavy\"] } } }");
    cases.put("invalid enum", "{ \"team\": \"GREEN\" }");
    cases.put("number for enum", "{ \"team\": 1 }");
    cases.put("id of wrong type", "{ \"pawn\": \"Mode:Base\" }");
    cases.put("malformed id", "{ \"any\": \"Pawn:\" }");
    cases.put("bare name for any id", "{ \"any\": \"Hero\" }");
    cases.put("number for id", "{ \"pawn\": 5 }");
    cases.put("invalid type name", "{ \"type\": \"9Lives\" }");
    cases.put("path escaping the root", "{ \"path\": \"../secret.json\" }");
    cases.put("soft reference with backslash", "{ \"icon\": \"icons\\\\hero.json\" }");
    cases.put("unknown class", "{ \"body\": \"Knigt\" }");
    cases.put("unknown class or asset", "{ \"bodyOrPawn\": \"Knigt\" }");
    cases.put("class or asset of wrong type", "{ \"bodyOrPawn\": \"Mode:Base\" }");
    cases.put("unknown kind", "{ \"actions\": [ { \"action\": \"Spwan\" } ] }");
    cases.put("missing kind", "{ \"actions\": [ { \"what\": \"bot\" } ] }");
    cases.put("kind not a string", "{ \"actions\": [ { \"action\": 3 } ] }");
    cases.put("wrong type inside a kind", "{ \"actions\": [ { \"action\": \"Spawn\", \"count\": \"many\" } ] }");
    cases.put("constructor names a place", "{\n  \"range\": { \"min\": 5,\n    \"max\": 1 }\n}");
    cases.put("constructor with a message", "{ \"strict\": { \"label\": \" \" } }");
    cases.put("constructor without a message", "{ \"strict\": { } }");
    cases.put("unknown property", "{ \"title\": \"a\", \"colour\": \"red\" }");
    cases.put("unknown properties nested and in lists",
        "{\n  \"inner\": { \"name\": \"a\", \"extra\": [1, {\"x\": 2}] },\n  \"inners\": { \"k\": { \"size\": 3 } },\n"
            + "  \"actions\": [ { \"action\": \"Spawn\", \"speed\": 2 } ]\n}");
    cases.put("unknown property with a slash", "{ \"a/b~c\": 1 }");
    cases.put("original name of a renamed property", "{ \"original\": \"x\" }");
    cases.put("schema is not data", "{ \"$schema\": \"../schemas/Sample.json\", \"title\": \"a\" }");
    cases.put("misplaced version header", "{ \"title\": \"a\",\n  \"$version\": { \"engine\": \"1.0.0-1\" } }");
    cases.put("version header not an object", "{ \"$version\": 3, \"title\": \"a\" }");
    cases.put("version header with unknown field", "{ \"$version\": { \"engine\": \"1.0.0-1\", \"colour\": 1 }, \"title\": \"a\" }");
    cases.put("newer engine", "{ \"$version\": { \"engine\": \"9.0.0-1\", \"compatible\": \"9.0.0-1\" }, \"title\": \"a\" }");
    cases.put("deep nesting", "{ \"inners\": " + "[".repeat(70) + "]".repeat(70) + " }");
    cases.put("deep nesting in an unknown property", "{ \"deep\": " + "[".repeat(70) + "]".repeat(70) + " }");
    cases.put("not JSON at all", "xyz");
    cases.put("long string", "{ \"title\": \"" + "x".repeat(300) + "\" }");
    cases.put("long name", "{ \"" + "n".repeat(100) + "\": 1 }");
    cases.put("long number", "{ \"count\": " + "1".repeat(60) + " }");
    cases.put("utf-16", "\0{\0}");
    cases.put("NaN as a string", "{ \"ratio\": \"NaN\" }");
    cases.put("Infinity as a string", "{ \"ratio\": \"-Infinity\" }");
    cases.put("a literal beyond a double", "{\n  \"ratio\": 1e999 }");
    cases.put("NaN in a list of doubles", "{ \"inner\": { \"name\": \"x\", \"weights\": [1.0, \"NaN\"] } }");
    cases.put("long string deep inside", "{ \"inners\": { \"k\": { \"name\": \"" + "y".repeat(300) + "\" } } }");
    cases.put("long string in an unknown property", "{ \"title\": \"a\",\n  \"x\": \"" + "y".repeat(300) + "\" }");
    cases.put("too many tokens", "{ \"tags\": [\n" + "\"a\", ".repeat(400) + "\"b\"] }");
    cases.put("deep nesting on the second line", "{ \"title\": \"a\",\n  \"deep\": {\"d\": " + "[".repeat(70) + "]".repeat(70) + "} }");
    cases.put("invalid utf-8", "{ \"title\": \"\u00ff\" }");
    return cases;
  }

  /** Documents bound as {@link Ship}, which has an older format that is upgraded before binding. */
  private static Map<String, String> ships() {
    Map<String, String> cases = new LinkedHashMap<>();
    cases.put("upgraded, valid", "{ " + V1 + ",\n  \"name\": \"a\", \"hp\": 3 }");
    cases.put("upgraded, wrong type in a field the upgrade kept", "{ " + V1 + ",\n  \"name\": 7, \"hp\": 3 }");
    cases.put("upgraded, wrong type in a field the upgrade renamed", "{ " + V1 + ",\n  \"name\": \"a\", \"hp\": \"x\" }");
    cases.put("upgraded, unknown property", "{ " + V1 + ",\n  \"name\": \"a\",\n  \"colour\": 1 }");
    cases.put("upgraded, misplaced header", "{ \"name\": \"a\", " + V1 + " }");
    cases.put("upgraded, not an object", "[ ]");
    cases.put("upgraded, trailing content", "{ " + V1 + " } { }");
    cases.put("upgraded, null file", "null");
    cases.put("upgraded, malformed", "{ " + V1 + ", \"name\" }");
    cases.put("upgraded, a step that overflows", "{ " + V1 + ",\n  \"name\": \"a\",\n  \"speed\": 1e10 }");
    cases.put("current, speed not finite", "{ \"name\": \"a\", \"speed\": \"Infinity\" }");
    return cases;
  }

  /** Documents bound as {@link Widths}. */
  private static Map<String, String> widths() {
    Map<String, String> cases = new LinkedHashMap<>();
    cases.put("widths, valid", "{ \"small\": 32767, \"tiny\": -128, \"big\": 9223372036854775807, \"ratio\": 0.5 }");
    cases.put("short too big", "{ \"small\": 32768 }");
    cases.put("byte too small", "{ \"tiny\": -129 }");
    cases.put("long too big", "{ \"big\": 9223372036854775808 }");
    cases.put("boxed short too big", "{ \"boxedSmall\": 40000 }");
    cases.put("boxed byte too big", "{ \"boxedTiny\": 200 }");
    cases.put("byte too big", "{ \"tiny\": 128 }");
    cases.put("byte at its largest", "{ \"tiny\": 127, \"boxedTiny\": -128 }");
    cases.put("byte far too big", "{ \"tiny\": 256 }");
    cases.put("boxed long too small", "{ \"boxedBig\": -9223372036854775809 }");
    cases.put("decimal for short", "{ \"small\": 1.5 }");
    cases.put("whole decimals for every width", "{ \"small\": 3.2767e4, \"tiny\": -128.0, \"big\": 9.223372036854775807e18, \"boxedBig\": -1e18 }");
    cases.put("whole decimal too big for byte", "{ \"tiny\": 1.28e2 }");
    cases.put("whole decimal too big for long", "{ \"big\": 9.223372036854775808e18 }");
    cases.put("string for boxed long", "{ \"boxedBig\": \"many\" }");
    cases.put("string for float", "{ \"ratio\": \"half\" }");
    return cases;
  }

  @Test
  void everyFailure_givesItsExactProblem() throws IOException {
    KindRegistry kinds = new KindRegistry();
    kinds.register(TestAssets.Action.class, "Spawn", TestAssets.Spawn.class);
    kinds.register(TestAssets.Action.class, "Grant", TestAssets.Grant.class);
    kinds.register(Body.class, "Knight", Knight.class);
    AssetVersions versions =
        AssetVersions.builder()
            .engine(EngineVersion.parse("1.0.0-500"), EngineVersion.parse("1.0.0-400"))
            .customVersion(SHIPS, Ship.class)
            .upgrade(UpgradeStep.of(SHIPS, 2, Ship.class, "hp is now health and speed in tiny units", ship -> {
              JsonUpgrade.rename("/hp", "health").upgrade(ship);
              if (ship.path("speed").isNumber()) {
                ship.put("speed", ship.get("speed").asDouble() * 1e300); // overflows, as an unchecked step can
              }
            }))
            .build();
    AssetLimits limits = new AssetLimits(1 << 20, 64, 200, 50, 40, 300);
    AssetJson json = new AssetJson(limits, kinds, versions);

    StringBuilder out = new StringBuilder();
    samples().forEach((name, document) -> out.append(outcome(json, name, document, Sample.class)));
    ships().forEach((name, document) -> out.append(outcome(json, name, document, Ship.class)));
    widths().forEach((name, document) -> out.append(outcome(json, name, document, Widths.class)));

    assertEquals(golden(), out.toString());
  }

  private static String outcome(AssetJson json, String name, String document, Class<?> type) {
    byte[] bytes =
        name.equals("invalid utf-8")
            ? new byte[] {'{', ' ', '"', 't', 'i', 't', 'l', 'e', '"', ':', ' ', '"', (byte) 0xff, '"', ' ', '}'}
            : document.getBytes(StandardCharsets.UTF_8);
    BindContext context = new BindContext(ContentRoot.GAME, "assets/" + type.getSimpleName() + ".json", "Test:" + type.getSimpleName());
    List<Problem> problems = new ArrayList<>();
    try {
      json.bind(bytes, type, context);
      problems.addAll(context.warnings);
    } catch (AssetLoadException e) {
      problems.addAll(e.problems());
    }
    StringBuilder out = new StringBuilder("== ").append(name).append('\n');
    if (problems.isEmpty()) {
      out.append("bound\n");
    }
    for (Problem problem : problems) {
      out.append(problem.severity()).append(' ').append(problem.id()).append(": ").append(problem.message()).append('\n');
      problem.location().ifPresent(at -> out.append("  at ").append(at.line()).append(':').append(at.column())
          .append(" (").append(at.pointer()).append(")\n"));
    }
    return out.toString();
  }

  private static String golden() throws IOException {
    try (InputStream in = JsonProblemsTest.class.getResourceAsStream("json-problems.txt")) {
      return in == null ? "(no golden file)" : new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
