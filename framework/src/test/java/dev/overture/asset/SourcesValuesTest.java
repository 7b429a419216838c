package dev.overture.asset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.core.Problem;
import dev.overture.testing.Content;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The value types of content: asset paths, scan rules as code and content declare them, roots and files. */
class SourcesValuesTest {

  private static final String ABSOLUTE = "\" is absolute: write it relative to the content root, for example \"textures/icon.png\"";

  @Test
  void parse_keepsSpacesInNames_whileNormalizing() {
    assertEquals("my textures/big icon.png", AssetPath.parse("./my textures//big icon.png").value());
  }

  @Test
  void controlCharacterMessage_escapesOnlyControlCharacters() {
    InvalidAssetPathException e = assertThrows(InvalidAssetPathException.class, () -> AssetPath.parse("my file\u0001.json"));
    assertEquals("Asset path \"my file\\u0001.json\" holds a control character", e.getMessage());
    e = assertThrows(InvalidAssetPathException.class, () -> AssetPath.parse("a\u007f~b"));
    assertEquals("Asset path \"a\\u007f~b\" holds a control character", e.getMessage());
  }

  @ParameterizedTest
  @ValueSource(strings = {"a:/x.json", "A:/x.json", "Z:/x.json", "z:x.json"})
  void driveLetters_areAbsolute_atBothEndsOfTheAlphabet(String text) {
    InvalidAssetPathException e = assertThrows(InvalidAssetPathException.class, () -> AssetPath.parse(text));
    assertEquals("Asset path \"" + text + ABSOLUTE, e.getMessage());
  }

  @ParameterizedTest
  @ValueSource(strings = {"@:x.json", "[:x.json", "`:x.json", "{:x.json", "1:x.json"})
  void aColonAfterAnyOtherCharacter_isAnOrdinaryName(String text) {
    assertEquals(text, AssetPath.parse(text).value());
  }

  @Test
  void resolve_joinsAndNormalizes() {
    assertEquals(AssetPath.parse("a/b.json"), AssetPath.ROOT.resolve("a/b.json"));
    assertEquals(AssetPath.parse("b.json"), AssetPath.ROOT.resolve("./b.json"));
    assertEquals(AssetPath.parse("textures/icon.png"), AssetPath.parse("textures/old").resolve("../icon.png"));
    assertEquals(AssetPath.parse("textures/old/icon.png"), AssetPath.parse("textures/old").resolve("icon.png"));
    InvalidAssetPathException e = assertThrows(InvalidAssetPathException.class, () -> AssetPath.ROOT.resolve("../x.json"));
    assertEquals("Asset path \"../x.json\" escapes the content root: a \"..\" climbs above it", e.getMessage());
  }

  @Test
  void hiddenFiles_haveTheirWholeNameAsBaseName_andNoExtension() {
    AssetPath hidden = AssetPath.parse("config/.settings");
    assertEquals(".settings", hidden.baseName());
    assertEquals("", hidden.extension());
    AssetPath dotted = AssetPath.parse("config/.settings.json");
    assertEquals(".settings", dotted.baseName());
    assertEquals("json", dotted.extension());
    assertEquals("", AssetPath.parse("README").extension());
  }

  @Test
  void paths_sortByTheirText() {
    List<AssetPath> paths = new ArrayList<>(List.of(AssetPath.parse("b/a.json"), AssetPath.parse("a/b.json"), AssetPath.parse("a.json")));
    paths.sort(null);
    assertEquals(List.of(AssetPath.parse("a.json"), AssetPath.parse("a/b.json"), AssetPath.parse("b/a.json")), paths);
    assertTrue(AssetPath.parse("a").compareTo(AssetPath.parse("b")) < 0);
    assertTrue(AssetPath.parse("b").compareTo(AssetPath.parse("a")) > 0);
  }

  @Test
  void scanRule_recursiveCoversEverythingBelow_nonRecursiveOnlyTheFolderItself() {
    ScanRule recursive = ScanRule.of("Mode", Object.class, "modes");
    ScanRule flat = recursive.nonRecursive();

    assertTrue(recursive.covers(AssetPath.parse("modes/a.json")));
    assertTrue(recursive.covers(AssetPath.parse("modes/team/b.JSON")));
    assertTrue(flat.covers(AssetPath.parse("modes/a.json")));
    assertFalse(flat.covers(AssetPath.parse("modes/team/b.json")));
    assertFalse(flat.covers(AssetPath.parse("other/a.json")));
    assertFalse(flat.covers(AssetPath.parse("modes/a.txt")));

    ScanRule wholeRoot = ScanRule.of("Mode", Object.class, "").nonRecursive();
    assertTrue(wholeRoot.covers(AssetPath.parse("top.json")));
    assertFalse(wholeRoot.covers(AssetPath.parse("modes/a.json")));
  }

