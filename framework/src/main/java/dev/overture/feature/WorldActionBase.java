package dev.overture.feature;

import dev.overture.world.World;

/**
 * An action that applies itself to a world, like Unreal's {@code UGameFeatureAction_WorldActionBase}:
 * in an experience, to the experience's world; in a feature plugin, to every world, those present
 * when the plugin activates and those that attach later (the plugin's activation creates one
 * context per world).
 *
 * <p>Threading: implementations are immutable; {@code addToWorld} and the undo it keeps run on
 * each world's game thread.
 */
public interface WorldActionBase extends GameFeatureAction {

  @Override
  default void onActivating(FeatureContext context) {
    addToWorld(context.world(), context);
  }

  /** Applies the action to {@code world}; keep what it creates in {@code context}. */
  void addToWorld(World world, FeatureContext context);
}
