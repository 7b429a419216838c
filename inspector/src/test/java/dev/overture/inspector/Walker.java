package dev.overture.inspector;

import dev.overture.world.ActorComponent;
import dev.overture.world.EndPlayReason;
import dev.overture.world.Handle;
import dev.overture.world.WorldView;
import dev.overture.world.WorldViews;
import java.util.List;
import java.util.Map;

/**
 * The test game's only rule: a pawn that walks round a small walled room, one cell a tick, and the
 * picture of it contributed to {@link WorldViews}, so the page has something to draw that changes.
 */
public class Walker extends ActorComponent {

  static final List<String> ROOM = List.of("##########", "#........#", "#........#", "#........#", "##########");
  private Handle picture;
  private int steps;

  /** Built by the object factory. */
  public Walker() {}

  @Override
  protected void beginPlay() {
    picture = world().subsystem(WorldViews.class).contribute(this::picture);
  }

  @Override
  protected void endPlay(EndPlayReason reason) {
    picture.release();
  }

  @Override
  protected boolean wantsTick() {
    return true;
  }

  @Override
  protected void tick(double deltaSeconds) {
    steps++;
  }

  private WorldView picture() {
    int x = 1 + steps % 8;
    return new WorldView("Room, step " + steps, 10, 5, ROOM, WorldView.palette("#", "#4c566a", ".", "#e5e9f0"),
        List.of(new WorldView.Team("Red", "#d9534f", steps / 8), new WorldView.Team("Blue", "#428bca", 0)),
        List.of(new WorldView.Mark(WorldView.MarkKind.POINT, 5, 2, -1, "A", false),
            new WorldView.Mark(WorldView.MarkKind.PICKUP, 2, 3, -1, "+", false),
            new WorldView.Mark(WorldView.MarkKind.PAWN, x, 1, 0, "W", true),
            new WorldView.Mark(WorldView.MarkKind.PAWN, 8, 3, 1, "B", false)),
        Map.of("StepsWidget", steps + " steps"), List.of("[step " + steps + "] walked to (" + x + ",1)"));
  }
}
