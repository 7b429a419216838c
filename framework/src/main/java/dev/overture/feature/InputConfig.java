package dev.overture.feature;

import java.util.List;

/**
 * What input actions do, like Lyra's {@code ULyraInputConfig}: native bindings (input action to a
 * gameplay tag) and ability bindings (input action to the ability input tag). A secondary asset
 * that pawn data and AddInputBinding refer to.
 *
 * @param nativeInputActions input actions handled by game code
 * @param abilityInputActions input actions that trigger abilities
 */
public record InputConfig(List<Binding> nativeInputActions, List<Binding> abilityInputActions) {

  public InputConfig {
    nativeInputActions = nativeInputActions == null ? List.of() : List.copyOf(nativeInputActions);
    abilityInputActions = abilityInputActions == null ? List.of() : List.copyOf(abilityInputActions);
  }

  /**
   * An input action and the tag it triggers.
   *
   * @param inputAction the input action, for example {@code Fire}
   * @param inputTag the tag, for example {@code InputTag.Weapon.Fire}
   */
  public record Binding(String inputAction, String inputTag) {}
}
