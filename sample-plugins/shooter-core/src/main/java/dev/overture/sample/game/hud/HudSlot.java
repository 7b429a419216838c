package dev.overture.sample.game.hud;

import java.util.Objects;

/**
 * An extension point of ShooterCore: a slot of the HUD that widgets can go in ({@code "slotId":
 * "HUD.Slot.Score"}). Plugins register the slots their layouts have with {@code
 * plugin.extension(HudSlot.class, new HudSlot("HUD.Slot.Score", "Score"))}; the validator refuses a
 * slot that none defines. Immutable.
 *
 * @param id the slot as content names it
 * @param label how a renderer labels what is in it
 */
public record HudSlot(String id, String label) {

  public HudSlot {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(label, "label");
  }
}
