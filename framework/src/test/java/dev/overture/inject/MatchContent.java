package dev.overture.inject;

import dev.overture.testing.Content;
import dev.overture.world.ActorComponent;

/**
 * Content of the embedding tests: two experiences sharing the Combat plugin (which depends on
 * Core), a broken one, and the components they add.
 */
final class MatchContent {

  private MatchContent() {}

  /** Added to pawns by Combat, on servers only. */
  public static class Score extends ActorComponent {}

  /** Added to pawns by the Duel experience. */
  public static class Duelist extends ActorComponent {}

  static Content content() {
    return Content.of()
        .file("experiences/Duel.json", """
            {
              "gameFeaturesToEnable": ["Combat"],
              "defaultPawnData": "Fighter",
              "actions": [ { "action": "AddComponents", "componentList": [ { "actorClass": "Pawn", "componentClass": "Duelist" } ] } ]
            }
            """)
        .file("experiences/Brawl.json", """
            { "gameFeaturesToEnable": ["Combat"], "defaultPawnData": "Fighter" }
            """)
        .file("experiences/Lobby.json", "{}")
        .file("experiences/Sneaky.json", """
            {
              "gameFeaturesToEnable": ["Core"],
              "actions": [ { "action": "AddComponents", "componentList": [ { "actorClass": "Pawn", "componentClass": "Score" } ] } ]
            }
            """)
        .file("experiences/Both.json", """
            { "gameFeaturesToEnable": ["Combat", "Core"] }
            """)
        .file("experiences/Broken.json", """
            { "gameFeaturesToEnable": ["Combat", "Magic"] }
            """)
        .file("pawns/Fighter.json", """
            {
              "pawnClass": "Pawn",
              "displayName": "Fighter",
              "abilitySets": ["abilities/punch.json", "abilities/kick.json", "abilities/block.json"]
            }
            """)
        .file("abilities/punch.json", "{ \"grantedAbilities\": [\"Punch\"] }")
        .file("abilities/kick.json", "{ \"grantedAbilities\": [\"Kick\"] }")
        .file("abilities/block.json", "{ \"grantedAbilities\": [\"Block\"] }")
        .file("plugins/Core/plugin.json", """
            { "version": "1.0.0" }
            """)
        .file("plugins/Combat/plugin.json", """
            {
              "version": "1.0.0",
              "dependencies": [ { "name": "Core" } ],
              "contributes": { "components": ["Score"] },
              "actions": [ { "action": "AddComponents", "componentList": [ { "actorClass": "Pawn", "componentClass": "Score", "client": false } ] } ]
            }
            """);
  }

  static Overture.Builder register(Overture.Builder builder) {
    return builder.kind(ActorComponent.class, "Score", Score.class).kind(ActorComponent.class, "Duelist", Duelist.class);
  }
}
