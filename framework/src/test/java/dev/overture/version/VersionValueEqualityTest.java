package dev.overture.version;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import org.junit.jupiter.api.Test;

/**
 * Issue 20: {@link Guid} and {@link CustomVersion} write out their equals and hashCode (a record's
 * generated ones cost every start-up an invokedynamic link each), keeping the record's own
 * definition and its very hash, so that no hash map iterates in another order.
 */
class VersionValueEqualityTest {

  private record GuidShape(int a, int b, int c, int d) {}

  private record VersionShape(Guid guid, int latest, String friendlyName) {}

  @Test
  void guid_equalsAndHashesAsItsRecord_wordByWord() {
    Guid guid = new Guid(0x2EB5FDBD, 0x01AC4D10, 0x8136F38F, 0x3393A5DA);

    assertEquals(new GuidShape(0x2EB5FDBD, 0x01AC4D10, 0x8136F38F, 0x3393A5DA).hashCode(), guid.hashCode());
    assertEquals(Guid.parse("2EB5FDBD-01AC-4D10-8136-F38F3393A5DA"), guid);
    assertNotEquals(new Guid(0, 0x01AC4D10, 0x8136F38F, 0x3393A5DA), guid);
    assertNotEquals(new Guid(0x2EB5FDBD, 0, 0x8136F38F, 0x3393A5DA), guid);
    assertNotEquals(new Guid(0x2EB5FDBD, 0x01AC4D10, 0, 0x3393A5DA), guid);
    assertNotEquals(new Guid(0x2EB5FDBD, 0x01AC4D10, 0x8136F38F, 0), guid);
    assertNotEquals(guid, guid.toString());
  }

  @Test
  void customVersion_equalsAndHashesAsItsRecord_componentByComponent() {
    Guid guid = Guid.parse("CEB9B655-6F46-4DE7-AFE1-31D0FC46BFC4");
    CustomVersion version = new CustomVersion(guid, 2, "Sample-Hero");

    assertEquals(new VersionShape(guid, 2, "Sample-Hero").hashCode(), version.hashCode());
    assertEquals(new CustomVersion(guid, 2, "Sample-Hero"), version);
    assertNotEquals(new CustomVersion(Guid.parse("9A7D33B5-82CB-4E5D-BA5A-C377486FEA31"), 2, "Sample-Hero"), version);
    assertNotEquals(new CustomVersion(guid, 3, "Sample-Hero"), version);
    assertNotEquals(new CustomVersion(guid, 2, "Sample-Heroes"), version);
    assertNotEquals(version, guid);
  }
}
