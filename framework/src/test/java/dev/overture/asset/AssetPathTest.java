package dev.overture.asset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class AssetPathTest {

  @ParameterizedTest
  @CsvSource({
    "textures/icon.png, textures/icon.png",
    "./textures//icon.png, textures/icon.png",
    "textures/old/../icon.png, textures/icon.png",
    "a/b/c/../../d.json, a/d.json",
  })
  void parse_normalizes(String text, String normalized) {
    assertEquals(normalized, AssetPath.parse(text).value());
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "../secrets.txt | Asset path \"../secrets.txt\" escapes the content root: a \"..\" climbs above it",
        "textures/../../x | Asset path \"textures/../../x\" escapes the content root: a \"..\" climbs above it",
        "/etc/passwd | Asset path \"/etc/passwd\" is absolute: write it relative to the content root, for example \"textures/icon.png\"",
        "C:/Windows/win.ini | Asset path \"C:/Windows/win.ini\" is absolute: write it relative to the content root, for example \"textures/icon.png\"",
        "textures\\icon.png | Asset path \"textures\\icon.png\" uses '\\': separate folders with '/'",
        "textures/.. | Asset path \"textures/..\" names the content root itself, not a file in it",
      })
  void escapesAndAbsolutePaths_areRefusedWithAClearMessage(String text, String message) {
    InvalidAssetPathException e = assertThrows(InvalidAssetPathException.class, () -> AssetPath.parse(text));
    assertEquals(message, e.getMessage());
  }

  @Test
  void emptyAndControlCharacters_areRefused() {
    assertThrows(InvalidAssetPathException.class, () -> AssetPath.parse(""));
    InvalidAssetPathException e = assertThrows(InvalidAssetPathException.class, () -> AssetPath.parse("a\u0000b"));
    assertEquals("Asset path \"a\\u0000b\" holds a control character", e.getMessage());
    // What it refuses is C0 and DEL; what it shows is the one rule (ControlCharacters): the C1 CSI
    // and a bidi override in the same path are escaped too, not printed raw.
    e = assertThrows(InvalidAssetPathException.class, () -> AssetPath.parse("a\u001b\u009b2J\u202eb"));
    assertEquals("Asset path \"a\\u001b\\u009b2J\\u202eb\" holds a control character", e.getMessage());
  }

  @Test
  void parts() {
    AssetPath path = AssetPath.parse("modes/team/Elimination.json");
    assertEquals("Elimination.json", path.fileName());
    assertEquals("Elimination", path.baseName());
    assertEquals("json", path.extension());
    assertEquals(AssetPath.parse("modes/team"), path.parent());
    assertTrue(path.isWithin(AssetPath.parse("modes")));
    assertTrue(path.isWithin(AssetPath.ROOT));
    assertFalse(path.isWithin(AssetPath.parse("mode")));
    assertEquals(AssetPath.ROOT, AssetPath.parse("x.json").parent());
  }

  @Test
  void constructor_refusesUnnormalizedValues() {
    assertThrows(IllegalArgumentException.class, () -> new AssetPath("a/../b"));
  }

  @ParameterizedTest
  @ValueSource(strings = {"a", "a/b.json", ".hidden", "a/.b", "a/...", "..x/y", "x../y", "a/b-c_d.e", "é/ü.json", "a b/c"})
  void constructor_takesNormalValues(String value) {
    assertEquals(value, new AssetPath(value).value());
    assertEquals(value, AssetPath.parse(value).value());
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "/a", "a/", "a//b", "./a", "a/./b", "a/.", "../a", "a/..", ".", "..", "a\\b", "a\u007fb", "a\u001fb", "\u0000",
      "C:/x", "z:", "/", "//"})
  void constructor_refusesValuesThatAreNotInNormalForm(String value) {
    assertThrows(IllegalArgumentException.class, () -> new AssetPath(value));
  }
}
