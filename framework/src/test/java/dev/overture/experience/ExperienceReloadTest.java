package dev.overture.experience;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.asset.AssetKey;
import dev.overture.asset.AssetManager;
import dev.overture.asset.AssetPath;
import dev.overture.asset.ContentFile;
import dev.overture.asset.ContentRoot;
import dev.overture.asset.PrimaryAssetId;
import dev.overture.asset.StagedContent;
import dev.overture.feature.PluginId;
import dev.overture.testing.Content;
import dev.overture.testing.TestRuntime;
import dev.overture.testing.TestWorld;
import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * An experience prepared again from staged content ({@link ExperienceReload}), as live content
 * and a host's own tooling use it: what it reports changed, the plugins it activates and releases,
 * what discarding gives back, that a reload with errors or one already used cannot be applied, and
 * what applying to a closed world means.
 */
class ExperienceReloadTest {

  private static final PluginId CHIMES = PluginId.of("Chimes");
  private static final PrimaryAssetId DUEL = PrimaryAssetId.parse("Experience:Duel");

  private static Content content() {
    return Content.of()
        .file("experiences/Duel.json", "{ \"defaultPawnData\": \"Fighter\" }")
        .file("pawns/Fighter.json", "{ \"pawnClass\": \"Pawn\", \"displayName\": \"Fighter\" }")
        .file("pawns/Brawler.json", "{ \"pawnClass\": \"Pawn\", \"displayName\": \"Brawler\" }")
        .file("plugins/Chimes/plugin.json", "{ \"version\": \"1.0.0\" }");
  }

  private static TestRuntime runtime() {
    return TestRuntime.builder(content()).onDisk().build();
  }

  /** Writes {@code text} over the experience's file and stages it, as live content does before it decides. */
  private static StagedContent stageDuel(TestRuntime runtime, String text) throws IOException {
    Files.writeString(runtime.folder().orElseThrow().resolve("experiences/Duel.json"), text);
    AssetManager assets = runtime.overture().assets();
    ContentFile file = new ContentFile(ContentRoot.GAME, AssetPath.parse("experiences/Duel.json"));
    assets.tools().reindex(file.root(), file.path());
    return assets.tools().stage(Set.of(file));
  }

  private static ExperienceReload prepare(TestRuntime runtime, TestWorld world, StagedContent stage) {
    CompletableFuture<ExperienceReload> prepared = ExperienceReload.prepare(world.experience().loadedExperience().orElseThrow(), stage);
    runtime.pump();
    assertTrue(prepared.isDone(), "prepared once the executors ran");
    return prepared.join();
  }

  private static Set<String> labels(Set<AssetKey> keys) {
    return keys.stream().map(AssetKey::label).collect(Collectors.toCollection(java.util.TreeSet::new));
  }

  @Test
  void aReloadThatNamesAnotherPawnAndAPlugin_reportsWhatChanges_andAppliesThem() throws IOException {
    try (TestRuntime runtime = runtime()) {
      TestWorld world = runtime.world("Match").load("Duel").assertLoaded();
      StagedContent stage = stageDuel(runtime,
          "{ \"defaultPawnData\": \"Brawler\", \"gameFeaturesToEnable\": [\"Chimes\"] }");

      ExperienceReload reload = prepare(runtime, world, stage);

      assertEquals(List.of(), reload.problems());
      assertFalse(reload.hasErrors());
      assertEquals(DUEL, reload.experience());
      assertEquals(List.of(CHIMES), reload.plugins());
      assertEquals(Set.of("Experience:Duel", "PawnData:Brawler", "PawnData:Fighter"), labels(reload.changedAssets()),
          "the new definition, the pawn it names now, and the pawn it no longer names");
      assertTrue(reload.content().containsKey(PrimaryAssetId.parse("PawnData:Brawler")));
      assertEquals(1, runtime.overture().features().requestCount(CHIMES), "preparing activated the plugin the new content needs");
      assertEquals("ExperienceReload[Experience:Duel in Match, 0 problems]", reload.toString());

      CompletableFuture<ExperienceReload.Result> result = reload.apply();
      stage.commit();
      runtime.pump();

      assertEquals(ExperienceReload.Outcome.APPLIED, result.join().outcome());
      assertEquals("Brawler", world.experience().pawnData().orElseThrow().displayName());
      assertEquals(List.of(CHIMES), world.activePlugins());
      assertEquals("The reload of Experience:Duel in world Match was already applied or discarded",
          assertThrows(IllegalStateException.class, reload::apply).getMessage(), "a reload is used once");
      reload.discard(); // does nothing once applied
      assertEquals(1, runtime.overture().features().requestCount(CHIMES));

      world.deactivate();
      assertEquals(0, runtime.overture().features().requestCount(CHIMES), "the world released the plugin the reload activated");
    }
  }

