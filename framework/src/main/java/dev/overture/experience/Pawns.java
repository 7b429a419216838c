package dev.overture.experience;

import dev.overture.asset.AssetManager;
import dev.overture.asset.ClassOrAsset;
import dev.overture.object.ObjectArchetype;
import dev.overture.world.ComponentManager;
import dev.overture.world.Pawn;
import dev.overture.world.World;

/** Spawns pawns as pawn data says. Stateless; call it on the world's game thread. */
final class Pawns {

  private Pawns() {}

  /**
   * A pawn called {@code name}: of the pawn data's class, or built from its archetype (which loaded
   * with the experience); with the pawn data set; controlled locally when the world has a client;
   * announced ready so that per-actor features apply to it.
   */
  static Pawn spawn(World world, AssetManager assets, PawnData pawnData, String name) {
    ClassOrAsset<Pawn> pawnClass = pawnData.pawnClass();
    Pawn pawn;
    if (pawnClass.classRef().isPresent()) {
      pawn = world.spawnActor(pawnClass.classRef().get().type(), name);
    } else {
      ObjectArchetype archetype = assets.getAsset(pawnClass.asset().orElseThrow(), ObjectArchetype.class).orElseThrow();
      pawn = world.spawnActor(archetype, Pawn.class, name);
    }
    pawn.setPawnData(pawnData);
    pawn.setLocallyControlled(world.netMode().hasClient());
    world.componentManager().sendExtensionEvent(pawn, ComponentManager.GAME_ACTOR_READY);
    return pawn;
  }

  /** Gives the pawns that have {@code from} as their pawn data {@code to} instead. */
  static void handPawnData(World world, PawnData from, PawnData to) {
    if (from == to || from == null) {
      return;
    }
    for (Pawn pawn : world.actors(Pawn.class)) {
      if (pawn.pawnData(Object.class).orElse(null) == from) {
        pawn.setPawnData(to);
      }
    }
  }
}
