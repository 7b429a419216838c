package dev.overture.feature;

import dev.overture.world.ComponentManager;
import dev.overture.world.Handle;
import dev.overture.world.InputComponent;
import dev.overture.world.Pawn;
import dev.overture.world.World;
import java.util.List;
import java.util.function.Function;

/**
 * What the input actions share: on a world with a client, every pawn gets an {@link
 * InputComponent}, and each locally controlled pawn is given the action's input once, when it is
 * ready (a pawn is usually possessed after it spawns); what it was given is taken back when the
 * pawn goes or the action deactivates. Game thread only.
 */
final class LocalPawnInput {

  private LocalPawnInput() {}

  /** Applies {@code give} (the handles of what one pawn's input received) as described above. */
  static void giveToLocalPawns(World world, FeatureContext context, Function<InputComponent, List<Handle>> give) {
    if (!world.netMode().hasClient()) {
      return;
    }
    context.keep(world.componentManager().addComponentRequest(
        Pawn.class, InputComponent.class, ComponentManager.AddFlag.ADD_UNIQUE));
    PerActor given = new PerActor();
    context.keep(world.componentManager().addExtensionHandler(Pawn.class, (actor, event) -> {
      Pawn pawn = (Pawn) actor;
      boolean ready = event.equals(ComponentManager.EXTENSION_ADDED) || event.equals(ComponentManager.GAME_ACTOR_READY);
      if (ready && pawn.isLocallyControlled() && !given.has(pawn)) {
        InputComponent input = pawn.findComponent(InputComponent.class).orElseThrow();
        give.apply(input).forEach(handle -> given.add(pawn, handle));
      } else if (event.equals(ComponentManager.EXTENSION_REMOVED)) {
        given.release(pawn);
      }
    }));
    context.keepUndo(given::releaseAll);
  }
}
