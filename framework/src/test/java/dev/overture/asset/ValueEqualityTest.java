package dev.overture.asset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue 20: the asset package's value records write out their equals and hashCode (a record's
 * generated ones cost every start-up an invokedynamic link each). They keep the record's own
 * definition, and its very hash, so that no hash map iterates in another order: each is compared
 * with a plain record of the same components.
 */
class ValueEqualityTest {

  private record IdShape(PrimaryAssetType type, String name) {}

  private record TypeShape(String name) {}

  private record PathShape(String value) {}

  private record RuleShape(PrimaryAssetType type, Class<?> assetClass, List<AssetPath> directories, boolean recursive, String extension) {}

  @Test
  void primaryAssetId_equalsAndHashesAsItsRecord() {
    PrimaryAssetId id = PrimaryAssetId.parse("Map:Arena");

    assertEquals(new IdShape(id.type(), id.name()).hashCode(), id.hashCode());
    assertEquals(PrimaryAssetId.parse("Map:Arena"), id);
    assertNotEquals(PrimaryAssetId.parse("Map:Outpost"), id);
    assertNotEquals(PrimaryAssetId.parse("Experience:Arena"), id);
    assertNotEquals(id, "Map:Arena");
    assertNotEquals(id, null);
  }

  @Test
  void primaryAssetType_equalsAndHashesAsItsRecord() {
    PrimaryAssetType type = PrimaryAssetType.of("Map");

    assertEquals(new TypeShape("Map").hashCode(), type.hashCode());
    assertEquals(PrimaryAssetType.of("Map"), type);
    assertNotEquals(PrimaryAssetType.of("Pawn"), type);
    assertNotEquals(type, "Map");
  }

  @Test
  void assetPath_equalsAndHashesAsItsRecord() {
    AssetPath path = AssetPath.parse("maps/Arena.json");

    assertEquals(new PathShape("maps/Arena.json").hashCode(), path.hashCode());
    assertEquals(AssetPath.parse("maps/Arena.json"), path);
    assertNotEquals(AssetPath.parse("maps/Outpost.json"), path);
    assertNotEquals(path, "maps/Arena.json");
  }

  @Test
  void scanRule_equalsAndHashesAsItsRecord_componentByComponent() {
    PrimaryAssetType map = PrimaryAssetType.of("Map");
    List<AssetPath> maps = List.of(AssetPath.parse("maps"));
    ScanRule rule = new ScanRule(map, Object.class, maps, true, "json");

    assertEquals(new RuleShape(map, Object.class, maps, true, "json").hashCode(), rule.hashCode());
    assertEquals(new RuleShape(map, Object.class, maps, false, "json").hashCode(),
        new ScanRule(map, Object.class, maps, false, "json").hashCode());
    assertEquals(new ScanRule(map, Object.class, maps, true, "json"), rule);
    assertNotEquals(new ScanRule(PrimaryAssetType.of("Pawn"), Object.class, maps, true, "json"), rule);
    assertNotEquals(new ScanRule(map, String.class, maps, true, "json"), rule);
    assertNotEquals(new ScanRule(map, Object.class, List.of(AssetPath.parse("other")), true, "json"), rule);
    assertNotEquals(new ScanRule(map, Object.class, maps, false, "json"), rule);
    assertNotEquals(new ScanRule(map, Object.class, maps, true, "txt"), rule);
    assertNotEquals(rule, map);
  }
}
