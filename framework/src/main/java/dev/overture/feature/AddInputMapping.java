package dev.overture.feature;

import dev.overture.asset.AssetBundles;
import dev.overture.asset.Required;
import dev.overture.asset.SoftRef;
import dev.overture.core.ProblemReporter;
import dev.overture.world.Handle;
import dev.overture.world.World;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Puts input mapping contexts in force on every locally controlled pawn while active, by priority:
 * Lyra's {@code GameFeatureAction_AddInputContextMapping}. A pawn is bound when the action reaches
 * it or, if it becomes locally controlled later, when it sends {@code GameActorReady}. Client side
 * only; the contexts load in the {@code client} bundle.
 *
 * <p>Immutable; applied on each world's game thread.
 *
 * @param inputMappings the contexts and their priorities
 */
public record AddInputMapping(List<Entry> inputMappings) implements WorldActionBase {

  public AddInputMapping {
    inputMappings = inputMappings == null ? List.of() : List.copyOf(inputMappings);
  }

  /**
   * One mapping context.
   *
   * @param inputMapping the context file
   * @param priority higher wins (default 0)
   */
  public record Entry(
      @Required("the mapping context file") @AssetBundles("client") SoftRef<InputMappingContext> inputMapping, Integer priority) {
    public Entry {
      Objects.requireNonNull(inputMapping, "inputMapping");
      priority = priority == null ? 0 : priority;
    }
  }

  @Override
  public void addToWorld(World world, FeatureContext context) {
    LocalPawnInput.giveToLocalPawns(world, context, input -> {
      List<Handle> handles = new ArrayList<>();
      for (Entry entry : inputMappings) {
        // Missing only when a newer engine saved it: the load warned that the reference is treated as null.
        context.assets().getAsset(entry.inputMapping()).ifPresent(
            mapping -> handles.add(input.addMappingContext(entry.inputMapping().path().value(), mapping, entry.priority())));
      }
      return handles;
    });
  }

  @Override
  public void validate(ProblemReporter problems) {
    if (inputMappings.isEmpty()) {
      problems.warning("Overture/EmptyAction", "/inputMappings", "AddInputMapping adds nothing: its inputMappings is empty");
    }
  }
}
