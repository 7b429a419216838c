package dev.overture.world;

import java.util.Optional;

/**
 * An actor a player or a bot controls. Its pawn data (what the experience says the pawn is) and
 * whether a local player controls it are set by whoever spawns it. Confined to the game thread,
 * like every actor: once in a world, its methods refuse another thread.
 */
public class Pawn extends Actor {

  private Object pawnData;
  private boolean locallyControlled;

  protected Pawn() {}

  /** Whether a player on this machine controls the pawn (input and HUD apply to it). */
  public final boolean isLocallyControlled() {
    confined();
    return locallyControlled;
  }

  /** Marks the pawn as controlled by a player on this machine, or not. */
  public final void setLocallyControlled(boolean local) {
    confined();
    locallyControlled = local;
  }

  /** The pawn's data, if set and of {@code type}. */
  public final <T> Optional<T> pawnData(Class<T> type) {
    confined();
    return type.isInstance(pawnData) ? Optional.of(type.cast(pawnData)) : Optional.empty();
  }

  /** Sets the pawn's data; normally done once, right after spawning. */
  public final void setPawnData(Object data) {
    confined();
    pawnData = data;
  }
}
