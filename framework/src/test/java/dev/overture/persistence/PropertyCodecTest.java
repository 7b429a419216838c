package dev.overture.persistence;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.archive.ArchiveFormatException;
import dev.overture.archive.ArchiveHeader;
import dev.overture.archive.ArchiveWriter;
import dev.overture.archive.IdArchives;
import dev.overture.id.StableId;
import dev.overture.world.Actor;
import dev.overture.world.World;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What a saved property becomes and comes back as, for every kind of property a game declares:
 * each value reads back as it was saved, a property whose type changed since the save reads the
 * saved value when it still fits (an int saved, a long read) and is refused in words when it does
 * not (a number too large, null for a primitive, an enum constant that no longer exists), and a
 * blob that is damaged or not a property is refused, never misread.
 */
class PropertyCodecTest {

  enum Stance {
    CROUCH,
    STAND
  }

  record Loadout(String weapon, int ammo) {}

  static class Tank extends Actor {}

  /** A list of StableId, as a property declares it. */
  @SuppressWarnings("unused")
  private static List<StableId> idList;

  /** A list of loadouts, as a property declares it. */
  @SuppressWarnings("unused")
  private static List<Loadout> loadouts;

  @SuppressWarnings("unused")
  private static Map<String, Integer> scores;

  private static Type declared(String field) {
    try {
      return PropertyCodecTest.class.getDeclaredField(field).getGenericType();
    } catch (NoSuchFieldException e) {
      throw new AssertionError(e);
    }
  }

  static Stream<Arguments> roundTrips() {
    return Stream.of(
        Arguments.of(int.class, 7),
        Arguments.of(Integer.class, -7),
        Arguments.of(short.class, (short) -300),
        Arguments.of(Short.class, (short) 300),
        Arguments.of(byte.class, (byte) -100),
        Arguments.of(Byte.class, (byte) 100),
        Arguments.of(long.class, Long.MIN_VALUE),
        Arguments.of(Long.class, Long.MAX_VALUE),
        Arguments.of(double.class, -0.0),
        Arguments.of(Double.class, Double.NaN),
        Arguments.of(float.class, 1.5f),
        Arguments.of(Float.class, Float.MIN_VALUE),
        Arguments.of(boolean.class, true),
        Arguments.of(Boolean.class, false),
        Arguments.of(char.class, 'x'),
        Arguments.of(Character.class, '\u00e9'),
        Arguments.of(String.class, "Tiger \u00e9\ud83d\ude00"),
        Arguments.of(String.class, "a\u0000b"),
        Arguments.of(String.class, "lone \ud800 surrogate"),
        Arguments.of(String.class, "lone \udc00 low"),
        Arguments.of(String.class, "ends high \ud800"),
        Arguments.of(String.class, ""),
        Arguments.of(Stance.class, Stance.STAND),
        Arguments.of(Loadout.class, new Loadout("rifle", 30)),
        Arguments.of(declared("loadouts"), List.of(new Loadout("rifle", 30), new Loadout("pistol", 12))),
        Arguments.of(declared("scores"), Map.of("Red", 3)),
        Arguments.of(StableId.class, StableId.of(42)),
        Arguments.of(declared("idList"), List.of(StableId.of(1), StableId.NONE, StableId.of(Long.MAX_VALUE))));
  }

  @ParameterizedTest(name = "{0}: {1}")
  @MethodSource("roundTrips")
  void everyKindOfProperty_readsBackAsItWasSaved(Type type, Object value) {
    assertEquals(value, PropertyCodec.decode(PropertyCodec.encode(value, type), type));
  }

