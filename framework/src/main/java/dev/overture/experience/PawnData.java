package dev.overture.experience;

import dev.overture.asset.AssetBundles;
import dev.overture.asset.AllowedTypes;
import dev.overture.asset.ClassOrAsset;
import dev.overture.asset.Required;
import dev.overture.asset.SoftRef;
import dev.overture.feature.AbilitySet;
import dev.overture.feature.InputConfig;
import dev.overture.object.ObjectArchetype;
import dev.overture.world.Pawn;
import java.util.List;
import java.util.Objects;

/**
 * What a pawn is, like Lyra's {@code ULyraPawnData}: its class, the abilities and attributes it is
 * granted, its input, camera and tag relationships. A primary asset of type {@code PawnData}.
 * Ability sets and tag relationships load in the {@code equipped} bundle (server and client need
 * them); input and camera in {@code client}.
 *
 * <p>The pawn class is a registered class name ({@code "pawnClass": "Hero"}) or an archetype of one
 * ({@code "pawnClass": "Archetype:HeavyHero"}), which loads with the pawn data; the experience
 * checks it against its class when it loads, and {@link ExperienceManager#spawnPawn} builds the pawn
 * from it.
 *
 * @param pawnClass the pawn class, by registered name, or the archetype that varies it
 * @param displayName the name shown to players
 * @param abilitySets ability sets granted to the pawn
 * @param inputConfig its input config
 * @param defaultCameraMode its camera
 * @param tagRelationshipMapping which ability tags block or cancel which
 */
public record PawnData(
    @Required("name a registered pawn class, for example \"Pawn\", or an archetype, \"Archetype:Name\"")
    @AllowedTypes(ObjectArchetype.ASSET_TYPE) @AssetBundles(AssetBundles.ALWAYS) ClassOrAsset<Pawn> pawnClass,
    String displayName,
    @AssetBundles("equipped") List<SoftRef<AbilitySet>> abilitySets,
    @AssetBundles("client") SoftRef<InputConfig> inputConfig,
    @AssetBundles("client") SoftRef<CameraMode> defaultCameraMode,
    @AssetBundles("equipped") SoftRef<TagRelationshipMapping> tagRelationshipMapping) {

  public PawnData {
    Objects.requireNonNull(pawnClass, "pawnClass");
    displayName = displayName == null ? "" : displayName;
    abilitySets = abilitySets == null ? List.of() : List.copyOf(abilitySets);
  }

  /**
   * A camera, headless: how far behind and above the pawn it sits, and its field of view.
   *
   * @param distance metres behind the pawn
   * @param height metres above it
   * @param fieldOfView degrees (default 90)
   */
  public record CameraMode(double distance, double height, Double fieldOfView) {
    public CameraMode {
      fieldOfView = fieldOfView == null ? 90.0 : fieldOfView;
    }
  }

  /**
   * Which ability tags block or cancel which, like Lyra's {@code ULyraAbilityTagRelationshipMapping}.
   *
   * @param relationships the rules
   */
  public record TagRelationshipMapping(List<Relationship> relationships) {
    public TagRelationshipMapping {
      relationships = relationships == null ? List.of() : List.copyOf(relationships);
    }

    /**
     * One rule.
     *
     * @param abilityTag the ability
     * @param abilityTagsToBlock abilities it blocks while active
     * @param abilityTagsToCancel abilities it cancels when it starts
     */
    public record Relationship(String abilityTag, List<String> abilityTagsToBlock, List<String> abilityTagsToCancel) {
      public Relationship {
        abilityTagsToBlock = abilityTagsToBlock == null ? List.of() : List.copyOf(abilityTagsToBlock);
        abilityTagsToCancel = abilityTagsToCancel == null ? List.of() : List.copyOf(abilityTagsToCancel);
      }
    }
  }
}
