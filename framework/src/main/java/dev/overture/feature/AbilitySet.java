package dev.overture.feature;

import java.util.List;
import java.util.Map;

/**
 * Abilities and attributes granted together, like Lyra's {@code ULyraAbilitySet}: a secondary asset
 * that pawn data and AddAbilities refer to.
 *
 * @param grantedAbilities ability names, granted to the actor
 * @param grantedAttributes attribute sets with their initial values
 */
public record AbilitySet(List<String> grantedAbilities, List<Attributes> grantedAttributes) {

  public AbilitySet {
    grantedAbilities = grantedAbilities == null ? List.of() : List.copyOf(grantedAbilities);
    grantedAttributes = grantedAttributes == null ? List.of() : List.copyOf(grantedAttributes);
  }

  /**
   * An attribute set and its initial values.
   *
   * @param attributeSet the set's name, for example {@code HealthSet}
   * @param initialValues attribute name to value
   */
  public record Attributes(String attributeSet, Map<String, Double> initialValues) {
    public Attributes {
      initialValues = initialValues == null ? Map.of() : Map.copyOf(initialValues);
    }
  }
}
