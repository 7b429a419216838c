package dev.overture.experience;

import dev.overture.asset.AssetManager;
import dev.overture.asset.PrimaryAssetType;
import dev.overture.asset.ScanRule;
import dev.overture.feature.GameFeatures;
import dev.overture.feature.internal.BuiltIns;
import dev.overture.object.ObjectArchetype;
import dev.overture.version.CustomVersion;
import dev.overture.version.Guid;
import dev.overture.version.JsonUpgrade;
import dev.overture.version.UpgradeStep;
import java.util.List;
import java.util.Objects;

/**
 * The services experiences need, shared by every world of a process: the asset manager, the
 * feature plugins and the settings; and the scan rules of the experience asset types. Immutable
 * and thread-safe.
 *
 * @param assets the asset manager
 * @param features the feature plugins
 * @param settings how experiences load
 */
public record Experiences(AssetManager assets, GameFeatures features, ExperienceSettings settings) {

  public Experiences {
    Objects.requireNonNull(assets, "assets");
    Objects.requireNonNull(features, "features");
    Objects.requireNonNull(settings, "settings");
  }

  /**
   * The version of the experience asset formats (experiences, action sets, pawn data, user-facing
   * experiences, maps). Version 2: pawn data's {@code cameraMode} became {@code defaultCameraMode}.
   */
  public static final CustomVersion FORMAT =
      new CustomVersion(Guid.parse("9A7D33B5-82CB-4E5D-BA5A-C377486FEA31"), 2, "Overture-Experience");

  /** The primary asset type of experience definitions ({@code Experience:Name}, in {@code experiences}). */
  public static final PrimaryAssetType EXPERIENCE = PrimaryAssetType.of("Experience");

  /** The primary asset type of the front end's tiles ({@code UserFacingExperience:Name}, in {@code ui/experiences}). */
  public static final PrimaryAssetType USER_FACING_EXPERIENCE = PrimaryAssetType.of("UserFacingExperience");

  /**
   * The scan rules of the experience types: {@code Experience} in {@code experiences}, {@code
   * ActionSet} in {@code actionsets}, {@code PawnData} in {@code pawns}, {@code
   * UserFacingExperience} in {@code ui/experiences}, {@code Map} in {@code maps}, {@code Archetype}
   * in {@code archetypes}, in every content root.
   */
  public static List<ScanRule> scanRules() {
    return List.of(
        ScanRule.of(EXPERIENCE.name(), ExperienceDefinition.class, "experiences"),
        ScanRule.of("ActionSet", ExperienceActionSet.class, "actionsets"),
        ScanRule.of("PawnData", PawnData.class, "pawns"),
        ScanRule.of(USER_FACING_EXPERIENCE.name(), UserFacingExperience.class, "ui/experiences"),
        ScanRule.of("Map", MapDefinition.class, "maps"),
        ObjectArchetype.scanRule());
  }

  /**
   * Registers on {@code builder} the experience scan rules, their classes (for {@code
   * overture.json}), their custom version ({@link #FORMAT}) and upgrade steps, and the built-in
   * actions and world classes; returns it.
   */
  public static AssetManager.Builder register(AssetManager.Builder builder) {
    scanRules().forEach(builder::scanRule);
    builder
        .customVersion(FORMAT, ExperienceDefinition.class, ExperienceActionSet.class, PawnData.class, UserFacingExperience.class,
            MapDefinition.class)
        .upgrade(UpgradeStep.of(FORMAT, 2, PawnData.class, "cameraMode is now defaultCameraMode",
            JsonUpgrade.rename("/cameraMode", "defaultCameraMode")));
    builder
        .assetClass("ExperienceDefinition", ExperienceDefinition.class)
        .assetClass("ExperienceActionSet", ExperienceActionSet.class)
        .assetClass("PawnData", PawnData.class)
        .assetClass("UserFacingExperience", UserFacingExperience.class)
        .assetClass("MapDefinition", MapDefinition.class)
        .assetClass("ObjectArchetype", ObjectArchetype.class);
    return BuiltIns.register(builder);
  }
}
