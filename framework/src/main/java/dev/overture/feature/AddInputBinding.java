package dev.overture.feature;

import dev.overture.asset.AssetBundles;
import dev.overture.asset.SoftRef;
import dev.overture.core.ProblemReporter;
import dev.overture.world.ComponentManager;
import dev.overture.world.InputComponent;
import dev.overture.world.Pawn;
import dev.overture.world.World;
import java.util.List;

/**
 * Binds input configs on every locally controlled pawn while active: Lyra's {@code
 * GameFeatureAction_AddInputBinding}. A pawn is bound when the action reaches it or, if it becomes
 * locally controlled later, when it sends {@code GameActorReady}. Client side only; the configs
 * load in the {@code client} bundle.
 *
 * @param inputConfigs the input configs to bind
 */
public record AddInputBinding(@AssetBundles("client") List<SoftRef<InputConfig>> inputConfigs) implements WorldActionBase {

  public AddInputBinding {
    inputConfigs = inputConfigs == null ? List.of() : List.copyOf(inputConfigs);
  }

  @Override
  public void addToWorld(World world, FeatureContext context) {
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
        for (SoftRef<InputConfig> config : inputConfigs) {
          InputConfig loaded = context.assets().getAsset(config).orElseThrow(
              () -> new IllegalStateException("Input config " + config + " is not loaded (client bundle)"));
          given.add(pawn, input.addBindings(config.path().value(), loaded));
        }
      } else if (event.equals(ComponentManager.EXTENSION_REMOVED)) {
        given.release(pawn);
      }
    }));
    context.keepUndo(given::releaseAll);
  }

  @Override
  public void validate(ProblemReporter problems) {
    if (inputConfigs.isEmpty()) {
      problems.warning("Overture/EmptyAction", "/inputConfigs", "AddInputBinding binds nothing: its inputConfigs is empty");
    }
  }
}
