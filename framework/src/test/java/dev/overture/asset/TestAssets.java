package dev.overture.asset;

import dev.overture.testing.Content;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import java.util.List;
import java.util.Map;

/** The asset classes the asset manager's tests bind: a small game's experiences, pawns and icons. */
final class TestAssets {

  private TestAssets() {}

  record Mode(
      String title,
      @AssetBundles("client") @AllowedTypes("Pawn") PrimaryAssetId pawn,
      @AssetBundles("client") SoftRef<Icon> icon,
      @AssetBundles("server") List<SoftRef<RawAsset>> serverData,
      @AssetBundles(value = AssetBundles.ALWAYS, acyclic = true) @AllowedTypes("Mode") List<PrimaryAssetId> includes,
      List<Action> actions,
      int maxPlayers) {
    Mode {
      serverData = serverData == null ? List.of() : List.copyOf(serverData);
      includes = includes == null ? List.of() : List.copyOf(includes);
      actions = actions == null ? List.of() : List.copyOf(actions);
    }
  }

  record Pawn(
      String name,
      @AssetBundles("client") SoftRef<Icon> portrait,
      @AssetBundles("client") @AllowedTypes("Pawn") List<PrimaryAssetId> friends,
      Map<String, Double> stats) {
    Pawn {
      friends = friends == null ? List.of() : List.copyOf(friends);
      stats = stats == null ? Map.of() : Map.copyOf(stats);
    }
  }

  record Icon(String texture, int size, @AssetBundles("client") SoftRef<RawAsset> image) {}

  enum Team {
    RED,
    BLUE
  }

  record Arena(String name, Team defaultTeam, List<List<Integer>> tiles) {}

  @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "action")
  interface Action {}

  record Spawn(String what, int count) implements Action {}

  record Grant(@AssetBundles("client") SoftRef<Icon> badge) implements Action {}

  /** The builder every test starts from: Mode, Pawn and Arena rules, the two action kinds. */
  static AssetManager.Builder builder(AssetSource source) {
    return AssetManager.builder()
        .contentRoot(source)
        .scanRule(ScanRule.of("Mode", Mode.class, "modes"))
        .scanRule(ScanRule.of("Pawn", Pawn.class, "pawns"))
        .assetClass("Arena", Arena.class)
        .kind(Action.class, "Spawn", Spawn.class)
        .kind(Action.class, "Grant", Grant.class);
  }

  /** A small valid game: two modes, three pawns, icons, server data. */
  static Content game() {
    return Content.of()
        .file("overture.json", """
            {
              "primaryAssetTypesToScan": [
                { "type": "Arena", "assetClass": "Arena", "directories": ["arenas"] }
              ]
            }
            """)
        .file("modes/Elimination.json", """
            {
              "title": "Elimination",
              "pawn": "Hero",
              "icon": "icons/elimination.json",
              "serverData": ["server/rules.bin"],
              "includes": ["Mode:Base"],
              "actions": [
                { "action": "Spawn", "what": "bot", "count": 3 },
                { "action": "Grant", "badge": "icons/badge.json" }
              ],
              "maxPlayers": 8
            }
            """)
        .file("modes/Base.json", """
            { "title": "Base", "maxPlayers": 16 }
            """)
        .file("pawns/Hero.json", """
            { "name": "Hero", "portrait": "icons/hero.json", "friends": ["Sidekick"], "stats": { "speed": 6.5 } }
            """)
        .file("pawns/Sidekick.json", """
            { "name": "Sidekick", "friends": ["Hero"] }
            """)
        .file("pawns/Villain.json", """
            { "name": "Villain" }
            """)
        .file("icons/elimination.json", """
            { "texture": "elimination.png", "size": 64, "image": "textures/elimination.png" }
            """)
        .file("icons/hero.json", """
            { "texture": "hero.png", "size": 32 }
            """)
        .file("icons/badge.json", """
            { "texture": "badge.png", "size": 16 }
            """)
        .file("textures/elimination.png", "PNG-BYTES")
        .file("server/rules.bin", "RULES")
        .file("arenas/Dust.json", """
            { "name": "Dust", "defaultTeam": "RED", "tiles": [[0, 1], [1, 0]] }
            """);
  }

  static PrimaryAssetId id(String text) {
    return PrimaryAssetId.parse(text);
  }
}
