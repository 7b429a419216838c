package dev.overture.asset;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The scanner's plan, as its javadoc states it: components whose declared type cannot hold a
 * reference or an annotated component are never read, while every declared type that may hold one
 * (a generic record, a generic array, a raw concrete collection, map or optional, an abstract
 * class, a record holding only open types) is read and its references found.
 */
class RefScanReadsTest {

  private static final PrimaryAssetId GEM = PrimaryAssetId.of("Gem", "Ruby");
  private static final PrimaryAssetId PLAIN = PrimaryAssetId.of("Map", "Arena");
  private static final AtomicInteger READS = new AtomicInteger();

  enum Rarity {
    COMMON
  }

  record Tag(String label, int weight) {}

  record Chain(String name, Chain next) {
    @Override
    public Chain next() {
      READS.incrementAndGet();
      return next;
    }
  }

  record Tagged<T>(String label) {}

  /** Every component a plain type: none can hold a reference or an annotated component. */
  record Plain(
      @AssetBundles("client") PrimaryAssetId art,
      String text,
      Rarity rarity,
      Tag tag,
      List<String> names,
      Map<String, Integer> counts,
      Optional<String> maybe,
      String[] words,
      int[] numbers,
      List<String>[] wordLists,
      Tagged<String> tagged,
      Class<?> type,
      Chain chain) {

    @Override public String text() { READS.incrementAndGet(); return text; }
    @Override public Rarity rarity() { READS.incrementAndGet(); return rarity; }
    @Override public Tag tag() { READS.incrementAndGet(); return tag; }
    @Override public List<String> names() { READS.incrementAndGet(); return names; }
    @Override public Map<String, Integer> counts() { READS.incrementAndGet(); return counts; }
    @Override public Optional<String> maybe() { READS.incrementAndGet(); return maybe; }
    @Override public String[] words() { READS.incrementAndGet(); return words; }
    @Override public int[] numbers() { READS.incrementAndGet(); return numbers; }
    @Override public List<String>[] wordLists() { READS.incrementAndGet(); return wordLists; }
    @Override public Tagged<String> tagged() { READS.incrementAndGet(); return tagged; }
    @Override public Class<?> type() { READS.incrementAndGet(); return type; }
    @Override public Chain chain() { READS.incrementAndGet(); return chain; }
  }

  @SuppressWarnings("unchecked")
  private static Plain plain() {
    return new Plain(GEM, "t", Rarity.COMMON, new Tag("x", 1), List.of("a"), Map.of("a", 1), Optional.of("m"),
        new String[] {"w"}, new int[] {1}, new List[] {List.of("l")}, new Tagged<>("g"), String.class,
        new Chain("a", new Chain("b", null)));
  }

  private static List<String> scan(Object value, String... bundles) {
    List<String> found = new ArrayList<>();
    new ReferenceScanner().scan(value, Set.of(bundles)).forEach(reference ->
        found.add(ReferenceScanner.Step.pointerOf(reference.where()) + " -> " + reference.target()));
    return found;
  }

  private static List<String> all(Object value) {
    List<String> found = new ArrayList<>();
    new ReferenceScanner().scanAll(value).forEach(reference ->
        found.add(ReferenceScanner.Step.pointerOf(reference.where()) + " -> " + reference.target()));
    return found;
  }

  @Test
  void componentsThatCannotHoldAReference_areNeverRead_byALoadOrByTheValidator() {
    READS.set(0);
    assertEquals(List.of("/art -> " + GEM), scan(plain(), "client"));
    assertEquals(List.of("/art -> " + GEM), all(plain()));
    assertEquals(0, READS.get(), "no plain component was read");
  }

  /** References outside the requested bundles, next to one inside. */
  record Mixed(
      @AssetBundles("client") PrimaryAssetId art,
      PrimaryAssetId unbundledId,
      SoftRef<Object> unbundledFile) {
    @Override public PrimaryAssetId unbundledId() { READS.incrementAndGet(); return unbundledId; }
    @Override public SoftRef<Object> unbundledFile() { READS.incrementAndGet(); return unbundledFile; }
  }

  @Test
  void aLoad_doesNotReadReferencesOutsideEveryBundle_theValidatorDoes() {
    Mixed mixed = new Mixed(GEM, PLAIN, SoftRef.of("Game", AssetPath.parse("a.png"), Object.class));
    READS.set(0);
    assertEquals(List.of("/art -> " + GEM), scan(mixed, "client"));
    assertEquals(0, READS.get(), "a load reads only what can lead into its bundles");

    assertEquals(3, all(mixed).size());
    assertEquals(2, READS.get());
  }

  record Holder<T>(T value) {}

  record Boxed(Object value) {}

  record Generic(
      Holder<PrimaryAssetId> held,
      List<PrimaryAssetId>[] lists,
      Boxed boxed,
      Record record,
      @SuppressWarnings("rawtypes") ArrayList rawList,
      @SuppressWarnings("rawtypes") HashMap rawMap,
      @SuppressWarnings("rawtypes") Optional rawOptional) {}

  record Gem(@AssetBundles("client") PrimaryAssetId art) {}

  @Test
  @SuppressWarnings({"unchecked", "rawtypes"})
  void everyOpenDeclaredType_isRead_andItsReferencesFound() {
    HashMap rawMap = new HashMap();
    rawMap.put("k", PLAIN);
    ArrayList rawList = new ArrayList();
    rawList.add(PLAIN);
    Generic generic = new Generic(new Holder<>(PLAIN), new List[] {List.of(GEM)}, new Boxed(PLAIN), new Gem(GEM),
        rawList, rawMap, Optional.of(PLAIN));

    assertEquals(List.of(
        "/held/value -> " + PLAIN,
        "/lists/0/0 -> " + GEM,
        "/boxed/value -> " + PLAIN,
        "/record/art -> " + GEM,
        "/rawList/0 -> " + PLAIN,
        "/rawMap/k -> " + PLAIN,
        "/rawOptional -> " + PLAIN), all(generic));
    assertEquals(List.of("/record/art -> " + GEM), scan(generic, "client"));
  }
}
