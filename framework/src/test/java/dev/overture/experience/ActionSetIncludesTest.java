package dev.overture.experience;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.asset.PrimaryAssetId;
import dev.overture.core.Problem;
import dev.overture.feature.PluginId;
import dev.overture.feature.TestActions;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Action sets that include action sets: each joins once, included first; a cycle fails the load. */
class ActionSetIncludesTest {

  @TempDir Path temp;

  @Test
  void includedSets_joinOnce_beforeTheSetsThatIncludeThem() {
    try (ExperienceFixture game = new ExperienceFixture(temp, content -> content
        .file("experiences/Nested.json", """
            { "actionSets": ["Outer", "Inner"] }
            """)
        .file("actionsets/Outer.json", """
            { "actionSets": ["Inner"], "gameFeaturesToEnable": ["Core"], "actions": [ { "action": "Record", "name": "outer" } ] }
            """)
        .file("actionsets/Inner.json", """
            { "actions": [ { "action": "Record", "name": "inner" } ] }
            """))) {
      ExperienceManager manager = game.loadedInWorld(PrimaryAssetId.of("Experience", "Nested"));

      assertEquals(LoadState.LOADED, manager.state(), () -> manager.failure().map(Throwable::getMessage).orElse(""));
      assertEquals(List.of("ActionSet:Inner actions[0] Record", "ActionSet:Outer actions[0] Record"), manager.activeActions());
      assertEquals(List.of(PluginId.of("Core")), manager.activePlugins(), "the included set's plugin");
      assertTrue(TestActions.LOG.indexOf("activate inner in World") < TestActions.LOG.indexOf("activate outer in World"));
    }
  }

  @Test
  void aSetThatIncludesItselfThroughOthers_failsTheLoad_namingTheCycle() {
    try (ExperienceFixture game = new ExperienceFixture(temp, content -> content
        .file("experiences/Loop.json", """
            { "actionSets": ["A"] }
            """)
        .file("actionsets/A.json", """
            { "actionSets": ["B"] }
            """)
        .file("actionsets/B.json", """
            { "actionSets": ["A"] }
            """))) {
      ExperienceManager manager = game.loadedInWorld(PrimaryAssetId.of("Experience", "Loop"));

      assertEquals(LoadState.FAILED, manager.state());
      Problem problem = manager.failure().orElseThrow().problems().get(0);
      assertEquals("Overture/ReferenceCycle", problem.id());
      assertTrue(problem.message().contains("ActionSet:A") && problem.message().contains("ActionSet:B"), problem.message());
    }
  }
}
