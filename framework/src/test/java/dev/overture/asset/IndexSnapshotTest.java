package dev.overture.asset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class IndexSnapshotTest {

  private static final PrimaryAssetType ITEM = PrimaryAssetType.of("Item");
  private static final PrimaryAssetType PAWN = PrimaryAssetType.of("Pawn");

  private static AssetEntry entry(PrimaryAssetType type, String name) {
    AssetPath path = AssetPath.parse(type + "/" + name + ".json");
    return new AssetEntry(new PrimaryAssetId(type, name), ContentRoot.GAME, path, "assets/" + path, Object.class);
  }

  private static IndexSnapshot add(IndexSnapshot snapshot, List<AssetEntry> added) {
    return snapshot.change(List.of(), added, Map.of(ITEM, Object.class, PAWN, Object.class), List.of());
  }

  // Issue 10: the type lists are now built with one sort per change instead of tree insertions.
  @Test
  void change_keepsEachTypesIdsSorted_whateverOrderEntriesComeIn() {
    List<AssetEntry> items = new ArrayList<>();
    for (int i = 0; i < 500; i++) {
      items.add(entry(ITEM, String.format("item-%03d", i)));
    }
    List<AssetEntry> shuffled = new ArrayList<>(items);
    Collections.shuffle(shuffled, new Random(5));
    shuffled.add(entry(PAWN, "Hero"));

    IndexSnapshot snapshot = add(IndexSnapshot.EMPTY, shuffled);

    assertEquals(items.stream().map(AssetEntry::id).toList(), snapshot.ids(ITEM));
    assertEquals(List.of(PrimaryAssetId.of("Pawn", "Hero")), snapshot.ids(PAWN));
    assertEquals(501, snapshot.size());
    assertEquals(snapshot.ids(ITEM).get(0), snapshot.idAt(ContentRoot.GAME, items.get(0).path()));
  }

  @Test
  void change_rebuildsOnlyTouchedTypes_andDropsATypeWhoseLastIdGoes() {
    AssetEntry hero = entry(PAWN, "Hero");
    IndexSnapshot before = add(IndexSnapshot.EMPTY, List.of(entry(ITEM, "b"), entry(ITEM, "a"), hero));

    IndexSnapshot after = before.change(List.of(hero), List.of(entry(ITEM, "c")),
        Map.of(ITEM, Object.class, PAWN, Object.class), List.of());

    assertEquals(List.of(PrimaryAssetId.of("Item", "a"), PrimaryAssetId.of("Item", "b"), PrimaryAssetId.of("Item", "c")),
        after.ids(ITEM));
    assertEquals(List.of(), after.ids(PAWN));
    assertTrue(after.find(hero.id()).isEmpty());
    assertEquals(null, after.idAt(ContentRoot.GAME, hero.path()));
    assertEquals(List.of(PrimaryAssetId.of("Item", "a"), PrimaryAssetId.of("Item", "b")), before.ids(ITEM), "the old snapshot is unchanged");
    IndexSnapshot untouched = after.change(List.of(), List.of(hero), Map.of(ITEM, Object.class, PAWN, Object.class), List.of());
    assertSame(after.ids(ITEM), untouched.ids(ITEM), "a type the change does not concern keeps its list");
  }

  @Test
  void snapshotLists_cannotBeModified() {
    IndexSnapshot snapshot = add(IndexSnapshot.EMPTY, List.of(entry(ITEM, "a")));
    assertThrows(UnsupportedOperationException.class, () -> snapshot.ids(ITEM).add(PrimaryAssetId.of("Item", "z")));
  }

  // Issue 10: the map of files is built on the first lookup, then kept up to date by changes.
  @ParameterizedTest
  @ValueSource(booleans = {false, true})
  void idAt_findsWhatEachChangeLeaves_whetherOrNotTheFilesWereLookedUpBefore(boolean lookedUpBefore) {
    AssetEntry a = entry(ITEM, "a");
    AssetEntry b = entry(ITEM, "b");
    AssetEntry hero = entry(PAWN, "Hero");
    IndexSnapshot before = add(IndexSnapshot.EMPTY, List.of(a, b));
    if (lookedUpBefore) {
      assertEquals(a.id(), before.idAt(ContentRoot.GAME, a.path()));
    }

    IndexSnapshot after = before.change(List.of(a), List.of(hero), Map.of(ITEM, Object.class, PAWN, Object.class), List.of());

    assertEquals(null, after.idAt(ContentRoot.GAME, a.path()));
    assertEquals(b.id(), after.idAt(ContentRoot.GAME, b.path()));
    assertEquals(hero.id(), after.idAt(ContentRoot.GAME, hero.path()));
    assertEquals(null, after.idAt("plugin", b.path()));
    assertEquals(a.id(), before.idAt(ContentRoot.GAME, a.path()), "the earlier snapshot is unchanged");
    assertEquals(null, before.idAt(ContentRoot.GAME, hero.path()));
  }
}
