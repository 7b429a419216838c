package dev.overture.world;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The drawable view a game contributes for tools (issue 19): the newest held wins, and the data is checked. */
class WorldViewsTest {

  private final World world = World.builder("Match").build();

  @AfterEach
  void close() {
    world.close();
  }

  private static WorldView picture(String title) {
    return new WorldView(title, 3, 2, List.of("#.#", "..."), WorldView.palette("#", "#3b4252", ".", "#eceff4"),
        List.of(new WorldView.Team("Red", "#d9534f", 2)),
        List.of(new WorldView.Mark(WorldView.MarkKind.PAWN, 1, 1, 0, "P", true)), Map.of("ScoreWidget", "Red 2"), List.of());
  }

  @Test
  void theNewestContributionIsDrawn_untilReleased() {
    WorldViews views = world.subsystem(WorldViews.class);
    assertEquals(Optional.empty(), views.current());

    Handle lobby = views.contribute(() -> picture("Lobby"));
    Handle match = views.contribute(() -> picture("Match"));
    assertEquals("Match", views.current().orElseThrow().title());

    match.release();
    assertEquals("Lobby", views.current().orElseThrow().title());
    lobby.release();
    assertEquals(Optional.empty(), views.current());
  }

  @Test
  void aContributionThatThrows_leavesThePictureOut() {
    WorldViews views = world.subsystem(WorldViews.class);
    views.contribute(() -> {
      throw new IllegalStateException("no level");
    });

    assertEquals(Optional.empty(), views.current());
  }

  @Test
  void findSubsystem_looksWithoutCreating() {
    assertEquals(Optional.empty(), world.findSubsystem(HudModel.class));
    HudModel hud = world.subsystem(HudModel.class);
    assertEquals(Optional.of(hud), world.findSubsystem(HudModel.class));
  }

  @Test
  void theViewChecksItsData() {
    Map<String, String> palette = WorldView.palette("#", "#3b4252", ".", "#eceff4");
    List<WorldView.Team> teams = List.of(new WorldView.Team("Red", "#d9534f", 0));

    assertEquals("tiles row 1 is 2 long, but the view is 3 wide", assertThrows(IllegalArgumentException.class,
        () -> new WorldView("", 3, 2, List.of("#.#", ".."), palette, teams, List.of(), Map.of(), List.of())).getMessage());
    assertEquals("tile 'x' at (1,0) has no colour in the palette", assertThrows(IllegalArgumentException.class,
        () -> new WorldView("", 3, 1, List.of("#x#"), palette, teams, List.of(), Map.of(), List.of())).getMessage());
    assertEquals("colours are #rrggbb: \"red\"", assertThrows(IllegalArgumentException.class,
        () -> new WorldView.Team("Red", "red", 0)).getMessage());
    WorldView.Mark outside = new WorldView.Mark(WorldView.MarkKind.PICKUP, 3, 0, -1, "+", false);
    assertEquals("mark " + outside + " is outside the 3x1 view", assertThrows(IllegalArgumentException.class,
        () -> new WorldView("", 3, 1, List.of(), palette, teams, List.of(outside), Map.of(), List.of())).getMessage());
    WorldView.Mark blue = new WorldView.Mark(WorldView.MarkKind.PAWN, 0, 0, 1, "B", false);
    assertEquals("mark " + blue + " names team 1, but there are 1", assertThrows(IllegalArgumentException.class,
        () -> new WorldView("", 3, 1, List.of(), palette, teams, List.of(blue), Map.of(), List.of())).getMessage());
  }

  @Test
  void aViewIsZeroToAMillionCells() {
    assertEquals(0, new WorldView("empty", 0, 0, List.of(), Map.of(), List.of(), List.of(), Map.of(), List.of()).width());
    assertEquals(List.of(""), new WorldView("a line", 0, 1, List.of(""), Map.of(), List.of(), List.of(), Map.of(), List.of()).tiles());
    assertEquals(1024, new WorldView("largest", 1024, 1024, List.of(), Map.of(), List.of(), List.of(), Map.of(), List.of()).height());

    for (int[] size : new int[][] {{1025, 1024}, {2000, 1000}, {-1, 2}, {2, -1}}) {
      assertEquals("a world view is 0 to 1048576 cells: " + size[0] + "x" + size[1], assertThrows(IllegalArgumentException.class,
          () -> new WorldView("", size[0], size[1], List.of(), Map.of(), List.of(), List.of(), Map.of(), List.of())).getMessage());
    }
  }

  @Test
  void thePaletteMapsOneTileCharacterToAColour() {
    assertEquals("palette keys are one tile character: \"##\"", assertThrows(IllegalArgumentException.class,
        () -> new WorldView("", 1, 1, List.of(), Map.of("##", "#3b4252"), List.of(), List.of(), Map.of(), List.of())).getMessage());
    assertEquals("colours are #rrggbb: \"blue\"", assertThrows(IllegalArgumentException.class,
        () -> new WorldView("", 1, 1, List.of(), Map.of("#", "blue"), List.of(), List.of(), Map.of(), List.of())).getMessage(),
        "also a colour no tile uses");
    assertEquals(Map.of("#", "#3B4252"),
        new WorldView("", 1, 1, List.of("#"), Map.of("#", "#3B4252"), List.of(), List.of(), Map.of(), List.of()).palette());
  }

  @Test
  void marksLieOnTheGrid_fractionsBetweenCellsIncluded() {
    WorldView.Mark between = new WorldView.Mark(WorldView.MarkKind.POINT, 2.5, 0.5, -1, "A", false);
    assertEquals(List.of(between),
        new WorldView("", 3, 1, List.of(), Map.of(), List.of(), List.of(between), Map.of(), List.of()).marks());

    for (WorldView.Mark outside : List.of(
        new WorldView.Mark(WorldView.MarkKind.OTHER, 0, 1, -1, "below", false),
        new WorldView.Mark(WorldView.MarkKind.OTHER, -0.5, 0, -1, "left", false),
        new WorldView.Mark(WorldView.MarkKind.OTHER, 0, -0.5, -1, "above", false))) {
      assertEquals("mark " + outside + " is outside the 3x1 view", assertThrows(IllegalArgumentException.class,
          () -> new WorldView("", 3, 1, List.of(), Map.of(), List.of(), List.of(outside), Map.of(), List.of())).getMessage());
    }
  }

  @Test
  void aClosedWorld_hasNoPictureLeft() {
    WorldViews views = world.subsystem(WorldViews.class);
    views.contribute(() -> picture("Match"));

    world.close();

    assertEquals(Optional.empty(), views.current(), "a tool that kept the views draws nothing of a closed world");
    assertTrue(world.findSubsystem(WorldViews.class).isEmpty());
  }
}
