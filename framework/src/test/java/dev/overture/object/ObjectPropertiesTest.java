package dev.overture.object;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Reading and writing an object's properties by name, as a world store and tools do: names base
 * class first, each property's declared type, values of every primitive boxed or not, and a value
 * that does not fit (or a property that does not exist) refused naming the class and the property.
 */
class ObjectPropertiesTest {

  static class Crate {
    @Property int count = 3;
    @Property boolean locked;
    @Property List<String> labels = List.of();
    int notAProperty;
  }

  static class Safe extends Crate {
    @Property long code = 1234;
    @Property char mark = 'x';
  }

  @Test
  void namesAndTypes_baseClassFirst() {
    assertEquals(List.of("count", "locked", "labels", "code", "mark"), ObjectProperties.names(Safe.class));
    assertEquals(int.class, ObjectProperties.type(Safe.class, "count"));
    assertEquals("java.util.List<java.lang.String>", ObjectProperties.type(Safe.class, "labels").getTypeName());
  }

  @Test
  void valuesOfEachKind_areSetAndReadBack() {
    Safe safe = new Safe();
    ObjectProperties.set(safe, "count", 9);
    ObjectProperties.set(safe, "locked", true);
    ObjectProperties.set(safe, "code", 99L);
    ObjectProperties.set(safe, "mark", 'q');
    ObjectProperties.set(safe, "labels", List.of("fragile"));

    assertEquals(9, ObjectProperties.get(safe, "count"));
    assertEquals(true, safe.locked);
    assertEquals(99L, safe.code);
    assertEquals('q', ObjectProperties.get(safe, "mark"));
    assertEquals(List.of("fragile"), safe.labels);
    ObjectProperties.set(safe, "labels", null);
    assertEquals(null, safe.labels, "a reference property may be null");
  }

  @Test
  void aValueThatDoesNotFit_orAPropertyThatDoesNotExist_isRefused() {
    Safe safe = new Safe();
    assertEquals("Property \"count\" of Safe is an int: Long does not fit",
        assertThrows(IllegalArgumentException.class, () -> ObjectProperties.set(safe, "count", 9L)).getMessage());
    assertEquals("Property \"locked\" of Safe is a boolean: null does not fit",
        assertThrows(IllegalArgumentException.class, () -> ObjectProperties.set(safe, "locked", null)).getMessage());
    assertEquals("Property \"labels\" of Safe is a List: String does not fit",
        assertThrows(IllegalArgumentException.class, () -> ObjectProperties.set(safe, "labels", "fragile")).getMessage());
    assertEquals("Safe has no property \"notAProperty\" (properties: [count, locked, labels, code, mark])",
        assertThrows(IllegalArgumentException.class, () -> ObjectProperties.get(safe, "notAProperty")).getMessage());
    assertEquals(3, safe.count, "nothing changed");
  }
}
