package dev.overture.feature;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PluginIdTest {

  @Test
  void printsAsContentSpellsIt_andSortsByName() {
    assertEquals("ShooterCore", PluginId.of("ShooterCore").toString());
    assertEquals(List.of(PluginId.of("Arena"), PluginId.of("Core")),
        List.of(PluginId.of("Core"), PluginId.of("Arena")).stream().sorted().toList());
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "Shooter Core", "../Core", "-Core", "Core/Rules", "my-plugin", "1up", "a.b", "_Core", "Café"})
  void aNameThatCannotBeAPluginFolder_isRefusedWithTheRule(String name) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> PluginId.of(name));

    // The rule of content root names: a name accepted here is never refused when the plugin registers.
    assertEquals("Invalid plugin name \"" + name + "\" (the \"name\" in a plugin.json, or a plugin folder's name): use ASCII"
        + " letters, digits and '_', starting with a letter, at most 64 characters; it names the plugin's content root",
        e.getMessage());
  }

  /**
   * A hostile review: a name of 65 letters was told to "use ASCII letters, digits and '_', starting
   * with a letter", which it did; the rule now says how long a name may be.
   */
  @Test
  void aNameTooLong_isRefusedWithTheRuleThatSaysHowLong() {
    PluginId.of("L".repeat(64));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> PluginId.of("L".repeat(65)));

    assertEquals("Invalid plugin name \"" + "L".repeat(64) + "…\" (65 characters) (the \"name\" in a plugin.json, or a plugin"
        + " folder's name): use ASCII letters, digits and '_', starting with a letter, at most 64 characters; it names the"
        + " plugin's content root", e.getMessage());
  }
}