  /**
   * A hostile review: a value whose header says a newer build wrote it (its UE4 or UE5 file version
   * word, or its licensee version, above this build's) was read as if it were current. It is
   * refused, as any archive of a newer build is; a restore keeps the property's default and warns.
   */
  @Test
  void aValueANewerBuildWrote_isRefused_namingTheWordAndBothVersions() {
    byte[] blob = PropertyCodec.encode(77, int.class);
    byte[] newerUe4 = blob.clone();
    java.nio.ByteBuffer.wrap(newerUe4).order(java.nio.ByteOrder.LITTLE_ENDIAN).putInt(0, 9999);
    byte[] newerUe5 = blob.clone();
    java.nio.ByteBuffer.wrap(newerUe5).order(java.nio.ByteOrder.LITTLE_ENDIAN).putInt(4, 65535);

    assertEquals(77, PropertyCodec.decode(blob, int.class));
    String ue4 = assertThrows(dev.overture.archive.ArchiveVersionException.class, () -> PropertyCodec.decode(newerUe4, int.class))
        .getMessage();
    String ue5 = assertThrows(dev.overture.archive.ArchiveVersionException.class, () -> PropertyCodec.decode(newerUe5, int.class))
        .getMessage();
    assertTrue(ue4.contains("FileVersionUE4") && ue4.contains("9999"), ue4);
    assertTrue(ue5.contains("FileVersionUE5") && ue5.contains("65535"), ue5);
  }

  /**
   * A hostile review: two saves of the same seed differed in one map's order (a Map.copyOf, whose
   * order changes from one run of the JVM to the next). A map or set of no one's order is saved in
   * the order of its keys, at any depth of the JDK's containers; an ordered one keeps its order.
   */
  @Test
  void aMapOrSetOfNoOnesOrder_isSavedInTheOrderOfItsKeys_andAnOrderedOneKeepsItsOwn() {
    java.util.HashMap<String, Integer> hashed = new java.util.HashMap<>();
    java.util.TreeMap<String, Integer> sorted = new java.util.TreeMap<>();
    for (int i = 0; i < 50; i++) {
      hashed.put("counter." + i, i);
      sorted.put("counter." + i, i);
    }
    byte[] expected = PropertyCodec.encode(sorted, declared("scores"));

    assertArrayEquals(expected, PropertyCodec.encode(hashed, declared("scores")));
    assertArrayEquals(expected, PropertyCodec.encode(Map.copyOf(hashed), declared("scores")));
    assertEquals("{a=[[1, 2, 3], {x=1, y=2}]}", PropertyCodec.inStableOrder(
        Map.of("a", List.of(java.util.Set.of(3, 1, 2), Map.of("y", 2, "x", 1))), 0).toString(), "nested in lists and maps");
    java.util.LinkedHashMap<String, Integer> linked = new java.util.LinkedHashMap<>();
    linked.put("zebra", 1);
    linked.put("ant", 2);
    assertEquals(List.of("zebra", "ant"), List.copyOf(((Map<?, ?>) PropertyCodec.inStableOrder(linked, 0)).keySet()));
  }

  /** A ranking entry compared by its points alone, as game code writes them. */
  public record Score(String player, int points) implements Comparable<Score> {
    @Override
    public int compareTo(Score other) {
      return Integer.compare(points, other.points);
    }
  }

  /**
   * A review of the ordering above: sorting into a TreeMap or TreeSet merged keys that compare
   * equal but are not (1.0 and 1.00; two players of one score), losing saved entries. Every entry
   * survives the round trip.
   */
  @Test
  void keysThatCompareEqualButAreNot_allSurviveTheStableOrder() {
    java.util.Set<java.math.BigDecimal> decimals =
        new java.util.HashSet<>(List.of(new java.math.BigDecimal("1.0"), new java.math.BigDecimal("1.00"), new java.math.BigDecimal("2")));
    java.util.Map<java.math.BigDecimal, String> byDecimal = new java.util.HashMap<>();
    byDecimal.put(new java.math.BigDecimal("1.0"), "a");
    byDecimal.put(new java.math.BigDecimal("1.00"), "b");
    java.util.Set<Score> scores = new java.util.HashSet<>(List.of(new Score("ann", 5), new Score("bob", 5), new Score("cy", 7)));

    assertEquals(3, ((java.util.Set<?>) PropertyCodec.inStableOrder(decimals, 0)).size());
    assertEquals(2, ((Map<?, ?>) PropertyCodec.inStableOrder(byDecimal, 0)).size());
    java.util.Set<?> kept = (java.util.Set<?>) PropertyCodec.inStableOrder(scores, 0);
    assertEquals(java.util.Set.copyOf(scores), java.util.Set.copyOf(kept));
    assertEquals(new Score("cy", 7), List.copyOf(kept).get(2), "in the order of their points");
  }

