package dev.overture.example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.testing.Content;
import dev.overture.testing.OvertureExtension;
import dev.overture.testing.TestWorld;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The example host, run as its users run it, and its rules tested with the test kit. */
class RaceServerTest {

  private static String run() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
      assertEquals(0, RaceServer.run(new String[] {"--unpaced"}, out));
    }
    return bytes.toString(StandardCharsets.UTF_8);
  }

  @Test
  void theServerHostsTwoMatches_sharingThePlugin_andReleasesItAfterwards() {
    String output = run();

    List<String> lines = output.lines().toList();
    assertEquals("Racing plugin requests while both matches ran: 2", lines.get(0));
    assertTrue(lines.get(1).startsWith("Match-1 (Sprint, plugins Racing): Runner-"), output);
    assertTrue(lines.get(1).contains(" won the 100 m in "), output);
    assertEquals("Racing plugin requests after the matches closed: 0", lines.get(lines.size() - 1));
    assertEquals(2 + 2 * 5, lines.size(), output);
  }

  @Test
  void aRaceIsTheSameEveryTime() {
    assertEquals(run(), run());
  }

  @RegisterExtension
  final OvertureExtension overture = OvertureExtension.withContent(Content.of()
          .file("experiences/Dash.json", """
              { "gameFeaturesToEnable": ["Racing"], "defaultPawnData": "Dasher" }
              """)
          .file("experiences/Idle.json", "{}")
          .file("pawns/Dasher.json", """
              { "pawnClass": "Archetype:Dasher" }
              """)
          .file("archetypes/Dasher.json", """
              { "class": "Runner", "properties": { "speed": 10.0, "goal": 10.0 } }
              """)
          .file("plugins/Racing/plugin.json", """
              { "version": "1.0.0", "actions": [ { "action": "AddComponents", "componentList": [
                { "actorClass": "Runner", "componentClass": "Stride" },
                { "actorClass": "GameState", "componentClass": "Referee" } ] } ] }
              """))
      .actor("Runner", Runner.class)
      .component("Stride", Stride.class)
      .component("Referee", Referee.class);

  @Test
  void theRacingPluginMakesRunnersRun_andTheRefereeCallsTheWinner() {
    TestWorld world = overture.world("Track").load("Dash").assertLoaded();
    Runner runner = (Runner) world.spawnPawn("Solo");

    world.tick(60, 1.0 / 30);

    Referee referee = world.component(world.world().gameState(), Referee.class);
    assertEquals(runner, referee.winner().orElseThrow());
    assertEquals(10.0, runner.distance());
    assertTrue(referee.winningTime() > 0.8 && referee.winningTime() < 1.3, "time " + referee.winningTime());
  }

  @Test
  void withoutTheExperience_nobodyRuns() {
    TestWorld world = overture.world("Track").load("Idle").assertLoaded();
    Runner runner = world.world().spawnActor(Runner.class, "Loner");

    world.tick(60, 1.0 / 30);

    assertEquals(0.0, runner.distance());
    assertTrue(world.world().gameState().findComponent(Referee.class).isEmpty());
  }
  /** Review: an unreachable database threw HikariCP's stack trace out of main; a missing user passed a null user. */
  @Test
  void aDatabaseItCannotReach_orNoUser_isOneLine_withAnExitCode() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
      String url = "jdbc:postgresql://127.0.0.1:1/races";
      assertEquals(2, RaceServer.run(new String[] {"--unpaced", "--jdbc-url", url}, java.util.Map.of(), out));
      assertEquals("--jdbc-url needs the database user in the environment variable OVERTURE_DB_USER (and its password in "
          + "OVERTURE_DB_PASSWORD)", bytes.toString(StandardCharsets.UTF_8).strip());

      bytes.reset();
      assertEquals(1, RaceServer.run(new String[] {"--unpaced", "--jdbc-url", url},
          java.util.Map.of("OVERTURE_DB_USER", "racer", "OVERTURE_DB_PASSWORD", "secret"), out));
      String said = bytes.toString(StandardCharsets.UTF_8);
      assertEquals(1, said.lines().count(), said);
      assertTrue(said.startsWith("Could not connect to the database at " + url + ": "), said);
      assertTrue(!said.contains("racer") && !said.contains("secret") && !said.contains("\tat "), said);
    }
  }
}
