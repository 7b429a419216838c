package dev.overture.world;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A handle undoes its registration on the first release only; closing it is releasing it. */
class HandleTest {

  @Test
  void theFirstRelease_runsTheUndoAndLaterOnesDoNothing() {
    List<String> undone = new ArrayList<>();
    Handle handle = Handle.of(() -> undone.add("undo"));

    assertFalse(handle.isReleased());
    assertEquals(List.of(), undone);
    handle.release();
    assertTrue(handle.isReleased());
    handle.release();
    handle.close();
    assertEquals(List.of("undo"), undone);
  }

  @Test
  void closing_releases() {
    List<String> undone = new ArrayList<>();
    try (Handle handle = Handle.of(() -> undone.add("undo"))) {
      assertFalse(handle.isReleased());
    }
    assertEquals(List.of("undo"), undone);

    Handle closed = Handle.of(() -> undone.add("again"));
    closed.close();
    assertTrue(closed.isReleased());
    assertEquals(List.of("undo", "again"), undone);
  }

  @Test
  void aHandle_needsAnUndo() {
    assertEquals("undo", assertThrows(NullPointerException.class, () -> Handle.of(null)).getMessage());
  }
}