  @Test
  void nullReadsBackAsNull_exceptIntoAPrimitive_andANullIdIsNone() {
    assertNull(PropertyCodec.decode(PropertyCodec.encode(null, String.class), String.class));
    assertNull(PropertyCodec.decode(PropertyCodec.encode(null, Integer.class), Integer.class));
    assertEquals("At byte 0: null for a int property",
        assertThrows(ArchiveFormatException.class, () -> PropertyCodec.decode(PropertyCodec.encode(null, Integer.class), int.class))
            .getMessage());
    assertEquals(StableId.NONE, PropertyCodec.decode(PropertyCodec.encode(null, StableId.class), StableId.class));
    assertEquals(List.of(), PropertyCodec.decode(PropertyCodec.encode(null, declared("idList")), declared("idList")));
    List<StableId> withNull = new ArrayList<>(Arrays.asList(StableId.of(3), null));
    assertEquals(List.of(StableId.of(3), StableId.NONE),
        PropertyCodec.decode(PropertyCodec.encode(withNull, declared("idList")), declared("idList")));
  }

  @Test
  void onlyIdsAreIdArchives_whichTheMigrationRewrites() {
    assertEquals(true, PropertyCodec.isIdType(StableId.class));
    assertEquals(true, PropertyCodec.isIdType(declared("idList")));
    assertEquals(false, PropertyCodec.isIdType(declared("loadouts")));
    assertEquals(false, PropertyCodec.isIdType(List.class));
    assertEquals(false, PropertyCodec.isIdType(long.class));
    assertArrayEquals(IdArchives.encode(IdArchives.Layout.STABLE_ID, List.of(StableId.of(42))),
        PropertyCodec.encode(StableId.of(42), StableId.class));
  }

  @Test
  void aSavedValue_readsIntoAWiderTypeThePropertyHasNow() {
    assertEquals(5L, PropertyCodec.decode(PropertyCodec.encode(5, int.class), long.class));
    assertEquals(5L, PropertyCodec.decode(PropertyCodec.encode(5L, long.class), Long.class));
    assertEquals(1.5, PropertyCodec.decode(PropertyCodec.encode(1.5f, float.class), double.class));
    assertEquals((short) 12, PropertyCodec.decode(PropertyCodec.encode(12, int.class), short.class));
    assertEquals((byte) 12, PropertyCodec.decode(PropertyCodec.encode(12, int.class), byte.class));
    assertEquals("STAND", PropertyCodec.decode(PropertyCodec.encode(Stance.STAND, Stance.class), String.class));
    assertEquals(7, PropertyCodec.decode(PropertyCodec.encode(7, int.class), Object.class), "a type variable's bound");
  }

  static Stream<Arguments> misfits() {
    return Stream.of(
        Arguments.of(40_000, int.class, short.class, "At byte 0: a saved Integer does not fit a short property"),
        Arguments.of(300, int.class, byte.class, "At byte 0: a saved Integer does not fit a byte property"),
        Arguments.of(5L, long.class, int.class, "At byte 0: a saved Long does not fit a int property"),
        Arguments.of(1.5, double.class, float.class, "At byte 0: a saved Double does not fit a float property"),
        Arguments.of(1, int.class, double.class, "At byte 0: a saved Integer does not fit a double property"),
        Arguments.of(1, int.class, boolean.class, "At byte 0: a saved Integer does not fit a boolean property"),
        Arguments.of(true, boolean.class, String.class, "At byte 0: a saved Boolean does not fit a String property"),
        Arguments.of("ab", String.class, char.class, "At byte 0: a saved String does not fit a char property"),
        Arguments.of(2.5f, float.class, long.class, "At byte 0: a saved Float does not fit a long property"),
        Arguments.of("PRONE", String.class, Stance.class, "At byte 0: \"PRONE\" is not a Stance"),
        Arguments.of(new Loadout("rifle", 30), Loadout.class, int.class,
            "At byte 0: the JSON value does not fit int: Cannot deserialize value of type `int` from Object value (token `JsonToken.START_OBJECT`)"),
        Arguments.of(StableId.of(4), StableId.class, long.class, "At byte 0: the archive holds ids, but the property is long"));
  }

