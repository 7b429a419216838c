package dev.overture.live;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.overture.asset.ClassRef;
import dev.overture.object.ObjectArchetype;
import dev.overture.object.Property;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.DoubleNode;
import tools.jackson.databind.node.IntNode;

/**
 * The lines a developer reads after a live edit, one per value that changed, named by its JSON
 * pointer: through records by property, lists by index and maps by key; strings quoted, nested
 * records by their kind, long values cut; an edit that rewrites a whole file says how many more
 * lines it did not print.
 */
class DifferencesTest {

  record Score(int limit, String label) {}

  record Mode(String name, List<Score> scores, Map<String, Double> speeds, Score bonus) {}

  private static Mode mode(String name, List<Score> scores, Map<String, Double> speeds, Score bonus) {
    return new Mode(name, scores, speeds, bonus);
  }

  @Test
  void theSameValue_hasNoLines() {
    Mode one = mode("Duel", List.of(new Score(25, "win")), Map.of("walk", 4.0), null);
    assertEquals(List.of(), Differences.between(one, mode("Duel", List.of(new Score(25, "win")), Map.of("walk", 4.0), null)));
  }

  @Test
  void aChangedNumberDeepInside_isNamedByItsPointer_andOnlyItChanged() {
    Mode before = mode("Duel", List.of(new Score(10, "half"), new Score(25, "win")), Map.of(), null);
    Mode after = mode("Duel", List.of(new Score(10, "half"), new Score(30, "win")), Map.of(), null);

    assertEquals(List.of("/scores/1/limit: 25 -> 30"), Differences.between(before, after));
  }

  @Test
  void stringsAreQuoted_andAnEntryOnOneSideOnly_isNone() {
    Map<String, Double> walk = new LinkedHashMap<>();
    walk.put("walk", 4.0);
    Map<String, Double> run = new LinkedHashMap<>();
    run.put("run", 9.5);
    Mode before = mode("Duel", List.of(new Score(25, "win")), walk, null);
    Mode after = mode("Duel Night", List.of(new Score(25, "win"), new Score(40, "rout")), run, null);

    assertEquals(List.of(
        "/name: \"Duel\" -> \"Duel Night\"",
        "/scores/1: (none) -> {limit: 40, label: rout}",
        "/speeds/walk: 4.0 -> (none)",
        "/speeds/run: (none) -> 9.5"), Differences.between(before, after));
  }

  @Test
  void aRecordThatAppearsOrGoes_isShownByItsFields_andNullAsNull() {
    Mode without = mode("Duel", List.of(), Map.of(), null);
    Mode with = mode("Duel", List.of(), Map.of(), new Score(5, "bonus"));

    assertEquals(List.of("/bonus: null -> {limit: 5, label: bonus}"), Differences.between(without, with));
    assertEquals(List.of("/bonus: {limit: 5, label: bonus} -> null"), Differences.between(with, without));
  }

  @Test
  void valuesOfDifferentKinds_areOneLineAtTheirPointer() {
    assertEquals(List.of("/: 3 -> \"three\""), Differences.between(3, "three"));
    assertEquals(List.of("/: {limit: 1, label: a} -> \"Score\""), Differences.between(new Score(1, "a"), "Score"));
    // A record that names itself (an id) is shown by its name, not its class.
    assertEquals(List.of("/: (none) -> TopDownArena"), Differences.between(List.of(), List.of(dev.overture.feature.PluginId.of("TopDownArena")))
        .stream().map(line -> line.replace("/0", "/")).toList());
  }

  @Test
  void aLongValue_isCutToSixtyCharacters() {
    String longer = "x".repeat(100);
    List<String> lines = Differences.between(new Score(1, "short"), new Score(1, longer));

    assertEquals(List.of("/label: \"short\" -> \"" + "x".repeat(56) + "..."), lines);
    assertEquals(60, Differences.show(longer).length());
    assertEquals('"' + "y".repeat(58) + '"', Differences.show("y".repeat(58)), "sixty exactly is kept whole");
  }

  @Test
  void anEditThatRewritesTheFile_printsEightLines_andHowManyMore() {
    List<Score> before = new ArrayList<>();
    List<Score> after = new ArrayList<>();
    for (int i = 0; i < 11; i++) {
      before.add(new Score(i, "s"));
      after.add(new Score(i + 100, "s"));
    }
    List<String> lines = Differences.between(mode("Duel", before, Map.of(), null), mode("Duel", after, Map.of(), null));

    assertEquals(Differences.MAX_LINES + 1, lines.size());
    assertEquals("/scores/0/limit: 0 -> 100", lines.get(0));
    assertEquals("/scores/7/limit: 7 -> 107", lines.get(Differences.MAX_LINES - 1));
    assertEquals("... and 3 more", lines.get(Differences.MAX_LINES));
  }

  @Test
  void exactlyEightChanges_needNoLastLine() {
    List<Score> before = new ArrayList<>();
    List<Score> after = new ArrayList<>();
    for (int i = 0; i < Differences.MAX_LINES; i++) {
      before.add(new Score(i, "s"));
      after.add(new Score(i, "t"));
    }
    List<String> lines = Differences.between(before, after);

    assertEquals(Differences.MAX_LINES, lines.size());
    assertEquals("/7/label: \"s\" -> \"t\"", lines.get(7));
  }

  @Test
  void aListThatShrank_showsWhatWentAsNone() {
    assertEquals(List.of("/scores/1: {limit: 2, label: b} -> (none)"), Differences.between(
        mode("Duel", List.of(new Score(1, "a"), new Score(2, "b")), Map.of(), null),
        mode("Duel", List.of(new Score(1, "a")), Map.of(), null)));
  }

  /** A class an archetype varies, with a property. */
  static class Lamp {
    @Property double brightness;
  }

  private static ObjectArchetype lamp(double brightness, int watts) {
    return new ObjectArchetype(ClassRef.of("Lamp", Lamp.class), Map.of("brightness", DoubleNode.valueOf(brightness)),
        Map.of("Bulb", new ObjectArchetype.SubobjectOverride(null, null, Map.of("watts", IntNode.valueOf(watts)))));
  }

  /** A hostile review: an archetype (no record) was equal only to itself, and its change one line of its whole self twice. */
  @Test
  void anArchetype_readTwiceAlike_hasNoLines_andItsEditIsNamedByItsPointer() {
    assertEquals(List.of(), Differences.between(lamp(2, 40), lamp(2, 40)));
    assertEquals(List.of("/properties/brightness: 2.0 -> 3.0", "/subobjects/Bulb/properties/watts: 40 -> 60"),
        Differences.between(lamp(2, 40), lamp(3, 60)));
  }
}
