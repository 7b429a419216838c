package dev.overture.feature;

import dev.overture.asset.AssetBundles;
import dev.overture.asset.SoftRef;
import dev.overture.core.ProblemReporter;
import dev.overture.world.Handle;
import dev.overture.world.World;
import java.util.ArrayList;
import java.util.List;

/**
 * Binds input configs on every locally controlled pawn while active: Lyra's {@code
 * GameFeatureAction_AddInputBinding}. A pawn is bound when the action reaches it or, if it becomes
 * locally controlled later, when it sends {@code GameActorReady}. Client side only; the configs
 * load in the {@code client} bundle.
 *
 * <p>Immutable; applied on each world's game thread.
 *
 * @param inputConfigs the input configs to bind
 */
public record AddInputBinding(@AssetBundles("client") List<SoftRef<InputConfig>> inputConfigs) implements WorldActionBase {

  public AddInputBinding {
    inputConfigs = inputConfigs == null ? List.of() : List.copyOf(inputConfigs);
  }

  @Override
  public void addToWorld(World world, FeatureContext context) {
    LocalPawnInput.giveToLocalPawns(world, context, input -> {
      List<Handle> handles = new ArrayList<>();
      for (SoftRef<InputConfig> config : inputConfigs) {
        // Missing only when a newer engine saved it: the load warned that the reference is treated as null.
        context.assets().getAsset(config).ifPresent(loaded -> handles.add(input.addBindings(config.path().value(), loaded)));
      }
      return handles;
    });
  }

  @Override
  public void validate(ProblemReporter problems) {
    if (inputConfigs.isEmpty()) {
      problems.warning("Overture/EmptyAction", "/inputConfigs", "AddInputBinding binds nothing: its inputConfigs is empty");
    }
  }
}
