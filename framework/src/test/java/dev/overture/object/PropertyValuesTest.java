package dev.overture.object;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.overture.asset.AssetLoadException;
import dev.overture.asset.AssetManager;
import dev.overture.asset.AssetPath;
import dev.overture.asset.AssetSource;
import dev.overture.asset.NotBlank;
import dev.overture.asset.SizeRange;
import dev.overture.asset.ValueRange;
import dev.overture.core.DataException;
import dev.overture.core.Problem;
import dev.overture.testing.ManualExecutor;
import dev.overture.world.Actor;
import dev.overture.world.ActorComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.json.JsonMapper;

/**
 * Property values are read as asset files are (docs/assets.md, "How strictly files are read"), the
 * rules the archetype schemas state: whole numbers written as decimals are whole numbers, a byte
 * is signed, an enum is named, and a list or map holds no null. Before, Jackson's defaults took
 * {@code 200} for a byte (as -56), {@code 0} for an enum and {@code [null]}, and refused {@code 1e3}
 * for an int.
 *
 * <p>Review finding: a {@code @ValueRange(min = 0)} property took {@code -3}, and a value a property
 * refused was worded its own way ({@code 1E+999 does not fit}) rather than as an asset file's field
 * of the same type words it. Now a property and a field with the same type and declarations give
 * the same problem (id and message) for every value, at the same place under the value.
 */
class PropertyValuesTest {

  enum Colour { RED, GREEN }

  static class Gauge extends ActorComponent {
    @Property int count;
    @Property long serial;
    @Property short level;
    @Property byte mode;
    @Property Colour colour;
    @Property double ratio;
    @Property float share;
    @Property List<Integer> marks;
    @Property Map<String, Integer> counters;
    @Property @ValueRange(min = 0, max = 10) int dial;
    @Property @ValueRange(min = 0) double speed;
    @Property @ValueRange(min = 0) List<Double> speeds;
    @Property @ValueRange(max = 5) Map<String, Integer> levels;
    @Property @SizeRange(min = 1, max = 2) List<String> names;
    @Property @NotBlank String label;
    @Property @NotBlank List<String> tags;
  }

  /** Gauge's properties as a record's components, declarations and all. */
  record Gauges(
      Integer count, Long serial, Short level, Byte mode, Colour colour, Double ratio, Float share,
      List<Integer> marks, Map<String, Integer> counters,
      @ValueRange(min = 0, max = 10) Integer dial,
      @ValueRange(min = 0) Double speed,
      @ValueRange(min = 0) List<Double> speeds,
      @ValueRange(max = 5) Map<String, Integer> levels,
      @SizeRange(min = 1, max = 2) List<String> names,
      @NotBlank String label,
      @NotBlank List<String> tags) {}

  /** Builds a Gauge as its default subobject, so that check reads the subobject's values as a Gauge's. */
  static class Console extends Actor {
    Console(ObjectInitializer initializer) {
      createDefaultSubobject("Gauge", Gauge.class);
    }
  }

  private static final JsonMapper JSON = JsonMapper.builder().build();

  @TempDir Path temp;
  private final ManualExecutor workers = new ManualExecutor();
  private AssetManager assets;

  /** The manager over the files written so far. */
  private AssetManager open() throws Exception {
    Files.writeString(temp.resolve("overture.json"), "{}");
    assets = AssetManager.builder()
        .contentRoot(AssetSource.directory(temp))
        .scanRule(ObjectArchetype.scanRule())
        .kind(ActorComponent.class, "Gauge", Gauge.class)
        .kind(Actor.class, "Console", Console.class)
        .executor(workers)
        .build();
    return assets;
  }

  @AfterEach
  void close() {
    if (assets != null) {
      assets.close();
    }
  }

  private static Object read(String property, String json) {
    return PropertyValues.convert(Gauge.class, PropertyValues.written(Map.of(property, JSON.readTree(json))), "/properties")
        .get(property).forInstance();
  }

