package dev.overture.experience;

import static dev.overture.experience.ExperienceFixture.ARENA;
import static dev.overture.experience.ExperienceFixture.LOBBY;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.asset.AssetPath;
import dev.overture.asset.ContentRoot;
import dev.overture.asset.PrimaryAssetId;
import dev.overture.asset.SoftRef;
import dev.overture.feature.InputConfig;
import dev.overture.world.NetMode;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The experience in force as other threads see it ({@link LoadedExperience}): the bundles it loaded
 * by net mode, the assets it depends on (the asset manager's default pawn data included), the files
 * it depends on under any type, and which of its assets another asset manager holds in another
 * version.
 */
class LoadedExperienceTest {

  private static final PrimaryAssetId HERO = PrimaryAssetId.of("PawnData", "Hero");

  @TempDir Path temp;
  private ExperienceFixture game;
  private ExperienceFixture other;

  @AfterEach
  void tearDown() {
    if (game != null) {
      game.close();
    }
    if (other != null) {
      other.close();
    }
  }

  private LoadedExperience load(NetMode mode, PrimaryAssetId experience) {
    ExperienceManager manager = game.install("Match", mode);
    manager.setCurrentExperience(experience);
    game.pump();
    assertEquals(LoadState.LOADED, manager.state(), () -> manager.failure().map(Throwable::getMessage).orElse(""));
    return manager.loadedExperience().orElseThrow();
  }

  @Test
  void aListenServersExperience_loadedEveryBundle_andADedicatedServersNotTheClientOne() {
    game = new ExperienceFixture(temp);
    assertEquals(Set.of("equipped", "client", "server"), load(NetMode.LISTEN_SERVER, ARENA).bundles());

    ExperienceManager server = game.install("Server", NetMode.DEDICATED_SERVER);
    server.setCurrentExperience(ARENA);
    game.pump();
    assertEquals(Set.of("equipped", "server"), server.loadedExperience().orElseThrow().bundles());
  }

  @Test
  void itDependsOnItsPawnData_andItsFiles_underAnyType_butNotOnOtherExperiencesAssets() {
    game = new ExperienceFixture(temp);
    LoadedExperience arena = load(NetMode.STANDALONE, ARENA);

    assertTrue(arena.dependsOn(ARENA));
    assertTrue(arena.dependsOn(HERO));
    assertFalse(arena.dependsOn(PrimaryAssetId.of("PawnData", "Ghost")), "Haunted's pawn data");
    assertTrue(arena.dependsOnFile(SoftRef.of(ContentRoot.GAME, AssetPath.parse("input/hero.json"), Object.class)),
        "the pawn data's input, asked for as another type");
    assertTrue(arena.dependsOnFile(SoftRef.of(ContentRoot.GAME, AssetPath.parse("input/hero.json"), InputConfig.class)));
    assertFalse(arena.dependsOnFile(SoftRef.of(ContentRoot.GAME, AssetPath.parse("input/ghost.json"), InputConfig.class)));
    assertFalse(arena.dependsOnFile(SoftRef.of("Other", AssetPath.parse("input/hero.json"), InputConfig.class)),
        "the same path in another content root");
    assertEquals("LoadedExperience[Experience:Arena in Match, " + arena.content().size() + " assets]", arena.toString());
  }

  @Test
  void theAssetManagersDefaultPawnData_isAmongWhatItDependsOn() {
    game = new ExperienceFixture(temp, content -> content
            .file("pawns/Default.json", "{ \"pawnClass\": \"Pawn\", \"displayName\": \"Default\", \"inputConfig\": \"input/default.json\" }")
            .file("input/default.json", "{ \"nativeInputActions\": [] }"),
        builder -> builder.defaultPawnData(PrimaryAssetId.of("PawnData", "Default")));
    LoadedExperience lobby = load(NetMode.STANDALONE, LOBBY);

    assertTrue(lobby.dependsOn(PrimaryAssetId.of("PawnData", "Default")));
    assertTrue(lobby.dependsOnFile(SoftRef.of(ContentRoot.GAME, AssetPath.parse("input/default.json"), InputConfig.class)),
        "what the default pawn data's bundles reach");
  }

  @Test
  void theAssetsStaleInAnotherManager_areThoseItHoldsInAnotherVersion_notThoseItDoesNotHold() {
    game = new ExperienceFixture(temp.resolve("game"));
    LoadedExperience arena = load(NetMode.STANDALONE, ARENA);
    assertEquals(Set.of(), arena.staleIn(game.assets), "nothing changed since it loaded");

    other = new ExperienceFixture(temp.resolve("other"));
    other.assets.loadPrimaryAsset(HERO);
    other.pump();

    assertEquals(Set.of(HERO), arena.staleIn(other.assets));
  }
}
