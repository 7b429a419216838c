package dev.overture.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.overture.core.Problem;
import dev.overture.feature.PluginId;
import dev.overture.world.ActorComponent;
import dev.overture.world.Pawn;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The test kit as a game team uses it; docs/embedding.md shows this class. */
class OvertureExtensionTest {

  /** The game's component. */
  public static class Score extends ActorComponent {}

  @RegisterExtension
  final OvertureExtension overture = OvertureExtension.withContent(Content.of()
          .file("experiences/Arena.json", """
              { "gameFeaturesToEnable": ["Combat"], "defaultPawnData": "Hero" }
              """)
          .file("pawns/Hero.json", """
              { "pawnClass": "Pawn" }
              """)
          .file("plugins/Combat/plugin.json", """
              { "version": "1.0.0", "actions": [ { "action": "AddComponents",
                "componentList": [ { "actorClass": "Pawn", "componentClass": "Score" } ] } ] }
              """))
      .component("Score", Score.class);

  @Test
  void theArenaGivesEveryPawnAScore() {
    TestWorld world = overture.world("Match").load("Arena").assertLoaded();

    Pawn hero = world.spawnPawn("Player");

    assertEquals(List.of(PluginId.of("Combat")), world.activePlugins());
    world.component(hero, Score.class);
  }

  @Test
  void aMisspelledPluginIsNamedWhereItIsWritten() {
    overture.content().file("experiences/Typo.json", """
        { "gameFeaturesToEnable": ["Combta"] }
        """);

    Problem problem = overture.world("Match").load("Typo").assertProblem("Overture/UnknownPlugin");

    assertEquals("/gameFeaturesToEnable/0", problem.location().orElseThrow().pointer());
  }
}