  @ParameterizedTest(name = "{0} = {1}")
  @CsvSource(delimiter = '|', value = {
    "count  | 1e3                   | 1000",
    "count  | 1000.0                | 1000",
    "count  | -0.0                  | 0",
    "serial | 1e18                  | 1000000000000000000",
    "level  | 3.2767e4              | 32767",
    "mode   | -128                  | -128",
    "mode   | 1.27e2                | 127",
    "colour | '\"GREEN\"'           | GREEN",
    "marks  | '[1e1, 2]'            | [10, 2]",
    "dial   | 1e1                   | 10",
    "speed  | 0                     | 0.0",
    "names  | '[\"a\", \"b\"]'      | [a, b]",
  })
  void aValueAssetFilesTake_isTaken(String property, String json, String expected) {
    assertEquals(expected, String.valueOf(read(property, json)));
  }

  /**
   * Each value is written into an asset file's field, an archetype's property (refused when the
   * archetype loads) and a subobject's property (refused by {@code ObjectFactory.check}, and when
   * the object is built): one problem, in the same words, at the value's place.
   */
  @ParameterizedTest(name = "{0} = {1}")
  @CsvSource(delimiter = '|', value = {
    "count    | null                   | Overture/WrongType   | Expected a whole number for \"count\" but found null; leave it out for the default",
    "marks    | null                   | Overture/WrongType   | Expected an array for \"marks\" but found null; leave it out for the default",
    "colour   | null                   | Overture/WrongType   | Expected a string for \"colour\" but found null; leave it out for the default",
    "count    | 1.5                    | Overture/WrongType   | Expected a whole number for \"count\" but found a decimal number",
    "count    | '\"3\"'                | Overture/WrongType   | Expected a whole number for \"count\" but found a string",
    "count    | 2147483648             | Overture/OutOfRange  | \"count\" is outside the whole numbers accepted here (-2147483648 to 2147483647)",
    "count    | 3e9                    | Overture/OutOfRange  | \"count\" is outside the whole numbers accepted here (-2147483648 to 2147483647)",
    "count    | 1e999                  | Overture/OutOfRange  | \"count\" is outside the whole numbers accepted here (-2147483648 to 2147483647)",
    "serial   | 9223372036854775808    | Overture/OutOfRange  | \"serial\" is outside the whole numbers accepted here (-9223372036854775808 to 9223372036854775807)",
    "serial   | 1e19                   | Overture/OutOfRange  | \"serial\" is outside the whole numbers accepted here (-9223372036854775808 to 9223372036854775807)",
    "mode     | 128                    | Overture/OutOfRange  | \"mode\" is outside the whole numbers accepted here (-128 to 127)",
    "mode     | 200                    | Overture/OutOfRange  | \"mode\" is outside the whole numbers accepted here (-128 to 127)",
    "colour   | 0                      | Overture/InvalidValue | ",
    "colour   | '\"BLUE\"'             | Overture/InvalidValue | ",
    "ratio    | 1e999                  | Overture/InvalidValue | 1e999 is too large for a number here (it would be Infinity); write a finite number",
    "ratio    | -1e999                 | Overture/InvalidValue | -1e999 is too large for a number here (it would be -Infinity); write a finite number",
    "ratio    | '\"NaN\"'              | Overture/InvalidValue | Expected a finite number but found \"NaN\"",
    "ratio    | '\"Infinity\"'         | Overture/InvalidValue | Expected a finite number but found \"Infinity\"",
    "ratio    | true                   | Overture/WrongType   | Expected a number for \"ratio\" but found a boolean",
    "share    | 1e39                   | Overture/InvalidValue | 1e39 is too large for a number here (it would be Infinity); write a finite number",
    "marks    | '[1, \"x\"]'           | Overture/WrongType   | Expected a whole number for \"1\" but found a string",
    "marks    | '[1, null]'            | Overture/InvalidValue | ",
    "counters | '{\"k\":null}'         | Overture/InvalidValue | ",
    "counters | '{\"k\":1.5}'          | Overture/WrongType   | Expected a whole number for \"k\" but found a decimal number",
    "dial     | -3                     | Overture/OutOfRange  | \"dial\" must be from 0 to 10, not -3",
    "dial     | 11                     | Overture/OutOfRange  | \"dial\" must be from 0 to 10, not 11",
    "dial     | 1.1e1                  | Overture/OutOfRange  | \"dial\" must be from 0 to 10, not 1.1e1",
    "speed    | -0.5                   | Overture/OutOfRange  | \"speed\" must be 0 or more, not -0.5",
    "speed    | -1e999                 | Overture/InvalidValue | -1e999 is too large for a number here (it would be -Infinity); write a finite number",
    "speeds   | '[1, -2.50]'           | Overture/OutOfRange  | \"speeds\" must be 0 or more, not -2.50",
    "levels   | '{\"k\": 6}'           | Overture/OutOfRange  | \"levels\" must be 5 or less, not 6",
    "names    | '[]'                   | Overture/OutOfRange  | \"names\" must have from 1 to 2 items, not 0",
    "names    | '[\"a\", \"b\", \"c\"]' | Overture/OutOfRange | \"names\" must have from 1 to 2 items, not 3",
    "label    | '\"  \"'               | Overture/BlankText   | \"label\" must not be blank, not \"  \"",
    "tags     | '[\"a\", \"\"]'        | Overture/BlankText   | \"tags\" must not be blank, not \"\"",
  })
  void aValueAssetFilesRefuse_isRefusedAsAnAssetFilesFieldIs(String property, String json, String id, String message)
      throws Exception {
    Files.createDirectories(temp.resolve("archetypes"));
    Files.writeString(temp.resolve("archetypes/Dial.json"),
        "{ \"class\": \"Gauge\", \"properties\": { \"" + property + "\": " + json + " } }");
    Files.writeString(temp.resolve("archetypes/Desk.json"),
        "{ \"class\": \"Console\", \"subobjects\": { \"Gauge\": { \"properties\": { \"" + property + "\": " + json + " } } } }");
    open();
    Problem field = fieldProblem(property, json);
    Problem loaded = loadProblem("Dial");
    ObjectArchetype desk = load("Desk");
    List<DataException> checked = ObjectFactory.create().check(desk);

    assertEquals(id, field.id(), field.toString());
    if (message != null) {
      assertEquals(message, field.message());
    }
    String under = field.location().orElseThrow().pointer().substring(("/" + property).length());
    assertEquals(field.id() + " " + field.message() + " at /properties/" + property + under,
        loaded.id() + " " + loaded.message() + " at " + loaded.location().orElseThrow().pointer());
    assertEquals(List.of(field.id() + " " + field.message() + " at /subobjects/Gauge/properties/" + property + under),
        checked.stream().map(e -> e.toProblem().id() + " " + e.toProblem().message() + " at " + e.pointer()).toList());
    assertEquals("Cannot apply the archetype of Console to default subobject \"Gauge\": " + field.message(),
        assertThrows(ObjectConstructionException.class,
            () -> ObjectFactory.create().newObject(desk, Console.class, null, "desk")).getMessage(),
        "building the object refuses it as check does");
  }

  private Problem fieldProblem(String property, String json) throws Exception {
    Files.writeString(temp.resolve("gauge.json"), "{ \"" + property + "\": " + json + " }");
    AssetLoadException e = assertThrows(AssetLoadException.class,
        () -> assets.tools().bindFile(AssetSource.directory(temp), "Game", AssetPath.parse("gauge.json"), Gauges.class));
    assertEquals(1, e.problems().size(), e.getMessage());
    return e.problems().get(0);
  }

  private ObjectArchetype load(String name) throws Exception {
    var handle = assets.loadPrimaryAssets(List.of(dev.overture.asset.PrimaryAssetId.of("Archetype", name)), List.of());
    workers.runAll();
    return handle.waitUntilComplete(java.time.Duration.ZERO).get(dev.overture.asset.PrimaryAssetId.of("Archetype", name),
        ObjectArchetype.class);
  }

  private Problem loadProblem(String name) {
    AssetLoadException e = assertThrows(AssetLoadException.class, () -> load(name));
    assertEquals(1, e.problems().size(), e.getMessage());
    return e.problems().get(0);
  }
}
