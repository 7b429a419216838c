package dev.overture.feature;

import java.util.List;

/**
 * Which keys drive which input actions, headless Enhanced Input: a secondary asset that
 * AddInputMapping puts in force on local players' pawns.
 *
 * @param mappings the mappings, each an input action and its keys
 */
public record InputMappingContext(List<Mapping> mappings) {

  public InputMappingContext {
    mappings = mappings == null ? List.of() : List.copyOf(mappings);
  }

  /**
   * One input action and the keys that trigger it.
   *
   * @param action the input action, for example {@code Move}
   * @param keys the keys, for example {@code ["W", "A", "S", "D"]}
   */
  public record Mapping(String action, List<String> keys) {
    public Mapping {
      keys = keys == null ? List.of() : List.copyOf(keys);
    }
  }
}
