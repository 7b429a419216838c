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
 * Puts input mapping contexts in force on every locally controlled pawn while active, by priority:
 * Lyra's {@code GameFeatureAction_AddInputContextMapping}. A pawn is bound when the action reaches
 * it or, if it becomes locally controlled later, when it sends {@code GameActorReady}. Client side
 * only; the contexts load in the {@code client} bundle.
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
  public record Entry(@AssetBundles("client") SoftRef<InputMappingContext> inputMapping, Integer priority) {
    public Entry {
      if (inputMapping == null) {
        throw new IllegalArgumentException("Missing \"inputMapping\": the mapping context file");
      }
      priority = priority == null ? 0 : priority;
    }
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
      // A pawn is usually possessed after it spawns: bind when it says it is ready, once.
      boolean ready = event.equals(ComponentManager.EXTENSION_ADDED) || event.equals(ComponentManager.GAME_ACTOR_READY);
      if (ready && pawn.isLocallyControlled() && !given.has(pawn)) {
        InputComponent input = pawn.findComponent(InputComponent.class).orElseThrow();
        for (Entry entry : inputMappings) {
          Object mapping = context.assets().getAsset(entry.inputMapping()).orElseThrow(
              () -> new IllegalStateException("Input mapping " + entry.inputMapping() + " is not loaded (client bundle)"));
          given.add(pawn, input.addMappingContext(entry.inputMapping().path().value(), mapping, entry.priority()));
        }
      } else if (event.equals(ComponentManager.EXTENSION_REMOVED)) {
        given.release(pawn);
      }
    }));
    context.keepUndo(given::releaseAll);
  }

  @Override
  public void validate(ProblemReporter problems) {
    if (inputMappings.isEmpty()) {
      problems.warning("Overture/EmptyAction", "/inputMappings", "AddInputMapping adds nothing: its inputMappings is empty");
    }
  }
}
