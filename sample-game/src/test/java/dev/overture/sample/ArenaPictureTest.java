package dev.overture.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.asset.PrimaryAssetId;
import dev.overture.experience.ExperienceManager;
import dev.overture.experience.LoadState;
import dev.overture.experience.MapDefinition;
import dev.overture.inject.Overture;
import dev.overture.sample.game.ArenaGameState;
import dev.overture.sample.game.ArenaLevel;
import dev.overture.sample.game.ArenaMatch;
import dev.overture.sample.game.Hero;
import dev.overture.sample.game.HudText;
import dev.overture.sample.game.MatchEvents;
import dev.overture.world.HudModel;
import dev.overture.world.NetMode;
import dev.overture.world.World;
import dev.overture.world.WorldView;
import dev.overture.world.WorldViews;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Issue 19: the picture of a match the inspector draws, as the sample contributes it through
 * {@link WorldViews}: the level, the points and heroes where the rules have them, the teams'
 * scores, the HUD's text as the player reads it and the latest event lines; gone once play ends.
 */
class ArenaPictureTest {

  private Overture overture;
  private World world;

  @BeforeEach
  void start() {
    overture = SampleContent.openReady(Path.of("../assets"));
    world = overture.worlds().create("Picture", NetMode.STANDALONE, ArenaGameState.class);
  }

  @AfterEach
  void stop() {
    world.close();
    overture.close();
  }

  private static void settle(World world, BooleanSupplier done) {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (!done.getAsBoolean() && System.nanoTime() < deadline) {
      if (world.runPendingTasks() == 0) {
        Thread.yield(); // the loading workers need the cores more than this loop
      }
    }
  }

  @Test
  void theMatchDrawsItself_asItIsNow() {
    world.subsystem(ArenaLevel.class).load("Map:Outpost",
        overture.assets().loadSynchronously(PrimaryAssetId.parse("Map:Outpost"), MapDefinition.class));
    ((ArenaGameState) world.gameState()).seed(3);
    ExperienceManager manager = ExperienceManager.of(world).orElseThrow();
    assertEquals(Optional.empty(), world.findSubsystem(WorldViews.class).flatMap(WorldViews::current), "no picture before a match");
    manager.setCurrentExperience(PrimaryAssetId.parse("Experience:Control"));
    settle(world, () -> manager.state() == LoadState.LOADED || manager.state() == LoadState.FAILED);
    assertEquals(LoadState.LOADED, manager.state());
    List<String> events = new ArrayList<>();
    world.subsystem(MatchEvents.class).subscribe(event -> events.add(event.line()));
    ArenaMatch match = ArenaView.match(world).orElseThrow();
    while (events.size() < 15 && match.state().turn() < 1000) {
      world.tick(1.0 / 30);
    }

    WorldView picture = world.subsystem(WorldViews.class).current().orElseThrow();

    ArenaLevel level = match.level();
    assertEquals("Outpost, turn " + match.state().turn(), picture.title());
    assertEquals(level.width(), picture.width());
    assertEquals(level.height(), picture.height());
    for (int y = 0; y < level.height(); y++) {
      for (int x = 0; x < level.width(); x++) {
        assertEquals(level.tile(x, y) == '#', picture.tiles().get(y).charAt(x) == '#', "wall at (" + x + "," + y + ")");
      }
    }
    assertEquals(List.of(new WorldView.Team("Red", "#d9534f", match.teamScore(0)), new WorldView.Team("Blue", "#428bca", match.teamScore(1))),
        picture.teams());
    List<WorldView.Mark> points = picture.marks().stream().filter(mark -> mark.kind() == WorldView.MarkKind.POINT).toList();
    assertEquals(level.capturePoints().size(), points.size());
    assertEquals("A", points.get(0).label());
    List<WorldView.Mark> pawns = picture.marks().stream().filter(mark -> mark.kind() == WorldView.MarkKind.PAWN).toList();
    List<Hero> inPlay = match.heroes().stream().filter(Hero::isAlive).toList();
    assertEquals(inPlay.size(), pawns.size());
    for (int i = 0; i < inPlay.size(); i++) {
      Hero hero = inPlay.get(i);
      WorldView.Mark pawn = pawns.get(i);
      assertEquals(hero.cell().x(), (int) pawn.x());
      assertEquals(hero.cell().y(), (int) pawn.y());
      assertEquals(hero.team(), pawn.team());
      assertEquals(hero.name().equals(ArenaMatch.PLAYER), pawn.highlighted());
    }
    HudModel hud = world.subsystem(HudModel.class);
    List<String> widgets = hud.slots().values().stream().flatMap(List::stream).toList();
    assertTrue(widgets.contains("ControlPointsWidget"), widgets.toString());
    for (String widget : widgets) {
      assertEquals(HudText.of(match, widget), picture.widgets().get(widget));
    }
    assertEquals(events.subList(events.size() - 12, events.size()), picture.log(), "the last 12 event lines");

    settle(world, manager.deactivate()::isDone);
    assertEquals(Optional.empty(), world.subsystem(WorldViews.class).current(), "the picture goes with the match");
  }
}
