package dev.overture.asset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.annotation.JsonTypeInfo;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.jsontype.NamedType;

/**
 * The small value types content binds to (a class reference, a class-or-asset, a soft reference)
 * and the registry of kind names behind them.
 */
class RefScanValuesTest {

  interface Body {}

  record Hero(String name) implements Body {}

  record Ghost(String name) implements Body {}

  @Test
  void aClassRef_isItsNameAndClass_andEqualByBoth() {
    ClassRef<Body> hero = ClassRef.of("Hero", Hero.class);

    assertEquals("Hero", hero.name());
    assertSame(Hero.class, hero.type());
    assertEquals("Hero", hero.toString(), "written in JSON as its name");
    assertEquals(hero, ClassRef.of("Hero", Hero.class));
    assertEquals(hero.hashCode(), ClassRef.<Body>of("Hero", Hero.class).hashCode());
    assertNotEquals(hero, ClassRef.of("Ghost", Hero.class));
    assertNotEquals(hero, ClassRef.of("Hero", Ghost.class));
    assertNotEquals(hero, (Object) "Hero");
    assertNotEquals(hero.hashCode(), ClassRef.of("Ghost", Ghost.class).hashCode());
  }

  @Test
  void aClassOrAsset_readsAsWrittenInJson() {
    ClassOrAsset<Body> named = ClassOrAsset.of(ClassRef.of("Hero", Hero.class));
    ClassOrAsset<Body> described = ClassOrAsset.ofAsset(PrimaryAssetId.of("Pawn", "HeavyHero"));

    assertEquals(Optional.of(ClassRef.of("Hero", Hero.class)), named.classRef());
    assertEquals(Optional.empty(), named.asset());
    assertEquals("Hero", named.toString());
    assertEquals("Pawn:HeavyHero", described.toString());
    assertThrows(IllegalArgumentException.class, () -> new ClassOrAsset<Body>(Optional.empty(), Optional.empty()));
  }

  @Test
  void aSoftRef_printsAsRootPathAndType_andDifferentFilesHashApart() {
    SoftRef<RawAsset> icon = SoftRef.of("Game", AssetPath.parse("ui/icon.png"), RawAsset.class);

    assertEquals("Game:/ui/icon.png (RawAsset)", icon.toString());
    assertEquals(icon.hashCode(), SoftRef.of("Game", AssetPath.parse("ui/icon.png"), RawAsset.class).hashCode());
    assertNotEquals(icon.hashCode(), SoftRef.of("Game", AssetPath.parse("ui/other.png"), RawAsset.class).hashCode());
    assertNotEquals(icon.hashCode(), SoftRef.of("Mod", AssetPath.parse("ui/icon.png"), RawAsset.class).hashCode());
  }

  @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "action")
  interface Action {}

  interface Move extends Action {}

  record Walk(int steps) implements Move {}

  record Wait(int turns) implements Action {}

  @JsonTypeInfo(use = JsonTypeInfo.Id.NAME)
  interface Effect {}

  record Burn(int heat) implements Effect {}

  @JsonTypeInfo(use = JsonTypeInfo.Id.CLASS)
  interface Legacy {}

  record Old(int age) implements Legacy {}

  @Test
  void theKindProperty_comesFromTheTypeInfo_ofTheClassOrAnInterfaceItImplements() {
    assertEquals("action", KindRegistry.kindProperty(Action.class));
    assertEquals("action", KindRegistry.kindProperty(Wait.class), "from an interface it implements");
    assertEquals("@type", KindRegistry.kindProperty(Burn.class), "no property named: Jackson's default");
    assertEquals("@type", KindRegistry.kindProperty(Hero.class), "no type info at all");
  }

  @Test
  void registering_checksTheNameAndTheType() {
    KindRegistry kinds = new KindRegistry();

    IllegalArgumentException badName =
        assertThrows(IllegalArgumentException.class, () -> kinds.register(Action.class, "9Walk", Walk.class));
    assertEquals("Invalid kind name \"9Walk\": expected a letter followed by letters, digits or '_'", badName.getMessage());
    @SuppressWarnings({"unchecked", "rawtypes"})
    IllegalArgumentException notASubtype =
        assertThrows(IllegalArgumentException.class, () -> kinds.register((Class) Action.class, "Hero", Hero.class));
    assertEquals("Kind \"Hero\": " + Hero.class.getName() + " is not a concrete subtype of " + Action.class.getName(),
        notASubtype.getMessage());
    assertEquals(List.of(), kinds.names(Action.class), "nothing was registered");
  }

  @Test
  void theNamesOfABase_areThoseRegisteredUnderItsOwnHierarchyOnly() {
    KindRegistry kinds = new KindRegistry();
    kinds.register(Body.class, "Hero", Hero.class);
    kinds.register(Move.class, "Walk", Walk.class);

    assertEquals(List.of("Walk"), kinds.names(Move.class));
    assertEquals(List.of("Walk"), kinds.names(Action.class), "registered under a subtype of the base");
    assertEquals(List.of("Walk"), kinds.names(Walk.class), "registered under a supertype of the class");
    assertEquals(List.of("Hero"), kinds.names(Body.class));
    assertEquals(List.of(), kinds.names(Effect.class));
  }

  @Test
  void onlyKindsOfNamePolymorphicBases_becomeJacksonNamedTypes() {
    KindRegistry kinds = new KindRegistry();
    kinds.register(Body.class, "Hero", Hero.class);
    kinds.register(Action.class, "Wait", Wait.class);
    kinds.register(Effect.class, "Burn", Burn.class);
    kinds.register(Legacy.class, "Old", Old.class);

    List<String> named = Arrays.stream(kinds.namedTypes()).map(type -> type.getName() + "=" + type.getType().getSimpleName())
        .toList();
    assertEquals(List.of("Wait=Wait", "Burn=Burn"), named);
  }
}
