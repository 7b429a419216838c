package dev.overture.object;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.overture.core.DataException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.json.JsonMapper;

/**
 * Property values are read as asset files are (docs/assets.md, "How strictly files are read"), the
 * rules the archetype schemas state: whole numbers written as decimals are whole numbers, a byte
 * is signed, an enum is named, and a list or map holds no null. Before, Jackson's defaults took
 * {@code 200} for a byte (as -56), {@code 0} for an enum and {@code [null]}, and refused {@code 1e3}
 * for an int.
 */
class PropertyValuesTest {

  enum Colour { RED, GREEN }

  static class Gauge {
    @Property int count;
    @Property long serial;
    @Property short level;
    @Property byte mode;
    @Property Colour colour;
    @Property List<Integer> marks;
    @Property Map<String, Integer> counters;
  }

  private static final JsonMapper JSON = JsonMapper.builder().build();

  private static Object read(String property, String json) {
    return PropertyValues.convert(Gauge.class, Map.of(property, JSON.readTree(json)), "/properties").get(property).forInstance();
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
  })
  void aValueAssetFilesTake_isTaken(String property, String json, String expected) {
    assertEquals(expected, String.valueOf(read(property, json)));
  }

  @ParameterizedTest(name = "{0} = {1}")
  @CsvSource(delimiter = '|', value = {
    "count    | 1.5           | Property \"count\" of Gauge is an int: 1.5 does not fit",
    "count    | 2147483648    | Property \"count\" of Gauge is an int: 2147483648 does not fit",
    "count    | 3e9           | Property \"count\" of Gauge is an int: 3.0E9 does not fit",
    "mode     | 128           | Property \"mode\" of Gauge is a byte: 128 does not fit",
    "mode     | 200           | Property \"mode\" of Gauge is a byte: 200 does not fit",
    "colour   | 0             | Property \"colour\" of Gauge is a Colour: 0 does not fit",
    "marks    | '[1, null]'   | Property \"marks\" of Gauge is a List: [1,null] does not fit",
    "counters | '{\"k\":null}' | Property \"counters\" of Gauge is a Map: {\"k\":null} does not fit",
  })
  void aValueAssetFilesRefuse_isRefusedAtIt_namingThePropertyAndItsType(String property, String json, String message) {
    DataException e = assertThrows(DataException.class, () -> read(property, json));

    assertEquals("Overture/InvalidValue", e.problemId());
    assertEquals("/properties/" + property, e.pointer());
    assertEquals(message, e.getMessage());
  }
}
