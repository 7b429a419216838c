package dev.overture.sample.game;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.sample.game.ArenaLevel.Cell;
import dev.overture.world.Handle;
import dev.overture.world.World;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Issue 19: the match's events, as the play command and a later inspector subscribe to them. */
class MatchEventsTest {

  private static final MatchEvent KILL = new MatchEvent.Kill(12, "Bot1", "Blue", "Bot2", "Red");

  @Test
  void everySubscriberHearsEachEvent_inOrder_untilReleased() {
    try (World world = World.builder("Events").build()) {
      MatchEvents events = world.subsystem(MatchEvents.class);
      List<String> heard = new ArrayList<>();
      Handle first = events.subscribe(event -> heard.add("first " + event.kind()));
      events.subscribe(event -> heard.add("second " + event.kind()));

      events.publish(KILL);
      first.release();
      first.release();
      events.publish(KILL);

      assertEquals(List.of("first kill", "second kill", "second kill"), heard);
      assertTrue(first.isReleased());
    }
  }

  @Test
  void aSubscriberThatThrows_doesNotStopTheOthers() {
    try (World world = World.builder("Events").build()) {
      MatchEvents events = world.subsystem(MatchEvents.class);
      List<MatchEvent> heard = new ArrayList<>();
      events.subscribe(event -> {
        throw new IllegalStateException("a broken subscriber");
      });
      events.subscribe(heard::add);

      events.publish(KILL);

      assertEquals(List.of(KILL), heard);
    }
  }

  @Test
  void eachEvent_isOneLine() {
    assertEquals("[turn 12] kill: Bot1 (Blue) eliminated Bot2 (Red)", KILL.line());
    assertEquals("[turn 40] capture: Red took point B at (2,4)", new MatchEvent.Capture(40, 1, new Cell(2, 4), "Red", Optional.empty()).line());
    assertEquals("[turn 41] capture: Blue took point A at (9,3) from Red",
        new MatchEvent.Capture(41, 0, new Cell(9, 3), "Blue", Optional.of("Red")).line());
    assertEquals("[turn 7] pickup: Player (Red) picked up health at (5,6), +34", new MatchEvent.Pickup(7, "Player", "Red", new Cell(5, 6), 34).line());
  }
}
