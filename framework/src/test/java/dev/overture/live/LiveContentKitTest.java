package dev.overture.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.asset.PrimaryAssetId;
import dev.overture.experience.CarryOver;
import dev.overture.experience.LoadState;
import dev.overture.experience.MapDefinition;
import dev.overture.experience.PawnData;
import dev.overture.testing.Content;
import dev.overture.testing.TestRuntime;
import dev.overture.testing.TestWorld;
import dev.overture.version.EngineVersion;
import dev.overture.world.ActorComponent;
import dev.overture.world.Pawn;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * Live content driven by the test kit: no watcher and no thread of its own; the test writes the
 * files, the quiet period passes on the fake ticker ({@code TestRuntime.reload()}), and the change
 * is checked and applied when the test pumps.
 */
class LiveContentKitTest {

  /** Counts hits, and keeps the count across a reload. */
  public static class Tally extends ActorComponent implements CarryOver<Integer> {
    int hits;

    @Override
    public Integer carryOut() {
      return hits;
    }

    @Override
    public void carryIn(Integer kept) {
      hits = kept;
    }
  }

  /** Added by the edited experience. */
  public static class Banner extends ActorComponent {}

  private static final String DUEL = """
      {
        "defaultPawnData": "Fighter",
        "actions": [ { "action": "AddComponents", "componentList": [ { "actorClass": "Pawn", "componentClass": "Tally" } ] } ]
      }
      """;

  private static Content content() {
    return Content.of()
        .file("experiences/Duel.json", DUEL)
        .file("pawns/Fighter.json", """
            { "pawnClass": "Pawn", "displayName": "Fighter" }
            """)
        .file("maps/Pit.json", """
            { "title": "The Pit" }
            """);
  }

  private static TestRuntime runtime() {
    return TestRuntime.builder(content()).liveContent().component("Tally", Tally.class).component("Banner", Banner.class)
        .engineVersion(EngineVersion.parse("1.0.0-500"), EngineVersion.parse("1.0.0-400")).build();
  }

  @Test
  void anEdit_isAppliedAtTheNextPump() {
    try (TestRuntime runtime = runtime()) {
      List<LiveReload> heard = new CopyOnWriteArrayList<>();
      runtime.live().subscribe(heard::add);
      TestWorld world = runtime.world("Match").load("Duel").assertLoaded();

      runtime.edit("pawns/Fighter.json", """
          { "pawnClass": "Pawn", "displayName": "Brawler" }
          """);
      runtime.reload();

      assertEquals("Brawler", world.experience().pawnData().map(PawnData::displayName).orElseThrow());
      assertEquals(1, heard.size(), heard.toString());
      assertEquals(LiveReload.Status.APPLIED, heard.get(0).status(), heard.get(0).toString());
      assertEquals(List.of("PawnData:Fighter /displayName: \"Fighter\" -> \"Brawler\""), heard.get(0).changes());
    }
  }

  @Test
  void aComponentThatCarriesOver_keepsItsState_whenTheActionsRunAgain() {
    try (TestRuntime runtime = runtime()) {
      TestWorld world = runtime.world("Match").load("Duel").assertLoaded();
      Pawn pawn = world.spawnPawn("Player");
      Tally before = world.component(pawn, Tally.class);
      before.hits = 7;

      runtime.edit("experiences/Duel.json", """
          {
            "defaultPawnData": "Fighter",
            "actions": [ { "action": "AddComponents", "componentList": [
              { "actorClass": "Pawn", "componentClass": "Tally" }, { "actorClass": "Pawn", "componentClass": "Banner" } ] } ]
          }
          """);
      runtime.reload();

      Tally after = world.component(pawn, Tally.class);
      assertTrue(after != before, "the actions ran again and added a new component");
      assertEquals(7, after.hits, "the state was carried over");
      assertTrue(pawn.findComponent(Banner.class).isPresent());
      assertEquals(LoadState.LOADED, world.experience().state());
    }
  }

  @Test
  void aBrokenEdit_leavesTheWorldAsItWas_andTheNextGoodOneApplies() {
    try (TestRuntime runtime = runtime()) {
      List<LiveReload> heard = new CopyOnWriteArrayList<>();
      runtime.live().subscribe(heard::add);
      TestWorld world = runtime.world("Match").load("Duel").assertLoaded();

      runtime.edit("experiences/Duel.json", """
          { "defaultPawnData": "Fighterr" }
          """);
      runtime.reload();
      runtime.announce("experiences/Duel.json"); // the same broken save noticed again
      runtime.reload();

      assertEquals(1, heard.size(), "reported once: " + heard);
      assertEquals(LiveReload.Status.REFUSED, heard.get(0).status());
      assertEquals("Fighter", world.experience().pawnData().map(PawnData::displayName).orElseThrow());
      assertTrue(heard.get(0).problems().get(0).message().contains("Fighterr"), heard.get(0).problems().toString());

      runtime.edit("experiences/Duel.json", DUEL.replace("\"Tally\"", "\"Banner\""));
      runtime.reload();
      assertEquals(LiveReload.Status.APPLIED, heard.get(heard.size() - 1).status(), heard.toString());
      assertEquals(List.of("Experience:Duel /actions/0/componentList/0/componentClass: Tally -> Banner"),
          heard.get(heard.size() - 1).changes());
    }
  }

  @Test
  void aTrackedAsset_reachesTheWorldThatTracksIt() {
    try (TestRuntime runtime = runtime()) {
      TestWorld world = runtime.world("Match").load("Duel").assertLoaded();
      List<String> titles = new ArrayList<>();
      runtime.live().track(world.world(), PrimaryAssetId.parse("Map:Pit"), map -> {
        world.world().checkGameThread();
        titles.add(((MapDefinition) map).title());
      });

      runtime.edit("maps/Pit.json", """
          { "title": "The Deep Pit" }
          """);
      runtime.reload();

      assertEquals(List.of("The Deep Pit"), titles);
    }
  }

  @Test
  void anEditSavedByANewerEngine_isRefused() {
    try (TestRuntime runtime = runtime()) {
      List<LiveReload> heard = new CopyOnWriteArrayList<>();
      runtime.live().subscribe(heard::add);
      TestWorld world = runtime.world("Match").load("Duel").assertLoaded();

      runtime.edit("pawns/Fighter.json", """
          {
            "$version": { "engine": "99.0.0-900", "compatible": "99.0.0-800", "custom": [] },
            "pawnClass": "Pawn", "displayName": "Future"
          }
          """);
      runtime.reload();

      assertEquals(LiveReload.Status.REFUSED, heard.get(0).status(), heard.toString());
      assertTrue(heard.get(0).problems().stream().anyMatch(problem -> problem.id().equals("Overture/NewerEngine")),
          heard.get(0).problems().toString());
      assertEquals("Fighter", world.experience().pawnData().map(PawnData::displayName).orElseThrow());
    }
  }
}
