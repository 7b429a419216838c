package dev.overture.asset;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.overture.asset.ReferenceScanner.Found;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Which references a bound asset holds, as a bundle load follows them (only those in the requested
 * bundles, directly annotated or inherited from the component that holds them) and as the
 * validator and resave see them ({@link AssetReferences#of}: every one, in field order), with the
 * JSON pointer of each, whatever shape the record gives them: nested records, lists, sets, maps,
 * optionals, arrays, recursive records, components typed as an interface, {@code Object}, a raw
 * collection or a type variable.
 */
class ReferenceScannerTest {

  private static final PrimaryAssetId RULES = PrimaryAssetId.of("Rules", "Duel");
  private static final PrimaryAssetId PLAIN = PrimaryAssetId.of("Map", "Arena");
  private static final PrimaryAssetId GEM = PrimaryAssetId.of("Gem", "Ruby");
  private static final SoftRef<Object> ICON = SoftRef.of("Game", AssetPath.parse("ui/icon.png"), Object.class);

  enum Rarity {
    COMMON
  }

  record Loadout(
      @AssetBundles("client") SoftRef<Object> icon,
      @AssetBundles("server") PrimaryAssetId rules,
      PrimaryAssetId plain,
      @AssetBundles(AssetBundles.ALWAYS) PrimaryAssetId always,
      String label,
      int count,
      Integer boxed,
      Rarity rarity,
      Duration cooldown,
      AssetPath path) {}

  private static final Loadout LOADOUT =
      new Loadout(ICON, RULES, PLAIN, GEM, "Duel", 2, 3, Rarity.COMMON, Duration.ofSeconds(1), AssetPath.parse("a/b.json"));

  /** Each found reference as "pointer -> target". */
  private static List<String> scan(Object value, String... bundles) {
    List<String> found = new ArrayList<>();
    // A scanner of its own each time: its plans are worked out from the classes, not remembered.
    new ReferenceScanner().scan(value, Set.of(bundles)).forEach(reference -> found.add(describe(reference)));
    return found;
  }

  private static String describe(Found reference) {
    return ReferenceScanner.Step.pointerOf(reference.where()) + " -> " + reference.target()
        + (reference.acyclic() ? " (acyclic)" : "");
  }

  /** As {@link AssetReferences#of} lists them, with a scanner of its own. */
  private static List<String> all(Object value) {
    List<String> found = new ArrayList<>();
    new ReferenceScanner().scanAll(value).forEach(reference -> found.add(ReferenceScanner.Step.pointerOf(reference.where()) + " -> "
        + reference.target()));
    assertEquals(found, AssetReferences.of(value).stream().map(reference -> reference.pointer() + " -> " + reference.target()).toList());
    return found;
  }

  @Test
  void aLoad_followsOnlyTheReferencesOfTheBundlesItAsksFor_andAlwaysTheHardOnes() {
    assertEquals(List.of("/icon -> " + ICON, "/always -> " + GEM), scan(LOADOUT, "client"));
    assertEquals(List.of("/rules -> " + RULES, "/always -> " + GEM), scan(LOADOUT, "server"));
    assertEquals(List.of("/icon -> " + ICON, "/rules -> " + RULES, "/always -> " + GEM), scan(LOADOUT, "client", "server"));
    assertEquals(List.of("/always -> " + GEM), scan(LOADOUT), "no bundle asked: only the hard reference");
  }

  @Test
  void everyReference_inABundleOrNot_isListedInFieldOrder() {
    assertEquals(List.of("/icon -> " + ICON, "/rules -> " + RULES, "/plain -> " + PLAIN, "/always -> " + GEM), all(LOADOUT));
  }

  record Inner(@AssetBundles("client") SoftRef<Object> art, PrimaryAssetId unbundled) {}

  record Wrapper(Inner inner, String name) {}

  @Test
  void anAnnotationDeepInsideAnUnannotatedRecord_isFound() {
    Wrapper wrapper = new Wrapper(new Inner(ICON, PLAIN), "w");

    assertEquals(List.of("/inner/art -> " + ICON), scan(wrapper, "client"));
    assertEquals(List.of(), scan(wrapper, "server"));
    assertEquals(List.of("/inner/art -> " + ICON, "/inner/unbundled -> " + PLAIN), all(wrapper));
  }

  record Entry(
      PrimaryAssetId id,
      Map<String, PrimaryAssetId> byKey,
      Optional<PrimaryAssetId> maybe,
      Optional<PrimaryAssetId> nothing,
      Set<PrimaryAssetId> set,
      PrimaryAssetId[] array,
      List<SoftRef<Object>> files) {}

  record Pack(@AssetBundles(value = "client", acyclic = true) List<Entry> entries, List<Entry> unbundled) {}

  @Test
  void aBundle_isInheritedByEverythingBelowIt_throughEveryContainer_withThePointerOfEach() {
    Map<String, PrimaryAssetId> byKey = new LinkedHashMap<>();
    byKey.put("a/b~c", RULES);
    Entry entry = new Entry(PLAIN, byKey, Optional.of(GEM), Optional.empty(), Set.of(RULES),
        new PrimaryAssetId[] {null, GEM}, List.of(ICON));
    Pack pack = new Pack(List.of(entry), List.of(entry));

    assertEquals(List.of(
            "/entries/0/id -> " + PLAIN + " (acyclic)",
            "/entries/0/byKey/a~1b~0c -> " + RULES + " (acyclic)",
            "/entries/0/maybe -> " + GEM + " (acyclic)",
            "/entries/0/set -> " + RULES + " (acyclic)",
            "/entries/0/array/1 -> " + GEM + " (acyclic)",
            "/entries/0/files/0 -> " + ICON + " (acyclic)"),
        scan(pack, "client"), "the second list has no bundle, so a load does not follow it");
    assertEquals(12, all(pack).size(), "the validator sees both lists");
    assertEquals("/unbundled/0/files/0 -> " + ICON, all(pack).get(11));
  }

  record Node(@AssetBundles("client") PrimaryAssetId here, List<Node> children) {}

  @Test
  void aRecordThatHoldsItself_isScannedToTheBottom() {
    Node tree = new Node(PLAIN, List.of(new Node(RULES, List.of(new Node(GEM, List.of())))));

    assertEquals(List.of("/here -> " + PLAIN, "/children/0/here -> " + RULES, "/children/0/children/0/here -> " + GEM),
        scan(tree, "client"));
  }

  interface Part {}

  record Gem(@AssetBundles("client") PrimaryAssetId art) implements Part {}

  record Socket(Part part, Object anything, @SuppressWarnings("rawtypes") List raw, Part empty) {}

  record Holder<T>(T value) {}

  @Test
  void whatADeclaredTypeCannotTell_isDecidedByTheValue() {
    Gem gem = new Gem(GEM);
    Socket socket = new Socket(gem, gem, List.of(gem), null);

    assertEquals(List.of("/part/art -> " + GEM, "/anything/art -> " + GEM, "/raw/0/art -> " + GEM), scan(socket, "client"));
    assertEquals(List.of("/value/art -> " + GEM), scan(new Holder<>(gem), "client"));
    assertEquals(List.of("/value -> " + PLAIN), all(new Holder<>(PLAIN)));
    assertEquals(List.of(), scan(new Holder<>(PLAIN), "client"), "a bare id under a type variable has no bundle");
  }

  record Renamed(@JsonProperty("art-id") @AssetBundles("client") PrimaryAssetId artId) {}

  record Spawn(@AssetBundles("client") ClassOrAsset<Object> what) {}

  @Test
  void thePointer_usesThePropertyNameTheJsonHas_andAClassOrAssetPointsAtItself() {
    assertEquals(List.of("/art-id -> " + GEM), scan(new Renamed(GEM), "client"));
    assertEquals(List.of("/what -> " + RULES), scan(new Spawn(ClassOrAsset.ofAsset(RULES)), "client"));
  }

  record Leaves(String text, Integer number, Boolean flag, Character letter, AssetPath path, PrimaryAssetType type,
      Duration time, int[] numbers, Rarity rarity) {}

  @Test
  void aRecordOfPlainValues_holdsNoReference() {
    Leaves leaves = new Leaves("a", 1, true, 'c', AssetPath.parse("x.json"), PrimaryAssetType.of("Map"), Duration.ZERO,
        new int[] {1}, Rarity.COMMON);

    assertEquals(List.of(), all(leaves));
    assertEquals(List.of(), scan(leaves, "client"));
    assertEquals(List.of(), all("a plain string"));
    assertEquals(List.of("/0 -> " + GEM, "/1/art -> " + GEM), all(List.of(GEM, new Gem(GEM))),
        "a list at the top is walked like any other");
  }
}
