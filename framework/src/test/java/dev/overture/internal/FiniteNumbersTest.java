package dev.overture.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/** Where a number that is not finite hides in a bound value or a JSON tree, as a JSON pointer. */
class FiniteNumbersTest {

  record Volume(double overall, Float music) {}

  record Mix(String name, List<Volume> presets, Map<String, double[]> curves, Object[] extra) {}

  @Test
  void aValueOrARecordWithOnlyFiniteNumbers_hasNone() {
    assertEquals(Optional.empty(), FiniteNumbers.find(null));
    assertEquals(Optional.empty(), FiniteNumbers.find(1.5));
    assertEquals(Optional.empty(), FiniteNumbers.find(7));
    assertEquals(Optional.empty(), FiniteNumbers.find("NaN"), "a string is not a number");
    assertEquals(Optional.empty(), FiniteNumbers.find(new int[] {1, 2}));
    assertEquals(Optional.empty(), FiniteNumbers.find(
        new Mix("m", List.of(new Volume(0.5, null)), Map.of("fade", new double[] {0, 1}), new Object[] {1.0, "x"})));
  }

  @Test
  void aNumberThatIsNotFinite_isFoundItself_pointerEmpty() {
    assertEquals(Optional.of(""), FiniteNumbers.find(Double.NaN));
    assertEquals(Optional.of(""), FiniteNumbers.find(Double.NEGATIVE_INFINITY));
    assertEquals(Optional.of(""), FiniteNumbers.find(Float.POSITIVE_INFINITY));
    assertEquals(Optional.of(""), FiniteNumbers.find(Float.NaN));
  }

  @Test
  void insideRecordsCollectionsMapsAndArrays_theFirstIsNamedByItsPointer() {
    assertEquals(Optional.of("/overall"), FiniteNumbers.find(new Volume(Double.NaN, Float.NaN)), "the first one");
    assertEquals(Optional.of("/music"), FiniteNumbers.find(new Volume(1, Float.NEGATIVE_INFINITY)));
    assertEquals(Optional.of("/presets/1/overall"), FiniteNumbers.find(
        new Mix("m", List.of(new Volume(1, 1f), new Volume(Double.POSITIVE_INFINITY, 1f)), Map.of(), new Object[0])));
    Map<String, double[]> curves = new LinkedHashMap<>();
    curves.put("fade/in", new double[] {0, 1});
    curves.put("fade~out", new double[] {0, Double.NaN});
    assertEquals(Optional.of("/curves/fade~0out/1"), FiniteNumbers.find(new Mix("m", List.of(), curves, new Object[0])),
        "a key's ~ and / escaped as a JSON pointer escapes them");
    assertEquals(Optional.of("/0/fade~1in"), FiniteNumbers.find(List.of(Map.of("fade/in", Double.NaN))));
    assertEquals(Optional.of("/extra/1"), FiniteNumbers.find(new Mix("m", List.of(), Map.of(), new Object[] {"x", Double.NaN})));
    assertEquals(Optional.of("/2"), FiniteNumbers.find(new float[] {1f, 2f, Float.NaN}));
    assertEquals(Optional.of("/0"), FiniteNumbers.find(Set.of(Double.NaN)));
  }

  @Test
  void aValueNestedDeeperThanAnyReaderAllows_isNotSearched() {
    Object deep = Double.NaN;
    for (int i = 0; i < 64; i++) {
      deep = List.of(deep);
    }
    assertEquals(Optional.of("/0".repeat(64)), FiniteNumbers.find(deep), "64 levels: found");
    assertEquals(Optional.empty(), FiniteNumbers.find(List.of(deep)), "65: past the guard against cycles");
  }

  @Test
  void inAJsonTree_onlyBinaryFloatingPointCanBeNotFinite() {
    ObjectNode tree = JsonMapper.builder().build().createObjectNode();
    tree.put("count", 3).put("exact", new java.math.BigDecimal("1e999")).put("ok", 0.5);
    tree.putArray("list").add(1).add(2.5);
    assertNull(FiniteNumbers.findInTree(tree));

    tree.putObject("a/b").putArray("c~d").add(1.0).add(Double.NEGATIVE_INFINITY);
    assertEquals("/a~1b/c~0d/1", FiniteNumbers.findInTree(tree));
    assertEquals("", FiniteNumbers.findInTree(tree.numberNode(Float.NaN)));
    assertEquals("/0", FiniteNumbers.findInTree(tree.arrayNode().add(Double.NaN)));
  }
}