  @Test
  void aDiscardedReload_releasesThePluginsItActivated_andWhatItPinned_andTheWorldRunsOn() throws IOException {
    try (TestRuntime runtime = runtime()) {
      TestWorld world = runtime.world("Match").load("Duel").assertLoaded();
      AssetManager.Stats before = runtime.overture().assets().stats();
      StagedContent stage = stageDuel(runtime,
          "{ \"defaultPawnData\": \"Brawler\", \"gameFeaturesToEnable\": [\"Chimes\"] }");
      ExperienceReload reload = prepare(runtime, world, stage);
      assertEquals(1, runtime.overture().features().requestCount(CHIMES));

      reload.discard();
      reload.discard();
      stage.close();
      runtime.pump();

      assertEquals(0, runtime.overture().features().requestCount(CHIMES));
      assertEquals(before.pinned(), runtime.overture().assets().stats().pinned());
      assertEquals("Fighter", world.experience().pawnData().orElseThrow().displayName());
      assertEquals(List.of(), world.activePlugins());
      assertThrows(IllegalStateException.class, reload::apply, "a discarded reload cannot be applied");
    }
  }

  @Test
  void aReloadWithErrors_saysWhere_andCannotBeApplied() throws IOException {
    try (TestRuntime runtime = runtime()) {
      TestWorld world = runtime.world("Match").load("Duel").assertLoaded();
      StagedContent stage = stageDuel(runtime, "{ \"defaultPawnData\": \"Fighter\", \"gameFeaturesToEnable\": [\"Chimez\"] }");

      ExperienceReload reload = prepare(runtime, world, stage);

      assertTrue(reload.hasErrors());
      assertEquals("Overture/UnknownPlugin", reload.problems().get(0).id());
      assertTrue(reload.problems().get(0).location().orElseThrow().file().endsWith("experiences/Duel.json"),
          reload.problems().get(0).toString());
      IllegalStateException refused = assertThrows(IllegalStateException.class, reload::apply);
      assertTrue(refused.getMessage().startsWith("A reload of Experience:Duel with errors cannot be applied: "), refused.getMessage());
      reload.discard();
      stage.close();
      assertEquals("Fighter", world.experience().pawnData().orElseThrow().displayName());
    }
  }

  @Test
  void aReloadAppliedToAWorldThatClosed_isSuperseded_andGivesBackWhatItHeld() throws IOException {
    try (TestRuntime runtime = runtime()) {
      TestWorld world = runtime.world("Match").load("Duel").assertLoaded();
      StagedContent stage = stageDuel(runtime,
          "{ \"defaultPawnData\": \"Brawler\", \"gameFeaturesToEnable\": [\"Chimes\"] }");
      ExperienceReload reload = prepare(runtime, world, stage);
      world.deactivate();
      world.world().close();

      CompletableFuture<ExperienceReload.Result> result = reload.apply();
      stage.close();
      runtime.pump();

      assertEquals(ExperienceReload.Outcome.SUPERSEDED, result.join().outcome());
      assertEquals(0, runtime.overture().features().requestCount(CHIMES), "the plugin it activated is released");
    }
  }
}