  @ParameterizedTest(name = "{1} saved, {2} now")
  @MethodSource("misfits")
  void aSavedValueThatNoLongerFits_isRefusedInWords(Object value, Type saved, Type now, String message) {
    byte[] blob = PropertyCodec.encode(value, saved);

    assertEquals(message, assertThrows(ArchiveFormatException.class, () -> PropertyCodec.decode(blob, now)).getMessage());
  }

  @Test
  void aLiveGameObject_isRefused_evenInsideAListOrAMap() {
    World world = World.builder("Save").build();
    Actor tank = world.spawnActor(Tank.class, "Tiger");
    String refused = "it refers to Tank[Tiger], a live game object a save cannot hold; give the property the object's StableId instead";

    assertEquals(refused, assertThrows(IllegalArgumentException.class, () -> PropertyCodec.encode(tank, Actor.class)).getMessage());
    assertEquals(refused, assertThrows(IllegalArgumentException.class, () -> PropertyCodec.encode(List.of(tank), List.class)).getMessage());
    assertEquals(refused, assertThrows(IllegalArgumentException.class,
        () -> PropertyCodec.encode(Map.of("target", List.of(tank)), Map.class)).getMessage());
    assertEquals("it refers to World[Save, STANDALONE, 2 actors, t=0.0s], a live game object a save cannot hold; give the property"
        + " the object's StableId instead",
        assertThrows(IllegalArgumentException.class, () -> PropertyCodec.encode(world, Object.class)).getMessage());
  }

  @Test
  void aBlobWithBytesAfterItsValue_orAnUnknownTag_orANewerFormat_orNoFormat_isRefused() {
    byte[] valid = PropertyCodec.encode(7, int.class);
    byte[] longer = Arrays.copyOf(valid, valid.length + 1);
    assertEquals("At byte " + valid.length + ": 1 unexpected bytes after the value",
        assertThrows(ArchiveFormatException.class, () -> PropertyCodec.decode(longer, int.class)).getMessage());

    ArchiveWriter unknownTag = new ArchiveWriter();
    ArchiveHeader.of(new ArchiveHeader.Entry(PropertyCodec.FORMAT.guid(), 1)).write(unknownTag);
    byte[] tagged = unknownTag.writeInt32(99).toByteArray();
    assertEquals("unknown value tag 99",
        assertThrows(ArchiveFormatException.class, () -> PropertyCodec.decode(tagged, int.class)).getMessage().replaceFirst("At byte \\d+: ", ""));

    ArchiveWriter newer = new ArchiveWriter();
    ArchiveHeader.of(new ArchiveHeader.Entry(PropertyCodec.FORMAT.guid(), 2)).write(newer);
    byte[] fromNewer = newer.writeInt32(2).writeInt32(7).toByteArray();
    assertEquals("At byte 0: written with Overture-Property version 2; this build reads up to 1",
        assertThrows(ArchiveFormatException.class, () -> PropertyCodec.decode(fromNewer, int.class)).getMessage());

    ArchiveWriter none = new ArchiveWriter();
    ArchiveHeader.of().write(none);
    byte[] noFormat = none.writeInt32(2).writeInt32(7).toByteArray();
    assertEquals("At byte 0: the archive is neither an id nor an Overture-Property value",
        assertThrows(ArchiveFormatException.class, () -> PropertyCodec.decode(noFormat, int.class)).getMessage());
  }
}