  @Test
  void declaration_defaultsToRecursiveJson_andKeepsWhatItSays() {
    Map<String, Class<?>> classes = Map.of("Mode", TestAssets.Mode.class);
    PrimaryAssetType mode = PrimaryAssetType.of("Mode");

    ScanRule defaults = new ScanRuleDeclaration(mode, "Mode", List.of("modes", ".", ""), null, null).toScanRule(classes);
    assertEquals(new ScanRule(mode, TestAssets.Mode.class, List.of(AssetPath.parse("modes"), AssetPath.ROOT, AssetPath.ROOT), true, "json"),
        defaults);

    ScanRule flat = new ScanRuleDeclaration(mode, "Mode", List.of("modes"), false, "Mode").toScanRule(classes);
    assertFalse(flat.recursive());
    assertEquals("mode", flat.extension());

    assertTrue(new ScanRuleDeclaration(mode, "Mode", List.of("modes"), true, null).toScanRule(classes).recursive());
  }

  @Test
  void declaration_ofAnUnregisteredClass_namesTheRegisteredOnes() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new ScanRuleDeclaration(PrimaryAssetType.of("Mode"), "Mod", List.of("modes"), null, null)
            .toScanRule(Map.of("Mode", Object.class, "Pawn", Object.class)));
    assertEquals("Asset class \"Mod\" is not registered (registered: \"Mode\", \"Pawn\")", e.getMessage());
  }

  @Test
  void contentRoot_withReferences_namesOnlyItselfAndThoseRoots() {
    ContentRoot plugin = ContentRoot.of("Weapons", Content.of().source()).withReferences(Set.of("Game", "Core"));

    assertEquals(Optional.of(Set.of("Core", "Game")), plugin.references());
    assertTrue(plugin.mayName("Weapons"));
    assertTrue(plugin.mayName("Game"));
    assertTrue(plugin.mayName("Core"));
    assertFalse(plugin.mayName("Vehicles"));
    assertEquals("Weapons", plugin.name());

    ContentRoot open = ContentRoot.of("Game", Content.of().source());
    assertTrue(open.mayName("Vehicles"));
    assertTrue(open.mayName("Game"));
  }

  @Test
  void contentRoot_undeclared_explainsTheDependencyToAdd() {
    ContentRoot plugin = ContentRoot.of("Weapons", Content.of().source()).withReferences(Set.of("Game", "Core"));

    Problem problem = plugin.undeclared("Pawn:Tank", "Vehicles");

    assertEquals("Overture/UndeclaredDependency", problem.id());
    assertTrue(problem.isError());
    assertEquals(List.of("Core", "Game", "Weapons"), problem.choices());
    assertTrue(problem.message().startsWith("Refers to Pawn:Tank of \"Vehicles\", which the content of \"Weapons\" may not name:"
        + " a plugin's content names the game's, its own and that of the plugins it depends on;"
        + " add \"Vehicles\" to the dependencies of Weapons"), problem.message());
  }

  @Test
  void contentFile_isTheFileOfSoftReferencesToIt_inAnyType() {
    ContentFile file = new ContentFile("Game", AssetPath.parse("icons/hero.json"));

    assertTrue(file.isFileOf(SoftRef.of("Game", AssetPath.parse("icons/hero.json"), TestAssets.Icon.class)));
    assertTrue(file.isFileOf(SoftRef.of("Game", AssetPath.parse("icons/hero.json"), RawAsset.class)));
    assertFalse(file.isFileOf(SoftRef.of("Weapons", AssetPath.parse("icons/hero.json"), TestAssets.Icon.class)));
    assertFalse(file.isFileOf(SoftRef.of("Game", AssetPath.parse("icons/villain.json"), TestAssets.Icon.class)));
    assertEquals("Game:/icons/hero.json", file.toString());
  }

  @Test
  void contentFiles_sortByRootThenPath() {
    ContentFile gameB = new ContentFile("Game", AssetPath.parse("b.json"));
    ContentFile gameA = new ContentFile("Game", AssetPath.parse("a/z.json"));
    ContentFile core = new ContentFile("Core", AssetPath.parse("z.json"));
    List<ContentFile> files = new ArrayList<>(List.of(gameB, core, gameA));
    files.sort(null);
    assertEquals(List.of(core, gameA, gameB), files);
    assertTrue(gameA.compareTo(gameB) < 0);
    assertTrue(gameB.compareTo(gameA) > 0);
    assertEquals(0, gameA.compareTo(new ContentFile("Game", AssetPath.parse("a/z.json"))));
  }
}
