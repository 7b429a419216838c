package dev.overture.object;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Class defaults as a game programmer sets them in code: a default of every kind of property
 * (each primitive, a service object JSON cannot hold) reaches new instances; a value that does not
 * fit, a number that is not finite, or a property that does not exist is refused with a message
 * naming the class, the property and its type (or the properties there are).
 */
class ClassDefaultsTest {

  /** A service: not something JSON can hold, shared as it is. */
  interface Radio {
    String call();
  }

  static class Gadget {
    @Property int count = 1;
    @Property long serial = 2;
    @Property double weight = 3.5;
    @Property float charge = 0.5f;
    @Property boolean armed;
    @Property short level = 4;
    @Property byte mode = 5;
    @Property char grade = 'c';
    @Property Radio radio;
    @Property String label = "gadget";
  }

  static class Bomb extends Gadget {
    @Property int fuse = 10;
  }

  private final ObjectFactory objects = ObjectFactory.create();

  @ParameterizedTest(name = "{0}")
  @CsvSource({
    "count, an int, 7",
    "serial, a long, 9000000000",
    "weight, a double, 2.25",
    "charge, a float, 1.5",
    "armed, a boolean, true",
    "level, a short, 12",
    "mode, a byte, 3",
    "grade, a char, a",
  })
  void aDefaultOfEachPrimitiveProperty_reachesNewInstances_andAValueOfAnotherKindIsRefused(String property, String type, String text) {
    ClassDefaults<Gadget> defaults = objects.classDefaults(Gadget.class);
    Object value = switch (property) {
      case "count" -> Integer.valueOf(text);
      case "serial" -> Long.valueOf(text);
      case "weight" -> Double.valueOf(text);
      case "charge" -> Float.valueOf(text);
      case "armed" -> Boolean.valueOf(text);
      case "level" -> Short.valueOf(text);
      case "mode" -> Byte.valueOf(text);
      default -> text.charAt(0);
    };

    defaults.set(property, value);

    assertEquals(value, defaults.get(property));
    Gadget made = objects.newObject(Gadget.class, null, "g");
    Object read = switch (property) {
      case "count" -> made.count;
      case "serial" -> made.serial;
      case "weight" -> made.weight;
      case "charge" -> made.charge;
      case "armed" -> made.armed;
      case "level" -> made.level;
      case "mode" -> made.mode;
      default -> made.grade;
    };
    assertEquals(value, read);
    assertEquals("Property \"" + property + "\" of Gadget is " + type + ": Thread does not fit",
        assertThrows(IllegalArgumentException.class, () -> defaults.set(property, new Thread(() -> {}))).getMessage());
    assertEquals("Property \"" + property + "\" of Gadget is " + type + ": null does not fit",
        assertThrows(IllegalArgumentException.class, () -> defaults.set(property, null)).getMessage());
  }

  @Test
  void aServiceObjectJsonCannotHold_isSharedAsItIs_andOneOfAnotherTypeIsRefused() {
    ClassDefaults<Gadget> defaults = objects.classDefaults(Gadget.class);
    Radio radio = () -> "over";

    defaults.set("radio", radio);

    assertSame(radio, objects.newObject(Gadget.class, null, "a").radio);
    assertSame(radio, objects.newObject(Gadget.class, null, "b").radio);
    assertEquals("Property \"radio\" of Gadget is a Radio: Thread does not fit",
        assertThrows(IllegalArgumentException.class, () -> defaults.set("radio", new Thread(() -> {}))).getMessage());
    defaults.set("radio", null);
    assertEquals(null, objects.newObject(Gadget.class, null, "c").radio, "a reference property may default to null");
  }

  @Test
  void aNumberThatIsNotFinite_isRefused() {
    ClassDefaults<Gadget> defaults = objects.classDefaults(Gadget.class);

    assertEquals("Property \"weight\" of Gadget is a double: NaN does not fit (it is not a finite number)",
        assertThrows(IllegalArgumentException.class, () -> defaults.set("weight", Double.NaN)).getMessage());
    assertEquals("Property \"charge\" of Gadget is a float: Infinity does not fit (it is not a finite number)",
        assertThrows(IllegalArgumentException.class, () -> defaults.set("charge", Float.POSITIVE_INFINITY)).getMessage());
    assertEquals(3.5, objects.newObject(Gadget.class, null, "g").weight, "nothing was set");
  }

  @Test
  void aPropertyThatDoesNotExist_isRefused_namingTheClassesProperties_baseClassFirst() {
    ClassDefaults<Bomb> defaults = objects.classDefaults(Bomb.class);

    assertEquals(List.of("count", "serial", "weight", "charge", "armed", "level", "mode", "grade", "radio", "label", "fuse"),
        List.copyOf(defaults.properties()));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> defaults.set("timer", 5));
    assertEquals("Bomb has no property \"timer\" (properties: [count, serial, weight, charge, armed, level, mode, grade, radio, label,"
        + " fuse])", e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> defaults.get("timer"));
  }

  @Test
  void aDefaultNeverSet_isWhatTheConstructorGives_andTheDefaultsSayWhatChanged() {
    ClassDefaults<Bomb> defaults = objects.classDefaults(Bomb.class);
    assertEquals(10, defaults.get("fuse"));
    assertEquals("gadget", defaults.get("label"));
    assertEquals(Bomb.class, defaults.type());
    assertEquals("ClassDefaults[Bomb, changed []]", defaults.toString());

    defaults.set("fuse", 3);
    objects.classDefaults(Gadget.class).set("label", "base");

    assertEquals("ClassDefaults[Bomb, changed [fuse]]", defaults.toString());
    assertEquals("base", defaults.get("label"), "the base class's setting, seen from the subclass");
    Bomb bomb = objects.newObject(Bomb.class, null, "b");
    assertEquals(3, bomb.fuse);
    assertEquals("base", bomb.label);
  }

  @Test
  void aMapDefault_isCheckedByItsGenericType_andCopiedForEachInstance() {
    Map<String, Integer> prices = new LinkedHashMap<>(Map.of("apple", 3));
    ClassDefaults<Shop> defaults = objects.classDefaults(Shop.class);

    defaults.set("prices", prices);
    Shop first = objects.newObject(Shop.class, null, "a");
    first.prices.put("pear", 4);

    assertEquals(Map.of("apple", 3), objects.newObject(Shop.class, null, "b").prices);
    assertEquals(Map.of("apple", 3), defaults.get("prices"));
    assertEquals("Property \"prices\" of Shop is a Map: {\"apple\":\"cheap\"} does not fit",
        assertThrows(IllegalArgumentException.class, () -> defaults.set("prices", Map.of("apple", "cheap"))).getMessage());
  }

  static class Shop {
    @Property Map<String, Integer> prices = new LinkedHashMap<>();
  }
}
