package dev.overture.world;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Layouts stack on layers (newest on top), widgets gather in slots, and each goes with its handle. */
class HudModelTest {

  private final World world = World.builder("Test").build();
  private final HudModel hud = world.subsystem(HudModel.class);

  @Test
  void theNewestLayout_isOnTopOfItsLayer() {
    assertEquals(Optional.empty(), hud.topLayout("Game"));

    hud.pushLayout("Game", "Scoreboard");
    Handle pause = hud.pushLayout("Game", "PauseMenu");
    hud.pushLayout("Menu", "Settings");

    assertEquals(Optional.of("PauseMenu"), hud.topLayout("Game"));
    assertEquals(Optional.of("Settings"), hud.topLayout("Menu"));
    pause.release();
    assertEquals(Optional.of("Scoreboard"), hud.topLayout("Game"), "the layout below shows again");
  }

  @Test
  void aLayerWhoseLayoutsAreAllReleased_isGone() {
    Handle scoreboard = hud.pushLayout("Game", "Scoreboard");
    Handle pause = hud.pushLayout("Game", "PauseMenu");
    hud.pushLayout("Menu", "Settings");

    assertEquals(Map.of("Game", List.of("Scoreboard", "PauseMenu"), "Menu", List.of("Settings")), hud.layers());
    assertEquals(List.of("Game", "Menu"), List.copyOf(hud.layers().keySet()), "layers in the order first used");
    scoreboard.release();
    assertEquals(Map.of("Game", List.of("PauseMenu"), "Menu", List.of("Settings")), hud.layers());
    pause.release();
    assertEquals(Map.of("Menu", List.of("Settings")), hud.layers());
    assertEquals(Optional.empty(), hud.topLayout("Game"));
  }

  @Test
  void widgets_gatherInTheirSlots_inTheOrderAdded() {
    Handle health = hud.addWidget("TopLeft", "HealthBar");
    Handle ammo = hud.addWidget("TopLeft", "AmmoCounter");
    hud.addWidget("BottomRight", "Minimap");

    assertEquals(Map.of("TopLeft", List.of("HealthBar", "AmmoCounter"), "BottomRight", List.of("Minimap")), hud.slots());
    health.release();
    assertEquals(Map.of("TopLeft", List.of("AmmoCounter"), "BottomRight", List.of("Minimap")), hud.slots(),
        "a slot with a widget left stays");
    ammo.close();
    assertEquals(Map.of("BottomRight", List.of("Minimap")), hud.slots(), "an empty slot is gone");
  }

  @Test
  void aSlotEmptiedAndFilledAgain_holdsOnlyTheNewWidget() {
    Handle health = hud.addWidget("TopLeft", "HealthBar");
    health.release();
    Handle ammo = hud.addWidget("TopLeft", "AmmoCounter");

    health.release();

    assertEquals(Map.of("TopLeft", List.of("AmmoCounter")), hud.slots());
    ammo.release();
    assertEquals(Map.of(), hud.slots());
  }

  @Test
  void size_countsLayoutsAndWidgetsInPlace() {
    assertEquals(0, hud.size());
    hud.pushLayout("Game", "Scoreboard");
    hud.pushLayout("Game", "PauseMenu");
    Handle health = hud.addWidget("TopLeft", "HealthBar");
    hud.addWidget("BottomRight", "Minimap");

    assertEquals(4, hud.size());
    health.release();
    assertEquals(3, hud.size());
  }

  @Test
  void whatIsListed_isACopy() {
    hud.pushLayout("Game", "Scoreboard");
    hud.addWidget("TopLeft", "HealthBar");

    hud.layers().clear();
    hud.slots().clear();

    assertEquals(Optional.of("Scoreboard"), hud.topLayout("Game"));
    assertEquals(Map.of("TopLeft", List.of("HealthBar")), hud.slots());
    assertThrows(UnsupportedOperationException.class, () -> hud.layers().get("Game").add("Cheat"));
  }

  @Test
  void layoutsAndWidgets_needANameAndAPlace() {
    assertEquals("key", assertThrows(NullPointerException.class, () -> hud.pushLayout(null, "Scoreboard")).getMessage());
    assertEquals("value", assertThrows(NullPointerException.class, () -> hud.addWidget("TopLeft", null)).getMessage());
    assertEquals(0, hud.size());
  }
}
