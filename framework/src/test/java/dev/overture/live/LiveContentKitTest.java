package dev.overture.live;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.overture.experience.PawnData;
import dev.overture.testing.Content;
import dev.overture.testing.TestRuntime;
import dev.overture.testing.TestWorld;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** Live content driven by the test kit: no watcher, no thread, the quiet period on a fake ticker. */
class LiveContentKitTest {

  private static Content content() {
    return Content.of()
        .file("experiences/Duel.json", """
            { "defaultPawnData": "Fighter" }
            """)
        .file("pawns/Fighter.json", """
            { "pawnClass": "Pawn", "displayName": "Fighter" }
            """);
  }

  @Test
  void anEdit_isAppliedAtTheNextPump() {
    try (TestRuntime runtime = TestRuntime.builder(content()).liveContent().build()) {
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
    }
  }
}
